import CGtk

/// A vertical list of arbitrary rows, for short lists (saved searches): no recycling needed.
@MainActor struct ListBox {
    let widget: Widget
    init() {
        widget = Widget(gtk_list_box_new()!)
        gtk_list_box_set_selection_mode(ptr, GTK_SELECTION_SINGLE)
        gtk_list_box_set_activate_on_single_click(ptr, 1)
    }
    private var ptr: OpaquePointer { widget.opaque }

    func append(_ child: Widget) { gtk_list_box_append(ptr, child.raw) }

    /// The rows made again as lines of wrapped text, one a row (a preview's lines).
    func showLines(_ lines: [String]) {
        removeAll()
        for line in lines {
            let l = Label(line)
            l.xalign(0)
            l.wrap()
            l.widget.margins(8)
            append(l.widget)
        }
    }
    /// Rows are activated, never selected (a boxed list of settings).
    func noSelection() { gtk_list_box_set_selection_mode(ptr, GTK_SELECTION_NONE) }
    func removeAll() {
        while let row = gtk_list_box_get_row_at_index(ptr, 0) {
            gtk_list_box_remove(ptr, Widget(unsafe: UnsafeMutableRawPointer(row)).raw)
        }
    }

    /// A row was activated (click, Enter): its index.
    func onActivated(_ f: @escaping @MainActor (Int) -> Void) {
        widget.onPointer("row-activated") { row in
            guard let row else { return }
            f(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        }
    }

    /// The selected row's index.
    var selected: Int? {
        gtk_list_box_get_selected_row(ptr).map { Int(gtk_list_box_row_get_index($0)) }
    }

    func row(at index: Int) -> Widget? {
        gtk_list_box_get_row_at_index(ptr, Int32(index)).map { Widget(unsafe: UnsafeMutableRawPointer($0)) }
    }

    /// The index of the row with the keyboard focus, if one has it.
    var focusedIndex: Int? {
        var i: Int32 = 0
        while let row = gtk_list_box_get_row_at_index(ptr, i) {
            if Widget(unsafe: UnsafeMutableRawPointer(row)).hasFocus { return Int(i) }
            i += 1
        }
        return nil
    }

    /// Selects a row, leaving the focus where it is.
    func highlight(_ index: Int) {
        gtk_list_box_select_row(ptr, gtk_list_box_get_row_at_index(ptr, Int32(index)))
    }

    func unselectAll() { gtk_list_box_unselect_all(ptr) }

    /// Selects and focuses a row.
    func select(_ index: Int) {
        guard let row = gtk_list_box_get_row_at_index(ptr, Int32(index)) else { return }
        gtk_list_box_select_row(ptr, row)
        Widget(unsafe: UnsafeMutableRawPointer(row)).grabFocus()
    }
}
