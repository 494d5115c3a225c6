import CGtk

/// Process-wide GTK set-up.
@MainActor
enum Toolkit {
    /// The names the desktop and AT-SPI show for this process.
    static func name(program: String, application: String) {
        g_set_prgname(program)
        g_set_application_name(application)
    }

    /// One malloc arena for every thread, set before any thread starts (unless MALLOC_ARENA_MAX or
    /// GLIBC_TUNABLES says otherwise). glibc gives each thread an arena of its own at its first
    /// allocation, whose pages stay with it: 1 MB of peak memory at start, where the store's thread
    /// and GLib's and GTK's workers allocate while the window is built. Nothing here allocates hard
    /// on two threads at once: a start at a million items was no slower.
    static func oneMallocArena() {
        shopper_malloc_one_arena()
    }

    /// Gives the system back the heap pages free now (`malloc_trim`): after a large transient
    /// allocation (a long import's write), before the next (the list read again), so the two do
    /// not stack up in the window's peak.
    static func giveBackFreedMemory() {
        _ = malloc_trim(0)
    }

    /// What names this build (its GNU build id), nil where it has none: what a cache of ICU's
    /// answers is kept for (`MoneyPatternFile`). A release build carries ICU inside it; a debug
    /// build is linked again whenever its toolchain changes. The build id, not the file on disk:
    /// under valgrind /proc/self/exe is valgrind's.
    static func buildIdentity() -> String? {
        var buffer = [CChar](repeating: 0, count: 129)
        shopper_build_id(&buffer, buffer.count)
        let id = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return id.isEmpty ? nil : id
    }

    /// Opens the display; false when there is none (gtk_init would abort instead).
    static func start(icon: String) -> Bool {
        guard gtk_init_check() != 0 else { return false }
        gtk_window_set_default_icon_name(icon)
        return true
    }

    /// The height of the tallest screen, in application pixels: the most a maximized window shows.
    /// Nil before `start` or without a screen.
    static var tallestScreen: Int? {
        guard let display = gdk_display_get_default() else { return nil }
        let monitors = gdk_display_get_monitors(display)
        var tallest: Int32 = 0
        for i in 0..<g_list_model_get_n_items(monitors) {
            guard let monitor = g_list_model_get_item(monitors, i) else { continue }
            var area = GdkRectangle()
            gdk_monitor_get_geometry(OpaquePointer(monitor), &area)
            tallest = max(tallest, area.height)
            g_object_unref(monitor)
        }
        return tallest > 0 ? Int(tallest) : nil
    }
}
