import CGtk

/// Typed handles for the widgets the app uses. Each wraps a `Widget`; constructors return floating
/// widgets that their parent sinks when they are added.

@MainActor struct Label {
    let widget: Widget
    init(_ text: String = "") { widget = Widget(gtk_label_new(text)!) }
    init(wrapping w: Widget) { widget = w }
    private var ptr: OpaquePointer { widget.opaque }

    var text: String {
        get { String(cString: gtk_label_get_text(ptr)) }
        nonmutating set { gtk_label_set_text(ptr, newValue) }
    }
    func markup(_ m: String) { gtk_label_set_markup(ptr, m) }

    func wrap(_ on: Bool = true) {
        gtk_label_set_wrap(ptr, on ? 1 : 0)
        gtk_label_set_wrap_mode(ptr, PANGO_WRAP_WORD_CHAR)
    }
    func ellipsize() { gtk_label_set_ellipsize(ptr, PANGO_ELLIPSIZE_END) }
    /// Asks for the width of its text on one line, so it wraps only where that is not available
    /// (GTK's default asks for a width that looks balanced, and wraps even where there is room).
    func asksForOneLine() { gtk_label_set_natural_wrap_mode(ptr, GTK_NATURAL_WRAP_NONE) }
    /// At most `n` lines; with `ellipsize()`, the last one ends in "…".
    func lines(_ n: Int32) { gtk_label_set_lines(ptr, n) }
    func justify(_ j: Justification) { gtk_label_set_justify(ptr, j.gtk) }
    func xalign(_ x: Float) { gtk_label_set_xalign(ptr, x) }
    func maxWidthChars(_ n: Int32) { gtk_label_set_max_width_chars(ptr, n) }
    /// The narrowest a wrapping label may be, in characters (else a word).
    func widthChars(_ n: Int32) { gtk_label_set_width_chars(ptr, n) }

    /// GTK cut the text short with "…": the label is smaller than its text.
    var isCut: Bool { pango_layout_is_ellipsized(gtk_label_get_layout(ptr)) != 0 }
    var lineCount: Int { Int(pango_layout_get_line_count(gtk_label_get_layout(ptr))) }
}

/// A line of text inscribed in the space it is given (GtkInscription, GTK 4.8): its size comes from
/// font metrics, never from its text, so a list row that shows new text is not measured again.
/// Long text ends in "…". For the texts of list rows, which GTK binds by the hundred while scrolling.
@MainActor struct Inscription {
    let widget: Widget
    /// As tall as a line of its font, at least three characters wide and asking for no more (GTK's
    /// defaults): the row, not the text, decides how wide it is.
    init() {
        widget = Widget(gtk_inscription_new(nil)!)
        gtk_inscription_set_text_overflow(ptr, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
        // GTK 4.8 drops a widget's PangoContext as the widget leaves its window, and makes a new
        // one when next asked, which it then keeps up with the widget's style (a header's bold, a
        // note's size, the text size setting). A GtkInscription lays out with the context it was
        // made with to the end: once its row had been through the list page's pool, it drew in
        // the font of whatever the row showed before. The inscription's own context is given back
        // to the widget, under GTK's own key, the moment GTK lets it go, so that GTK keeps that
        // one up to date wherever the widget is put back. (The layout holds the context as long as
        // the widget lives.)
        let raw = widget.raw, object = widget.gobject,
            context = UnsafeMutableRawPointer(gtk_widget_get_pango_context(raw))
        widget.onPointer("notify::root") { _ in
            guard gtk_widget_get_root(raw) == nil, g_object_get_qdata(object, Self.contextKey) == nil else { return }
            g_object_set_qdata_full(object, Self.contextKey, g_object_ref(context)) { g_object_unref($0) }
        }
    }
    private var ptr: OpaquePointer { widget.opaque }
    /// The key GtkWidget keeps its PangoContext under (gtkwidget.c, `quark_pango_context`).
    private static let contextKey = g_quark_from_string("gtk-pango-context")

    var text: String {
        get { gtk_inscription_get_text(ptr).map { String(cString: $0) } ?? "" }
        nonmutating set {
            gtk_inscription_set_text(ptr, newValue)
            // Markup set before leaves its attributes behind (highlights of another row's text).
            gtk_inscription_set_attributes(ptr, nil)
        }
    }

    /// Shows `text` with `ranges` highlighted (search matches); plain text when there are none.
    func highlighted(_ text: String, _ ranges: [Range<String.Index>]) {
        guard !ranges.isEmpty else { self.text = text; return }
        var markup = "", at = text.startIndex
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where r.lowerBound >= at {
            markup += Markup.escape(text[at..<r.lowerBound])
            markup += "<span background=\"#f6d32d99\" weight=\"bold\">" + Markup.escape(text[r]) + "</span>"
            at = r.upperBound
        }
        gtk_inscription_set_markup(ptr, markup + Markup.escape(text[at...]))
    }
}

@MainActor struct Button {
    let widget: Widget
    init(label: String) { widget = Widget(gtk_button_new_with_label(label)!) }
    init(icon: String, accessibleLabel: String) {
        widget = Widget(gtk_button_new_from_icon_name(icon)!)
        widget.accessibleLabel(accessibleLabel)
        widget.tooltip(accessibleLabel)
    }
    func onClicked(_ f: @escaping @MainActor () -> Void) { widget.on("clicked", f) }
    var label: String {
        get { gtk_button_get_label(widget.typedPointer()).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_button_set_label(widget.typedPointer(), newValue) }
    }

