import CGtk

/// A GActionMap: the application's actions ("app.…") or a window's ("win.…"). Each action is a
/// GSimpleAction whose "activate" runs a closure; menus, accelerators, buttons and D-Bus
/// (org.gtk.Actions) all reach the app through them.
@MainActor struct ActionMap {
    let raw: OpaquePointer

    init(_ application: Application) { raw = OpaquePointer(application.raw) }
    init(_ window: Window) { raw = window.widget.opaque }

    /// Adds an action; `stringParameter` actions get the string they were activated with.
    func add(_ name: String, stringParameter: Bool, _ f: @escaping @MainActor (String?) -> Void) {
        let type = stringParameter ? g_variant_type_new("s") : nil
        let action = g_simple_action_new(name, type)!
        if let type { g_variant_type_free(type) }
        SimpleAction(raw: action).onPointer("activate") { parameter in
            f(parameter.flatMap { g_variant_get_string(OpaquePointer($0), nil) }.map { String(cString: $0) })
        }
        g_action_map_add_action(raw, action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// A string action with a string state: a menu shows its items for it as a choice, the one
    /// whose target is the state marked. `f` gets the target and sets the state (`setState`).
    func addChoice(_ name: String, state: String, _ f: @escaping @MainActor (String?) -> Void) {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new_stateful(name, type, g_variant_new_string(state))!
        g_variant_type_free(type)
        SimpleAction(raw: action).onPointer("activate") { parameter in
            f(parameter.flatMap { g_variant_get_string(OpaquePointer($0), nil) }.map { String(cString: $0) })
        }
        g_action_map_add_action(raw, action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    func setState(_ name: String, _ state: String) {
        guard let action = g_action_map_lookup_action(raw, name) else { return }
        g_simple_action_set_state(action, g_variant_new_string(state))
    }

    func setEnabled(_ name: String, _ on: Bool) {
        guard let action = g_action_map_lookup_action(raw, name) else { return }
        g_simple_action_set_enabled(action, on ? 1 : 0)
    }

    func isEnabled(_ name: String) -> Bool {
        guard let action = g_action_map_lookup_action(raw, name) else { return false }
        return g_action_get_enabled(action) != 0
    }

    func has(_ name: String) -> Bool { g_action_map_lookup_action(raw, name) != nil }

    /// Activates an action as a menu or key would (for tests and buttons).
    func activate(_ name: String, _ argument: String? = nil) {
        guard let action = g_action_map_lookup_action(raw, name) else { return }
        g_action_activate(action, argument.map { g_variant_new_string($0) })
    }
}

/// A GMenu: the main menu and the row context menu are models, shown by GtkPopoverMenus.
@MainActor final class Menu {
    let raw: OpaquePointer
    init() { raw = g_menu_new() }
    isolated deinit { g_object_unref(UnsafeMutableRawPointer(raw)) }

    /// An item for "scope.name", with a string target for actions that take one. `accel` ("F2",
    /// "<Alt>Up") is shown beside it: GTK shows an action's application accelerators by itself,
    /// but not keys a widget's own shortcut controller handles (the rows').
    func append(_ label: String, action: String, target: String? = nil, accel: String? = nil) {
        let item = g_menu_item_new(label, nil)!
        g_menu_item_set_action_and_target_value(item, action, target.map { g_variant_new_string($0) })
        if let accel { g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accel)) }
        g_menu_append_item(raw, item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    func appendSection(_ section: Menu) {
        g_menu_append_section(raw, nil, UnsafeMutablePointer<GMenuModel>(section.raw))
    }
    func appendSubmenu(_ label: String, _ submenu: Menu) {
        g_menu_append_submenu(raw, label, UnsafeMutablePointer<GMenuModel>(submenu.raw))
    }
}

extension MenuButton {
    /// A header-bar button that opens a menu model (F10 opens the primary one).
    init(icon: String, accessibleLabel: String, menu: Menu) {
        widget = Widget(gtk_menu_button_new()!)
        gtk_menu_button_set_icon_name(widget.opaque, icon)
        setMenu(menu)
        gtk_menu_button_set_primary(widget.opaque, 1)
        widget.accessibleLabel(accessibleLabel)
        widget.tooltip(accessibleLabel)
    }
}

extension MenuButton {
    /// A button that says what is chosen ("Aldi") and opens a menu of choices.
    /// Without a menu yet (`setMenu` gives it one): GTK builds a menu's popover when it is set.
    init(label: String, accessibleLabel: String, menu: Menu? = nil) {
        widget = Widget(gtk_menu_button_new()!)
        gtk_menu_button_set_label(widget.opaque, label)
        gtk_menu_button_set_always_show_arrow(widget.opaque, 1)
        if let menu { setMenu(menu) }
        widget.accessibleLabel(accessibleLabel)
        widget.tooltip(accessibleLabel)
    }

    /// A label with the arrow after it, or an icon alone (room is short).
    func setLabel(_ label: String) {
        gtk_menu_button_set_label(widget.opaque, label)
        gtk_menu_button_set_always_show_arrow(widget.opaque, 1)
    }
    /// The same, its label `chars` wide whatever it says (a longer one ellipsized): the button
    /// keeps its width as the choice changes.
    func setLabel(_ label: String, widthChars chars: Int32) {
        setLabel(label)
        for w in widget.descendants() where w.labelText != nil {
            gtk_label_set_width_chars(w.opaque, chars)
            gtk_label_set_max_width_chars(w.opaque, chars)
            gtk_label_set_ellipsize(w.opaque, PANGO_ELLIPSIZE_END)
        }
    }
    /// A button that opens `child` in a popover (a few check boxes), its label saying what is chosen.
    init(popoverChild child: Widget) {
        widget = Widget(gtk_menu_button_new()!)
        gtk_menu_button_set_always_show_arrow(widget.opaque, 1)
        let popover = Widget(gtk_popover_new()!)
        gtk_popover_set_child(popover.typedPointer(), child.raw)
        gtk_menu_button_set_popover(widget.opaque, popover.raw)
    }

    var label: String { gtk_menu_button_get_label(widget.opaque).map { String(cString: $0) } ?? "" }

    func setIcon(_ name: String) {
        gtk_menu_button_set_icon_name(widget.opaque, name)
        gtk_menu_button_set_always_show_arrow(widget.opaque, 0)
    }
    /// The menu from now on. GTK builds a menu's popover (a widget per item) as soon as it is set:
    /// a button never opened gets it when first opened (F10 too), so a start builds none.
    func setMenu(_ menu: Menu) {
        let model = UnsafeMutablePointer<GMenuModel>(menu.raw)
        guard gtk_menu_button_get_popover(widget.opaque) == nil else {
            return gtk_menu_button_set_menu_model(widget.opaque, model)
        }
        // The button holds a reference to the model until it is opened or given another menu.
        gtk_menu_button_set_create_popup_func(
            widget.opaque, Self.setPendingMenu, g_object_ref(UnsafeMutableRawPointer(model)), Self.releaseMenu)
    }

    /// Called as the button opens, before GTK shows its popover: gives it the menu waiting.
    private static let setPendingMenu: @convention(c) (OpaquePointer?, gpointer?) -> Void = { button, model in
        guard let button, let model, gtk_menu_button_get_popover(button) == nil else { return }
        gtk_menu_button_set_menu_model(button, model.assumingMemoryBound(to: GMenuModel.self))
    }
    private static let releaseMenu: @convention(c) (gpointer?) -> Void = { model in g_object_unref(model) }
}

/// A menu model shown at a point of a widget (a row's context menu). Unparented with its parent.
@MainActor final class PopoverMenu {
    let widget: Widget
    init(menu: Menu, parent: Widget) {
        widget = Widget(gtk_popover_menu_new_from_model(UnsafeMutablePointer<GMenuModel>(menu.raw))!)
        gtk_popover_set_has_arrow(widget.typedPointer(), 0)
        widget.attachPopover(to: parent)
    }
    /// Shows another menu model from now on (a row's menu names what it does to that row).
    func setMenu(_ menu: Menu) {
        gtk_popover_menu_set_menu_model(widget.opaque, UnsafeMutablePointer<GMenuModel>(menu.raw))
    }

    func popup(at x: Double, _ y: Double) {
        var rect = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(widget.typedPointer(), &rect)
        gtk_popover_popup(widget.typedPointer())
    }
    /// The menu closed (an item chosen, Escape, a click elsewhere).
    func onClosed(_ f: @escaping @MainActor () -> Void) { widget.on("closed", f) }
}
