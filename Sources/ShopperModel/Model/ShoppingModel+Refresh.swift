import Foundation

/// Following other processes: what they wrote since the revision this model last saw, read
/// into memory, and observers told.
extension ShoppingModel {
    /// Shows what other processes wrote since this one last looked. Costs one PRAGMA when nothing
    /// changed, so a window can poll it. Returns whether anything was read.
    @discardableResult
    public func refreshIfChangedElsewhere() throws(StoreError) -> Bool {
        let version = store.externalVersion()
        guard version != seenExternalVersion else { return false }
        try refresh()
        seenExternalVersion = version
        return true
    }

    func refresh() throws(StoreError) {
        if try newsIsLong() { return try reread() }
        let news = try store.changes(since: seenRevision, list: list)
        var change = ModelChange()
        let before = shopsState
        if news.lists != lists {
            lists = news.lists
            change.listsChanged = true
        }
        if news.aisles != aisles.names {
            let old = aisles
            aisles = AisleOrder(news.aisles)
            change.aislesReordered = sectionsMove(old, news.aisles)
        }
        // This process's own writes, read back, memory has already; the deleted are of any list.
        let written = news.items.filter { items.revision(of: $0.item.id) != $0.revision }
        let gone = news.deleted.filter { items[$0] != nil }
        changeComing(written.count + gone.count, sectionsMove: change.aislesReordered)
        for (item, revision) in written {
            change.items[item.id] = replaceInMemory(item.id, with: item, revision: revision)
        }
        for id in gone {
            change.items[id] = replaceInMemory(id, with: nil, revision: 0)
        }
        if news.searches != savedSearches {
            savedSearches = news.searches
            change.searchesChanged = true
        }
        if news.shops != shops { shops = news.shops }
        if news.onlyAt != onlyAt { onlyAt = news.onlyAt }
        change.shopsChanged = shopsMoved(from: before)
        // Trips are not kept in memory: the Trips page reads them again when told.
        if let seen = tripStamp, news.tripStamp != seen {
            change.tripsChanged = true
            tripStamp = news.tripStamp
        }
        seenRevision = max(seenRevision, news.revision)
        if !change.items.isEmpty || change.searchesChanged || change.aislesReordered || change.listsChanged || change.shopsChanged
            || change.tripsChanged {
            for f in observers.values { f(change) }
        }
    }
}
