import CGtk

/// A GtkListItem handed to a factory: GTK recycles these as rows scroll in and out.
@MainActor struct ListItem {
    let raw: OpaquePointer
    init(_ p: gpointer) { raw = OpaquePointer(p) }

    var child: Widget? {
        get { gtk_list_item_get_child(raw).map(Widget.init) }
        nonmutating set { gtk_list_item_set_child(raw, newValue?.raw) }
    }

    /// The identity carried by the row's item object, 0 when unbound.
    var identity: Int {
        guard let item = gtk_list_item_get_item(raw) else { return 0 }
        return RowListModel.identity(of: item)
    }

    var position: Int { Int(gtk_list_item_get_position(raw)) }
    /// The model's item the row shows (not a new reference).
    var object: gpointer? { gtk_list_item_get_item(raw) }

    /// Takes `w` off the item if it is still its child (as a window goes, GTK may have done so).
    func release(_ w: Widget) {
        if gtk_list_item_get_child(raw) == w.raw { gtk_list_item_set_child(raw, nil) }
    }

    func activatable(_ on: Bool) { gtk_list_item_set_activatable(raw, on ? 1 : 0) }
    func selectable(_ on: Bool) { gtk_list_item_set_selectable(raw, on ? 1 : 0) }

    /// Ties a Swift object's lifetime to this list item (the row widget's controller).
    func attach<T: AnyObject>(_ object: T) { ObjectData.attach(object, to: gobject(UnsafeMutableRawPointer(raw))) }
    func attached<T: AnyObject>(_: T.Type) -> T? { ObjectData.get(from: gobject(UnsafeMutableRawPointer(raw))) }
}

/// GtkSignalListItemFactory: `setup` gives a list item its row widget, `bind` fills it for a row,
/// `unbind` lets go, `teardown` comes as GTK destroys the list item. Only the rows near the visible
/// area are ever built.
@MainActor struct ListItemFactory: SignalSource {
    let raw: OpaquePointer
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(UnsafeMutableRawPointer(raw)) }

    init(setup: @escaping @MainActor (ListItem) -> Void, bind: @escaping @MainActor (ListItem) -> Void,
        unbind: @escaping @MainActor (ListItem) -> Void = { _ in },
        teardown: @escaping @MainActor (ListItem) -> Void = { _ in }
    ) {
        raw = gtk_signal_list_item_factory_new()
        onPointer("setup") { setup(ListItem($0!)) }
        onPointer("bind") { bind(ListItem($0!)) }
        onPointer("unbind") { unbind(ListItem($0!)) }
        onPointer("teardown") { teardown(ListItem($0!)) }
    }
}

extension Widget {
    /// Names the list's cell around this row widget for screen readers. The cell is what takes
    /// keyboard focus, and GTK would name it after its type ("GtkListItemWidget").
    func nameListCell(_ name: String) { parent?.accessibleLabel(name) }

    /// Keeps the widget alive while it has no parent (a row widget waiting to be used again).
    func keep() { g_object_ref(UnsafeMutableRawPointer(raw)) }
    /// Lets go of `keep`'s reference.
    func letGo() { g_object_unref(UnsafeMutableRawPointer(raw)) }
}

/// A list of rows over a RowListModel through a single selection (so the keyboard-focused row is
/// known). GTK 4.8's GtkListView keeps a widget for two hundred rows around the top one whatever
/// the window shows, and binds them all again when the list jumps (a scrollbar dragged, a search
/// cleared): at 100,000 items that was most of every scrolled frame. A GtkGridView of one column
/// keeps thirty rows' widgets: a row is at least a thirtieth of the view high, so thirty always
/// fill it. Screen readers are told it is a list.
@MainActor struct ListView: SignalSource {
    let widget: Widget
    let selection: OpaquePointer
    var gobject: UnsafeMutablePointer<GObject> { widget.gobject }

