import CGtk

/// Rows of a list box that the user puts in order: dragged onto another row, or moved a place with
/// Alt+Up and Alt+Down while focused (as items and lists move). The owner rebuilds the rows from
/// its model and says which to focus again.
@MainActor
enum ReorderableRows {
    /// Makes `row` (the `index`th) draggable and a place to drop the others; `move(from, to)` asks
    /// the owner to move a row. Rows below `fixed` (Any Store, first) neither move nor take a drop.
    static func wire(_ row: Widget, index: Int, fixed: Int = 0, move: @escaping @MainActor (Int, Int) -> Void) {
        guard index >= fixed else { return }
        DragAndDrop.source(on: row, prepare: { _, _ in "\(index)" }, began: {}, ended: {})
        DragAndDrop.target(on: row) { payload, _, _ in
            guard let from = Int(payload), from != index else { return false }
            move(from, index)
            return true
        }
        let keys = ShortcutController(first: false)
        for (trigger, delta) in [("<Alt>Up", -1), ("<Alt>Down", 1)] {
            keys.add(trigger) {
                let to = index + delta
                guard to >= fixed else { return true }
                move(index, to)
                return true
            }
        }
        row.add(keys.controller)
    }

    /// A row of the boxed list: its title, a subtitle if any, a drag handle before it when it can
    /// move, and an arrow after it when it opens something.
    static func row(title: String, subtitle: String? = nil, movable: Bool, opens: Bool) -> Widget {
        let row = Widget(adw_action_row_new()!)
        adw_preferences_row_set_title(row.typedPointer(), Markup.escape(title))
        if let subtitle { adw_action_row_set_subtitle(row.typedPointer(), Markup.escape(subtitle)) }
        if movable {
            let handle = Widget(gtk_image_new_from_icon_name("list-drag-handle-symbolic")!)
            handle.css("dim-label")
            adw_action_row_add_prefix(row.typedPointer(), handle.raw)
        }
        if opens {
            adw_action_row_add_suffix(row.typedPointer(), Widget(gtk_image_new_from_icon_name("go-next-symbolic")!).raw)
            gtk_list_box_row_set_activatable(row.typedPointer(), 1)
        }
        return row
    }
}
