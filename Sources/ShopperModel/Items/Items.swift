import Foundation

/// The list's items: every item's entry (`ItemEntry`: what places, counts, filters and sums it) and
/// the totals, kept in memory; whole items come from the store for the rows shown (`ItemContent`).
/// What is done to them is in `Items+Operations.swift` and `Items+Typing.swift`.
package final class Items: ModelPart {
    /// With the revision each had when this process last read or wrote it.
    package internal(set) var table = ItemTable()
    package internal(set) var totals = TripTotals()
    var lastPosition: Int64 = 0
    let content: ItemContent
    /// For tests: whether the store was read in two halves at start (`EntryLoad`).
    var loadedInHalves = false
    /// How many items changed in memory since the checkpoint the entries were read from
    /// (`EntryCheckpoint`): whether a new one is worth writing (`checkpointJob`). nil: read whole.
    var changedSinceCheckpoint: Int?
    unowned var model: ShoppingModel!

    init(content: ItemContent) {
        self.content = content
    }

    /// The entries as read from the store: at start, and when the list is read again whole.
    func take(_ load: EntryLoad) {
        table = load.table
        totals = load.sums
        lastPosition = load.lastPosition
        loadedInHalves = load.readInHalves
        changedSinceCheckpoint = load.checkpointNews
    }

    /// The entry of `id`, nil when the list does not hold it.
    subscript(_ id: ItemID) -> ItemEntry? { table[id] }

    /// The item as it is now; from the store unless one of the few cached. nil too when the store
    /// cannot be read: for showing an item (operations read with `readItem`, which says why).
    package func item(_ id: ItemID) -> Item? { try? readItem(id) }

    /// The item as it is now, or the error that kept it from being read.
    func readItem(_ id: ItemID) throws(StoreError) -> Item? {
        guard let entry = table[id] else { return nil }
        return try content.item(id, revision: entry.revision)
    }

    /// The item if cached as it is now; never reads the store.
    func cachedItem(_ id: ItemID) -> Item? {
        table[id].flatMap { content.cached(id, revision: $0.revision) }
    }

    /// The items of `ids` that exist, in that order, read a thousand at a time (a whole list for
    /// the command line, say).
    package func read(_ ids: [ItemID]) throws(StoreError) -> [Item] {
        var found: [Item] = []
        found.reserveCapacity(ids.count)
        for start in stride(from: 0, to: ids.count, by: 1024) {
            let part = ids[start..<min(start + 1024, ids.count)]
            try content.prefetch(part) { table[$0]?.revision }
            for id in part { if let item = try readItem(id) { found.append(item) } }
        }
        return found
    }

    /// The items in the cart, in list order.
    package func cartItems() throws(StoreError) -> [Item] {
        var cart: [(ItemID, Int64)] = []
        table.forEach { id, entry in if entry.inCart { cart.append((id, entry.position)) } }
        return try read(cart.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0))
    }

    /// Reads the items of `ids` not cached in one go (a screen of rows about to be shown).
    func prefetch(_ ids: some Sequence<ItemID>) {
        try? content.prefetch(ids) { table[$0]?.revision }
    }

    /// Every item, in order of id: one scan of the store, for tests; lists and export read what
    /// they show (`read(_:)`).
    func allItems() throws(StoreError) -> [Item] {
        var all: [Item] = []
        all.reserveCapacity(table.count)
        _ = try content.forEach { item, _ in all.append(item) }
        return all
    }

    func entry(of item: Item, revision: Int64) -> ItemEntry {
        ItemEntry(item, revision: revision, aisle: model.aisles.aisleNames.number(of: item.aisle))
    }

    /// Memory takes `new` (nil: gone) as written at `revision`: its entry, the totals, the cached
    /// item and its search text. `old`, the item as it was, where known.
    func replaceInMemory(_ id: ItemID, with new: Item?, revision: Int64, old: Item? = nil) -> ItemChange {
        // An item on another list now (moved there) has left this one.
        let new = new?.list == core.list ? new : nil
        let oldEntry = table[id]
        if let oldEntry { totals.remove(oldEntry) }
        let newEntry = new.map { entry(of: $0, revision: revision) }
        let oldItem = old ?? oldEntry.flatMap { content.cached(id, revision: $0.revision) }
        table.set(id, to: newEntry)
        changedSinceCheckpoint? += 1
        content.put(id, new, revision: revision)
        if let new, let newEntry {
            totals.add(newEntry)
            lastPosition = max(lastPosition, new.position)
        }
        model.searches.itemChanged(id, to: new)
        return ItemChange(old: oldEntry, new: newEntry, oldItem: oldItem)
    }

    /// Spreads positions evenly again, keeping the order. Rare: only when a gap is used up.
    func renumbered() throws(StoreError) -> ChangeSet {
        var cs = ChangeSet()
        var all: [Item] = []
        _ = try content.forEach { item, _ in if table[item.id] != nil { all.append(item) } }
        for (n, var item) in all.sorted(by: { ($0.position, $0.id) < ($1.position, $1.id) }).enumerated() {
            item.position = Int64(n + 1) * ShoppingModel.positionGap
            cs.items[item.id] = item
        }
        return cs
    }

    /// Undo steps are named as the end of a sentence ("Undid putting “Milk” in the cart"): this
    /// gives the item they name.
    func named(_ id: ItemID) -> String { item(id)?.description ?? L("an item") }
}
