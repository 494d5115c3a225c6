import Foundation

/// Following other processes: what they wrote since the revision this model last saw, read
/// into memory (`ShoppingModel.follow(news:)`), and observers told.
extension ModelCore {
    /// Shows what other processes wrote since this one last looked. Costs one PRAGMA when nothing
    /// changed, so a window can poll it. Returns whether anything was read.
    @discardableResult
    package func refreshIfChangedElsewhere() throws(StoreError) -> Bool {
        let version = store.externalVersion()
        guard version != seenExternalVersion else { return false }
        try refresh()
        seenExternalVersion = version
        return true
    }

    func refresh() throws(StoreError) {
        if try newsIsLong() { return try reread() }
        let news = try store.changes(since: seenRevision, list: list)
        let change = model.follow(news: news)
        seenRevision = max(seenRevision, news.revision)
        if !change.items.isEmpty || change.searchesChanged || change.aislesReordered || change.listsChanged
            || change.shopsChanged || change.tripsChanged {
            tell(change)
        }
    }
}
