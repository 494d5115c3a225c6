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

    /// The app's own styles sit above the theme's; `aboveApplication` stacks one more on top.
    static let applicationPriority = UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)

    func apply(_ on: Bool, priority: UInt32 = StyleSheet.applicationPriority) {
        guard on != applied, let display = gdk_display_get_default() else { return }
        let sp = OpaquePointer(provider)
        if on { gtk_style_context_add_provider_for_display(display, sp, priority) }
        else { gtk_style_context_remove_provider_for_display(display, sp) }
        applied = on
    }
}

/// A non-owning handle to any GObject, for connecting signals.
@MainActor struct GObjectRef: SignalSource {
    let gobject: UnsafeMutablePointer<GObject>
    init<T>(_ p: UnsafeMutablePointer<T>) { gobject = CGtk.shopper_object(p) }
    init(_ p: OpaquePointer) { gobject = CGtk.shopper_object(UnsafeMutableRawPointer(p)) }
}
