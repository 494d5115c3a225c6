import Foundation
internal import GRDB

/// A kitchen sync's write: recipes and meals as the server's changes leave them, with their
/// records, the plan's notes and the binding, in one transaction (a sync cut off anywhere keeps
/// all of it or none, and never takes an entry in twice).
package struct KitchenWrite: Sendable {
    package var recipes: [RecipeID: Recipe?] = [:]
    package var meals: [MealID: Meal?] = [:]
    /// Records to keep. `clean` ones are in sync with the recipe or meal as this write leaves it.
    package var records: [(record: KitchenRecord, clean: Bool)] = []
    package var removedRecords: [(KitchenKind, Int64)] = []
    package var notes: [PlanNote] = []
    /// Notes gone from the server, by UID.
    package var removedNotes: [String] = []
    package var binding: KitchenBinding?
    /// The stamps the recipes and meals written had when the sync read them (`stamps`): another
    /// write of one since (the window's) makes this write a conflict, read again and merged anew.
    package var seen: [KitchenKind: [Int64: Int64]] = [:]

    package init() {}
}

extension KitchenTables {
    /// Every stamp of a kind, by id: what `KitchenWrite.seen` holds.
    package func stamps(_ kind: KitchenKind) throws(StoreError) -> [Int64: Int64] {
        try store.read { db in
            guard try db.tableExists("kitchen_change") else { return [:] }
            var out: [Int64: Int64] = [:]
            for r in try Row.fetchAll(db, sql: "SELECT id, stamp FROM kitchen_change WHERE kind = ?",
                                      arguments: [kind.rawValue]) { out[r[0]] = r[1] }
            return out
        }
    }

    /// The stamp a clean record is in sync with: what this write leaves for an entry it wrote
    /// (checked against what the sync read); for one it did not write, the stamp the sync read,
    /// so that an edit the window made meanwhile still waits to be sent.
    private static func syncedStamp(_ r: KitchenRecord, _ w: KitchenWrite, _ db: Database) throws -> Int64 {
        let wrote = r.kind == .recipe ? w.recipes[RecipeID(r.id)] != nil : w.meals[MealID(r.id)] != nil
        if wrote { return try currentStamp(r.kind, r.id, db) }
        return w.seen[r.kind]?[r.id] ?? 0
    }

    /// Refuses a write over a recipe or meal written since the sync read it.
    private static func check(_ w: KitchenWrite, _ db: Database) throws(StoreError) {
        let written = w.recipes.keys.map { (KitchenKind.recipe, $0.raw) } + w.meals.keys.map { (.meal, $0.raw) }
        do {
            for (kind, id) in written where try currentStamp(kind, id, db) != (w.seen[kind]?[id] ?? 0) {
                // No item is in question: a recipe or meal the window wrote meanwhile.
                throw StoreError.conflict(ItemID(0))
            }
        } catch let e as StoreError { throw e } catch { throw .writeFailed(reason: StoreOpening.reason(error)) }
    }

    /// Writes what `build` returns in one transaction; `build` gets ids no process has used.
    /// Nothing is kept when sharing the kitchen stopped meanwhile.
    package func apply(_ build: (inout IDSource) throws(StoreError) -> KitchenWrite) throws(StoreError) {
        var written = KitchenWrite()
        _ = try store.write(seen: 0, knownAisles: [], list: .first, { ids, reader throws(StoreError) in
            written = try build(&ids)
            try Self.check(written, reader.db)
            var cs = ChangeSet(list: .first)
            cs.book.recipes = written.recipes
            cs.book.meals = written.meals
            return (cs, [:])
        }, alongside: { db, _ in
            guard try Int64.fetchOne(db, sql: "SELECT count(*) FROM kitchen") == 1 else {
                throw StoreError.writeFailed(reason: L("sharing the recipes and plan was stopped meanwhile"))
            }
            for (record, clean) in written.records {
                var r = record
                r.syncedStamp = clean ? try Self.syncedStamp(r, written, db) : -1
                try Self.save(r, db)
            }
            for (kind, id) in written.removedRecords { try Self.remove(kind, id, db) }
            for n in written.notes {
                try db.execute(sql: """
                    INSERT OR REPLACE INTO plan_note (uid, href, etag, day, summary) VALUES (?, ?, ?, ?, ?)
                    """, arguments: [n.uid, n.href, n.etag, n.day.description, n.summary])
            }
            for uid in written.removedNotes {
                try db.execute(sql: "DELETE FROM plan_note WHERE uid = ?", arguments: [uid])
            }
            if !(written.notes.isEmpty && written.removedNotes.isEmpty) { try Self.stampNotes(db) }
            if let b = written.binding { try Self.save(b, db) }
        })
    }
}
