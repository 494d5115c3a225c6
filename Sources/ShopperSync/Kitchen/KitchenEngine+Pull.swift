import Foundation
import ShopperModel
import ShopperSyncModel

/// Taking in one collection's changes, whatever the server sends: the same for recipes and meals.
/// A batch of `SyncEngine.mergeBatch` entries (or `mergeBytes` of text, whichever comes first) is
/// merged in one transaction; removals and the new token go with the last, so a sync cut off
/// before reads the same changes again.
extension KitchenEngine {
    /// One entry as the server has it, read.
    struct Remote<Entry> {
        let href: String
        let etag: String?
        let text: String
        let entry: Entry
    }

    /// A pull's entries, removals and token, merged by the kind's own pass.
    typealias Merge<Entry> = (_ batch: [Remote<Entry>], _ removed: [String], _ token: String?) throws(SyncError)
        -> Void

    /// Reads what changed in `c` since `token`, each entry by `read` (one that cannot be read is
    /// skipped and named), and hands it to `merge`; returns the new token.
    func pull<Entry>(_ c: CalDAVCollection, _ kind: KitchenKind, token: String?, known: [String: String?],
                     read: (String) throws(KitchenReadError) -> Entry, merge: Merge<Entry>) throws(SyncError)
        -> String? {
        let (changed, removed, next) = try serverChanges(c, token: token, known: known)
        let hold = RemovalFacts.bulkLoss(removed: removed.count, known: known.count)
        if hold, !removed.isEmpty { try sendAgain(kind, removed) }
        var start = 0
        repeat {
            let part = Array(changed[start..<min(start + SyncEngine.mergeBatch, changed.count)])
            start += SyncEngine.mergeBatch
            var batch: [Remote<Entry>] = [], bytes = 0
            try c.fetch(part, skip: { href, why in report.skip(href, why: why) }) { fetched throws(SyncError) in
                let f = try withETag(fetched, from: c)
                do throws(KitchenReadError) {
                    batch.append(Remote(href: f.href, etag: f.etag, text: f.text, entry: try read(f.text)))
                    bytes += f.text.utf8.count
                } catch {
                    report.skip(SyncEngine.summary(ofBroken: f.text) ?? f.href, why: error.why)
                }
                if bytes > Self.mergeBytes {
                    try retrying { () throws(SyncError) in try merge(batch, [], token) }
                    (batch, bytes) = ([], 0)
                }
            }
            let last = start >= changed.count
            try retrying { () throws(SyncError) in
                try merge(batch, last && !hold ? removed : [], last ? next : token)
            }
        } while start < changed.count
        return next
    }

    /// Entries the server lost all at once (a restore, a replaced account) are kept here and sent
    /// back as new, as a list's items are: their records forget the server's copy.
    private func sendAgain(_ kind: KitchenKind, _ hrefs: [String]) throws(SyncError) {
        let gone = Set(hrefs)
        try SyncEngine.storeCall { () throws(StoreError) in
            let records = try store.kitchenTables.records(kind, texts: false).filter { gone.contains($0.href) }
            let forgotten = records.map { var r = $0; (r.etag, r.syncedStamp) = (nil, -1); return r }
            try store.kitchenTables.saveRecords(forgotten)
        }
        report.keptFromBulkDeletion += hrefs.count
    }

    /// `body` tried again from a fresh read when the window wrote what it merges meanwhile.
    private func retrying(_ body: () throws(SyncError) -> Void) throws(SyncError) {
        for attempt in 1...SyncEngine.mergeAttempts {
            do {
                return try body()
            } catch .storeConflict where attempt < SyncEngine.mergeAttempts {
                continue
            }
        }
    }
}

extension KitchenEngine.Remote where Entry == SharedRecipe {
    var recipe: SharedRecipe { entry }
}

extension KitchenEngine.Remote where Entry == SharedMeal {
    var meal: SharedMeal { entry }
}
