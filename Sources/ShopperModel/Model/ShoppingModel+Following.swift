import Foundation

/// How the owners' memory follows the store: the list as read at start (or again whole), what a
/// change set undoes, a commit written, and other processes' news. The order matters: the aisles
/// before the items (sections), the items before the revision (the placer), everything before the
/// shops' comparison (what a view must follow).
extension ShoppingModel {
    /// The list as read from the store: at start, and when it is read again whole (`reread`).
    func take(_ load: EntryLoad) {
        lists.all = load.contents.lists
        items.take(load)
        aisles.aisleNames = load.names
        aisles.order = AisleOrder(load.contents.aisles)
        searches.savedSearches = load.contents.searches
        shops.all = load.contents.shops
        shops.onlyAt = load.contents.onlyAt
        core.seenRevision = load.contents.revision
        shops.place()
    }

    /// The change set that puts back what `cs` would overwrite.
    func inverse(of cs: ChangeSet) throws(StoreError) -> ChangeSet {
        var back = ChangeSet(list: cs.list)
        // A list restored from Recently Deleted is not among `lists`: Undo must mark it deleted
        // again, not remove its row (its items would be left on no list).
        let all = lists.all
        let deleted = cs.lists.keys.contains { id in !all.contains { $0.id == id } } ? try lists.deletedLists() : []
        for id in cs.lists.keys { back.lists[id] = .some(all.first { $0.id == id } ?? deleted.first { $0.id == id }) }
        var old: [ItemID: Item] = [:]
        for item in try items.read(Array(cs.items.keys)) { old[item.id] = item }
        for id in cs.items.keys {
            // Memory holds it, the store does not: another process deleted it since. Undo must not
            // be recorded as putting back nothing: the write is refused, the news read, and the
            // operation built again.
            if old[id] == nil, items.table[id] != nil { throw .conflict(id) }
            back.items[id] = .some(old[id])
        }
        for id in cs.searches.keys { back.searches[id] = .some(searches.savedSearches.first { $0.id == id }) }
        back.history = cs.history.inverse
        if cs.aisleOrder != nil { back.aisleOrder = aisles.order.names }
        for id in cs.shops.keys { back.shops[id] = .some(shops.all.first { $0.id == id }) }
        for id in cs.onlyAt.keys { back.onlyAt[id] = shops.onlyAt[id] }
        for id in cs.trips.keys { back.trips[id] = .some(try store.tripTables.trip(id)) }
        back.book = try recipes.rowsNow(of: cs)
        back.learned = try aisles.learnedNow(of: cs)
        return back
    }

    /// After the store: memory follows what was committed, then the undo history (`history`), then
    /// observers hear of it: they read what Undo and Redo can do now (Ctrl+Z was left disabled when
    /// they heard before the step was recorded). Reads others' writes that came in between, so
    /// memory never misses them.
    func follow(_ cs: ChangeSet, _ commit: StoreCommit, old back: ChangeSet, history: () -> Void) {
        var change = ModelChange()
        let shopsBefore = shops.state
        let revisionBefore = core.seenRevision
        if let order = commit.aisles ?? cs.aisleOrder {
            let old = aisles.order
            aisles.order = AisleOrder(order)
            change.aislesReordered = aisles.sectionsMove(old, order)
        }
        // An import is written on another thread: a refresh in between may hold a newer version
        // already, which memory keeps.
        let written = cs.items.filter { id, _ in (items.table.revision(of: id) ?? .min) <= commit.revision }
        core.changeComing(written.count, sectionsMove: change.aislesReordered)
        for (id, new) in written {
            change.items[id] = items.replaceInMemory(id, with: new, revision: commit.revision,
                                                     old: back.items[id] ?? nil)
        }
        change.searchesChanged = searches.follow(cs)
        if !commit.othersWrote {
            core.seenRevision = max(core.seenRevision, commit.revision)
            aisles.placerFollows(cs, old: back, from: revisionBefore, to: core.seenRevision)
        }
        // Counts change with items (the store's triggers keep them), and lists with list steps.
        let before = lists.all
        lists.all = (try? store.lists()) ?? lists.all
        change.listsChanged = lists.all != before
        shops.follow(cs)
        change.shopsChanged = shops.moved(from: shopsBefore)
        change.tripsChanged = !cs.trips.isEmpty
        change.recipesChanged = !(cs.book.recipes.isEmpty && cs.book.meals.isEmpty)
        history()
        core.tell(change)
        if commit.othersWrote { try? core.refresh() }
    }

    /// Memory follows others' news; what changed, for observers (the core tells them).
    func follow(news: StoreChanges) -> ModelChange {
        var change = ModelChange()
        let before = shops.state
        if news.lists != lists.all {
            lists.all = news.lists
            change.listsChanged = true
        }
        if news.aisles != aisles.order.names {
            let old = aisles.order
            aisles.order = AisleOrder(news.aisles)
            change.aislesReordered = aisles.sectionsMove(old, news.aisles)
        }
        // This process's own writes, read back, memory has already; the deleted are of any list.
        let written = news.items.filter { items.table.revision(of: $0.item.id) != $0.revision }
        let gone = news.deleted.filter { items.table[$0] != nil }
        core.changeComing(written.count + gone.count, sectionsMove: change.aislesReordered)
        for (item, revision) in written {
            change.items[item.id] = items.replaceInMemory(item.id, with: item, revision: revision)
        }
        for id in gone {
            change.items[id] = items.replaceInMemory(id, with: nil, revision: 0)
        }
        if news.searches != searches.savedSearches {
            searches.savedSearches = news.searches
            change.searchesChanged = true
        }
        if news.shops != shops.all { shops.all = news.shops }
        if news.onlyAt != shops.onlyAt { shops.onlyAt = news.onlyAt }
        change.shopsChanged = shops.moved(from: before)
        change.tripsChanged = trips.follow(news)
        change.recipesChanged = recipes.follow(news)
        return change
    }
}
