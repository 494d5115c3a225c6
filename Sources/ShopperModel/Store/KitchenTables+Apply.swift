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

    package init() {}
}

extension KitchenTables {
    /// Writes what `build` returns in one transaction; `build` gets ids no process has used.
    /// Nothing is kept when sharing the kitchen stopped meanwhile.
    package func apply(_ build: (inout IDSource) throws(StoreError) -> KitchenWrite) throws(StoreError) {
        var written = KitchenWrite()
        _ = try store.write(seen: 0, knownAisles: [], list: .first, { ids, _ throws(StoreError) in
            written = try build(&ids)
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
                r.syncedStamp = clean ? try Self.currentStamp(r.kind, r.id, db) : -1
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
