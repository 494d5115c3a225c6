import Foundation
internal import GRDB

/// What a store holds, read in one snapshot.
public struct StoreContents: Sendable {
    public var items: [Item] = []
    /// The revision each item was last written at: what a later write expects to find.
    public var revisions: [ItemID: Int64] = [:]
    public var aisles: [String] = []
    public var searches: [SavedSearch] = []
    /// Every list not deleted, in order.
    public var lists: [ShoppingList] = []
    public var shops: [Shop] = []
    public var onlyAt = OnlyAt()
    /// The highest revision in the store when it was read.
    public var revision: Int64 = 0
}

/// What other processes changed after a revision, read in one snapshot.
public struct StoreChanges: Sendable {
    /// The list's items written since.
    public var items: [(item: Item, revision: Int64)] = []
    /// Items deleted since, and items written since that are on other lists now (moved away, or
    /// never the list's: the reader drops those it holds).
    public var deleted: [ItemID] = []
    public var aisles: [String] = []
    public var searches: [SavedSearch] = []
    public var lists: [ShoppingList] = []
    public var shops: [Shop] = []
    public var onlyAt = OnlyAt()
    /// Changes whenever a trip is recorded or deleted (`Store.tripStamp`).
    public var tripStamp: Int64 = 0
    public var revision: Int64 = 0
}

/// Which list a read is of, and how SQLite should find its items: through the (list, id) index when
/// the list holds few of the store's items, by a scan of the table when it holds most (a store of
/// one list reads as fast as before lists: the index would cost a lookup a row).
public struct ListScope: Sendable, Equatable {
    public let list: ListID
    public let byIndex: Bool
    public init(_ list: ListID, byIndex: Bool = true) {
        self.list = list
        self.byIndex = byIndex
    }

    /// The SQL condition on `item` (the id is a number: nothing of the user's goes into the SQL).
    /// A file of a schema before lists has only the first list.
    func condition(_ db: Database) throws -> String {
        guard try db.columns(in: "item").contains(where: { $0.name == "list_id" }) else { return list == .first ? "1" : "0" }
        return "\(byIndex ? "" : "+")list_id = \(list.raw)"
    }
}

/// The outcome of one write transaction.
public struct StoreCommit: Sendable {
    /// The revision the written items now carry.
    public let revision: Int64
    /// Others had written since the revision the writer last saw: it should read their changes.
    public let othersWrote: Bool
    /// The aisle order as stored, when the write set one (another process's new aisles appended).
    public let aisles: [String]?
}

/// Hands out ids inside a write transaction, one above every id in use or ever deleted, so that two
/// processes never reuse an id (see Schema v3).
public struct IDSource {
    var nextItem: Int64
    var nextSearch: Int64
    var nextList: Int64 = 2
    var nextShop: Int64 = 1
    var nextTrip: Int64 = 1
    public mutating func newItemID() -> ItemID { defer { nextItem += 1 }; return ItemID(nextItem) }
    public mutating func newSearchID() -> SavedSearch.ID { defer { nextSearch += 1 }; return SavedSearch.ID(nextSearch) }
    public mutating func newListID() -> ListID { defer { nextList += 1 }; return ListID(nextList) }
    public mutating func newShopID() -> ShopID { defer { nextShop += 1 }; return ShopID(nextShop) }
    public mutating func newTripID() -> TripID { defer { nextTrip += 1 }; return TripID(nextTrip) }
}

/// One SQLite file in WAL mode, shared safely by every Shopper process on the machine (the window,
/// `shopper add`, and later a sync). Each write is one IMMEDIATE transaction that waits for others
/// (busy timeout) and checks that the items it overwrites are the versions its writer last saw.
/// A file that is not ours, or is newer than this version understands, is refused before anything
/// writes to it; a read-only store never writes at all.
public final class Store: Sendable {
    public enum Access: Sendable { case readWrite, readOnly }

    public let path: String
    public let access: Access
    /// nil for a read-only store over a file that does not exist yet: it reads as empty.
    let db: (any DatabaseWriter)?

    /// How long a write waits for another process's transaction before giving up.
    static let busySeconds: TimeInterval = 30

