import CGtk

/// A one-line text entry.
@MainActor struct Entry {
    let widget: Widget
    init(placeholder: String = "") {
        widget = Widget(gtk_entry_new()!)
        gtk_entry_set_placeholder_text(ptr, placeholder)
    }
    private var ptr: UnsafeMutablePointer<GtkEntry> { widget.typedPointer() }
    private var editable: OpaquePointer { widget.opaque }

    var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        nonmutating set { gtk_editable_set_text(editable, newValue) }
    }

    /// Enter pressed.
    func onActivate(_ f: @escaping @MainActor () -> Void) { widget.on("activate", f) }
    /// Any change of the text.
    func onChanged(_ f: @escaping @MainActor () -> Void) { widget.on("changed", f) }

    func activatesDefault(_ on: Bool) { gtk_entry_set_activates_default(ptr, on ? 1 : 0) }

    var placeholder: String {
        get { gtk_entry_get_placeholder_text(ptr).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_entry_set_placeholder_text(ptr, newValue) }
    }

    /// Whether `text` fits in the entry's text area on one line, in its font.
    func fits(_ text: String) -> Bool {
        let layout = gtk_widget_create_pango_layout(widget.raw, text)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        // The text area: the entry less its padding and frame (Adwaita: 9 px a side, and a little).
        return w <= widget.width - 24
    }

    /// Offers `words` as completions while typing (GtkEntryCompletion, current in GTK 4.8).
    func complete(from completion: Completion) { gtk_entry_set_completion(ptr, completion.raw) }
}

/// Completion candidates for an entry: one column of strings, matched by prefix, case-insensitively.
@MainActor final class Completion {
    let raw: OpaquePointer
    private let store: UnsafeMutablePointer<GtkListStore>
    /// What is offered now.
    private(set) var words: [String] = []

    init() {
        var types = [shopper_type_string()]
        store = gtk_list_store_newv(1, &types)!
        raw = gtk_entry_completion_new()
        gtk_entry_completion_set_model(raw, OpaquePointer(store))
        gtk_entry_completion_set_text_column(raw, 0)
        gtk_entry_completion_set_minimum_key_length(raw, 1)
        gtk_entry_completion_set_inline_completion(raw, 0)
        gtk_entry_completion_set_popup_completion(raw, 1)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(raw))
        g_object_unref(UnsafeMutableRawPointer(store))
    }

    /// Offers exactly these words (in this order); unchanged ones are left alone.
    func replace(with words: [String]) {
        guard words != self.words else { return }
        self.words = words
        gtk_list_store_clear(store)
        for word in words {
            var iter = GtkTreeIter()
            gtk_list_store_append(store, &iter)
            var value = GValue()
            g_value_init(&value, shopper_type_string())
            g_value_set_string(&value, word)
            gtk_list_store_set_value(store, &iter, 0, &value)
            g_value_unset(&value)
        }
    }
}
