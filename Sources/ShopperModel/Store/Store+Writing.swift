import Foundation
internal import GRDB

/// Writing: one IMMEDIATE transaction a change set, stamped with a new revision, that refuses to
/// overwrite an item another process changed since its writer read it.
extension Store {
    /// Runs `build` inside one IMMEDIATE transaction and writes the change set it returns, stamped
    /// with a new revision. `build` gets ids no process has used; its `expected` map says, per item,
    /// the revision the writer last saw (nil: the item must not exist). If any differs, nothing is
    /// written and `.conflict` is thrown: the writer reads the news and tries again.
    package func write(seen: Int64, knownAisles: [String], list: ListID = .first, progress: ((Int) -> Void)? = nil,
                      _ build: (inout IDSource) throws(StoreError) -> (ChangeSet, expected: [ItemID: Int64?]))
        throws(StoreError) -> (ChangeSet, StoreCommit) {
        try write(
            seen: seen, knownAisles: knownAisles, list: list, { ids, _ throws(StoreError) in try build(&ids) },
            progress: progress)
    }

    /// `write`, with a reader of items through the write's own connection for `build`.
    func write(seen: Int64, knownAisles: [String], list: ListID,
               _ build: (inout IDSource, StoreReader) throws(StoreError) -> (ChangeSet, expected: [ItemID: Int64?]),
               alongside: ((Database, Int64) throws -> Void)? = nil, progress: ((Int) -> Void)? = nil)
        throws(StoreError) -> (ChangeSet, StoreCommit) {
        guard access == .readWrite, let db else { throw .readOnly(path: path) }
        do {
            return try db.write { db in
                let current = try Self.revision(db)
                var ids = try Self.idSource(db)
                let (cs, expected) = try build(&ids, StoreReader(db: db, scope: ListScope(list)))
                // Only item rows keep a revision: a write of none (the aisle order, a saved search)
                // takes no new one, or its writer would count as seen a revision the next item
                // written by anyone then carries (and never read that item).
                let revision = cs.items.isEmpty ? current : current + 1
                try Self.writeLists(cs, db)
                try Self.writeItems(cs, expected: expected, revision: revision, db, progress: progress)
                try Self.writeSearches(cs, db)
                try TripTables.writeHistory(cs, db)
                try ShopTables.writeShops(cs, db)
                try TripTables.writeTrips(cs, db)
                try RecipeTables.writeRecipes(cs, db)
                try LearnedAisles.write(cs, db)
                let aisles = try cs.aisleOrder.map { order throws in
                    try Self.writeAisles(order, known: knownAisles, list: cs.list, db)
                }
                try Self.fileMovedAisles(cs, db)
                try alongside?(db, revision)
                return (cs, StoreCommit(revision: revision, othersWrote: current != seen, aisles: aisles))
            }
        } catch let e as StoreError {
            throw e
        } catch {
            throw .writeFailed(reason: StoreOpening.reason(error))
        }
    }

    /// Ids above every id in use or ever deleted, read inside the write that hands them out.
    static func idSource(_ db: Database) throws -> IDSource {
        var ids = IDSource(
            nextItem: 1
                + (try Int64.fetchOne(
                    db,
                    sql:
                        "SELECT max(ifnull((SELECT max(id) FROM item), 0), ifnull((SELECT max(id) FROM item_tombstone), 0))"
                ) ?? 0),
            nextSearch: 1 + (try Int64.fetchOne(db, sql: "SELECT ifnull(max(id), 0) FROM saved_search") ?? 0))
        ids.nextList = 1 + (try Int64.fetchOne(db, sql: "SELECT ifnull(max(id), 1) FROM shopping_list") ?? 1)
        ids.nextShop = 1 + (try highestID(ever: "shop", db))
        ids.nextTrip = 1 + (try highestID(ever: "trip", db))
        try RecipeTables.recipeIDs(&ids, db)
        return ids
    }

