import Foundation
internal import GRDB

/// Shops, their aisle orders and items' "only at" marks (Schema v7): small tables, read whole
/// whenever another process wrote, as the lists are.
package struct ShopTables: Sendable {
    let store: Store

    /// Every shop not deleted, in order, each with its aisle order. A file before v7 has none.
    static func shops(_ db: Database) throws -> [Shop] {
        guard try db.tableExists("shop") else { return [] }
        var aisles: [Int64: [String]] = [:]
        for row in try Row.fetchAll(
            db,
            sql:
                "SELECT shop_id, name FROM shop_aisle WHERE typeof(name) = 'text' AND name <> '' ORDER BY shop_id, position"
        ) {
            aisles[row[0], default: []].append(row[1])
        }
        return try Row.fetchAll(
            db,
            sql: "SELECT id, name, position FROM shop WHERE NOT deleted AND typeof(name) = 'text' ORDER BY position, id"
        )
            .map { row in
                let id: Int64 = row[0]
                return Shop(id: ShopID(id), name: row[1], position: row[2], aisles: aisles[id] ?? [])
            }
    }

    /// The marks of `list`'s items: through the marks (few) and each item's primary key, so the
    /// cost follows the marks, not the list. CROSS JOIN keeps that order: left to choose, SQLite
    /// walked the list's items through `item_list` (45 ms at a million items with no mark at all,
    /// at every read of the news, so in each sync's arrival).
    static let onlyAtSQL =
        "SELECT m.item_id, m.shop_id FROM item_shop m CROSS JOIN item i ON i.id = m.item_id WHERE i.list_id = ?"

    static func onlyAt(_ db: Database, list: ListID) throws -> OnlyAt {
        guard try db.tableExists("item_shop") else { return OnlyAt() }
        var marks: [ItemID: Set<ShopID>] = [:]
        for row in try Row.fetchAll(db, sql: onlyAtSQL, arguments: [list.raw]) {
            marks[ItemID(row[0]), default: []].insert(ShopID(row[1]))
        }
        return OnlyAt(marks)
    }

    static func writeShops(_ cs: ChangeSet, _ db: Database) throws {
        for (id, shop) in cs.shops {
            try db.execute(sql: "DELETE FROM shop_aisle WHERE shop_id = ?", arguments: [id.raw])
            guard let shop else {
                try db.execute(sql: "DELETE FROM shop WHERE id = ?", arguments: [id.raw])
                try db.execute(sql: "UPDATE shopping_list SET shop_id = 0 WHERE shop_id = ?", arguments: [id.raw])
                continue
            }
            try db.execute(sql: """
                INSERT INTO shop (id, name, position, deleted) VALUES (?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, position = excluded.position, deleted = \
                excluded.deleted
                """, arguments: [id.raw, shop.name, shop.position, shop.deleted])
            let insert = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO shop_aisle (shop_id, name, position) VALUES (?, ?, ?)")
            for (i, name) in AisleOrder(shop.aisles).names.enumerated() {
                try insert.execute(arguments: [id.raw, name, i])
            }
        }
        let clear = try db.cachedStatement(sql: "DELETE FROM item_shop WHERE item_id = ?")
        let mark = try db.cachedStatement(sql: "INSERT OR IGNORE INTO item_shop (item_id, shop_id) VALUES (?, ?)")
        for (item, shops) in cs.onlyAt {
            try clear.execute(arguments: [item.raw])
            for shop in shops.sorted() { try mark.execute(arguments: [item.raw, shop.raw]) }
        }
    }

    /// The shop `list` is shopped at now. Not an undo step, and it touches no item.
    func setShop(_ shop: ShopID, of list: ListID) throws(StoreError) {
        guard store.access == .readWrite, let db = store.db else { throw .readOnly(path: store.path) }
        do {
            try db.write { db in
                try db.execute(
                    sql: "UPDATE shopping_list SET shop_id = ? WHERE id = ?", arguments: [shop.raw, list.raw])
            }
        } catch {
            throw .writeFailed(reason: StoreOpening.reason(error))
        }
    }

    /// Shops deleted and not brought back by the next start go, with their aisles and marks; so do
    /// the marks of items deleted since (Undo could have brought those back until now).
    static func purgeDeletedShops(_ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM item_shop WHERE shop_id IN (SELECT id FROM shop WHERE deleted)
                OR item_id NOT IN (SELECT id FROM item);
            DELETE FROM shop_aisle WHERE shop_id IN (SELECT id FROM shop WHERE deleted);
            DELETE FROM shop WHERE deleted;
            UPDATE shopping_list SET shop_id = 0 WHERE shop_id <> 0 AND shop_id NOT IN (SELECT id FROM shop);
            """)
    }
}

extension ShopTables {
    /// The shops, read on their own.
    package func shops() throws(StoreError) -> [Shop] { try store.read { db in try Self.shops(db) } }

    /// The names of the stores each of `ids` is sold only at (stores not deleted), in the stores'
    /// order; an item sold anywhere is not in the answer.
    package func shopNames(of ids: [ItemID]) throws(StoreError) -> [ItemID: [String]] {
        try store.read { db in
            guard try db.tableExists("item_shop"), !ids.isEmpty else { return [:] }
            var out: [ItemID: [String]] = [:]
            let stmt = try db.cachedStatement(sql: """
                SELECT s.name FROM item_shop m JOIN shop s ON s.id = m.shop_id
                WHERE m.item_id = ? AND NOT s.deleted ORDER BY s.position, s.id
                """)
            for id in ids {
                let names = try String.fetchAll(stmt, arguments: [id.raw])
                if !names.isEmpty { out[id] = names }
            }
            return out
        }
    }
}
