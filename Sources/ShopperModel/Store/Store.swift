import Foundation
internal import GRDB

/// What a store holds, read in one snapshot.
package struct StoreContents: Sendable {
    package var items: [Item] = []
    /// The revision each item was last written at: what a later write expects to find.
    var revisions: [ItemID: Int64] = [:]
    var aisles: [String] = []
    var searches: [SavedSearch] = []
    /// Every list not deleted, in order.
    var lists: [ShoppingList] = []
    var shops: [Shop] = []
    var onlyAt = OnlyAt()
    /// The highest revision in the store when it was read.
    var revision: Int64 = 0
}

/// What other processes changed after a revision, read in one snapshot.
struct StoreChanges: Sendable {
    /// The list's items written since.
    var items: [(item: Item, revision: Int64)] = []
    /// Items deleted since, and items written since that are on other lists now (moved away, or
    /// never the list's: the reader drops those it holds).
    var deleted: [ItemID] = []
    var aisles: [String] = []
    var searches: [SavedSearch] = []
    var lists: [ShoppingList] = []
    var shops: [Shop] = []
    var onlyAt = OnlyAt()
    /// Changes whenever a trip is recorded or deleted (`TripTables.tripStamp`).
    var tripStamp: Int64 = 0
    /// Changes whenever a recipe, a meal or the plan's notes are written (`KitchenTables.stamp`).
    var kitchenStamp: Int64 = 0
    var revision: Int64 = 0
}

/// Which list a read is of, and how SQLite should find its items: through the (list, id) index when
/// the list holds few of the store's items, by a scan of the table when it holds most (a store of
/// one list reads as fast as before lists: the index would cost a lookup a row).
struct ListScope: Sendable, Equatable {
    let list: ListID
    let byIndex: Bool
    init(_ list: ListID, byIndex: Bool = true) {
        self.list = list
        self.byIndex = byIndex
    }

    /// The SQL condition on `item` (the id is a number: nothing of the user's goes into the SQL).
    /// A file of a schema before lists has only the first list.
    func condition(_ db: Database) throws -> String {
        guard try db.columns(in: "item").contains(where: { $0.name == "list_id" }) else {
            return list == .first ? "1" : "0"
        }
        return "\(byIndex ? "" : "+")list_id = \(list.raw)"
    }
}

/// The outcome of one write transaction.
package struct StoreCommit: Sendable {
    /// The revision the written items now carry.
    let revision: Int64
    /// Others had written since the revision the writer last saw: it should read their changes.
    let othersWrote: Bool
    /// The aisle order as stored, when the write set one (another process's new aisles appended).
    let aisles: [String]?
}

/// Hands out ids inside a write transaction, one above every id in use or ever deleted, so that two
/// processes never reuse an id (see Schema v3).
package struct IDSource {
    var nextItem: Int64
    var nextSearch: Int64
    var nextList: Int64 = 2
    var nextShop: Int64 = 1
    var nextTrip: Int64 = 1
    var nextRecipe: Int64 = 1
    var nextMeal: Int64 = 1
    var nextShare: Int64 = 1
    package mutating func newItemID() -> ItemID { defer { nextItem += 1 }; return ItemID(nextItem) }
    mutating func newSearchID() -> SavedSearch.ID { defer { nextSearch += 1 }; return SavedSearch.ID(nextSearch) }
    mutating func newListID() -> ListID { defer { nextList += 1 }; return ListID(nextList) }
    mutating func newShopID() -> ShopID { defer { nextShop += 1 }; return ShopID(nextShop) }
    mutating func newTripID() -> TripID { defer { nextTrip += 1 }; return TripID(nextTrip) }
    package mutating func newRecipeID() -> RecipeID { defer { nextRecipe += 1 }; return RecipeID(nextRecipe) }
    package mutating func newMealID() -> MealID { defer { nextMeal += 1 }; return MealID(nextMeal) }
    mutating func newShareID() -> ShareID { defer { nextShare += 1 }; return ShareID(nextShare) }
}

