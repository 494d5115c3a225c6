import Foundation

/// What changed in one operation, for projections and views to update incrementally.
public struct ModelChange {
    public var items: [ItemID: (old: Item?, new: Item?)] = [:]
    public var searchesChanged = false
    public var aislesReordered = false
}

/// All items, aisles and saved searches, kept in memory and written through to the store. Every
/// operation is one transaction and one undo step; it touches only the items it changes.
public final class ShoppingModel {
    public private(set) var items: [ItemID: Item] = [:]
    public private(set) var aisles = AisleOrder()
    /// In display order.
    public private(set) var savedSearches: [SavedSearch] = []
    public private(set) var totals = TripTotals()
    public let store: Store?
    public let undo = UndoHistory()

    static let positionGap: Int64 = 1 << 20
    private var nextID: Int64 = 1
    private var nextSearchID: Int64 = 1
    private var lastPosition: Int64 = 0
    private var observers: [Int: (ModelChange) -> Void] = [:]
    /// Each item's folded search text, made on first search and dropped when the item changes:
    /// folding is far slower than matching, and must not run per item per keystroke.
    private var searchTexts: [ItemID: FoldedText] = [:]

    /// The folded text with what it was made from: a change hands projections both the old and the
    /// new version of an item, and each must get its own.
    private struct FoldedText {
        let description: String
        let aisle: String?
        let notes: String
        let text: String
        func isFor(_ item: Item) -> Bool { description == item.description && aisle == item.aisle && notes == item.notes }
    }
    private var nextObserver = 0

    /// `store` nil keeps everything in memory (tests of pure logic); the app always passes one.
    public init(store: Store?) throws(StoreError) {
        self.store = store
        guard let store else { return }
        let c = try store.load()
        aisles = AisleOrder(c.aisles)
        savedSearches = c.searches
        for item in c.items { insertInMemory(item) }
        nextSearchID = (c.searches.map(\.id.raw).max() ?? 0) + 1
    }

    public func item(_ id: ItemID) -> Item? { items[id] }

    /// What `SearchQuery` matches words against, folded once per item version.
    public func searchText(of item: Item) -> String {
        if let cached = searchTexts[item.id], cached.isFor(item) { return cached.text }
        let text = SearchQuery.searchText(of: item)
        searchTexts[item.id] = FoldedText(description: item.description, aisle: item.aisle, notes: item.notes, text: text)
        return text
    }

    // MARK: Observing

    @discardableResult
    public func observe(_ f: @escaping (ModelChange) -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = f
        return nextObserver
    }

    public func removeObserver(_ token: Int) { observers[token] = nil }

    // MARK: Items

    /// A new item starts as needed, so it is on the shopping list at once.
    @discardableResult
    public func add(_ fields: ItemFields, needed: Bool = true, now: Date = Date()) throws(StoreError) -> ItemID {
        try add(batch: [ImportedItem(fields: fields, needed: needed, inCart: false)], now: now,
                actionName: "Add Item")[0]
    }

    /// All or nothing: one transaction and one undo step for the whole batch (import).
    @discardableResult
    public func add(batch: [ImportedItem], now: Date = Date(),
                    actionName: String = "Import") throws(StoreError) -> [ItemID] {
        let now = StoreTime.rounded(now)
        var cs = ChangeSet()
        var ids: [ItemID] = []
        var position = lastPosition
        for row in batch {
            let id = ItemID(nextID + Int64(ids.count))
            position += Self.positionGap
            let item = Item(id: id, description: "", needed: row.needed || row.inCart, inCart: row.inCart,
                            position: position, createdAt: now)
            cs.items[id] = normalized(item, with: row.fields, into: &cs)
            ids.append(id)
        }
        try commit(actionName, cs)
        return ids
    }

    /// The item with this description (ignoring case), if any. Looks at every item: for one-off
    /// callers such as the command line; the add bar keeps its own index.
    public func item(described description: String) -> Item? {
        let key = description.lowercased()
        return items.values.first { $0.description.lowercased() == key }
    }

    /// What typing a line does: a bare description of a known item puts it back on the shopping
    /// list; anything else adds a new item. Returns the item and whether it was already known.
    /// `lookup` finds an item by description (default: a scan; the add bar passes its index).
    @discardableResult
    public func addOrPick(_ fields: ItemFields, lookup: ((String) -> ItemID?)? = nil) throws(StoreError) -> (ItemID, Bool) {
        let plain = fields.quantity == 1 && fields.unit == nil && fields.unitCost == nil && fields.aisle == nil && fields.notes.isEmpty
        let find = lookup ?? { [self] in item(described: $0)?.id }
        if plain, let id = find(fields.description) {
            try setNeeded(id, true)
            return (id, true)
        }
        return (try add(fields), false)
    }

    public func update(_ id: ItemID, _ fields: ItemFields, now: Date = Date()) throws(StoreError) {
        guard var item = items[id] else { return }
        var cs = ChangeSet()
        item.updatedAt = StoreTime.rounded(now)
        cs.items[id] = normalized(item, with: fields, into: &cs)
        try commit("Edit Item", cs)
    }

