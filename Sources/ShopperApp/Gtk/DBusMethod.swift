import CGtk

/// One D-Bus method, string in and string out, exported by the running instance at the
/// application's object path. Unlike activating a GAction (fire and forget), the caller gets the
/// reply only after the handler has returned: `shopper add` learns that its item was saved, or why
/// not, instead of merely that its message was sent.
@MainActor
enum DBusMethod {
    /// The caller sees the message of an error the handler throws, under this D-Bus error name.
    static let errorName = "io.github.shopperapp.Shopper.Error.Failed"

    private typealias Handler = @MainActor (String) throws -> String

    /// Exports `interface.method(s) -> (s)` on the application's bus connection; false when the
    /// application has no connection (no session bus).
    static func export(on app: Application, interface: String, method: String,
                       _ handler: @escaping @MainActor (String) throws -> String) -> Bool {
        let g = UnsafeMutablePointer<GApplication>(OpaquePointer(app.raw))
        guard let connection = g_application_get_dbus_connection(g),
              let path = g_application_get_dbus_object_path(g) else { return false }
        let xml = """
            <node><interface name="\(interface)"><method name="\(method)">\
            <arg type="s" name="input" direction="in"/><arg type="s" name="reply" direction="out"/>\
            </method></interface></node>
            """
        guard let node = g_dbus_node_info_new_for_xml(xml, nil) else { return false }
        defer { g_dbus_node_info_unref(node) }
        let data = Unmanaged.passRetained(ClosureBox<Handler>(handler)).toOpaque()
        let id = g_dbus_connection_register_object(connection, path, node.pointee.interfaces[0], vtable, data, release, nil)
        return id != 0
    }

    // GLib keeps a pointer to the vtable for the registration's lifetime: it lives for the process.
    private static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let v = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        v.initialize(to: GDBusInterfaceVTable())
        v.pointee.method_call = methodCall
        return v
    }()

    private static let release: GDestroyNotify = { data in
        Unmanaged<ClosureBox<Handler>>.fromOpaque(data!).release()
    }

    private static let methodCall: GDBusInterfaceMethodCallFunc = { _, _, _, _, _, parameters, invocation, data in
        let b: ClosureBox<Handler> = box(data)
        let child = g_variant_get_child_value(parameters, 0)
        let input = String(cString: g_variant_get_string(child, nil))
        g_variant_unref(child)
        // (reply, nil) or (nil, error message)
        let (text, failure): (String?, String?) = MainActor.assumeIsolated {
            do { return (try b.call(input), nil) } catch { return (nil, error.localizedDescription) }
        }
        if let text {
            var reply: [OpaquePointer?] = [g_variant_new_string(text)]
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1))
        } else {
            g_dbus_method_invocation_return_dbus_error(invocation, errorName, failure ?? "failed")
        }
    }

    /// What calling a running instance came to.
    enum CallResult {
        case reply(String)
        /// The instance ran the method and reported this failure.
        case failed(String)
        /// None is running, or there is no session bus: do the work here.
        case noInstance
        /// The call went out but no answer came (the instance quit or was killed): the work may or
        /// may not have been done.
        case noAnswer(String)
    }

    /// Calls the method in the running instance and waits for its answer. Never starts one.
    static func call(appID: String, interface: String, method: String, _ input: String, timeoutMS: Int32) -> CallResult {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            g_clear_error(&error)
            return .noInstance
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let path = "/" + appID.replacingOccurrences(of: ".", with: "/")
        var args: [OpaquePointer?] = [g_variant_new_string(input)]
        let replyType = g_variant_type_new("(s)")
        defer { g_variant_type_free(replyType) }
        let result = g_dbus_connection_call_sync(bus, appID, path, interface, method, g_variant_new_tuple(&args, 1), replyType,
                                                 G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMS, nil, &error)
        if let result {
            defer { g_variant_unref(result) }
            let child = g_variant_get_child_value(result, 0)
            defer { g_variant_unref(child) }
            return .reply(String(cString: g_variant_get_string(child, nil)))
        }
        defer { g_clear_error(&error) }
        guard let e = error else { return .noAnswer("no answer") }
        let remote = g_dbus_error_get_remote_error(e).map { p in defer { g_free(p) }; return String(cString: p) }
        g_dbus_error_strip_remote_error(e)
        let message = String(cString: e.pointee.message)
        switch remote {
        case errorName: return .failed(message)
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return .noInstance
        // An instance too old to know the method; or one that is only starting and has not
        // exported it yet: both still own the name, so the store is shared and safe to write.
        case "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownObject",
             "org.freedesktop.DBus.Error.UnknownInterface":
            return .noInstance
        default: return .noAnswer(message)
        }
    }
}
