import CGtk

/// A non-owning handle to a GtkWidget. Widgets are owned by their parent (and windows by GTK); a
/// handle is only used while its widget is in the tree.
@MainActor
struct Widget: SignalSource {
    let raw: UnsafeMutablePointer<GtkWidget>

    init(_ raw: UnsafeMutablePointer<GtkWidget>) { self.raw = raw }
    init(_ p: OpaquePointer) { raw = typed(p) }
    init(unsafe p: gpointer) { raw = shopper_widget(p) }

    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(raw) }
    var opaque: OpaquePointer { OpaquePointer(raw) }
    func typedPointer<T>() -> UnsafeMutablePointer<T> { typed(raw) }

    var visible: Bool {
        get { gtk_widget_get_visible(raw) != 0 }
        nonmutating set { gtk_widget_set_visible(raw, newValue ? 1 : 0) }
    }

    var sensitive: Bool {
        get { gtk_widget_get_sensitive(raw) != 0 }
        nonmutating set { gtk_widget_set_sensitive(raw, newValue ? 1 : 0) }
    }

    var opacity: Double {
        get { gtk_widget_get_opacity(raw) }
        nonmutating set { gtk_widget_set_opacity(raw, newValue) }
    }

    /// Whether the widget receives pointer events (false lets clicks through to what is below).
    var canTarget: Bool {
        get { gtk_widget_get_can_target(raw) != 0 }
        nonmutating set { gtk_widget_set_can_target(raw, newValue ? 1 : 0) }
    }

    func css(_ name: String, _ on: Bool = true) {
        if on { gtk_widget_add_css_class(raw, name) } else { gtk_widget_remove_css_class(raw, name) }
    }

    func hasCSS(_ name: String) -> Bool { gtk_widget_has_css_class(raw, name) != 0 }

    /// Makes a button (any GtkActionable) activate "scope.name"; it is sensitive while the action
    /// is enabled.
    func actionName(_ name: String) { gtk_actionable_set_action_name(OpaquePointer(raw), name) }

    @discardableResult
    func expand(h: Bool? = nil, v: Bool? = nil) -> Widget {
        if let h { gtk_widget_set_hexpand(raw, h ? 1 : 0) }
        if let v { gtk_widget_set_vexpand(raw, v ? 1 : 0) }
        return self
    }

    @discardableResult
    func align(h: Align? = nil, v: Align? = nil) -> Widget {
        if let h { gtk_widget_set_halign(raw, h.gtk) }
        if let v { gtk_widget_set_valign(raw, v.gtk) }
        return self
    }

    func margin(bottom m: Int32) { gtk_widget_set_margin_bottom(raw, m) }
    @discardableResult
    func margins(_ m: Int32) -> Widget {
        gtk_widget_set_margin_top(raw, m)
        gtk_widget_set_margin_bottom(raw, m)
        gtk_widget_set_margin_start(raw, m)
        gtk_widget_set_margin_end(raw, m)
        return self
    }

    func sizeRequest(width: Int32 = -1, height: Int32 = -1) { gtk_widget_set_size_request(raw, width, height) }

    /// GTK 4.8 asks the display server where the pointer is (a round trip) whenever a visible
    /// widget gets a tooltip, so a new row's button cost a round trip each. A widget not on screen
    /// yet has no tooltip showing to update: it takes the text while hidden, for nothing.
    func tooltip(_ text: String?) {
        let quietly = gtk_widget_get_visible(raw) != 0 && gtk_widget_get_mapped(raw) == 0
        if quietly { gtk_widget_set_visible(raw, 0) }
        gtk_widget_set_tooltip_text(raw, text)
        if quietly { gtk_widget_set_visible(raw, 1) }
    }
    /// On screen: the widget and every parent shown (a page the stack does not show is not).
    var isMapped: Bool { gtk_widget_get_mapped(raw) != 0 }
    var tooltipText: String? { gtk_widget_get_tooltip_text(raw).map { String(cString: $0) } }

    /// The name a screen reader announces.
    func accessibleLabel(_ text: String) { shopper_accessible_set_label(raw, text) }
    /// The label property alone names it, not also the label it shows (see the shim).
    func accessibleLabelOnly(_ text: String) {
        shopper_accessible_reset_labelled_by(raw)
        shopper_accessible_set_label(raw, text)
    }
    func accessibleDescription(_ text: String) { shopper_accessible_set_description(raw, text) }
    func accessibleLabelled(by label: Widget) { shopper_accessible_set_labelled_by(raw, label.raw) }

    @discardableResult
    func grabFocus() -> Bool { gtk_widget_grab_focus(raw) != 0 }
    /// What Enter or Space on it does (a button's click), as the keyboard does it.
    func activate() { gtk_widget_activate(raw) }
    /// Activates one of the widget's own actions ("text.undo"); false when it has none of that name
    /// enabled.
    @discardableResult
    func activateAction(_ name: String) -> Bool { gtk_widget_activate_action_variant(raw, name, nil) != 0 }
    var parent: Widget? { gtk_widget_get_parent(raw).map(Widget.init) }
    var firstChild: Widget? { gtk_widget_get_first_child(raw).map(Widget.init) }
    var nextSibling: Widget? { gtk_widget_get_next_sibling(raw).map(Widget.init) }
    /// The widget or one of its descendants has keyboard focus.
    var containsFocus: Bool { gtk_widget_has_focus(raw) != 0 || gtk_widget_get_focus_child(raw) != nil }
    var hasFocus: Bool { gtk_widget_has_focus(raw) != 0 }
    func focusable(_ on: Bool) { gtk_widget_set_focusable(raw, on ? 1 : 0) }
    var isFocusable: Bool { gtk_widget_get_focusable(raw) != 0 }

    /// Focuses the first widget inside this one that takes the keyboard, in Tab's order.
    @discardableResult
    func focusFirstChild() -> Bool { gtk_widget_child_focus(raw, GTK_DIR_TAB_FORWARD) != 0 }

    /// Moves keyboard focus from inside this widget to the next (or previous) widget outside it, in
    /// the window's own order. GTK 4.8's list view keeps Tab inside itself (4.12 added
    /// `tab-behavior`): it is left out of the traversal for the one move.
    func moveFocusOut(forward: Bool) {
        guard let root = gtk_widget_get_root(raw) else { return }
        let rootWidget = Widget(unsafe: UnsafeMutableRawPointer(root))
        gtk_widget_set_can_focus(raw, 0)
        _ = gtk_widget_child_focus(rootWidget.raw, forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD)
        gtk_widget_set_can_focus(raw, 1)
    }

    func add(_ controller: EventController) { gtk_widget_add_controller(raw, controller.raw) }

    /// Calls `f` with true when the pointer comes over this widget or the keyboard focus comes into
    /// it (a child included), and with false once both have left: what a person reaching for it does.
    func onHeld(_ f: @escaping @MainActor (Bool) -> Void) {
        let motion = EventController(raw: gtk_event_controller_motion_new()!)
        let focus = EventController(raw: gtk_event_controller_focus_new()!)
        let report: @MainActor (gpointer?) -> Void = { _ in
            f(gtk_event_controller_motion_contains_pointer(motion.raw) != 0
              || gtk_event_controller_focus_contains_focus(focus.raw) != 0)
        }
        motion.onPointer("notify::contains-pointer", report)
        focus.onPointer("notify::contains-focus", report)
        add(motion)
        add(focus)
    }

    var width: Int32 { gtk_widget_get_width(raw) }
    /// The narrowest the widget can be laid out (gtk_widget_measure).
    var minimumWidth: Int32 {
        var minimum: Int32 = 0
        gtk_widget_measure(raw, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        return minimum
    }
    var height: Int32 { gtk_widget_get_height(raw) }
    /// The lowest the widget can be at `width` (gtk_widget_measure): a window whose content asks for
    /// more grows past the screen it is on.
    func minimumHeight(forWidth width: Int32 = -1) -> Int32 {
        var minimum: Int32 = 0
        gtk_widget_measure(raw, GTK_ORIENTATION_VERTICAL, width, &minimum, nil, nil, nil)
        return minimum
    }

    /// The widget's bounds on its window's surface (what a snapshot or screenshot of the window shows,
    /// client-side decoration margins included).
    func surfaceBounds() -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let native = gtk_widget_get_native(raw) else { return nil }
        let nativeWidget = Widget(unsafe: UnsafeMutableRawPointer(native))
        guard let b = bounds(in: nativeWidget) else { return nil }
        var sx = 0.0, sy = 0.0
        gtk_native_get_surface_transform(native, &sx, &sy)
        return (b.x + sx, b.y + sy, b.width, b.height)
    }

    /// The widget's bounds in `ancestor`'s coordinates, nil when not laid out below it.
    func bounds(in ancestor: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        var r = graphene_rect_t()
        guard gtk_widget_compute_bounds(raw, ancestor.raw, &r) != 0 else { return nil }
        return (Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
    }
}

/// A GtkEventController (click gesture, key controller). Owned by the widget it is added to.
@MainActor
struct EventController: SignalSource {
    let raw: OpaquePointer
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(UnsafeMutableRawPointer(raw)) }

    static func click() -> EventController { EventController(raw: gtk_gesture_click_new()!) }
    static func key() -> EventController { EventController(raw: gtk_event_controller_key_new()!) }
    /// The pointer's moves over a widget ("motion" with x, y; "leave").
    static func motion() -> EventController { EventController(raw: gtk_event_controller_motion_new()!) }
    /// A swipe of a finger on a touchscreen (the pointer drags rows instead).
    static func touchSwipe() -> EventController {
        let c = EventController(raw: gtk_gesture_swipe_new()!)
        gtk_gesture_single_set_touch_only(c.raw, 1)
        return c
    }

    /// Which mouse button a click gesture listens to (1 left, 3 right).
    func button(_ n: UInt32) { gtk_gesture_single_set_button(raw, n) }

    /// Capture runs before the target's own handlers (used for row-level shortcuts).
    func phase(_ p: GtkPropagationPhase) { gtk_event_controller_set_propagation_phase(raw, p) }
}
