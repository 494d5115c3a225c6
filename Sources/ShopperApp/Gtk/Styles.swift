import CGtk

/// A stylesheet loaded from a file and applied to the whole display.
@MainActor
final class StyleSheet {
    private let provider: UnsafeMutablePointer<GtkCssProvider>
    private(set) var applied = false

    init(path: String) {
        provider = gtk_css_provider_new()
        gtk_css_provider_load_from_path(provider, path)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(provider)) }

    func apply(_ on: Bool, priority: UInt32 = UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)) {
        guard on != applied, let display = gdk_display_get_default() else { return }
        let sp = OpaquePointer(provider)
        if on { gtk_style_context_add_provider_for_display(display, sp, priority) }
        else { gtk_style_context_remove_provider_for_display(display, sp) }
        applied = on
    }
}

/// Follows the system's light or dark preference: GNOME's `color-scheme` setting when present, and
/// GTK's `gtk-application-prefer-dark-theme`.
@MainActor
final class ColorScheme {
    private let desktop = SettingsStore(schema: "org.gnome.desktop.interface")
    private let onChange: @MainActor (Bool) -> Void
    private var gtkSettings: gpointer? { gtk_settings_get_default().map { UnsafeMutableRawPointer($0) } }

    init(onChange: @escaping @MainActor (Bool) -> Void) {
        self.onChange = onChange
        desktop?.onChanged { [weak self] key in if key == "color-scheme" { self?.update() } }
        if let s = gtkSettings {
            GObjectRef(gobject(s)).onPointer("notify::gtk-application-prefer-dark-theme") { [weak self] _ in self?.update() }
        }
        update()
    }

    var isDark: Bool {
        if let desktop, desktop.string("color-scheme") == "prefer-dark" { return true }
        guard let s = gtkSettings else { return false }
        return shopper_object_get_bool(s, "gtk-application-prefer-dark-theme") != 0
    }

    private var last: Bool?
    private func update() {
        let dark = isDark
        guard dark != last else { return }
        last = dark
        // Ask the theme for its dark variant too, so GTK's own widgets match.
        if dark, let s = gtkSettings, shopper_object_get_bool(s, "gtk-application-prefer-dark-theme") == 0 {
            shopper_object_set_bool(s, "gtk-application-prefer-dark-theme", 1)
        }
        onChange(dark)
    }

    /// For tests and the preferences: turn the dark preference on or off.
    static func preferDark(_ on: Bool) {
        guard let s = gtk_settings_get_default() else { return }
        shopper_object_set_bool(UnsafeMutableRawPointer(s), "gtk-application-prefer-dark-theme", on ? 1 : 0)
    }
}

/// A non-owning handle to any GObject, for connecting signals.
@MainActor struct GObjectRef: SignalSource {
    let gobject: UnsafeMutablePointer<GObject>
    init<T>(_ p: UnsafeMutablePointer<T>) { gobject = CGtk.shopper_object(p) }
    init(_ p: OpaquePointer) { gobject = CGtk.shopper_object(UnsafeMutableRawPointer(p)) }
}
