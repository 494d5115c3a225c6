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

    private typealias Handler = @MainActor (String, Reply) -> Void

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
        guard let node = g_dbus_node_info_new_for_xml(xml, nil) else { return false }
        defer { g_dbus_node_info_unref(node) }
        let data = Unmanaged.passRetained(ClosureBox<Handler>(handler)).toOpaque()
        return g_dbus_connection_register_object(connection, path, node.pointee.interfaces[0], vtable, data, release, nil) != 0
    }

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
        // GDBus calls this on the main thread; the pointer crosses as a number.
        let address = UInt(bitPattern: invocation)
        MainActor.assumeIsolated { b.call(input, Reply(OpaquePointer(bitPattern: address)!)) }
    }
}
