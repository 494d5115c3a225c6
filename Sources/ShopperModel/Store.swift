import Foundation
internal import GRDB

/// What a store holds, loaded once at start-up.
public struct StoreContents: Sendable {
    public var items: [Item] = []
    public var aisles: [String] = []
    public var searches: [SavedSearch] = []
}

/// One SQLite file in WAL mode. Each `apply` is one transaction. A file that is not ours, or is newer
/// than this version understands, is refused before anything writes to it.
public final class Store: Sendable {
    public let path: String
    private let pool: DatabasePool

    public init(path: String) throws(StoreError) {
        self.path = path
        try Self.prepareFolder(of: path)
        try Self.checkExisting(path)
        do {
            pool = try DatabasePool(path: path)
            try Schema.migrator.migrate(pool)
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error))
        }
    }

    public static let fileName = "shopper.sqlite"

    // MARK: Reading

    public func load() throws(StoreError) -> StoreContents {
        do {
            return try pool.read { db in
                var c = StoreContents()
                let rows = try Row.fetchCursor(db, sql: "SELECT \(ItemColumns.list) FROM item")
                while let row = try rows.next() { c.items.append(ItemColumns.item(row)) }
                c.aisles = try String.fetchAll(db, sql: "SELECT name FROM aisle ORDER BY position")
                c.searches = try Row.fetchAll(db, sql: "SELECT id, name, query, position FROM saved_search ORDER BY position")
                    .map { SavedSearch(id: .init($0[0]), name: $0[1], query: $0[2], position: $0[3]) }
                return c
            }
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error))
        }
    }

    public func history(of ids: [ItemID]) throws(StoreError) -> [PriceRecord] {
        do {
            return try pool.read { db in
                let stmt = try db.cachedStatement(sql: "SELECT item_id, unit_cost, quantity, date FROM price_history WHERE item_id = ? ORDER BY date")
                return try ids.flatMap { id in
                    try Row.fetchAll(stmt, arguments: [id.raw]).map(Self.record)
                }
            }
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error))
        }
    }

    /// Rows changed by all writes so far on the writer connection: lets tests prove an operation on one
    /// item writes one row, whatever the store's size.
    public func totalChanges() -> Int {
        (try? pool.writeWithoutTransaction { db in db.totalChangesCount }) ?? -1
    }

    public func integrityCheck() throws -> String {
        try pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
    }

    // MARK: Writing

    public func apply(_ cs: ChangeSet) throws(StoreError) {
        guard !cs.isEmpty else { return }
        do {
            try pool.write { db in
                let upsert = try db.cachedStatement(sql: "INSERT OR REPLACE INTO item (\(ItemColumns.list)) VALUES (\(ItemColumns.placeholders))")
                let delete = try db.cachedStatement(sql: "DELETE FROM item WHERE id = ?")
                for (id, item) in cs.items {
                    if let item { try upsert.execute(arguments: ItemColumns.arguments(item)) }
                    else { try delete.execute(arguments: [id.raw]) }
                }
                for (id, s) in cs.searches {
                    if let s {
                        try db.execute(sql: "INSERT OR REPLACE INTO saved_search (id, name, query, position) VALUES (?, ?, ?, ?)",
                                       arguments: [s.id.raw, s.name, s.query, s.position])
                    } else {
                        try db.execute(sql: "DELETE FROM saved_search WHERE id = ?", arguments: [id.raw])
                    }
                }
                let addHistory = try db.cachedStatement(sql: "INSERT INTO price_history (item_id, unit_cost, quantity, date) VALUES (?, ?, ?, ?)")
                for r in cs.historyAdded {
                    try addHistory.execute(arguments: [r.itemID.raw, DecimalText.format(r.unitCost), DecimalText.format(r.quantity), StoreTime.millis(r.date)])
                }
                let removeHistory = try db.cachedStatement(sql: "DELETE FROM price_history WHERE item_id = ? AND date = ?")
                for r in cs.historyRemoved {
                    try removeHistory.execute(arguments: [r.itemID.raw, StoreTime.millis(r.date)])
                }
                if let aisles = cs.aisleOrder {
                    try db.execute(sql: "DELETE FROM aisle")
                    for (i, name) in aisles.enumerated() {
                        try db.execute(sql: "INSERT INTO aisle (name, position) VALUES (?, ?)", arguments: [name, i])
                    }
                }
            }
        } catch {
            throw .writeFailed(reason: Self.reason(error))
        }
    }

    // MARK: Opening safely

    private static func prepareFolder(of path: String) throws(StoreError) {
        let dir = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw .folderNotWritable(path: dir, reason: "it cannot be created")
        }
        guard access(dir, W_OK) == 0 else { throw .folderNotWritable(path: dir, reason: "it is not writable") }
    }

    private static let sqliteMagic = Array("SQLite format 3\0".utf8)

    /// Reads, never writes: a read-only connection cannot change the file it checks.
    private static func checkExisting(_ path: String) throws(StoreError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        let head = (try? handle.read(upToCount: 16)) ?? nil
        try? handle.close()
        guard let head, !head.isEmpty else { return }
        guard Array(head) == sqliteMagic else { throw .notADatabase(path: path) }
        var config = Configuration()
        config.readonly = true
        let found: [String]
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            defer { try? queue.close() }
            found = try queue.read { db -> [String]? in
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                if tables.isEmpty { return [] }
                guard tables.contains("grdb_migrations") else { return nil }
                return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            } ?? { throw StoreError.notAShopperStore(path: path) }()
        } catch let e as StoreError {
            throw e
        } catch let e as DatabaseError where e.resultCode == .SQLITE_NOTADB || e.resultCode == .SQLITE_CORRUPT {
            throw .notADatabase(path: path)
        } catch {
            throw .cannotOpen(path: path, reason: reason(error))
        }
        if let unknown = found.first(where: { !Schema.versions.contains($0) }) {
            throw .newerSchema(path: path, found: unknown, supported: Schema.latest)
        }
    }

    private static func record(_ row: Row) -> PriceRecord {
        PriceRecord(itemID: ItemID(row[0]), unitCost: DecimalText.parse(row[1]) ?? 0,
                    quantity: DecimalText.parse(row[2]) ?? 1, date: StoreTime.date(row[3]))
    }

    static func reason(_ error: Error) -> String {
        if let e = error as? DatabaseError { return e.message ?? "\(e.resultCode)" }
        return error.localizedDescription
    }
}

