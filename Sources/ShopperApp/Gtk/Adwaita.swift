import CGtk

// Typed handles for the libadwaita 1.2 widgets of the window shell. Like the GTK ones, each wraps a
// `Widget`; constructors return floating widgets that their parent sinks.

/// Pages with titles and icons, switched by an `AdwViewSwitcherTitle` in the header on a wide
/// window and an `AdwViewSwitcherBar` at the bottom on a narrow one.
@MainActor struct ViewStack {
    let widget: Widget
    init() { widget = Widget(adw_view_stack_new()!) }
    private var ptr: OpaquePointer { widget.opaque }

    /// An empty place for a page built later, named by its title for screen readers (and the
    /// harness), as a GtkStack's pages are.
    func addPlace(name: String, title: String, icon: String) -> Box {
        let place = Box(.vertical)
        place.widget.expand(h: true, v: true)
        add(place.widget, name: name, title: title, icon: icon)
        place.widget.accessibleLabel(title)
        return place
    }

    /// The bottom switcher shows when the header's does not fit (a narrow window).
    static func showBar(_ bar: ViewSwitcherBar, whenNoRoomFor title: ViewSwitcherTitle) {
        bar.reveal = title.titleVisible
        title.onTitleVisibleChanged { [bar] visible in bar.reveal = visible }
    }

    func add(_ child: Widget, name: String, title: String, icon: String) {
        adw_view_stack_add_titled(ptr, child.raw, name, title)
        adw_view_stack_page_set_icon_name(adw_view_stack_get_page(ptr, child.raw), icon)
    }
    var visibleName: String {
        get { adw_view_stack_get_visible_child_name(ptr).map { String(cString: $0) } ?? "" }
        nonmutating set { adw_view_stack_set_visible_child_name(ptr, newValue) }
    }
    func onPageChanged(_ f: @escaping @MainActor () -> Void) { widget.onPointer("notify::visible-child") { _ in f() } }
}

/// The header's title: the view switcher when there is room, else the window title (and then the
/// bottom bar shows the switcher).
@MainActor struct ViewSwitcherTitle {
    let widget: Widget
    init(stack: ViewStack, title: String) {
        self.init(title: title)
        switchPages(of: stack)
    }
    /// The title alone until `switchPages(of:)`: libadwaita 1.2 makes two switchers of templated
    /// buttons as soon as it has a stack, and maps the wide one when the window first shows.
    init(title: String) {
        widget = Widget(adw_view_switcher_title_new()!)
        adw_view_switcher_title_set_title(ptr, title)
    }
    private var ptr: OpaquePointer { widget.opaque }
    func switchPages(of stack: ViewStack) { adw_view_switcher_title_set_stack(ptr, stack.widget.opaque) }
    /// The switchers' buttons are made (it has its stack).
    var hasButtons: Bool { adw_view_switcher_title_get_stack(ptr) != nil }
    func title(_ text: String) { adw_view_switcher_title_set_title(ptr, text) }
    func subtitle(_ text: String) { adw_view_switcher_title_set_subtitle(ptr, text) }
    var subtitleText: String { adw_view_switcher_title_get_subtitle(ptr).map { String(cString: $0) } ?? "" }
    /// True when the switcher did not fit and the plain title shows instead.
    var titleVisible: Bool { adw_view_switcher_title_get_title_visible(ptr) != 0 }
    func onTitleVisibleChanged(_ f: @escaping @MainActor (Bool) -> Void) {
        widget.onPointer("notify::title-visible") { _ in f(adw_view_switcher_title_get_title_visible(ptr) != 0) }
    }
}

/// Its buttons are made when it first shows (a narrow window): libadwaita 1.2 makes a templated
/// button for every page as soon as it has the stack, 1.9 ms of a wide window's first frame for a
/// bar that window never shows.
@MainActor struct ViewSwitcherBar {
    let widget: Widget
    private let stack: ViewStack
    init(stack: ViewStack) {
        widget = Widget(adw_view_switcher_bar_new()!)
        self.stack = stack
    }
    private var ptr: OpaquePointer { widget.opaque }
    var reveal: Bool {
        get { adw_view_switcher_bar_get_reveal(ptr) != 0 }
        nonmutating set {
            if newValue, adw_view_switcher_bar_get_stack(ptr) == nil {
                adw_view_switcher_bar_set_stack(ptr, stack.widget.opaque)
            }
            adw_view_switcher_bar_set_reveal(ptr, newValue ? 1 : 0)
        }
    }
    /// The page buttons are made (it has shown once).
    var hasButtons: Bool { adw_view_switcher_bar_get_stack(ptr) != nil }
}

@MainActor struct HeaderBar {
    let widget: Widget
    init() { widget = Widget(adw_header_bar_new()!) }
    private var ptr: OpaquePointer { widget.opaque }
    func titleWidget(_ w: Widget) { adw_header_bar_set_title_widget(ptr, w.raw) }
    func packStart(_ w: Widget) { adw_header_bar_pack_start(ptr, w.raw) }
    func packEnd(_ w: Widget) { adw_header_bar_pack_end(ptr, w.raw) }
    func showEndTitleButtons(_ on: Bool) { adw_header_bar_set_show_end_title_buttons(ptr, on ? 1 : 0) }
    func showStartTitleButtons(_ on: Bool) { adw_header_bar_set_show_start_title_buttons(ptr, on ? 1 : 0) }
}

