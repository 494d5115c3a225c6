import CGtk

/// Process-wide GTK set-up.
@MainActor
enum Toolkit {
    /// The names the desktop and AT-SPI show for this process.
    static func name(program: String, application: String) {
        g_set_prgname(program)
        g_set_application_name(application)
    }

    /// Opens the display; false when there is none (gtk_init would abort instead).
    static func start(icon: String) -> Bool {
        guard gtk_init_check() != 0 else { return false }
        gtk_window_set_default_icon_name(icon)
        return true
    }
}
