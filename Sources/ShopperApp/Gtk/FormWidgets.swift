import CGtk

/// Rows and columns of widgets.
@MainActor struct Grid {
    let widget: Widget
    init(rowSpacing: UInt32 = 6, columnSpacing: UInt32 = 12) {
        widget = Widget(gtk_grid_new()!)
        gtk_grid_set_row_spacing(ptr, rowSpacing)
        gtk_grid_set_column_spacing(ptr, columnSpacing)
    }
    private var ptr: UnsafeMutablePointer<GtkGrid> { widget.typedPointer() }
    func attach(_ child: Widget, column: Int32, row: Int32, width: Int32 = 1) {
        gtk_grid_attach(ptr, child.raw, column, row, width, 1)
    }
}

/// An on/off switch.
@MainActor struct Switch {
    let widget: Widget
    init() { widget = Widget(gtk_switch_new()!) }
    init(widget: Widget) { self.widget = widget }
    private var ptr: OpaquePointer { widget.opaque }
    var active: Bool {
        get { gtk_switch_get_active(ptr) != 0 }
        nonmutating set { gtk_switch_set_active(ptr, newValue ? 1 : 0) }
    }
    func onToggled(_ f: @escaping @MainActor (Bool) -> Void) {
        widget.onPointer("notify::active") { _ in f(gtk_switch_get_active(ptr) != 0) }
    }
}

/// A choice of strings.
@MainActor struct DropDown {
    let widget: Widget
    init(_ choices: [String]) {
        var cStrings: [UnsafePointer<CChar>?] = choices.map { UnsafePointer(strdup($0)) } + [nil]
        defer { cStrings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        widget = Widget(gtk_drop_down_new_from_strings(&cStrings)!)
    }
    private var ptr: OpaquePointer { widget.opaque }
    var selected: Int {
        get { Int(gtk_drop_down_get_selected(ptr)) }
        nonmutating set { gtk_drop_down_set_selected(ptr, guint(newValue)) }
    }
    func onSelected(_ f: @escaping @MainActor (Int) -> Void) {
        widget.onPointer("notify::selected") { _ in f(Int(gtk_drop_down_get_selected(ptr))) }
    }
}

/// A popover of plain widgets (a context menu of buttons), attached to a widget.
@MainActor struct Popover {
    let widget: Widget
    init(child: Widget, parent: Widget) {
        widget = Widget(gtk_popover_new()!)
        gtk_popover_set_child(ptr, child.raw)
        gtk_popover_set_has_arrow(ptr, 0)
        widget.attachPopover(to: parent)
    }
    private var ptr: UnsafeMutablePointer<GtkPopover> { widget.typedPointer() }
    /// Points at (x, y) in the parent's coordinates and opens.
    func popup(at x: Double, _ y: Double) {
        var rect = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(ptr, &rect)
        gtk_popover_popup(ptr)
    }
    func popdown() { gtk_popover_popdown(ptr) }
}

/// A button that stays pressed; buttons put in one group are a choice of one ("per kg" or "for all").
@MainActor struct ToggleButton {
    let widget: Widget
    init(label: String) { widget = Widget(gtk_toggle_button_new_with_label(label)!) }
    /// A label, and a longer name for screen readers and the tooltip.
    init(label: String, accessibleLabel: String) {
        self.init(label: label)
        widget.accessibleLabel(accessibleLabel)
        widget.tooltip(accessibleLabel)
    }
    /// An icon alone (room is short beside a field at phone width), named for screen readers and
    /// in its tooltip.
    init(icon: String, accessibleLabel: String) {
        widget = Widget(gtk_toggle_button_new()!)
        gtk_button_set_icon_name(widget.typedPointer(), icon)
        widget.accessibleLabel(accessibleLabel)
        widget.tooltip(accessibleLabel)
    }
    private var ptr: UnsafeMutablePointer<GtkToggleButton> { widget.typedPointer() }
    var active: Bool {
        get { gtk_toggle_button_get_active(ptr) != 0 }
        nonmutating set { gtk_toggle_button_set_active(ptr, newValue ? 1 : 0) }
    }
    var label: String {
        get { gtk_button_get_label(widget.typedPointer()).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_button_set_label(widget.typedPointer(), newValue) }
    }
    func join(_ other: ToggleButton) { gtk_toggle_button_set_group(ptr, other.ptr) }
    func onToggled(_ f: @escaping @MainActor () -> Void) { widget.on("toggled", f) }
}