/// Two children that sit side by side when there is room and one over the other (with a slide,
/// a swipe back and Alt+Left) when there is not.
@MainActor struct Leaflet {
    let widget: Widget
    init() {
        widget = Widget(adw_leaflet_new()!)
        adw_leaflet_set_can_navigate_back(ptr, 1)
    }
    private var ptr: OpaquePointer { widget.opaque }
    func append(_ child: Widget, name: String) {
        adw_leaflet_page_set_name(adw_leaflet_append(ptr, child.raw), name)
    }
    /// False keeps the children one over the other at every width.
    func canUnfold(_ on: Bool) { adw_leaflet_set_can_unfold(ptr, on ? 1 : 0) }
    var visibleName: String {
        get { adw_leaflet_get_visible_child_name(ptr).map { String(cString: $0) } ?? "" }
        nonmutating set { adw_leaflet_set_visible_child_name(ptr, newValue) }
    }
    var folded: Bool { adw_leaflet_get_folded(ptr) != 0 }
    func onFoldedChanged(_ f: @escaping @MainActor (Bool) -> Void) {
        widget.onPointer("notify::folded") { _ in f(adw_leaflet_get_folded(ptr) != 0) }
    }
    /// A line between two children, never shown alone when folded.
    func appendSeparator() {
        adw_leaflet_page_set_navigatable(adw_leaflet_append(ptr, gtk_separator_new(GTK_ORIENTATION_VERTICAL)), 0)
    }
    func onVisibleChanged(_ f: @escaping @MainActor () -> Void) {
        widget.onPointer("notify::visible-child") { _ in f() }
    }
}

/// Shows `AdwToast`s over its child.
@MainActor struct ToastOverlay {
    let widget: Widget
    init() { widget = Widget(adw_toast_overlay_new()!) }
    private var ptr: OpaquePointer { widget.opaque }
    func child(_ w: Widget) { adw_toast_overlay_set_child(ptr, w.raw) }

    /// The toasts shown now: every child but the overlaid content.
    var toastWidgets: [Widget] {
        let content = adw_toast_overlay_get_child(ptr)
        var out: [Widget] = []
        var c = gtk_widget_get_first_child(widget.raw)
        while let child = c {
            if child != content { out.append(Widget(unsafe: UnsafeMutableRawPointer(child))) }
            c = gtk_widget_get_next_sibling(child)
        }
        return out
    }

    /// Shows a toast; its title is plain text. Returns it so the caller can dismiss it early.
    /// `timeoutSeconds` 0: shown until dismissed.
    func show(_ title: String, button: String?, timeoutSeconds: UInt32,
              onButton: @escaping @MainActor () -> Void, onDismissed: @escaping @MainActor () -> Void) -> Toast {
        let toast = adw_toast_new("")!
        adw_toast_set_timeout(toast, timeoutSeconds)
        let handle = Toast(raw: toast, title: Self.title())
        handle.update(title: title, button: button)
        handle.on("button-clicked", onButton)
        handle.on("dismissed", onDismissed)
        // The overlay takes the toast's reference.
        adw_toast_overlay_add_toast(ptr, toast)
        return handle
    }

    /// libadwaita 1.2's own title is one line cut with "…": on a phone, beside "Rückgängig", that
    /// leaves a word or two. This one is a line where there is room and wraps where there is not,
    /// to two lines: a third would spill out of the toast's pill, whose height is fixed.
    private static func title() -> Label {
        let label = Label()
        label.wrap()
        label.asksForOneLine()
        label.lines(2)
        label.ellipsize()
        label.xalign(0)
        label.widget.css("heading", true)
        return label
    }
}

/// Holds a reference of its own: the overlay drops its reference once a toast is dismissed, and a
/// handle kept after that must not point at a freed object.
@MainActor final class Toast: SignalSource {
    let raw: OpaquePointer
    private let title: Label
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(UnsafeMutableRawPointer(raw)) }
    init(raw: OpaquePointer, title: Label) {
        self.raw = raw
        self.title = title
        g_object_ref(UnsafeMutableRawPointer(raw))
        adw_toast_set_custom_title(raw, title.widget.raw)
    }
    isolated deinit { g_object_unref(UnsafeMutableRawPointer(raw)) }
    func dismiss() { adw_toast_dismiss(raw) }
    /// Changes what a shown toast says; a nil button hides its button.
    func update(title: String, button: String?) {
        self.title.text = title
        adw_toast_set_button_label(raw, button)
    }

    /// At most about `chars` characters a line (nil: as wide as the message). libadwaita 1.2 gives a
    /// toast the height its title asks for at its natural width: a title that asks for one long
    /// line got one line's height, and a third line in a narrow window spilled out of the toast.
    /// A narrower natural width makes it ask for the lines it will take.
    func limitTitle(chars: Int32?) {
        title.maxWidthChars(chars ?? -1)
        title.lines(chars == nil ? 2 : 4)
    }
}

/// libadwaita's light and dark: follows the desktop (the settings portal, or
/// ADW_DEBUG_COLOR_SCHEME in tests) both ways, live.
@MainActor enum StyleManager {
    private static var manager: OpaquePointer { adw_style_manager_get_default() }
    static var isDark: Bool { adw_style_manager_get_dark(manager) != 0 }
    static func onDarkChanged(_ f: @escaping @MainActor (Bool) -> Void) {
        GObjectRef(manager).onPointer("notify::dark") { _ in f(adw_style_manager_get_dark(manager) != 0) }
    }
    /// For tests: force light or dark, or follow the desktop again (nil).
    static func force(dark: Bool?) {
        adw_style_manager_set_color_scheme(
            manager,
            dark.map { $0 ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT } ?? ADW_COLOR_SCHEME_DEFAULT)
    }
}

/// Pango markup from plain text, by GLib's own escaping.
enum Markup {
    static func escape<S: StringProtocol>(_ text: S) -> String {
        let p = g_markup_escape_text(String(text), -1)!
        defer { g_free(p) }
        return String(cString: p)
    }
}
