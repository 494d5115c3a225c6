import Foundation
internal import GRDB

/// Reads every part of the store shares (the revision, aisles, searches, lists and their counts),
/// the lists in Recently Deleted, and their purge a week after deletion.
extension Store {
    static func revision(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db,
            sql:
                "SELECT max(ifnull((SELECT max(revision) FROM item), 0), ifnull((SELECT max(revision) FROM item_tombstone), 0))"
        ) ?? 0
    }

    /// Rows without a usable name (another program's doing) are passed over: an aisle is only a
    /// sort order, and items keep their aisle names themselves.
    static func aisles(_ db: Database, list: ListID) throws -> [String] {
        try String.fetchAll(
            db,
            sql:
                "SELECT name FROM aisle WHERE typeof(name) = 'text' AND name <> '' AND \(try listColumn(db, "aisle", list)) ORDER BY position"
        )
    }

    static func searches(_ db: Database, list: ListID) throws -> [SavedSearch] {
        guard try db.tableExists("saved_search") else { return [] }
        return try Row.fetchAll(db, sql: """
            SELECT id, name, query, position FROM saved_search
            WHERE typeof(name) = 'text' AND typeof(query) = 'text' AND typeof(position) = 'integer'
            AND \(try listColumn(db, "saved_search", list)) ORDER BY position
            """).map { SavedSearch(id: .init($0[0]), name: $0[1], query: $0[2], position: $0[3], list: list) }
    }

    /// The condition that a row of `table` is on `list`; a file of a schema before lists (opened
    /// read-only) has only the first.
    static func listColumn(_ db: Database, _ table: String, _ list: ListID) throws -> String {
        try db.columns(in: table).contains { $0.name == "list_id" }
            ? "list_id = \(list.raw)" : (list == .first ? "1" : "0")
    }

    /// Every list not deleted, in order; a file of a schema before lists has one, named as v5 names it.
    static func lists(_ db: Database) throws -> [ShoppingList] {
        guard try db.tableExists("shopping_list") else {
            let count = try db.tableExists("item") ? try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0 : 0
            let toBuy =
                try db.tableExists("item")
                ? try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE needed AND NOT in_cart") ?? 0 : 0
            return [.groceries(toBuy: toBuy, itemCount: count)]
        }
        return try lists(db, deleted: false)
    }

    /// The lists deleted or not; a file of a schema before shops (or before v8's time of deletion,
    /// opened read-only) has none of the newer columns.
    static func lists(_ db: Database, deleted: Bool) throws -> [ShoppingList] {
        let columns = Set(try db.columns(in: "shopping_list").map(\.name))
        let shop = columns.contains("shop_id") ? "shop_id" : "0"
        let deletedAt = columns.contains("deleted_at") ? "deleted_at" : "NULL"
        let hidden = columns.contains("shop_id") ? hiddenAtShop : "0"
        return try Row.fetchAll(db, sql: """
            SELECT id, name, position, to_buy, item_count, \(shop), \(deletedAt), \(hidden) FROM shopping_list
            WHERE \(deleted ? "" : "NOT") deleted AND typeof(name) = 'text'
            ORDER BY \(deleted ? "\(deletedAt) DESC, id" : "position, id")
            """).map { row in
            var list = ShoppingList(id: ListID(row[0]), name: row[1], position: row[2], deleted: deleted,
                                    deletedAt: deleted ? (row[6] as Int64?).map(StoreTime.date) : nil,
                                    toBuy: row[3], itemCount: row[4], shop: ShopID(row[5]))
            list.hiddenAtShop = row[7]
            return list
        }
    }

    /// Per list, its items to buy sold only at other stores than the one it is shopped at (as
    /// `OnlyAt.hidden`: marks at existing stores only, none of them this one; none at Any Store or
    /// at a store that went). Read from the marks, which are few, never from the list's items:
    /// CROSS JOIN keeps that order. Left to choose, SQLite walked every item of the list through
    /// `item_list` and looked each up among the marks (13 ms at 100,000 items, with no mark at
    /// all), and the lists are read at every write, store switch and list switch.
    static let hiddenAtShop = """
        (CASE WHEN shopping_list.shop_id IN (SELECT id FROM shop WHERE NOT deleted) THEN
         (SELECT count(DISTINCT m.item_id) FROM item_shop m
          CROSS JOIN shop s ON s.id = m.shop_id AND NOT s.deleted
          CROSS JOIN item i ON i.id = m.item_id AND i.list_id = shopping_list.id AND i.needed AND NOT i.in_cart
          WHERE NOT EXISTS (SELECT 1 FROM item_shop o WHERE o.item_id = m.item_id AND o.shop_id = \
          shopping_list.shop_id))
         ELSE 0 END)
        """

    /// The lists deleted and not yet removed for good, the latest first (Recently Deleted).
    package func deletedLists() throws(StoreError) -> [ShoppingList] {
        try read { db in try db.tableExists("shopping_list") ? try Self.lists(db, deleted: true) : [] }
    }

    /// The highest position of an item on `list` (0 for none): a move to it goes after.
    package func lastPosition(of list: ListID) throws(StoreError) -> Int64 {
        try read { db in
            try Int64.fetchOne(
                db, sql: "SELECT ifnull(max(position), 0) FROM item WHERE \(try ListScope(list).condition(db))") ?? 0
        }
    }

    /// The lists, read on their own (the sidebar, the command line).
    package func lists() throws(StoreError) -> [ShoppingList] { try read { db in try Self.lists(db) } }

    /// Lists deleted a week ago (`ShoppingList.keptAfterDeletion`) and not restored are gone with
    /// their items (each leaving a tombstone, as any deletion), aisles and saved searches; deleted
    /// shops too. Run at the window's start: a list deleted since can still be restored.
    package func purgeDeletedLists(now: Date = Date()) throws(StoreError) {
        guard access == .readWrite, let db else { return }
        let cutoff = StoreTime.millis(now.addingTimeInterval(-ShoppingList.keptAfterDeletion))
        do {
            try db.write { db in
                try ShopTables.purgeDeletedShops(db)
                let gone = try Int64.fetchAll(
                    db, sql: "SELECT id FROM shopping_list WHERE deleted AND ifnull(deleted_at, 0) <= ?",
                                              arguments: [cutoff])
                guard !gone.isEmpty else { return }
                let revision = try Self.revision(db) + 1
                for list in gone {
                    try db.execute(sql: """
                        INSERT OR REPLACE INTO item_tombstone (id, revision) SELECT id, ? FROM item WHERE list_id = ?;
                        DELETE FROM price_history WHERE item_id IN (SELECT id FROM item WHERE list_id = ?);
                        DELETE FROM item_share WHERE item_id IN (SELECT id FROM item WHERE list_id = ?);
                        DELETE FROM item WHERE list_id = ?;
                        DELETE FROM aisle WHERE list_id = ?;
                        DELETE FROM saved_search WHERE list_id = ?;
                        DELETE FROM sync_item WHERE list_id = ?;
                        DELETE FROM sync_binding WHERE list_id = ?;
                        DELETE FROM shopping_list WHERE id = ?;
                        """, arguments: [revision, list, list, list, list, list, list, list, list, list])
                }
            }
        } catch {
            throw .writeFailed(reason: StoreOpening.reason(error))
        }
    }
}
