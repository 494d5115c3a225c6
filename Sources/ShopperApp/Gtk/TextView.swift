import CGtk

/// Several lines of text to type or paste into (GtkTextView): a recipe pasted whole.
@MainActor struct TextView {
    let widget: Widget
    init() {
        widget = Widget(gtk_text_view_new()!)
        gtk_text_view_set_wrap_mode(ptr, GTK_WRAP_WORD_CHAR)
        // Tab moves the focus on, as in the rest of a dialog: a recipe has no use for a tab.
        gtk_text_view_set_accepts_tab(ptr, 0)
    }
    private var ptr: UnsafeMutablePointer<GtkTextView> { widget.typedPointer() }
    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(ptr) }

    var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            let p = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
            defer { g_free(p) }
            return String(cString: p)
        }
        nonmutating set { gtk_text_buffer_set_text(buffer, newValue, -1) }
    }

    /// Any change of the text (typed, pasted, set).
    func onChanged(_ f: @escaping @MainActor () -> Void) {
        GObjectRef(buffer).on("changed", f)
    }

    /// Room around the text, as an entry has.
    func padding(_ px: Int32) {
        gtk_text_view_set_top_margin(ptr, px)
        gtk_text_view_set_bottom_margin(ptr, px)
        gtk_text_view_set_left_margin(ptr, px)
        gtk_text_view_set_right_margin(ptr, px)
    }
}

/// A number chosen with − and + or typed (GtkSpinButton): a recipe's servings.
@MainActor struct SpinButton {
    let widget: Widget
    init(from: Double, to: Double, step: Double = 1) {
        widget = Widget(gtk_spin_button_new_with_range(from, to, step)!)
    }
    private var ptr: OpaquePointer { widget.opaque }

    var value: Int {
        get { Int(gtk_spin_button_get_value_as_int(ptr)) }
        nonmutating set { gtk_spin_button_set_value(ptr, Double(newValue)) }
    }

    func onChanged(_ f: @escaping @MainActor () -> Void) { widget.on("value-changed", f) }
}
