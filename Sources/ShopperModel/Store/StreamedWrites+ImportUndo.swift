import Foundation
internal import GRDB

/// Writes too big for one change set: a streamed import, batch by batch in one transaction, and
/// its undo.
struct StreamedWrites: Sendable {
    let store: Store

    /// Takes a streamed import back (`ImportUndo`) in one IMMEDIATE transaction at a new revision:
    /// its new items deleted by their id range (each leaves a tombstone, as any deletion does, so
    /// other processes and a sync see them go), the known items it updated written back as they
    /// were, the stores it made removed unless something else is sold there now, its aisles taken
    /// out of the order (those added since by anyone stay). Memory is the undo record, whatever
    /// the number of items. Like every undo, it never overwrites a change made since: if any of the
    /// import's items was edited, moved or deleted since, nothing is written and `.conflict` names it.
    func undoImport(_ u: ImportUndo) throws(StoreError) {
        guard store.access == .readWrite, let db = store.db else { throw .readOnly(path: store.path) }
        do {
            try db.write { db in
                try Self.checkUnchanged(u, db)
                let revision = try Store.revision(db) + 1
                let range: StatementArguments = [u.firstNew, u.lastNew]
                try db.execute(
                    sql:
                        "INSERT OR REPLACE INTO item_tombstone (id, revision) SELECT id, ? FROM item WHERE id BETWEEN ? AND ?",
                               arguments: [revision] + range)
                try db.execute(sql: "DELETE FROM item_shop WHERE item_id BETWEEN ? AND ?", arguments: range)
                try db.execute(sql: "DELETE FROM item WHERE id BETWEEN ? AND ?", arguments: range)
                var back = ChangeSet(list: u.list)
                for item in u.before { back.items[item.id] = item }
                back.onlyAt = u.onlyAtBefore
                try Store.writeItems(back, expected: [:], revision: revision, db)
                try ShopTables.writeShops(back, db)
                // Once every mark the import made is gone: a store it made that sells nothing now.
                var shops = ChangeSet(list: u.list)
                for shop in u.shopsMade where try !Self.sellsAnything(shop, db) { shops.shops[shop] = .some(nil) }
                try ShopTables.writeShops(shops, db)
                let now = try Store.aisles(db, list: u.list)
                let order = ModelCore.replayedOrder(u.aislesBefore, undoing: u.aislesAfter, now: now)
                if order != now { _ = try Store.writeAisles(order, known: now, list: u.list, db) }
            }
        } catch let e as StoreError {
            throw e
        } catch {
            throw .writeFailed(reason: StoreOpening.reason(error))
        }
    }

    /// Every new item of the import still there as it wrote it, and every item it updated still
    /// at its revision; else `.conflict` with the first item changed since.
    private static func checkUnchanged(_ u: ImportUndo, _ db: Database) throws {
        let range: StatementArguments = [u.firstNew, u.lastNew]
        if let changed = try Int64.fetchOne(
            db, sql: "SELECT id FROM item WHERE id BETWEEN ? AND ? AND revision <> ? LIMIT 1",
                                            arguments: range + [u.revision]) {
            throw StoreError.conflict(ItemID(changed))
        }
        let left =
            try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE id BETWEEN ? AND ?", arguments: range) ?? 0
        if left != u.added, let gone = try Int64.fetchOne(db, sql: """
            SELECT id FROM item_tombstone WHERE id BETWEEN ? AND ? ORDER BY id LIMIT 1
            """, arguments: range) {
            throw StoreError.conflict(ItemID(gone))
        }
        let revision = try db.cachedStatement(sql: "SELECT revision FROM item WHERE id = ?")
        for item in u.before where try Int64.fetchOne(revision, arguments: [item.id.raw]) != u.revision {
            throw StoreError.conflict(item.id)
        }
    }

    private static func sellsAnything(_ shop: ShopID, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item_shop WHERE shop_id = ?)", arguments: [shop.raw])
            ?? false
    }
}