    public func delete(_ ids: [ItemID]) throws(StoreError) {
        var cs = ChangeSet()
        for id in ids where items[id] != nil { cs.items[id] = .some(nil) }
        // History goes with the item; undo brings it back.
        cs.historyRemoved = try store?.history(of: ids.filter { items[$0] != nil }) ?? []
        try commit(ids.count == 1 ? "Delete Item" : "Delete Items", cs)
    }

    public func setNeeded(_ id: ItemID, _ needed: Bool) throws(StoreError) {
        // An item no longer needed cannot stay in the cart.
        try change(id, needed ? "Pick Item" : "Unpick Item") { $0.needed = needed; if !needed { $0.inCart = false } }
    }

    public func toggleNeeded(_ id: ItemID) throws(StoreError) {
        guard let item = items[id] else { return }
        try setNeeded(id, !item.needed)
    }

    /// Ticked off in the store: moves from the shopping list to the cart.
    public func tick(_ id: ItemID) throws(StoreError) {
        try change(id, "Tick Off") { $0.needed = true; $0.inCart = true }
    }

    /// Back from the cart to the shopping list.
    public func untick(_ id: ItemID) throws(StoreError) {
        try change(id, "Untick") { $0.inCart = false }
    }

    /// Records what each cart item cost, clears needed and in-cart; the items stay in All Items.
    public func finishShopping(date: Date = Date()) throws(StoreError) {
        let date = StoreTime.rounded(date)
        var cs = ChangeSet()
        for var item in items.values where item.inCart {
            if let cost = item.unitCost {
                cs.historyAdded.append(PriceRecord(itemID: item.id, unitCost: cost, quantity: item.quantity, date: date))
                item.lastPrice = cost
                item.lastPriceDate = date
            }
            item.needed = false
            item.inCart = false
            item.updatedAt = date
            cs.items[item.id] = item
        }
        try commit("Finish Shopping", cs)
    }

    public enum AisleChange: Equatable { case keep, set(String?) }

    /// Places `id` between two neighbours as shown in a list (nil: the list's start or end) and,
    /// when dropped into another aisle's section, into that aisle. Writes only the moved item, except
    /// in the rare case that the neighbours' positions leave no room, when positions are renumbered.
    public func move(_ id: ItemID, after prev: ItemID?, before next: ItemID?, aisle: AisleChange = .keep) throws(StoreError) {
        guard var item = items[id] else { return }
        var cs = ChangeSet()
        let lo = prev.flatMap { items[$0]?.position }
        let hi = next.flatMap { items[$0]?.position }
        if let p = Self.position(between: lo, and: hi) {
            item.position = p
        } else {
            cs = renumbered()
            let lo2 = prev.flatMap { cs.items[$0]??.position }
            let hi2 = next.flatMap { cs.items[$0]??.position }
            item.position = Self.position(between: lo2, and: hi2) ?? item.position
        }
        if case .set(let a) = aisle {
            var f = item.fields
            f.aisle = a
            item = normalized(item, with: f, into: &cs)
        }
        cs.items[id] = item
        try commit("Move Item", cs)
    }

    // MARK: Aisles

    public func setAisleOrder(_ names: [String]) throws(StoreError) {
        var order = AisleOrder(names)
        for a in aisles.names { order.append(a) }  // none may be lost
        var cs = ChangeSet()
        cs.aisleOrder = order.names
        try commit("Reorder Aisles", cs)
    }

    // MARK: Saved searches

    @discardableResult
    public func saveSearch(name: String, query: String) throws(StoreError) -> SavedSearch.ID {
        let id = SavedSearch.ID(nextSearchID)
        let trimmed = ItemDraft.clean(name)
        let s = SavedSearch(id: id, name: trimmed.isEmpty ? query : trimmed, query: query,
                            position: (savedSearches.last?.position ?? 0) + Self.positionGap)
        var cs = ChangeSet()
        cs.searches[id] = s
        try commit("Save Search", cs)
        return id
    }

    public func renameSearch(_ id: SavedSearch.ID, to name: String) throws(StoreError) {
        let trimmed = ItemDraft.clean(name)
        guard var s = savedSearches.first(where: { $0.id == id }), !trimmed.isEmpty else { return }
        s.name = trimmed
        var cs = ChangeSet()
        cs.searches[id] = s
        try commit("Rename Search", cs)
    }

    public func deleteSearch(_ id: SavedSearch.ID) throws(StoreError) {
        var cs = ChangeSet()
        cs.searches[id] = .some(nil)
        try commit("Delete Search", cs)
    }

    /// Moves a saved search to `index` in the displayed order.
    public func moveSearch(_ id: SavedSearch.ID, to index: Int) throws(StoreError) {
        guard let from = savedSearches.firstIndex(where: { $0.id == id }) else { return }
        var others = savedSearches
        var s = others.remove(at: from)
        let i = min(max(index, 0), others.count)
        let lo = i > 0 ? others[i - 1].position : nil
        let hi = i < others.count ? others[i].position : nil
        var cs = ChangeSet()
        if let p = Self.position(between: lo, and: hi) {
            s.position = p
        } else {
            others.insert(s, at: i)
            for (n, var o) in others.enumerated() { o.position = Int64(n + 1) * Self.positionGap; cs.searches[o.id] = o }
            try commit("Move Search", cs)
            return
        }
        cs.searches[id] = s
        try commit("Move Search", cs)
    }