    public init(path: String, access: Access = .readWrite) throws(StoreError) {
        self.path = path
        self.access = access
        var config = Configuration()
        config.busyMode = .timeout(Self.busySeconds)
        // SQLite's page cache is 2 MB a connection by default, filled by start-up's one pass over
        // every item and never read again: rows come on demand, a screenful at a time, and the
        // system's file cache keeps the pages they read.
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKiB)") }
        switch access {
        case .readOnly:
            guard FileManager.default.fileExists(atPath: path) else { db = nil; return }
            try StoreFiles.checkReadable(path)
            try Self.checkExisting(path)
            config.readonly = true
            db = try Self.openForReading(path, config)
        case .readWrite:
            // Processes starting together must not both create or migrate the file.
            let lock = try StoreFiles.prepare(path)
            defer { lock.release() }
            try Self.checkExisting(path)
            do {
                let pool = try DatabasePool(path: path, configuration: config)
                try Schema.migrator.migrate(pool)
                db = pool
            } catch {
                throw .cannotOpen(path: path, reason: Self.reason(error))
            }
        }
    }

    public static let fileName = "shopper.sqlite"
    /// SQLite's page cache per connection.
    static let pageCacheKiB = 256

    // MARK: Reading

    /// Everything, each item whole: for tests and tools (the model reads entries, `loadEntries`).
    public func load(list: ListID = .first) throws(StoreError) -> StoreContents {
        try read { db in
            guard try db.tableExists("item") else { return StoreContents() }
            var c = try Self.contents(db, list: list)
            try StoreReader(db: db, scope: ListScope(list)).eachItem { item, revision in
                c.items.append(item)
                c.revisions[item.id] = revision
            }
            return c
        }
    }

    /// The aisles, saved searches and highest revision, for a store that has an item table (a file
    /// opened read-only may be of a schema older than revisions).
    static func contents(_ db: Database, list: ListID) throws -> StoreContents {
        var c = StoreContents()
        c.aisles = try aisles(db, list: list)
        c.searches = try searches(db, list: list)
        c.lists = try lists(db)
        c.shops = try shops(db)
        c.onlyAt = try onlyAt(db, list: list)
        c.revision = try db.columns(in: "item").contains { $0.name == "revision" } ? try revision(db) : 0
        return c
    }

    /// About how many items there are, for reserving room: the highest id (ids come from the
    /// store in order), read from the end of the table's index, not by counting.
    public func itemCount() -> Int { itemNumber("max(id)") }

    /// How many items there are, counted (a scan of the smallest index: see `itemCount` for the cheap
    /// estimate).
    public func storedItems() -> Int { itemNumber("count(*)") }

    /// One aggregate over the item table; 0 without the table or when the store cannot be read.
    private func itemNumber(_ aggregate: String) -> Int {
        Int((try? read { db in try db.tableExists("item") ? Int64.fetchOne(db, sql: "SELECT \(aggregate) FROM item") ?? 0 : 0 }) ?? 0)
    }

    /// Everything written to `list` after `revision`, by any process (this one's own writes
    /// included), and the lists as they are now.
    public func changes(since revision: Int64, list: ListID = .first) throws(StoreError) -> StoreChanges {
        try read { db in
            var c = StoreChanges()
            let mine = try ListScope(list).condition(db)
            try db.eachRow("SELECT \(ItemColumns.list), revision FROM item WHERE revision > ? AND \(mine)", arguments: [revision]) { row in
                c.items.append((try ItemColumns.item(row), row.number(Int32(ItemColumns.revisionIndex)) ?? 0))
            }
            c.deleted = try Int64.fetchAll(db, sql: "SELECT id FROM item_tombstone WHERE revision > ?", arguments: [revision]).map(ItemID.init)
                + Int64.fetchAll(db, sql: "SELECT id FROM item WHERE revision > ? AND NOT (\(mine))", arguments: [revision]).map(ItemID.init)
            c.aisles = try Self.aisles(db, list: list)
            c.searches = try Self.searches(db, list: list)
            c.lists = try Self.lists(db)
            c.shops = try Self.shops(db)
            c.onlyAt = try Self.onlyAt(db, list: list)
            c.tripStamp = try Self.tripStamp(db)
            c.revision = try Self.revision(db)
            return c
        }
    }

    /// SQLite's data_version of the writer connection: it changes when, and only when, another
    /// connection (another process) commits. Costs no transaction, so it can be polled.
    public func externalVersion() -> Int64 {
        guard access == .readWrite, let db else { return 0 }
        return (try? db.writeWithoutTransaction { try Int64.fetchOne($0, sql: "PRAGMA data_version") ?? 0 }) ?? 0
    }

    public func history(of ids: [ItemID]) throws(StoreError) -> [PriceRecord] {
        try read { db in
            guard try db.tableExists("price_history") else { return [] }
            let shop = try db.columns(in: "price_history").contains { $0.name == "shop_id" } ? "shop_id" : "0"
            let stmt = try db.cachedStatement(sql: "SELECT item_id, unit_cost, quantity, date, \(shop) FROM price_history WHERE item_id = ? ORDER BY date")
            return try ids.flatMap { id in
                try Row.fetchAll(stmt, arguments: [id.raw]).map(Self.record)
            }
        }
    }

    /// Rows changed by all writes so far on the writer connection: lets tests prove an operation on one
    /// item writes a fixed number of rows, whatever the store's size.
    public func totalChanges() -> Int {
        db?.writeWithoutTransaction { db in db.totalChangesCount } ?? -1
    }

    public func integrityCheck() throws -> String {
        guard let db else { return "ok" }
        return try db.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
    }

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        guard let db else { return try Self.empty(body) }
        do {
            return try db.read(body)
        } catch let e as StoreError {
            throw e
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error))
        }
    }

    /// A read-only store over a missing file reads as an empty in-memory database.
    private static func empty<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try DatabaseQueue().read(body) } catch let e as StoreError { throw e } catch {
            throw .cannotOpen(path: ":memory:", reason: reason(error))
        }
    }

    // MARK: Writing

    /// Runs `build` inside one IMMEDIATE transaction and writes the change set it returns, stamped
    /// with a new revision. `build` gets ids no process has used; its `expected` map says, per item,
    /// the revision the writer last saw (nil: the item must not exist). If any differs, nothing is
    /// written and `.conflict` is thrown: the writer reads the news and tries again.
    public func write(seen: Int64, knownAisles: [String], list: ListID = .first,
                      _ build: (inout IDSource) throws(StoreError) -> (ChangeSet, expected: [ItemID: Int64?]))
        throws(StoreError) -> (ChangeSet, StoreCommit) {
        try write(seen: seen, knownAisles: knownAisles, list: list) { ids, _ throws(StoreError) in try build(&ids) }
    }

    /// `write`, with a reader of items through the write's own connection for `build`.
    func write(seen: Int64, knownAisles: [String], list: ListID,
               _ build: (inout IDSource, StoreReader) throws(StoreError) -> (ChangeSet, expected: [ItemID: Int64?]),
               alongside: ((Database, Int64) throws -> Void)? = nil)
        throws(StoreError) -> (ChangeSet, StoreCommit) {
        guard access == .readWrite, let db else { throw .readOnly(path: path) }
        do {
            return try db.write { db in
                let current = try Self.revision(db)
                var ids = IDSource(
                    nextItem: 1 + (try Int64.fetchOne(db, sql: "SELECT max(ifnull((SELECT max(id) FROM item), 0), ifnull((SELECT max(id) FROM item_tombstone), 0))") ?? 0),
                    nextSearch: 1 + (try Int64.fetchOne(db, sql: "SELECT ifnull(max(id), 0) FROM saved_search") ?? 0))
                ids.nextList = 1 + (try Int64.fetchOne(db, sql: "SELECT ifnull(max(id), 1) FROM shopping_list") ?? 1)
                ids.nextShop = 1 + (try Self.highestID(ever: "shop", db))
                ids.nextTrip = 1 + (try Self.highestID(ever: "trip", db))
                let (cs, expected) = try build(&ids, StoreReader(db: db, scope: ListScope(list)))
                // Only item rows keep a revision: a write of none (the aisle order, a saved search)
                // takes no new one, or its writer would count as seen a revision the next item
                // written by anyone then carries (and never read that item).
                let revision = cs.items.isEmpty ? current : current + 1
                try Self.writeLists(cs, db)
                try Self.writeItems(cs, expected: expected, revision: revision, db)
                try Self.writeSearches(cs, db)
                try Self.writeHistory(cs, db)
                try Self.writeShops(cs, db)
                try Self.writeTrips(cs, db)
                let aisles = try cs.aisleOrder.map { order throws in try Self.writeAisles(order, known: knownAisles, list: cs.list, db) }
                try Self.fileMovedAisles(cs, db)
                try alongside?(db, revision)
                return (cs, StoreCommit(revision: revision, othersWrote: current != seen, aisles: aisles))
            }
        } catch let e as StoreError {
            throw e
        } catch {
            throw .writeFailed(reason: Self.reason(error))
        }
    }

    private static func writeItems(_ cs: ChangeSet, expected: [ItemID: Int64?], revision: Int64, _ db: Database) throws {
        let current = try db.cachedStatement(sql: "SELECT revision FROM item WHERE id = ?")
        let insert = try db.cachedStatement(sql: "INSERT INTO item (\(ItemColumns.list), revision) VALUES (\(ItemColumns.placeholders), ?)")
        let update = try db.cachedStatement(sql: "UPDATE item SET \(ItemColumns.assignments), revision = ? WHERE id = ?")
        let delete = try db.cachedStatement(sql: "DELETE FROM item WHERE id = ?")
        let bury = try db.cachedStatement(sql: "INSERT OR REPLACE INTO item_tombstone (id, revision) VALUES (?, ?)")
        let unbury = try db.cachedStatement(sql: "DELETE FROM item_tombstone WHERE id = ?")
        for (id, item) in cs.items {
            let found = try Int64.fetchOne(current, arguments: [id.raw])
            if let want = expected[id], want != found { throw StoreError.conflict(id) }
            switch (item, found) {
            case (let item?, nil):
                try insert.execute(arguments: StatementArguments(ItemColumns.values(item) + [revision]))
                try unbury.execute(arguments: [id.raw])
            case (let item?, _?):
                try update.execute(arguments: StatementArguments(ItemColumns.values(item).dropFirst() + [revision, id.raw]))
            case (nil, _?):
                try delete.execute(arguments: [id.raw])
                try bury.execute(arguments: [id.raw, revision])
            case (nil, nil):
                break
            }
        }
    }

    private static func writeSearches(_ cs: ChangeSet, _ db: Database) throws {
        for (id, s) in cs.searches {
            if let s {
                try db.execute(sql: "INSERT OR REPLACE INTO saved_search (id, name, query, position, list_id) VALUES (?, ?, ?, ?, ?)",
                               arguments: [s.id.raw, s.name, s.query, s.position, s.list.raw])
            } else {
                try db.execute(sql: "DELETE FROM saved_search WHERE id = ?", arguments: [id.raw])
            }
        }
    }

    private static func writeHistory(_ cs: ChangeSet, _ db: Database) throws {
        let add = try db.cachedStatement(sql: "INSERT INTO price_history (item_id, unit_cost, quantity, date, shop_id) VALUES (?, ?, ?, ?, ?)")
        for r in cs.historyAdded {
            try add.execute(arguments: [r.itemID.raw, DecimalText.format(r.unitCost), DecimalText.format(r.quantity), StoreTime.millis(r.date), r.shop.raw])
        }
        let remove = try db.cachedStatement(sql: "DELETE FROM price_history WHERE item_id = ? AND date = ?")
        for r in cs.historyRemoved {
            try remove.execute(arguments: [r.itemID.raw, StoreTime.millis(r.date)])
        }
    }

    /// Writes the order asked for, keeping at the end any aisle another process added that the
    /// writer did not know of yet (`known`: the order it last read), so none is lost.
    private static func writeAisles(_ order: [String], known: [String], list: ListID, _ db: Database) throws -> [String] {
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
    private static func fileMovedAisles(_ cs: ChangeSet, _ db: Database) throws {
        for case let item?? in cs.items.values where item.list != cs.list {
            guard let aisle = item.aisle else { continue }
            let order = AisleOrder(try aisles(db, list: item.list))
            guard order.canonical(aisle) == nil else { continue }
            try db.execute(sql: "INSERT INTO aisle (list_id, name, position) VALUES (?, ?, ?)",
                           arguments: [item.list.raw, aisle, order.names.count])
        }
    }

    /// Lists as written: their definition only, since the triggers keep their counts.
    private static func writeLists(_ cs: ChangeSet, _ db: Database) throws {
        for (id, list) in cs.lists {
            if let list {
                try db.execute(sql: """
                    INSERT INTO shopping_list (id, name, position, deleted, deleted_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name, position = excluded.position,
                        deleted = excluded.deleted, deleted_at = excluded.deleted_at
                    """, arguments: [id.raw, list.name, list.position, list.deleted, list.deletedAt.map(StoreTime.millis)])
            } else {
                try db.execute(sql: "DELETE FROM shopping_list WHERE id = ?", arguments: [id.raw])
            }
        }
    }

    // MARK: Shared reads

    static func revision(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT max(ifnull((SELECT max(revision) FROM item), 0), ifnull((SELECT max(revision) FROM item_tombstone), 0))") ?? 0
    }

    /// Rows without a usable name (another program's doing) are passed over: an aisle is only a
    /// sort order, and items keep their aisle names themselves.
    static func aisles(_ db: Database, list: ListID) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM aisle WHERE typeof(name) = 'text' AND name <> '' AND \(try listColumn(db, "aisle", list)) ORDER BY position")
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
    private static func listColumn(_ db: Database, _ table: String, _ list: ListID) throws -> String {
        try db.columns(in: table).contains { $0.name == "list_id" } ? "list_id = \(list.raw)" : (list == .first ? "1" : "0")
    }

    /// Every list not deleted, in order; a file of a schema before lists has one, named as v5 names it.
    static func lists(_ db: Database) throws -> [ShoppingList] {
        guard try db.tableExists("shopping_list") else {
            let count = try db.tableExists("item") ? try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0 : 0
            let toBuy = try db.tableExists("item") ? try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE needed AND NOT in_cart") ?? 0 : 0
            return [.groceries(toBuy: toBuy, itemCount: count)]
        }
        return try lists(db, deleted: false)
    }

    /// The lists deleted or not; a file of a schema before shops (or before v8's time of deletion,
    /// opened read-only) has none of the newer columns.
    private static func lists(_ db: Database, deleted: Bool) throws -> [ShoppingList] {
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
    /// at a store that went). Read from the marks, which are few, never from the list's items.
    private static let hiddenAtShop = """
        (SELECT count(DISTINCT m.item_id) FROM item_shop m
         JOIN shop s ON s.id = m.shop_id AND NOT s.deleted
         JOIN item i ON i.id = m.item_id AND i.list_id = shopping_list.id AND i.needed AND NOT i.in_cart
         WHERE shopping_list.shop_id IN (SELECT id FROM shop WHERE NOT deleted)
         AND NOT EXISTS (SELECT 1 FROM item_shop o WHERE o.item_id = m.item_id AND o.shop_id = shopping_list.shop_id))
        """

    /// The lists deleted and not yet removed for good, the latest first (Recently Deleted).
    public func deletedLists() throws(StoreError) -> [ShoppingList] {
        try read { db in try db.tableExists("shopping_list") ? try Self.lists(db, deleted: true) : [] }
    }

    /// The highest position of an item on `list` (0 for none): a move to it goes after.
    public func lastPosition(of list: ListID) throws(StoreError) -> Int64 {
        try read { db in try Int64.fetchOne(db, sql: "SELECT ifnull(max(position), 0) FROM item WHERE \(try ListScope(list).condition(db))") ?? 0 }
    }

    /// The lists, read on their own (the sidebar, the command line).
    public func lists() throws(StoreError) -> [ShoppingList] { try read { db in try Self.lists(db) } }

    /// Lists deleted a week ago (`ShoppingList.keptAfterDeletion`) and not restored are gone with
    /// their items (each leaving a tombstone, as any deletion), aisles and saved searches; deleted
    /// shops too. Run at the window's start: a list deleted since can still be restored.
    public func purgeDeletedLists(now: Date = Date()) throws(StoreError) {
        guard access == .readWrite, let db else { return }
        let cutoff = StoreTime.millis(now.addingTimeInterval(-ShoppingList.keptAfterDeletion))
        do {
            try db.write { db in
                try Self.purgeDeletedShops(db)
                let gone = try Int64.fetchAll(db, sql: "SELECT id FROM shopping_list WHERE deleted AND ifnull(deleted_at, 0) <= ?",
                                              arguments: [cutoff])
                guard !gone.isEmpty else { return }
                let revision = try Self.revision(db) + 1
                for list in gone {
                    try db.execute(sql: """
                        INSERT OR REPLACE INTO item_tombstone (id, revision) SELECT id, ? FROM item WHERE list_id = ?;
                        DELETE FROM price_history WHERE item_id IN (SELECT id FROM item WHERE list_id = ?);
                        DELETE FROM item WHERE list_id = ?;
                        DELETE FROM aisle WHERE list_id = ?;
                        DELETE FROM saved_search WHERE list_id = ?;
                        DELETE FROM sync_item WHERE list_id = ?;
                        DELETE FROM sync_binding WHERE list_id = ?;
                        DELETE FROM shopping_list WHERE id = ?;
                        """, arguments: [revision, list, list, list, list, list, list, list, list])
                }
            }
        } catch {
            throw .writeFailed(reason: Self.reason(error))
        }
    }

    private static func record(_ row: Row) -> PriceRecord {
        PriceRecord(itemID: ItemID(row[0]), unitCost: DecimalText.parse(row[1]) ?? 0,
                    quantity: DecimalText.parse(row[2]) ?? 1, date: StoreTime.date(row[3]), shop: ShopID(row[4]))
    }

}
