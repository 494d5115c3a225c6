import CGtk

/// Drag a string (an item's identity) from a widget, drop it on another.
@MainActor
enum DragAndDrop {
    private typealias Prepare = @MainActor (Double, Double) -> String?
    private typealias Drop = @MainActor (String, Double, Double) -> Bool
    private typealias Ended = @MainActor () -> Void

    private static let prepareTrampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gpointer? = {
        _, x, y, data in
        let b: ClosureBox<Prepare> = box(data)
        guard let text = MainActor.assumeIsolated({ b.call(x, y) }) else { return nil }
        var value = GValue()
        g_value_init(&value, shopper_type_string())
        g_value_set_string(&value, text)
        defer { g_value_unset(&value) }
        return UnsafeMutableRawPointer(gdk_content_provider_new_for_value(&value))
    }

    private static let dropTrampoline:
        @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = {
            _, value, x, y, data in
        let b: ClosureBox<Drop> = box(data)
        guard let value, let s = g_value_get_string(value) else { return 0 }
        let text = String(cString: s)
        return MainActor.assumeIsolated { b.call(text, x, y) } ? 1 : 0
    }

    /// GtkDragSource::drag-end is (source, drag, delete_data, user_data): one argument more than
    /// the generic pointer trampoline takes, so it has its own.
    private static let endTrampoline: @convention(c) (gpointer?, gpointer?, gboolean, gpointer?) -> Void = {
        _, _, _, data in
        let b: ClosureBox<Ended> = box(data)
        MainActor.assumeIsolated { b.call() }
    }

    /// Makes `widget` draggable; `prepare` gives the payload for a drag starting at (x, y), or nil.
    static func source(on widget: Widget, prepare: @escaping @MainActor (Double, Double) -> String?,
                       began: @escaping @MainActor () -> Void, ended: @escaping @MainActor () -> Void) {
        let src = gtk_drag_source_new()!
        gtk_drag_source_set_actions(src, GDK_ACTION_MOVE)
        let obj = GObjectRef(src)
        _ = connectSignal(
            obj.gobject, "prepare", unsafeBitCast(prepareTrampoline, to: GCallback.self), prepare as Prepare)
        obj.onPointer("drag-begin") { _ in began() }
        _ = connectSignal(obj.gobject, "drag-end", unsafeBitCast(endTrampoline, to: GCallback.self), ended as Ended)
        widget.add(EventController(raw: src))
    }

    /// Accepts dropped strings on `widget`; `drop` gets the payload and the point, returns success.
    static func target(on widget: Widget, drop: @escaping @MainActor (String, Double, Double) -> Bool) {
        let t = gtk_drop_target_new(shopper_type_string(), GDK_ACTION_MOVE)!
        _ = connectSignal(
            GObjectRef(t).gobject, "drop", unsafeBitCast(dropTrampoline, to: GCallback.self), drop as Drop)
        widget.add(EventController(raw: t))
    }
}
