import Foundation

/// How one item changed: its entry before and after (nil: not there), and the old item whole where
/// known (the change was this process's own, or it was still cached).
package struct ItemChange {
    var old: ItemEntry?
    var new: ItemEntry?
    var oldItem: Item?
}

/// What changed in one operation, for projections and views to update incrementally.
package struct ModelChange {
    package var items: [ItemID: ItemChange] = [:]
    package var searchesChanged = false
    package var aislesReordered = false
    /// A list was made, renamed, moved or deleted, or a list's counts changed.
    package var listsChanged = false
    /// The shops, the shop this list is shopped at, or items' "only at" marks changed: the
    /// sections' order (`sectionAisles`) or the items hidden here (`hiddenHere`) may have too.
    package var shopsChanged = false
    /// A trip was recorded, deleted or brought back.
    package var tripsChanged = false
    /// Recipes or the plan's meals changed. Not for items' shares alone (a recipe added to the
    /// list): reading every recipe again for them cost the add a frame.
    package var recipesChanged = false
    /// The list was read again whole (`ModelCore.reread`): more changed at once than a change
    /// of items would say cheaply (a long import, or its undo). Whoever shows it starts afresh.
    package var listReread = false
}
