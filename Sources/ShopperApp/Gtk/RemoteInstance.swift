import CGtk

/// Talks to an already running Shopper over D-Bus (GApplication), without a display.
@MainActor
enum RemoteInstance {
    /// Activates `action` with a string in the running instance. False when none is running (this
    /// process then briefly holds the name itself, so it should do the work directly).
    static func send(appID: String, action: String, text: String) -> Bool {
        guard let app = g_application_new(appID, G_APPLICATION_DEFAULT_FLAGS) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(app)) }
        guard g_application_register(app, nil, nil) != 0, g_application_get_is_remote(app) != 0 else { return false }
        g_action_group_activate_action(OpaquePointer(app), action, g_variant_new_string(text))
        if let bus = g_application_get_dbus_connection(app) { g_dbus_connection_flush_sync(bus, nil, nil) }
        return true
    }
}
