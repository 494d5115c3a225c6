import Foundation

/// The commit path every operation takes: others' news read, the change built inside the write
/// transaction with what it undoes, memory brought along, the undo step recorded, observers told.
extension ShoppingModel {
    /// One operation: reads others' news, builds the change from memory inside the write
    /// transaction, writes it, then updates memory and records the undo step. If another process
    /// changed one of the items in between, nothing was written: read the news and build again.
    func commit(_ name: String, _ build: (inout ChangeBuilder) throws(StoreError) -> Void) throws(StoreError) {
        try refreshIfChangedElsewhere()
        for attempt in 1...3 {
            do {
                let (cs, back, commit) = try write { ids throws(StoreError) in
                    var b = ChangeBuilder(ids: ids, aisles: aisles, list: list)
                    try build(&b)
                    ids = b.ids
                    return b.finished
                }
                guard !cs.isEmpty else { return }
                applyInMemory(cs, commit, old: back) { undo.record(name, forward: cs, backward: back) }
                return
            } catch .conflict(let id) {
                try refresh()
                if attempt == 3 { throw .conflict(id) }
            }
        }
    }

    /// Writes through the store. Returns the change written, what undoes it (the items as they
    /// were, read inside the write), and the commit.
    func write(_ build: (inout IDSource) throws(StoreError) -> ChangeSet) throws(StoreError) -> (ChangeSet, ChangeSet, StoreCommit) {
        var back = ChangeSet()
        let (cs, commit) = try store.write(seen: seenRevision, knownAisles: aisles.names, list: list) { ids, reader throws(StoreError) in
            // Items read while the change is built come through the write's connection.
            content.writer = reader
            defer { content.writer = nil }
            let cs = try build(&ids)
            back = try inverse(of: cs)
            // Each item overwritten must still be the version this process knows.
            var expected: [ItemID: Int64?] = [:]
            for id in cs.items.keys { expected[id] = .some(items.revision(of: id) ?? expectedForeign[id]) }
            return (cs, expected)
        }
        return (cs, back, commit)
    }

    /// The change set that puts back what `cs` would overwrite.
    func inverse(of cs: ChangeSet) throws(StoreError) -> ChangeSet {
        var back = ChangeSet(list: cs.list)
        // A list restored from Recently Deleted is not among `lists`: Undo must mark it deleted
        // again, not remove its row (its items would be left on no list).
        let deleted = cs.lists.keys.contains { id in !lists.contains { $0.id == id } } ? try deletedLists() : []
        for id in cs.lists.keys { back.lists[id] = .some(lists.first { $0.id == id } ?? deleted.first { $0.id == id }) }
        var old: [ItemID: Item] = [:]
        for item in try items(Array(cs.items.keys)) { old[item.id] = item }
        for id in cs.items.keys {
            // Memory holds it, the store does not: another process deleted it since. Undo must not
            // be recorded as putting back nothing: the write is refused, the news read, and the
            // operation built again.
            if old[id] == nil, items[id] != nil { throw .conflict(id) }
            back.items[id] = .some(old[id])
        }
        for id in cs.searches.keys { back.searches[id] = .some(savedSearches.first { $0.id == id }) }
        back.historyAdded = cs.historyRemoved
        back.historyRemoved = cs.historyAdded
        if cs.aisleOrder != nil { back.aisleOrder = aisles.names }
        for id in cs.shops.keys { back.shops[id] = .some(shops.first { $0.id == id }) }
        for id in cs.onlyAt.keys { back.onlyAt[id] = onlyAt[id] }
        for id in cs.trips.keys { back.trips[id] = .some(try store.trip(id)) }
        let rows = try recipeRowsNow(of: cs)
        (back.recipes, back.meals, back.shares) = (rows.recipes, rows.meals, rows.shares)
        back.learned = try learnedNow(of: cs)
        return back
    }

