import CGtk

/// A D-Bus method whose answer comes later: the handler starts work (a sync, on a worker thread)
/// and answers through the `Reply` when it is done, while the main loop goes on. `shopper sync`
/// learns how its sync went, as `shopper add` learns that its item was saved.
@MainActor
enum DBusDeferredMethod {
    /// The pending call; answered exactly once, on the main thread.
    @MainActor final class Reply {
        private var invocation: OpaquePointer?
        init(_ invocation: OpaquePointer) { self.invocation = invocation }

        func send(_ text: String) {
            guard let i = invocation else { return }
            invocation = nil
            var reply: [OpaquePointer?] = [g_variant_new_string(text)]
            g_dbus_method_invocation_return_value(i, g_variant_new_tuple(&reply, 1))
        }

        func fail(_ message: String) {
            guard let i = invocation else { return }
            invocation = nil
            g_dbus_method_invocation_return_dbus_error(i, DBusMethod.errorName, message)
        }
    }

    static func export(on app: Application, interface: String, method: String,
                       _ handler: @escaping @MainActor (String, Reply) -> Void) -> Bool {
        let g = UnsafeMutablePointer<GApplication>(OpaquePointer(app.raw))
        guard let connection = g_application_get_dbus_connection(g),
              let path = g_application_get_dbus_object_path(g) else { return false }
        let xml = """
            <node><interface name="\(interface)"><method name="\(method)">\
            <arg type="s" name="input" direction="in"/><arg type="s" name="reply" direction="out"/>\
            </method></interface></node>
            """
        return DBusObject.register(on: connection, path: String(cString: path), xml: xml) { _, parameters, invocation in
            let child = g_variant_get_child_value(parameters, 0)
            let input = String(cString: g_variant_get_string(child, nil))
            g_variant_unref(child)
            handler(input, Reply(invocation))
        }
    }
}