/// The item table's columns in one place, so reading and writing cannot drift apart.
enum ItemColumns {
    static let names = ["id", "description", "quantity", "unit", "unit_cost", "aisle", "notes", "needed",
                        "in_cart", "position", "created_at", "updated_at", "last_price", "last_price_date"]
    static let list = names.joined(separator: ", ")
    static let placeholders = names.map { _ in "?" }.joined(separator: ", ")

    static func arguments(_ i: Item) -> StatementArguments {
        [i.id.raw, i.description, DecimalText.format(i.quantity), i.unit, i.unitCost.map(DecimalText.format),
         i.aisle, i.notes, i.needed, i.inCart, i.position, StoreTime.millis(i.createdAt),
         StoreTime.millis(i.updatedAt), i.lastPrice.map(DecimalText.format),
         i.lastPriceDate.map(StoreTime.millis)]
    }

    static func item(_ r: Row) -> Item {
        let lastDate: Int64? = r[13]
        return Item(id: ItemID(r[0]), description: r[1], quantity: DecimalText.parse(r[2]) ?? 1, unit: r[3],
                    unitCost: (r[4] as String?).flatMap(DecimalText.parse), aisle: r[5], notes: r[6],
                    needed: r[7], inCart: r[8], position: r[9],
                    createdAt: StoreTime.date(r[10]), updatedAt: StoreTime.date(r[11]),
                    lastPrice: (r[12] as String?).flatMap(DecimalText.parse),
                    lastPriceDate: lastDate.map(StoreTime.date))
    }
}

/// Millisecond times: what the store keeps, and what the model rounds every time to, so that an item
/// in memory equals the same item read back.
public enum StoreTime {
    public static func millis(_ d: Date) -> Int64 { Int64((d.timeIntervalSince1970 * 1000).rounded()) }
    public static func date(_ ms: Int64) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }
    public static func rounded(_ d: Date) -> Date { date(millis(d)) }
}
