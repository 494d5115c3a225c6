import CGtk
@testable import ShopperApp

/// What GTK draws for a widget, as render nodes: for tests that check how it is drawn, not only
/// what (which shapes the cairo renderer must draw the slow way).
enum RenderNodes {
    /// Each border node `widget` draws now: its widths and colours (top, right, bottom, left).
    @MainActor static func borders(of widget: Widget) -> [(widths: [Float], colors: [GdkRGBA])] {
        guard let root = Snapshot.renderNode(of: widget) else { return [] }
        defer { gsk_render_node_unref(root) }
        var out: [(widths: [Float], colors: [GdkRGBA])] = []
        visit(root) { node in
            guard gsk_render_node_get_node_type(node) == GSK_BORDER_NODE,
                  let c = gsk_border_node_get_colors(node), let w = gsk_border_node_get_widths(node) else { return }
            out.append(((0..<4).map { w[$0] }, (0..<4).map { c[$0] }))
        }
        return out
    }

    /// Every node below `node`, depth first, through the containers GTK 4.8 makes of widgets.
    private static func visit(_ node: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        body(node)
        let children: [OpaquePointer?]
        switch gsk_render_node_get_node_type(node) {
        case GSK_CONTAINER_NODE:
            children = (0..<gsk_container_node_get_n_children(node)).map { gsk_container_node_get_child(node, $0) }
        case GSK_TRANSFORM_NODE: children = [gsk_transform_node_get_child(node)]
        case GSK_CLIP_NODE: children = [gsk_clip_node_get_child(node)]
        case GSK_ROUNDED_CLIP_NODE: children = [gsk_rounded_clip_node_get_child(node)]
        case GSK_OPACITY_NODE: children = [gsk_opacity_node_get_child(node)]
        case GSK_COLOR_MATRIX_NODE: children = [gsk_color_matrix_node_get_child(node)]
        case GSK_SHADOW_NODE: children = [gsk_shadow_node_get_child(node)]
        case GSK_DEBUG_NODE: children = [gsk_debug_node_get_child(node)]
        case GSK_REPEAT_NODE: children = [gsk_repeat_node_get_child(node)]
        case GSK_BLUR_NODE: children = [gsk_blur_node_get_child(node)]
        case GSK_BLEND_NODE: children = [gsk_blend_node_get_bottom_child(node), gsk_blend_node_get_top_child(node)]
        case GSK_CROSS_FADE_NODE: children = [gsk_cross_fade_node_get_start_child(node), gsk_cross_fade_node_get_end_child(node)]
        default: children = []
        }
        for child in children.compactMap({ $0 }) { visit(child, body) }
    }
}
