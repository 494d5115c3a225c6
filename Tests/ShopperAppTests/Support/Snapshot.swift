import CGtk
@testable import ShopperApp

/// Renders a widget as it is drawn now, in-process: for tests (not in the app: nothing there draws
/// a widget to pixels).
@MainActor
final class Snapshot {
    let width: Int
    let height: Int
    /// Premultiplied ARGB32 in native byte order (B, G, R, A in memory).
    let pixels: [UInt8]
    private let texture: OpaquePointer

    init?(_ widget: Widget) {
        guard let native = gtk_widget_get_native(widget.raw),
              let renderer = gtk_native_get_renderer(native) else { return nil }
        guard let node = Self.renderNode(of: widget) else { return nil }
        defer { gsk_render_node_unref(node) }
        let t = gsk_renderer_render_texture(renderer, node, nil)!
        let (tw, th) = (Int(gdk_texture_get_width(t)), Int(gdk_texture_get_height(t)))
        var buffer = [UInt8](repeating: 0, count: tw * th * 4)
        buffer.withUnsafeMutableBufferPointer { gdk_texture_download(t, $0.baseAddress, gsize(tw * 4)) }
        texture = t
        width = tw
        height = th
        pixels = buffer
    }

    /// (red, green, blue) at a point.
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * width + x) * 4
        return (Int(pixels[i + 2]), Int(pixels[i + 1]), Int(pixels[i]))
    }

    func savePNG(_ path: String) -> Bool { gdk_texture_save_to_png(texture, path) != 0 }

    /// What `widget` draws now, as GTK's render node tree (owned: the caller unrefs it); nil when
    /// it is not laid out.
    static func renderNode(of widget: Widget) -> OpaquePointer? {
        let paintable = gtk_widget_paintable_new(widget.raw)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let w = Double(gdk_paintable_get_intrinsic_width(paintable))
        let h = Double(gdk_paintable_get_intrinsic_height(paintable))
        guard w > 0, h > 0 else { return nil }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, w, h)
        return gtk_snapshot_free_to_node(snapshot)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(texture)) }
}
