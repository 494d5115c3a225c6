import CGtk

/// One D-Bus method, string in and string out, exported by the running instance at the
/// application's object path. Unlike activating a GAction (fire and forget), the caller gets the
/// reply only after the handler has returned: `shopper add` learns that its item was saved, or why
/// not, instead of merely that its message was sent.
@MainActor
enum DBusMethod {
    /// The caller sees the message of an error the handler throws, under this D-Bus error name.
    static let errorName = "io.github.shopperapp.Shopper.Error.Failed"

    /// Exports `interface.method(s) -> (s)` on the application's bus connection; false when the
    /// application has no connection (no session bus).
    static func export(on app: Application, interface: String, method: String,
                       _ handler: @escaping @MainActor (String) throws -> String) -> Bool {
        DBusDeferredMethod.export(on: app, interface: interface, method: method) { input, reply in
            do { reply.send(try handler(input)) } catch { reply.fail(error.localizedDescription) }
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
    static func call(appID: String, interface: String, method: String, _ input: String, timeoutMS: Int32) -> CallResult
    {
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
        let result = g_dbus_connection_call_sync(
            bus, appID, path, interface, method, g_variant_new_tuple(&args, 1), replyType,
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