    /// Lets a label button's text break onto a second line, centred, where the button is given less
    /// than its width: a long label ("200000 Artikel hinzufügen") then no longer sets the narrowest
    /// its window can be (wider than a phone). GTK keeps the label for each new text.
    func wrapsLabel() {
        guard let child = gtk_button_get_child(widget.typedPointer()),
            g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(child)), gtk_label_get_type())
                != 0
        else { return }
        // By word: the narrowest is its longest word, never a letter a line.
        gtk_label_set_wrap(OpaquePointer(child), 1)
        gtk_label_set_wrap_mode(OpaquePointer(child), PANGO_WRAP_WORD)
        gtk_label_set_justify(OpaquePointer(child), GTK_JUSTIFY_CENTER)
    }
}

@MainActor struct CheckButton {
    let widget: Widget
    init() { widget = Widget(gtk_check_button_new()!) }
    init(label: String) { widget = Widget(gtk_check_button_new_with_label(label)!) }
    func onToggled(_ f: @escaping @MainActor () -> Void) { widget.on("toggled", f) }
    private var ptr: UnsafeMutablePointer<GtkCheckButton> { widget.typedPointer() }
    var active: Bool {
        get { gtk_check_button_get_active(ptr) != 0 }
        nonmutating set { gtk_check_button_set_active(ptr, newValue ? 1 : 0) }
    }
}

@MainActor struct Box {
    let widget: Widget
    init(_ orientation: Orientation, spacing: Int32 = 0) { widget = Widget(gtk_box_new(orientation.gtk, spacing)!) }
    private var ptr: UnsafeMutablePointer<GtkBox> { widget.typedPointer() }
    func append(_ child: Widget) { gtk_box_append(ptr, child.raw) }
    func remove(_ child: Widget) { gtk_box_remove(ptr, child.raw) }
    func insert(_ child: Widget, after sibling: Widget) { gtk_box_insert_child_after(ptr, child.raw, sibling.raw) }
    func removeAll() { while let child = widget.firstChild { remove(child) } }
}

@MainActor struct Overlay {
    let widget: Widget
    init() { widget = Widget(gtk_overlay_new()!) }
    private var ptr: OpaquePointer { widget.opaque }
    func child(_ w: Widget) { gtk_overlay_set_child(ptr, w.raw) }
    func addOverlay(_ w: Widget) { gtk_overlay_add_overlay(ptr, w.raw) }
}

@MainActor struct ScrolledWindow {
    let widget: Widget
    init() {
        widget = Widget(gtk_scrolled_window_new()!)
        gtk_scrolled_window_set_policy(ptr, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }
    private var ptr: OpaquePointer { widget.opaque }
    func child(_ w: Widget) { gtk_scrolled_window_set_child(ptr, w.raw) }

    /// As tall as its content, up to `maxHeight`, then scrolling (a list in a dialog).
    func fitContent(maxHeight: Int32) {
        gtk_scrolled_window_set_propagate_natural_height(ptr, 1)
        gtk_scrolled_window_set_max_content_height(ptr, maxHeight)
    }

    /// Vertical scroll position, and how far it can go.
    var scrollOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(ptr)) }
        nonmutating set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(ptr), newValue) }
    }
    /// How much of the content shows at a time.
    var pageSize: Double { gtk_adjustment_get_page_size(gtk_scrolled_window_get_vadjustment(ptr)) }
    var maxScrollOffset: Double {
        let a = gtk_scrolled_window_get_vadjustment(ptr)
        return gtk_adjustment_get_upper(a) - gtk_adjustment_get_page_size(a)
    }
}

/// Fades its child in and out (crossfade), for the empty-state explanation.
@MainActor struct Revealer {
    let widget: Widget
    init(durationMS: UInt32) {
        widget = Widget(gtk_revealer_new()!)
        gtk_revealer_set_transition_type(ptr, GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        gtk_revealer_set_transition_duration(ptr, durationMS)
    }
    private var ptr: OpaquePointer { widget.opaque }
    func child(_ w: Widget) { gtk_revealer_set_child(ptr, w.raw) }
    var revealed: Bool {
        get { gtk_revealer_get_reveal_child(ptr) != 0 }
        nonmutating set { gtk_revealer_set_reveal_child(ptr, newValue ? 1 : 0) }
    }
    /// True once a fade-in has finished, false once a fade-out has.
    var childRevealed: Bool { gtk_revealer_get_child_revealed(ptr) != 0 }
    func duration(_ ms: UInt32) { gtk_revealer_set_transition_duration(ptr, ms) }
}

/// A header-bar button that opens a menu (see `MenuButton(icon:accessibleLabel:menu:)`).
@MainActor struct MenuButton {
    let widget: Widget
    func popdown() { gtk_menu_button_popdown(widget.opaque) }
}

/// Progress of a long task: a fraction, or a pulse when how far it is cannot be known.
@MainActor struct ProgressBar {
    let widget: Widget
    init() {
        widget = Widget(gtk_progress_bar_new()!)
        gtk_progress_bar_set_show_text(ptr, 1)
    }
    private var ptr: OpaquePointer { widget.opaque }
    var fraction: Double {
        get { gtk_progress_bar_get_fraction(ptr) }
        nonmutating set { gtk_progress_bar_set_fraction(ptr, newValue) }
    }
    func text(_ t: String) { gtk_progress_bar_set_text(ptr, t) }
    func pulse() { gtk_progress_bar_pulse(ptr) }
}

/// A turning wheel: work under way whose length is not known (a page being read).
@MainActor struct Spinner {
    let widget: Widget
    init() {
        widget = Widget(gtk_spinner_new()!)
        gtk_spinner_start(widget.opaque)
    }
}

/// An icon by its theme name (a symbolic one takes the text's colour).
@MainActor struct Image {
    let widget: Widget
    init(icon: String) { widget = Widget(gtk_image_new_from_icon_name(icon)!) }
}
