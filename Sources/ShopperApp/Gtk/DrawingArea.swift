import CGtk

/// A GtkDrawingArea drawn by a Swift closure with cairo, and the theme's colours to draw in.
@MainActor
struct DrawingArea {
    let widget: Widget
    typealias Draw = @MainActor (_ cr: OpaquePointer, _ width: Int32, _ height: Int32) -> Void

    private static let trampoline:
        @convention(c) (UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?) -> Void = {
            _, cr, w, h, data in
        guard let cr, let data else { return }
        let b = Unmanaged<ClosureBox<Draw>>.fromOpaque(data).takeUnretainedValue()
        // GTK's context, valid for this call on this (main) thread.
        let bits = UInt(bitPattern: cr)
        MainActor.assumeIsolated { b.call(OpaquePointer(bitPattern: bits)!, w, h) }
    }
    private static let release: @convention(c) (gpointer?) -> Void = { data in
        guard let data else { return }
        Unmanaged<ClosureBox<Draw>>.fromOpaque(data).release()
    }

    init(draw: @escaping Draw) {
        widget = Widget(shopper_drawing_area_new_img()!)
        let data = Unmanaged.passRetained(ClosureBox<Draw>(draw)).toOpaque()
        gtk_drawing_area_set_draw_func(widget.typedPointer(), Self.trampoline, data, Self.release)
    }

    func redraw() { gtk_widget_queue_draw(widget.raw) }
    func contentHeight(_ h: Int32) { gtk_drawing_area_set_content_height(widget.typedPointer(), h) }
}

/// Colours of the theme (light or dark, and the app's own), for drawing.
@MainActor
enum ThemeColor {
    /// The widget's text colour.
    static func foreground(of widget: Widget) -> GdkRGBA {
        var c = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget.raw), &c)
        return c
    }

    /// A named colour of the stylesheets ("accent_color"), or `fallback`.
    static func named(_ name: String, of widget: Widget, fallback: GdkRGBA) -> GdkRGBA {
        var c = GdkRGBA()
        return gtk_style_context_lookup_color(gtk_widget_get_style_context(widget.raw), name, &c) != 0 ? c : fallback
    }
}

/// Drawing with cairo and Pango from Swift.
@MainActor
struct Cairo {
    let cr: OpaquePointer

    func color(_ c: GdkRGBA, alpha: Double = 1) {
        cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha) * alpha)
    }

    func roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_line_to(cr, x + width, y + height)
        cairo_line_to(cr, x, y + height)
        cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    func fill() { cairo_fill(cr) }
    func circle(x: Double, y: Double, radius: Double) { cairo_arc(cr, x, y, radius, 0, 2 * Double.pi) }
    func stroke(width: Double) {
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }

    func line(from: (Double, Double), to: (Double, Double)) {
        cairo_move_to(cr, from.0, from.1)
        cairo_line_to(cr, to.0, to.1)
    }

    /// Text in the widget's font, its top left at (x, y) (`center`: x is its middle), kept within
    /// 0…`maxX`; returns where it ends.
    @discardableResult
    func text(_ s: String, x: Double, y: Double, widget: Widget, center: Bool = false, small: Bool = true,
              maxX: Double = .infinity) -> Double {
        let layout = gtk_widget_create_pango_layout(widget.raw, s)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if small {
            let attrs = pango_attr_list_new()!
            pango_attr_list_insert(attrs, pango_attr_scale_new(0.83))
            pango_layout_set_attributes(layout, attrs)
            pango_attr_list_unref(attrs)
        }
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        let left = max(0, min(center ? x - Double(w) / 2 : x, maxX - Double(w)))
        cairo_move_to(cr, left, y)
        pango_cairo_show_layout(cr, layout)
        return left + Double(w)
    }
}
