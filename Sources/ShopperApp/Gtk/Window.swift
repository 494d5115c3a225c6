import CGtk

/// A top-level GtkApplicationWindow. GTK owns windows until `destroy()`.
@MainActor struct Window: SignalSource {
    let widget: Widget
    var gobject: UnsafeMutablePointer<GObject> { widget.gobject }
    private var ptr: UnsafeMutablePointer<GtkWindow> { widget.typedPointer() }

    /// An AdwApplicationWindow: no separate title bar; the header bar is part of its content.
    init(application: Application) {
        widget = Widget(adw_application_window_new(application.raw)!)
    }

    init(wrapping w: Widget) { widget = w }

    /// A plain window with no application (dialogs, tests).
    init() { widget = Widget(gtk_window_new()!) }

    var title: String {
        get { gtk_window_get_title(ptr).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_window_set_title(ptr, newValue) }
    }
    func defaultSize(_ w: Int32, _ h: Int32) { gtk_window_set_default_size(ptr, w, h) }
    /// The size asked for (as the user resized it), not waiting for the next allocation.
    var defaultWidth: Int32 { askedSize.width }
    var defaultHeight: Int32 { askedSize.height }
    private var askedSize: (width: Int32, height: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        gtk_window_get_default_size(ptr, &w, &h)
        return (w, h)
    }
    func child(_ w: Widget) { gtk_window_set_child(ptr, w.raw) }
    /// The content of an AdwApplicationWindow (header bar included).
    func content(_ w: Widget) { adw_application_window_set_content(widget.typedPointer(), w.raw) }
    func minimumSize(_ w: Int32, _ h: Int32) { gtk_widget_set_size_request(widget.raw, w, h) }
    func present() { gtk_window_present(ptr) }
    /// Whether the window has the keyboard focus of the desktop.
    var isActive: Bool { gtk_window_is_active(ptr) != 0 }
    /// Asks the window to close, as its close button would.
    func close() { gtk_window_close(ptr) }
    func transient(for parent: Window) { gtk_window_set_transient_for(ptr, parent.widget.typedPointer()) }
    func modal(_ on: Bool) { gtk_window_set_modal(ptr, on ? 1 : 0) }
    /// What Enter activates when the focused widget does not take it (a dialog's main button).
    func defaultWidget(_ w: Widget) { gtk_window_set_default_widget(widget.typedPointer(), w.raw) }
    /// Called when the user closes the window; return true to keep it open.
    func onCloseRequest(_ f: @escaping @MainActor () -> Bool) { widget.onBool("close-request", f) }
    func destroy() { gtk_window_destroy(ptr) }

    /// The text field that has the keyboard focus, if one has: the GtkText inside an entry or a
    /// search field, or a text view.
    var focusedTextField: Widget? {
        guard let focus = gtk_root_get_focus(OpaquePointer(ptr)), shopper_is_text_widget(focus) != 0 else { return nil }
        return Widget(focus)
    }

    /// Calls `f` with the size the window has on screen each time it changes, from when it is
    /// first shown: its surface less the client-side shadow around it. Unlike `defaultWidth`, this
    /// follows a window the desktop maximizes, tiles or puts full screen (a phone's shell maximizes
    /// every window as it maps), where GTK keeps the size last asked for.
    func onShownSize(_ f: @escaping @MainActor (_ width: Int32, _ height: Int32) -> Void) {
        widget.on("realize") { [widget] in
            guard let native = gtk_widget_get_native(widget.raw), let surface = gtk_native_get_surface(native) else {
                return
            }
            let report = {
                var sx = 0.0, sy = 0.0
                gtk_native_get_surface_transform(native, &sx, &sy)
                // The shadow is as wide left as right; a little taller below than above.
                f(gdk_surface_get_width(surface) - 2 * Int32(sx), gdk_surface_get_height(surface) - 2 * Int32(sy))
            }
            let source = Surface(raw: surface)
            source.onPointer("notify::width") { _ in report() }
            source.onPointer("notify::height") { _ in report() }
        }
    }

    /// See `Widget.afterFirstFrame`.
    @discardableResult
    func afterFirstFrame(_ f: @escaping @MainActor () -> Void) -> SignalToken { widget.afterFirstFrame(f) }
    /// See `Widget.afterNextFrame`.
    func afterNextFrame(_ f: @escaping @MainActor (_ frameWork: Int64) -> Void) { widget.afterNextFrame(f) }
}

extension Widget {
    /// Calls `f` once, after the first frame that shows the widget has been drawn (the frame
    /// clock's first `after-paint` once it is mapped). The `map` handler goes once it has run: a
    /// widget mapped again (shown after hiding) must not call `f` again, nor keep the closure alive.
    @discardableResult
    func afterFirstFrame(_ f: @escaping @MainActor () -> Void) -> SignalToken {
        afterFirstFrame(work: { _ in f() })
    }

    /// As `afterFirstFrame`, with that frame's own work (µs), as `afterNextFrame` gives it.
    @discardableResult
    func afterFirstFrame(work f: @escaping @MainActor (_ frameWork: Int64) -> Void) -> SignalToken {
        var token: SignalToken?
        token = on("map") {
            token?.disconnect()
            token = nil
            afterNextFrame(f)
        }
        return token!
    }

    /// Calls `f` once the next frame has been drawn (after-paint), asking for one. `f` gets how long
    /// that frame's own work took (before-paint to after-paint, µs): the wait for the frame clock's
    /// tick is not work.
    func afterNextFrame(_ f: @escaping @MainActor (_ frameWork: Int64) -> Void) {
        guard let clock = gtk_widget_get_frame_clock(raw) else { return f(0) }
        var started: Int64?
        var begin: SignalToken?, end: SignalToken?
        begin = FrameClock(raw: clock).on("before-paint") {
            started = Clock.now
            begin?.disconnect()
            begin = nil
        }
        end = FrameClock(raw: clock).on("after-paint") {
            end?.disconnect()
            end = nil
            begin?.disconnect()
            begin = nil
            f(started.map { Clock.now - $0 } ?? 0)
        }
        gtk_widget_queue_draw(raw)
    }
}

/// The monotonic clock GLib and the frame clock use, in microseconds.
@MainActor enum Clock {
    static var now: Int64 { Int64(g_get_monotonic_time()) }
}

@MainActor struct Surface: SignalSource {
    let raw: OpaquePointer
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(UnsafeMutableRawPointer(raw)) }
}

@MainActor struct FrameClock: SignalSource {
    let raw: OpaquePointer
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(UnsafeMutableRawPointer(raw)) }
}
