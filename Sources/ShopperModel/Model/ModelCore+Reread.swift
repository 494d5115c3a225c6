import Foundation

/// When more changed in the store at once than a change of items says cheaply (a long import here,
/// its undo, or a million rows another process imported), the list is read again whole, as at
/// start: one entry an item, never the items themselves (a refresh reads every changed item whole,
/// which at a million items took gigabytes). Observers hear `listReread` and start afresh.
extension ModelCore {
    /// A long import written (`StreamedImport.runUndoable`, by this process): the list read again,
    /// and one undo step that holds its record, not its items.
    package func recordImport(_ imported: ImportUndo) throws(StoreError) {
        undo.record(Self.importing(imported.count), imported: imported)
        try reread()
    }

    /// Undoes a long import from its record (`Store.undoImport`). It is not redone afterwards: the
    /// step leaves the history, as its items are not held to write again.
    func undoImport(_ imported: ImportUndo, name: String) throws(StoreError) {
        do {
            try store.streamedWrites.undoImport(imported)
        } catch .conflict(let id) {
            undo.discardLatest()
            try? reread()
            throw .changedElsewhere(description: model.items.named(id), action: L("undo {step}", ["step": name]))
        }
        undo.discardLatest()
        try reread()
    }

    /// Whether the news since this model last read is too much to read item by item: past the
    /// checkpoint's own limit (`EntryLoad.newsLimit`) a whole read costs less.
    func newsIsLong() throws(StoreError) -> Bool {
        let limit = EntryLoad.newsLimit(listItems: model.items.table.count)
        let seen = seenRevision
        return try store.read { db in try EntryLoad.newsCount(db, since: seen, limit: limit) } >= limit
    }

    /// The list read again whole; observers hear `listReread`.
    func reread() throws(StoreError) {
        let lists = try store.lists()
        let mine = lists.first { $0.id == list }?.itemCount ?? 0
        model.searches.stopSearchTexts()
        model.take(try EntryLoad.read(store, scope: model.items.content.scope, listItems: mine, checkpoint: false))
        // Texts are made for the items as they were: made again as searches need them.
        model.searches.texts = SearchTexts()
        model.plan.keptRecipeLookups = nil
        var change = ModelChange()
        change.listReread = true
        change.listsChanged = true
        change.shopsChanged = true
        tell(change)
    }

    /// Undo steps are named as the end of a sentence: an import's.
    static func importing(_ n: Int) -> String { N("importing {n} item", "importing {n} items", n) }
}
