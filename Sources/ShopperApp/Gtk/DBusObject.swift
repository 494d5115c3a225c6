import CGtk

/// One interface of an object on a D-Bus connection, its method calls handed to a Swift closure on
/// the main thread (GDBus calls there): the method's name, its parameters (a tuple GDBus has
/// checked against the interface's signature) and the invocation to answer, exactly once.
@MainActor
enum DBusObject {
    typealias Call = @MainActor (_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) -> Void

    /// Registers the first interface of `xml` at `path`; false when the XML does not parse or the
    /// path already has it. The closure lives as long as the registration.
    static func register(on connection: OpaquePointer, path: String, xml: String, _ call: @escaping Call) -> Bool {
        guard let node = g_dbus_node_info_new_for_xml(xml, nil) else { return false }
        defer { g_dbus_node_info_unref(node) }
        let data = Unmanaged.passRetained(ClosureBox<Call>(call)).toOpaque()
        var error: UnsafeMutablePointer<GError>?
        let id = g_dbus_connection_register_object(
            connection, path, node.pointee.interfaces[0], vtable, data, release, &error)
        g_clear_error(&error)
        return id != 0
    }

    private static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let v = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        v.initialize(to: GDBusInterfaceVTable())
        v.pointee.method_call = methodCall
        return v
    }()

    private static let release: GDestroyNotify = { data in
        Unmanaged<ClosureBox<Call>>.fromOpaque(data!).release()
    }

    private static let methodCall: GDBusInterfaceMethodCallFunc = { _, _, _, _, method, parameters, invocation, data in
        let b: ClosureBox<Call> = box(data)
        let name = String(cString: method!)
        // The pointers cross into the main actor as numbers: GDBus calls on the main thread.
        let p = UInt(bitPattern: parameters), i = UInt(bitPattern: invocation)
        MainActor.assumeIsolated { b.call(name, OpaquePointer(bitPattern: p)!, OpaquePointer(bitPattern: i)!) }
    }
}