/// One SQLite file in WAL mode, shared safely by every Shopper process on the machine (the window,
/// `shopper add`, and later a sync). Each write is one IMMEDIATE transaction that waits for others
/// (busy timeout) and checks that the items it overwrites are the versions its writer last saw.
/// A file that is not ours, or is newer than this version understands, is refused before anything
/// writes to it; a read-only store never writes at all.
package final class Store: Sendable {
    package enum Access: Sendable { case readWrite, readOnly }

    package let path: String
    let access: Access
    /// nil for a read-only store over a file that does not exist yet: it reads as empty.
    let db: (any DatabaseWriter)?

    /// How long a write waits for another process's transaction before giving up.
    static let busySeconds: TimeInterval = 30

    /// How much of the file is checked before it is used. The window checks nothing more than
    /// opening does (a million items' pages read at every start would cost its first frame), and
    /// takes SQLite's word when a read or write finds the file malformed (`reason`); a command
    /// that writes runs SQLite's quick check first, since it writes once and is gone.
    package enum Check: Sendable { case none, quick }

    package init(path: String, access: Access = .readWrite, check: Check = .none) throws(StoreError) {
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
            try StoreFiles.checkNoLinks(path)
            guard FileManager.default.fileExists(atPath: path) else {
                try StoreFiles.checkFolderForReading((path as NSString).deletingLastPathComponent)
                db = nil
                return
            }
            try StoreFiles.checkReadable(path)
            try StoreOpening.checkExisting(path, check: check)
            config.readonly = true
            db = try StoreOpening.openForReading(path, config)
        case .readWrite:
            // Processes starting together must not both create or migrate the file.
            let lock = try StoreFiles.prepare(path)
            defer { lock.release() }
            try StoreOpening.checkExisting(path, check: check)
            do {
                let pool = try DatabasePool(path: path, configuration: config)
                try Schema.migrator.migrate(pool)
                db = pool
            } catch {
                throw .cannotOpen(path: path, reason: StoreOpening.reason(error))
            }
        }
    }

    // MARK: Parts

    // The tables of each feature, each a type of its own over this store (made on use: a part
    // holds the store, the store holds no part).
    package var syncTables: SyncTables { SyncTables(store: self) }
    package var recipeTables: RecipeTables { RecipeTables(store: self) }
    package var kitchenTables: KitchenTables { KitchenTables(store: self) }
    package var tripTables: TripTables { TripTables(store: self) }
    package var shopTables: ShopTables { ShopTables(store: self) }
    package var stapleTables: StapleTables { StapleTables(store: self) }
    package var checkpointTables: CheckpointTables { CheckpointTables(store: self) }
    var streamedWrites: StreamedWrites { StreamedWrites(store: self) }

    package static let fileName = "shopper.sqlite"
    /// SQLite's page cache per connection.
    static let pageCacheKiB = 256

    // MARK: Reading

    /// Everything, each item whole: for tests and tools (the model reads entries, `loadEntries`).
    package func load(list: ListID = .first) throws(StoreError) -> StoreContents {
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
        c.shops = try ShopTables.shops(db)
        c.onlyAt = try ShopTables.onlyAt(db, list: list)
        c.revision = try db.columns(in: "item").contains { $0.name == "revision" } ? try revision(db) : 0
        return c
    }

    /// About how many items there are, for reserving room: the highest id (ids come from the
    /// store in order), read from the end of the table's index, not by counting.
    func itemCount() -> Int { itemNumber("max(id)") }

    /// How many items there are, counted (a scan of the smallest index: see `itemCount` for the cheap
    /// estimate).
    func storedItems() -> Int { itemNumber("count(*)") }

    /// One aggregate over the item table; 0 without the table or when the store cannot be read.
    func itemNumber(_ aggregate: String) -> Int {
        Int(
            (try? read { db in
                try db.tableExists("item") ? Int64.fetchOne(db, sql: "SELECT \(aggregate) FROM item") ?? 0 : 0
            }) ?? 0)
    }

    /// Everything written to `list` after `revision`, by any process (this one's own writes
    /// included), and the lists as they are now.
    func changes(since revision: Int64, list: ListID = .first) throws(StoreError) -> StoreChanges {
        try read { db in try Self.changes(db, since: revision, list: list) }
    }

    /// `changes`, inside a read already open (a checkpoint's, whose news must be of its snapshot).
    static func changes(_ db: Database, since revision: Int64, list: ListID) throws -> StoreChanges {
        var c = StoreChanges()
        let sql = try Self.newsSQL(db, list: list)
        try db.eachRow(sql.changed, arguments: [revision]) { row in
            c.items.append((try ItemColumns.item(row), row.number(Int32(ItemColumns.revisionIndex)) ?? 0))
        }
        c.deleted =
            try Int64.fetchAll(db, sql: "SELECT id FROM item_tombstone WHERE revision > ?", arguments: [revision]).map(
                ItemID.init)
            + Int64.fetchAll(db, sql: sql.left, arguments: [revision]).map(ItemID.init)
        c.aisles = try Self.aisles(db, list: list)
        c.searches = try Self.searches(db, list: list)
        c.lists = try Self.lists(db)
        c.shops = try ShopTables.shops(db)
        c.onlyAt = try ShopTables.onlyAt(db, list: list)
        c.tripStamp = try TripTables.tripStamp(db)
        c.kitchenStamp = try KitchenTables.latestStamp(db)
        c.revision = try Self.revision(db)
        return c
    }

    /// The news' reads of items: those of the list written since a revision, and those that left it
    /// since. By the revision index, never the list's: news is a few rows, and `list_id = N` had
    /// SQLite walk the whole list to find them (145 ms for 100 changes at a million items).
    static func newsSQL(_ db: Database, list: ListID) throws -> (changed: String, left: String) {
        let mine = try ListScope(list, byIndex: false).condition(db)
        return ("SELECT \(ItemColumns.list), revision FROM item WHERE revision > ? AND \(mine)",
                "SELECT id FROM item WHERE revision > ? AND NOT (\(mine))")
    }

    /// SQLite's data_version of the writer connection: it changes when, and only when, another
    /// connection (another process) commits. Costs no transaction, so it can be polled.
    func externalVersion() -> Int64 {
        guard access == .readWrite, let db else { return 0 }
        return (try? db.writeWithoutTransaction { try Int64.fetchOne($0, sql: "PRAGMA data_version") ?? 0 }) ?? 0
    }

    /// Items by id, whatever their list, with their revisions.
    package func items(_ ids: [ItemID]) throws(StoreError) -> [ItemID: (item: Item, revision: Int64)] {
        try read { db in
            var out: [ItemID: (item: Item, revision: Int64)] = [:]
            for (item, revision) in try StoreReader(db: db).items(ids) { out[item.id] = (item, revision) }
            return out
        }
    }

    /// Rows changed by all writes so far on the writer connection: lets tests prove an operation on one
    /// item writes a fixed number of rows, whatever the store's size.
    func totalChanges() -> Int {
        db?.writeWithoutTransaction { db in db.totalChangesCount } ?? -1
    }

    func integrityCheck() throws -> String {
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
            throw .cannotOpen(path: path, reason: StoreOpening.reason(error))
        }
    }

    /// A read-only store over a missing file reads as an empty in-memory database.
    static func empty<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try DatabaseQueue().read(body) } catch let e as StoreError { throw e } catch {
            throw .cannotOpen(path: ":memory:", reason: StoreOpening.reason(error))
        }
    }


}