    // MARK: Undo

    /// Undoes the last operation; returns its name, nil when there is nothing to undo.
    @discardableResult
    public func undoLast() throws(StoreError) -> String? {
        guard let entry = undo.popUndo() else { return nil }
        let redo = inverse(of: entry.changes)
        do { try apply(entry.changes) } catch { undo.pushUndo(entry, clearingRedo: false); throw error }
        undo.pushRedo(UndoHistory.Entry(name: entry.name, changes: redo))
        return entry.name
    }

    @discardableResult
    public func redoLast() throws(StoreError) -> String? {
        guard let entry = undo.popRedo() else { return nil }
        let back = inverse(of: entry.changes)
        do { try apply(entry.changes) } catch { undo.pushRedo(entry); throw error }
        undo.pushUndo(UndoHistory.Entry(name: entry.name, changes: back), clearingRedo: false)
        return entry.name
    }

    // MARK: Internals

    private func change(_ id: ItemID, _ name: String, _ edit: (inout Item) -> Void) throws(StoreError) {
        guard var item = items[id] else { return }
        let before = item
        edit(&item)
        guard item != before else { return }
        item.updatedAt = StoreTime.rounded(Date())
        var cs = ChangeSet()
        cs.items[id] = item
        try commit(name, cs)
    }

    private func commit(_ name: String, _ cs: ChangeSet) throws(StoreError) {
        guard !cs.isEmpty else { return }
        let back = inverse(of: cs)
        try apply(cs)
        undo.pushUndo(UndoHistory.Entry(name: name, changes: back))
    }

    /// The change set that puts back what `cs` would overwrite.
    private func inverse(of cs: ChangeSet) -> ChangeSet {
        var back = ChangeSet()
        for id in cs.items.keys { back.items[id] = .some(items[id]) }
        for id in cs.searches.keys { back.searches[id] = .some(savedSearches.first { $0.id == id }) }
        back.historyAdded = cs.historyRemoved
        back.historyRemoved = cs.historyAdded
        if cs.aisleOrder != nil { back.aisleOrder = aisles.names }
        return back
    }

    /// Store first: if it fails, memory is untouched and the error reaches the user.
    private func apply(_ cs: ChangeSet) throws(StoreError) {
        try store?.apply(cs)
        var change = ModelChange()
        if let order = cs.aisleOrder {
            let old = aisles
            aisles = AisleOrder(order)
            // Appending keeps every section key; anything else reorders sections.
            change.aislesReordered = !order.starts(with: old.names)
        }
        for (id, new) in cs.items {
            let old = items[id]
            if let old { totals.remove(old) }
            items[id] = nil
            if new == nil { searchTexts[id] = nil }
            if let new { insertInMemory(new) }
            change.items[id] = (old, new)
        }
        if !cs.searches.isEmpty {
            for (id, s) in cs.searches {
                savedSearches.removeAll { $0.id == id }
                if let s { savedSearches.append(s); nextSearchID = max(nextSearchID, s.id.raw + 1) }
            }
            savedSearches.sort { $0.position < $1.position }
            change.searchesChanged = true
        }
        for f in observers.values { f(change) }
    }

    private func insertInMemory(_ item: Item) {
        items[item.id] = item
        totals.add(item)
        nextID = max(nextID, item.id.raw + 1)
        lastPosition = max(lastPosition, item.position)
    }

    /// Applies fields to an item, using the existing spelling of a known aisle and adding a new aisle
    /// to the end of the aisle order.
    private func normalized(_ item: Item, with f: ItemFields, into cs: inout ChangeSet) -> Item {
        var item = item
        var f = f
        if let a = f.aisle {
            var order = AisleOrder(cs.aisleOrder ?? aisles.names)
            if let known = order.canonical(a) { f.aisle = known }
            else { order.append(a); cs.aisleOrder = order.names }
        }
        item.apply(f)
        return item
    }

    static func position(between lo: Int64?, and hi: Int64?) -> Int64? {
        switch (lo, hi) {
        case (nil, nil): return positionGap
        case (let l?, nil): return l <= Int64.max - positionGap ? l + positionGap : nil
        case (nil, let h?): return h >= Int64.min + positionGap ? h - positionGap : nil
        case (let l?, let h?): return h - l > 1 ? l + (h - l) / 2 : nil
        }
    }

    /// Spreads positions evenly again, keeping the order. Rare: only when a gap is used up.
    private func renumbered() -> ChangeSet {
        var cs = ChangeSet()
        for (n, var item) in items.values.sorted(by: { ($0.position, $0.id) < ($1.position, $1.id) }).enumerated() {
            item.position = Int64(n + 1) * Self.positionGap
            cs.items[item.id] = item
        }
        return cs
    }
}
