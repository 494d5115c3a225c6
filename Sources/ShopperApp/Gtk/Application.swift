import CGtk

/// The AdwApplication (a GtkApplication that also sets up libadwaita's styles). Owned for the
/// process's lifetime.
@MainActor struct Application: SignalSource {
    let raw: UnsafeMutablePointer<GtkApplication>
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(raw) }

    /// One instance per session: a second launch hands its files (or just "activate") to the first.
    init(id: String) {
        raw = typed(adw_application_new(id, G_APPLICATION_HANDLES_OPEN)!)
    }

    /// `shopper FILE...`: the paths, delivered to the running instance.
    func onOpen(_ f: @escaping @MainActor ([String]) -> Void) {
        _ = connectSignal(gobject, "open", unsafeBitCast(Self.openTrampoline, to: GCallback.self), f as OpenHandler)
    }

    private typealias OpenHandler = @MainActor ([String]) -> Void

    /// GApplication::open is (app, GFile **files, gint n_files, gchar *hint, user_data).
    private static let openTrampoline:
        @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<CChar>?, gpointer?) ->
            Void = { _, files, n, _, data in
        let b: ClosureBox<OpenHandler> = box(data)
        var paths: [String] = []
        for i in 0..<Int(n) {
            guard let file = files?[i], let p = g_file_get_path(file) else { continue }
            paths.append(String(cString: p))
            g_free(p)
        }
        MainActor.assumeIsolated { b.call(paths) }
    }

    /// Runs the main loop; returns the exit status.
    func run(_ arguments: [String]) -> Int32 {
        var cArgs = arguments.map { strdup($0) }
        defer { cArgs.forEach { free($0) } }
        return g_application_run(typed(raw), Int32(cArgs.count), &cArgs)
    }

    /// Registers on the session bus (when there is one) and runs startup, without a main loop:
    /// for tests, which make windows without `run`.
    func register() { g_application_register(typed(raw), nil, nil) }

    func quit() { g_application_quit(typed(raw)) }

    /// Keeps a process that has no window (one D-Bus started as a service) running for
    /// `milliseconds` more: GApplication quits a service that long after its last release.
    func keepAlive(milliseconds: UInt32) {
        let g = UnsafeMutablePointer<GApplication>(OpaquePointer(raw))
        g_application_set_inactivity_timeout(g, milliseconds)
        g_application_hold(g)
        g_application_release(g)
    }

    /// A window holds the application from now on: closing it quits at once.
    func stopKeepingAlive() {
        g_application_set_inactivity_timeout(UnsafeMutablePointer<GApplication>(OpaquePointer(raw)), 0)
    }

    /// The accelerators set for a detailed action name.
    func accelerators(for action: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(raw, action) else { return [] }
        defer { g_strfreev(list) }
        var out: [String] = []
        var i = 0
        while let p = list[i] { out.append(String(cString: p)); i += 1 }
        return out
    }

    func accelerator(_ action: String, _ keys: [String]) {
        var cKeys: [UnsafePointer<CChar>?] = keys.map { UnsafePointer(strdup($0)) } + [nil]
        defer { cKeys.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        gtk_application_set_accels_for_action(raw, action, &cKeys)
    }
}

/// A GSimpleAction; its "activate" passes the parameter as a pointer (see ActionMap).
@MainActor struct SimpleAction: SignalSource {
    let raw: OpaquePointer
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(UnsafeMutableRawPointer(raw)) }
}