    /// After the store: memory follows what was committed, then the undo history (`history`), then
    /// observers hear of it: they read what Undo and Redo can do now (Ctrl+Z was left disabled when
    /// they heard before the step was recorded). Reads others' writes that came in between, so
    /// memory never misses them.
    func applyInMemory(_ cs: ChangeSet, _ commit: StoreCommit, old back: ChangeSet, history: () -> Void) {
        var change = ModelChange()
        let shopsBefore = shopsState
        let revisionBefore = seenRevision
        if let order = commit.aisles ?? cs.aisleOrder {
            let old = aisles
            aisles = AisleOrder(order)
            change.aislesReordered = sectionsMove(old, order)
        }
        // An import is written on another thread: a refresh in between may hold a newer version
        // already, which memory keeps.
        let written = cs.items.filter { id, _ in (items.revision(of: id) ?? .min) <= commit.revision }
        changeComing(written.count, sectionsMove: change.aislesReordered)
        for (id, new) in written {
            change.items[id] = replaceInMemory(id, with: new, revision: commit.revision, old: back.items[id] ?? nil)
        }
        if !cs.searches.isEmpty {
            for (id, s) in cs.searches {
                savedSearches.removeAll { $0.id == id }
                if let s { savedSearches.append(s) }
            }
            savedSearches.sort { $0.position < $1.position }
            change.searchesChanged = true
        }
        if !commit.othersWrote {
            seenRevision = max(seenRevision, commit.revision)
            placerFollows(cs, old: back, from: revisionBefore, to: seenRevision)
        }
        // Counts change with items (the store's triggers keep them), and lists with list steps.
        let before = lists
        lists = (try? store.lists()) ?? lists
        change.listsChanged = lists != before
        applyShopsInMemory(cs)
        change.shopsChanged = shopsMoved(from: shopsBefore)
        if !cs.trips.isEmpty { change.tripsChanged = true }
        change.recipesChanged = applyRecipesInMemory(cs)
        history()
        for f in observers.values { f(change) }
        if commit.othersWrote { try? refresh() }
    }

    /// Memory takes `new` (nil: gone) as written at `revision`: its entry, the totals, the cached
    /// item and its search text. `old`, the item as it was, where known.
    func replaceInMemory(_ id: ItemID, with new: Item?, revision: Int64, old: Item? = nil) -> ItemChange {
        // An item on another list now (moved there) has left this one.
        let new = new?.list == list ? new : nil
        let oldEntry = items[id]
        if let oldEntry { totals.remove(oldEntry) }
        let newEntry = new.map { entry(of: $0, revision: revision) }
        let oldItem = old ?? oldEntry.flatMap { content.cached(id, revision: $0.revision) }
        items.set(id, to: newEntry)
        changedSinceCheckpoint? += 1
        content.put(id, new, revision: revision)
        if let new, let newEntry {
            totals.add(newEntry)
            lastPosition = max(lastPosition, new.position)
            // Texts made stay right; one not made yet waits for the scan (or a search's need).
            if texts.complete || id <= texts.madeUpTo || texts.has(id) { texts.set(new) }
        } else {
            texts.remove(id)
        }
        return ItemChange(old: oldEntry, new: newEntry, oldItem: oldItem)
    }

    /// Whether a new aisle order moves items between sections. Appending a name no item has had
    /// keeps every item's section; anything else may not: a reorder, an aisle taken away, or one
    /// given back that items still name (an undo took it from the order while another process
    /// filed an item under it).
    func sectionsMove(_ old: AisleOrder, _ new: [String]) -> Bool {
        !new.starts(with: old.names) || new.dropFirst(old.names.count).contains { aisleNames.knows($0) }
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
    func renumbered() throws(StoreError) -> ChangeSet {
        var cs = ChangeSet()
        var all: [Item] = []
        _ = try content.forEach { item, _ in if items[item.id] != nil { all.append(item) } }
        for (n, var item) in all.sorted(by: { ($0.position, $0.id) < ($1.position, $1.id) }).enumerated() {
            item.position = Int64(n + 1) * Self.positionGap
            cs.items[item.id] = item
        }
        return cs
    }
}
