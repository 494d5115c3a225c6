import CGtk

/// A top-level GtkApplicationWindow. GTK owns windows until `destroy()`.
@MainActor struct Window: SignalSource {
    let widget: Widget
    var gobject: UnsafeMutablePointer<GObject> { widget.gobject }
    private var ptr: UnsafeMutablePointer<GtkWindow> { widget.typedPointer() }

    init(application: Application) {
        widget = Widget(gtk_application_window_new(application.raw)!)
    }

    init(wrapping w: Widget) { widget = w }

    /// A plain window with no application (dialogs, tests).
    init() { widget = Widget(gtk_window_new()!) }

    var title: String {
        get { gtk_window_get_title(ptr).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_window_set_title(ptr, newValue) }
    }
    func defaultSize(_ w: Int32, _ h: Int32) { gtk_window_set_default_size(ptr, w, h) }
    func titlebar(_ w: Widget) { gtk_window_set_titlebar(ptr, w.raw) }
    func child(_ w: Widget) { gtk_window_set_child(ptr, w.raw) }
    func present() { gtk_window_present(ptr) }
    /// Asks the window to close, as its close button would.
    func close() { gtk_window_close(ptr) }
    func transient(for parent: Window) { gtk_window_set_transient_for(ptr, parent.widget.typedPointer()) }
    func modal(_ on: Bool) { gtk_window_set_modal(ptr, on ? 1 : 0) }
    /// Called when the user closes the window; return true to keep it open.
    func onCloseRequest(_ f: @escaping @MainActor () -> Bool) { widget.onBool("close-request", f) }
    func destroy() { gtk_window_destroy(ptr) }

    /// Calls `f` once, after the first frame has been drawn (the frame clock's first `after-paint`).
    func afterFirstFrame(_ f: @escaping @MainActor () -> Void) {
        widget.on("map") {
            guard let clock = gtk_widget_get_frame_clock(widget.raw) else { return }
            var token: SignalToken?
            token = FrameClock(raw: clock).on("after-paint") {
                token?.disconnect()
                token = nil
                f()
            }
        }
    }
}

@MainActor struct FrameClock: SignalSource {
    let raw: OpaquePointer
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(UnsafeMutableRawPointer(raw)) }
}
