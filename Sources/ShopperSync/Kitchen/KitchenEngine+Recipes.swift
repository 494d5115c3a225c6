import Foundation
import ShopperModel
import ShopperSyncModel

/// Recipes to journal entries and back: taken in a batch at a time, merged field by field with
/// the edits made here (`RecipeMerge`), then what changed here sent.
extension KitchenEngine {
    typealias RemoteRecipe = Remote<SharedRecipe>

    func pullRecipes() throws(SyncError) {
        let records = try SyncEngine.storeCall { () throws(StoreError) in
            try store.kitchenTables.records(.recipe, texts: false)
        }
        let known = Dictionary(records.map { ($0.href, $0.etag) }, uniquingKeysWith: { a, _ in a })
        binding.recipes.token = try pull(
            recipes, .recipe, token: binding.recipes.token, known: known, read: JournalMapping.recipe(from:),
            merge: mergeRecipes)
    }

    private func mergeRecipes(_ batch: [RemoteRecipe], removed: [String], token: String?) throws(SyncError) {
        // The stamps first: a write after them and before the reads below is then a conflict.
        let (stamps, mealStamps) = try SyncEngine.storeCall { () throws(StoreError) in
            (try store.kitchenTables.stamps(.recipe), try store.kitchenTables.stamps(.meal))
        }
        let (records, pending, book, meals) = try SyncEngine.storeCall { () throws(StoreError) in
            (try self.records(.recipe, meeting: Set(batch.map(\.href)), uids: Set(batch.map(\.recipe.uid))),
             try store.kitchenTables.pending(.recipe),
             try store.recipeTables.recipes(), try store.recipeTables.meals())
        }
        var pass = RecipePass(records: records, pending: pending, book: book, now: now())
        try write { ids throws(StoreError) in
            for remote in batch { pass.take(remote, ids: &ids) }
            for href in removed { pass.remove(href, meals: meals) }
            var b = binding
            b.recipes.token = token
            pass.write.binding = b
            pass.write.seen = [.recipe: stamps, .meal: mealStamps]
            return pass.write
        }
        report.received += pass.received
        report.deletedHere += pass.deletedHere
    }

    /// Sends what changed here; true when the server had changed meanwhile (read again first).
    func pushRecipes() throws(SyncError) -> Bool {
        let (records, pending, book) = try SyncEngine.storeCall { () throws(StoreError) in
            (try store.kitchenTables.records(.recipe, texts: false), try store.kitchenTables.pending(.recipe),
             try store.recipeTables.recipes())
        }
        let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var again = false
        for recipe in book {
            guard let stamp = pending[recipe.id.raw] else { continue }
            let record = byID[recipe.id.raw] == nil ? nil : try withTexts(.recipe, recipe.id.raw)
            let uid = record?.uid ?? newUID(.recipe, recipe.id.raw)
            let text = JournalMapping.text(for: SharedRecipe(uid: uid, draft: recipe.draft), patching: record?.base)
            again = try send(.recipe, recipe.id.raw, uid: uid, text: text, record: record, stamp: stamp,
                             to: recipes) || again
        }
        let here = Set(book.map(\.id.raw))
        for record in records where !here.contains(record.id) {
            again = try sendDeletion(record, from: recipes) || again
        }
        return again
    }

    /// One upload, its text kept before it goes; true when the server's copy changed meanwhile.
    func send(_ kind: KitchenKind, _ id: Int64, uid: String, text: String, record: KitchenRecord?, stamp: Int64,
              to c: CalDAVCollection) throws(SyncError) -> Bool {
        var r = record ?? KitchenRecord(kind: kind, id: id, uid: uid, href: c.href(forUID: uid), etag: nil,
                                        base: nil, syncedStamp: -1)
        r.sent = text
        try SyncEngine.storeCall { () throws(StoreError) in try store.kitchenTables.saveRecords([r]) }
        switch try c.put(r.href, text, etag: record?.etag) {
        case .done(let etag):
            r.etag = etag
            r.base = text
            r.sent = nil
            r.syncedStamp = stamp
            try SyncEngine.storeCall { () throws(StoreError) in try store.kitchenTables.saveRecords([r]) }
            report.sent += 1
            return false
        case .preconditionFailed:
            if !refused.insert("\(kind.rawValue)-\(id)").inserted { report.notSent += 1 }
            return true
        case .notFound:
            // Deleted there while edited here: the edit is kept, sent again as new next time.
            r.etag = nil
            try SyncEngine.storeCall { () throws(StoreError) in try store.kitchenTables.saveRecords([r]) }
            return true
        }
    }

    /// A deletion made here; true when the server's copy changed meanwhile (its edit is kept).
    func sendDeletion(_ record: KitchenRecord, from c: CalDAVCollection) throws(SyncError) -> Bool {
        switch try c.delete(record.href, etag: record.etag) {
        case .done, .notFound:
            try SyncEngine.storeCall { () throws(StoreError) in
                try store.kitchenTables.saveRecords([], removing: [(record.kind, record.id)])
            }
            report.deletedThere += 1
            return false
        case .preconditionFailed:
            if !refused.insert("\(record.kind.rawValue)-\(record.id)").inserted { report.notSent += 1 }
            return true
        }
    }
}
