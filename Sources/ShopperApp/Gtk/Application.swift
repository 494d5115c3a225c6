import CGtk

/// The GtkApplication. Owned for the process's lifetime.
@MainActor struct Application: SignalSource {
    let raw: UnsafeMutablePointer<GtkApplication>
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(raw) }

    init(id: String) {
        raw = gtk_application_new(id, G_APPLICATION_DEFAULT_FLAGS)
    }

    /// Runs the main loop; returns the exit status.
    func run(_ arguments: [String]) -> Int32 {
        var cArgs = arguments.map { strdup($0) }
        defer { cArgs.forEach { free($0) } }
        return g_application_run(typed(raw), Int32(cArgs.count), &cArgs)
    }

    func quit() { g_application_quit(typed(raw)) }

    func accelerator(_ action: String, _ keys: [String]) {
        var cKeys: [UnsafePointer<CChar>?] = keys.map { UnsafePointer(strdup($0)) } + [nil]
        defer { cKeys.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        gtk_application_set_accels_for_action(raw, action, &cKeys)
    }

    /// Adds a stateless application action "app.NAME".
    func action(_ name: String, _ f: @escaping @MainActor () -> Void) {
        let a = g_simple_action_new(name, nil)!
        SimpleAction(raw: a).on("activate", f)
        g_action_map_add_action(OpaquePointer(raw), a)
        g_object_unref(UnsafeMutableRawPointer(a))
    }
}

/// A GSimpleAction; its "activate" passes a parameter we ignore, so use `onPointer`-shaped signals.
@MainActor struct SimpleAction: SignalSource {
    let raw: OpaquePointer
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(UnsafeMutableRawPointer(raw)) }

    func on(_ signal: String, _ f: @escaping @MainActor () -> Void) {
        onPointer(signal) { _ in f() }
    }
}