    /// The highest id `table` (an AUTOINCREMENT one) has ever had, in use or not.
    static func highestID(ever table: String, _ db: Database) throws -> Int64 {
        let used = try Int64.fetchOne(db, sql: "SELECT ifnull(max(id), 0) FROM \(table)") ?? 0
        let ever = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?",
                                      arguments: [table]) ?? 0
        return max(used, ever)
    }

    static func writeItems(_ cs: ChangeSet, expected: [ItemID: Int64?], revision: Int64, _ db: Database,
                           progress: ((Int) -> Void)? = nil) throws {
        let current = try db.cachedStatement(sql: "SELECT revision FROM item WHERE id = ?")
        let insert = try db.cachedStatement(
            sql: "INSERT INTO item (\(ItemColumns.list), revision) VALUES (\(ItemColumns.placeholders), ?)")
        let update = try db.cachedStatement(
            sql: "UPDATE item SET \(ItemColumns.assignments), revision = ? WHERE id = ?")
        let delete = try db.cachedStatement(sql: "DELETE FROM item WHERE id = ?")
        let bury = try db.cachedStatement(sql: "INSERT OR REPLACE INTO item_tombstone (id, revision) VALUES (?, ?)")
        let unbury = try db.cachedStatement(sql: "DELETE FROM item_tombstone WHERE id = ?")
        for (n, (id, item)) in cs.items.enumerated() {
            if n % 1_000 == 999 { progress?(n + 1) }
            let found = try Int64.fetchOne(current, arguments: [id.raw])
            if let want = expected[id], want != found { throw StoreError.conflict(id) }
            switch (item, found) {
            case (let item?, nil):
                try insert.execute(arguments: StatementArguments(ItemColumns.values(item) + [revision]))
                try unbury.execute(arguments: [id.raw])
            case (let item?, _?):
                try update.execute(
                    arguments: StatementArguments(ItemColumns.values(item).dropFirst() + [revision, id.raw]))
            case (nil, _?):
                try delete.execute(arguments: [id.raw])
                try bury.execute(arguments: [id.raw, revision])
            case (nil, nil):
                break
            }
        }
    }

    static func writeSearches(_ cs: ChangeSet, _ db: Database) throws {
        for (id, s) in cs.searches {
            if let s {
                try db.execute(
                    sql:
                        "INSERT OR REPLACE INTO saved_search (id, name, query, position, list_id) VALUES (?, ?, ?, ?, ?)",
                               arguments: [s.id.raw, s.name, s.query, s.position, s.list.raw])
            } else {
                try db.execute(sql: "DELETE FROM saved_search WHERE id = ?", arguments: [id.raw])
            }
        }
    }


    /// Writes the order asked for, keeping at the end any aisle another process added that the
    /// writer did not know of yet (`known`: the order it last read), so none is lost.
    static func writeAisles(_ order: [String], known: [String], list: ListID, _ db: Database) throws -> [String] {
        let stored = try aisles(db, list: list)
        let knew = AisleOrder(known)
        var merged = AisleOrder(order)
        for a in stored where knew.index(of: a) == nil { merged.append(a) }
        guard merged.names != stored else { return stored }
        try db.execute(sql: "DELETE FROM aisle WHERE list_id = ?", arguments: [list.raw])
        let insert = try db.cachedStatement(sql: "INSERT INTO aisle (list_id, name, position) VALUES (?, ?, ?)")
        for (i, name) in merged.names.enumerated() { try insert.execute(arguments: [list.raw, name, i]) }
        return merged.names
    }

    /// An item written to another list than the operation's (moved there) takes its aisle along:
    /// the aisle joins the end of that list's order unless the list has it already, in any case.
    static func fileMovedAisles(_ cs: ChangeSet, _ db: Database) throws {
        for case let item?? in cs.items.values where item.list != cs.list {
            guard let aisle = item.aisle else { continue }
            let order = AisleOrder(try aisles(db, list: item.list))
            guard order.canonical(aisle) == nil else { continue }
            try db.execute(sql: "INSERT INTO aisle (list_id, name, position) VALUES (?, ?, ?)",
                           arguments: [item.list.raw, aisle, order.names.count])
        }
    }

    /// Lists as written: their definition only, since the triggers keep their counts.
    static func writeLists(_ cs: ChangeSet, _ db: Database) throws {
        for (id, list) in cs.lists {
            if let list {
                try db.execute(sql: """
                    INSERT INTO shopping_list (id, name, position, deleted, deleted_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name, position = excluded.position,
                        deleted = excluded.deleted, deleted_at = excluded.deleted_at
                    """,
                    arguments: [id.raw, list.name, list.position, list.deleted, list.deletedAt.map(StoreTime.millis)])
            } else {
                try db.execute(sql: "DELETE FROM shopping_list WHERE id = ?", arguments: [id.raw])
            }
        }
    }
}
