import CGtk
import ShopperText

/// A search entry in a search bar that slides down; typing anywhere in `captureFrom` opens it.
@MainActor struct SearchBar {
    let widget: Widget
    let entry: Widget

    /// `trailing` sits beside the entry (the Save button).
    init(captureFrom window: Window, trailing: Widget) {
        widget = Widget(gtk_search_bar_new()!)
        entry = Widget(gtk_search_entry_new()!)
        let row = Box(.horizontal, spacing: 6)
        row.append(entry)
        row.append(trailing)
        entry.expand(h: true)
        gtk_search_bar_set_child(bar, row.widget.raw)
        gtk_search_bar_connect_entry(bar, entry.opaque)
        gtk_search_bar_set_key_capture_widget(bar, window.widget.raw)
        gtk_search_bar_set_show_close_button(bar, 1)
        widget.nameButtons(icons: ["window-close-symbolic": L("Close Search")])
        // Escape in the entry: close (and so clear) the search.
        let b = bar
        entry.on("stop-search") { gtk_search_bar_set_search_mode(b, 0) }
    }

    /// Typing anywhere in the window opens the search (true), or only typing in its field (false).
    func capturesKeys(from window: Window, _ on: Bool) {
        gtk_search_bar_set_key_capture_widget(bar, on ? window.widget.raw : nil)
    }

    private var bar: OpaquePointer { widget.opaque }
    private var editable: OpaquePointer { entry.opaque }

    var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        nonmutating set { gtk_editable_set_text(editable, newValue) }
    }

    /// Adds text at the end, as typing does (setting `text` replaces it, passing through empty).
    func type(_ more: String) {
        // Positions count characters, not bytes.
        var end = Int32(String(cString: gtk_editable_get_text(editable)).count)
        gtk_editable_insert_text(editable, more, -1, &end)
    }

    var isOpen: Bool {
        get { gtk_search_bar_get_search_mode(bar) != 0 }
        nonmutating set { gtk_search_bar_set_search_mode(bar, newValue ? 1 : 0) }
    }

    /// The text changed (GTK waits a moment after the last key).
    func onChanged(_ f: @escaping @MainActor () -> Void) { entry.on("search-changed", f) }
    /// Enter in the entry.
    func onActivate(_ f: @escaping @MainActor () -> Void) { entry.on("activate", f) }
    /// Opened or closed (Escape closes it).
    func onOpenChanged(_ f: @escaping @MainActor (Bool) -> Void) {
        widget.onPointer("notify::search-mode-enabled") { _ in f(gtk_search_bar_get_search_mode(bar) != 0) }
    }
}