    init(model: RowListModel, factory: ListItemFactory) {
        g_object_ref(model.raw)  // the selection takes this reference
        selection = gtk_single_selection_new(model.listModel)
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        widget = Widget(shopper_list_grid_new(selection, factory.raw)!)  // takes both references
        // One more of our own: a select() scheduled before the window went must find a live model.
        g_object_ref(UnsafeMutableRawPointer(selection))
        gtk_grid_view_set_single_click_activate(widget.opaque, 0)
        // Cells are rows: square, edge to edge (shopper.css), not the tiles of a grid.
        widget.css("rows")
        // A grid's Left and Right step to the previous and next cell, here the row above or below:
        // in a list they do nothing (Up and Down move). Alt+Left, the editor's Back, is not theirs.
        let arrows = EventController.key()
        arrows.phase(GTK_PHASE_CAPTURE)
        arrows.onKey { [widget] keyval, state in
            let sideways = [GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_KP_Left, GDK_KEY_KP_Right].map(UInt32.init).contains(
                keyval)
            let other =
                GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue | GDK_HYPER_MASK.rawValue | GDK_META_MASK.rawValue
            // Only a row's: a text field in a row, should one come, moves its cursor with them.
            return sideways && state.rawValue & other == 0 && widget.focusIsOnACell
        }
        widget.add(arrows)
    }

    /// Lets go of our reference to the selection (the owner's deinit).
    func release() { g_object_unref(UnsafeMutableRawPointer(selection)) }

    /// A single click activates a row (a list of things to open, not to select).
    func activateOnSingleClick() { gtk_grid_view_set_single_click_activate(widget.opaque, 1) }

    /// Row activation (double click, Enter), by position.
    func onActivate(_ f: @escaping @MainActor (Int) -> Void) { onUInt("activate") { f(Int($0)) } }

    /// The selected (keyboard-focused) row, nil when none.
    var selected: Int? {
        let p = gtk_single_selection_get_selected(selection)
        return p == GTK_INVALID_LIST_POSITION ? nil : Int(p)
    }

    func onSelectionChanged(_ f: @escaping @MainActor () -> Void) {
        GObjectRef(selection).onPointer("notify::selected") { _ in f() }
    }

    func select(_ position: Int) { gtk_single_selection_set_selected(selection, guint(position)) }
    func unselect() { gtk_single_selection_set_selected(selection, guint(GTK_INVALID_LIST_POSITION)) }

    /// The identity of the selected row (see `RowListModel`): GTK still holds its item object while
    /// the model changes under it.
    var selectedIdentity: Int? {
        gtk_single_selection_get_selected_item(selection).map(RowListModel.identity(of:))
    }

    /// Anchors the view at its first row, without moving focus or selection.
    func keepTop() {
        gtk_widget_activate_action_variant(widget.raw, "list.scroll-to-item", g_variant_new_uint32(0))
    }

    /// Scrolls the row into view and moves keyboard focus to it (GTK 4.8 has no scroll_to yet).
    func scrollTo(_ position: Int) {
        gtk_widget_activate_action_variant(widget.raw, "list.scroll-to-item", g_variant_new_uint32(guint32(position)))
    }
}

/// Swift objects attached to GObjects: retained by the GObject, released when it is finalized.
@MainActor enum ObjectData {
    private static let key = "shopper-swift-object"

    static func attach<T: AnyObject>(_ object: T, to target: UnsafeMutablePointer<GObject>) {
        let p = Unmanaged.passRetained(object as AnyObject).toOpaque()
        g_object_set_data_full(target, key, p) { Unmanaged<AnyObject>.fromOpaque($0!).release() }
    }

    static func get<T: AnyObject>(from target: UnsafeMutablePointer<GObject>) -> T? {
        guard let p = g_object_get_data(target, key) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue() as? T
    }
}

private extension Widget {
    /// Keyboard focus is on one of this list's cells itself, not on a widget inside one.
    var focusIsOnACell: Bool {
        guard let cell = gtk_widget_get_focus_child(raw) else { return false }
        return gtk_widget_has_focus(cell) != 0
    }
}
