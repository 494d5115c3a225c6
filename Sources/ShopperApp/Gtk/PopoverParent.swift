import CGtk

extension Widget {
    /// Parents a popover to `parent` for as long as the parent lives. GTK removes only the
    /// children a widget knows as its own: a popover parented by hand must be unparented before its
    /// parent is finalized, or the parent is finalized with a child left (and the popover leaks).
    /// Some parents (GtkOverlay) unparent every child themselves, so this looks first.
    func attachPopover(to parent: Widget) {
        gtk_widget_set_parent(raw, parent.raw)
        let held = HeldWidget(self)
        parent.on("destroy") {
            if gtk_widget_get_parent(held.widget.raw) != nil { gtk_widget_unparent(held.widget.raw) }
        }
    }
}

/// A reference of our own to a widget, so a handler that runs late never sees a freed one.
@MainActor final class HeldWidget {
    let widget: Widget
    init(_ widget: Widget) {
        self.widget = widget
        g_object_ref(UnsafeMutableRawPointer(widget.raw))
    }
    isolated deinit { g_object_unref(UnsafeMutableRawPointer(widget.raw)) }
}
