import Foundation
internal import GRDB

/// Trips and their lines (Schema v7), and the prices paid (price_history). A trip row keeps its
/// total and line count, so the Trips page and its plot read one row a trip, never the lines; a
/// trip's lines are read when it is opened.
package struct TripTables: Sendable {
    let store: Store

    /// Every trip, newest first, without its lines. A file before v7 has none.
    func trips() throws(StoreError) -> [TripSummary] {
        try store.read { db in try Self.summaries(db) }
    }

    static func summaries(_ db: Database) throws -> [TripSummary] {
        guard try db.tableExists("trip") else { return [] }
        return try Row.fetchAll(
            db, sql: "SELECT id, list_id, shop_name, date, total, line_count FROM trip ORDER BY date DESC, id DESC"
        )
            .map { TripSummary(id: TripID($0[0]), list: ListID($0[1]), shopName: $0[2], date: StoreTime.date($0[3]),
                               total: DecimalText.parse($0[4]) ?? 0, lineCount: $0[5]) }
    }

    /// The trips and their stamp, read in one snapshot.
    func tripsAndStamp() throws(StoreError) -> ([TripSummary], Int64) {
        try store.read { db in (try Self.summaries(db), try Self.tripStamp(db)) }
    }

    /// One trip whole, with its lines in the order bought; nil when there is none.
    func trip(_ id: TripID) throws(StoreError) -> Trip? {
        try store.read { db in try Self.trip(id, db) }
    }

    /// A number that changes whenever a trip is recorded or deleted, by any process: ids only
    /// grow (AUTOINCREMENT), so the highest ever and the count together tell.
    static func tripStamp(_ db: Database) throws -> Int64 {
        guard try db.tableExists("trip") else { return 0 }
        let count = try Int64.fetchOne(db, sql: "SELECT count(*) FROM trip") ?? 0
        return try Store.highestID(ever: "trip", db) << 20 | count
    }

    static func trip(_ id: TripID, _ db: Database) throws -> Trip? {
        guard try db.tableExists("trip"),
            let row = try Row.fetchOne(
                db, sql: "SELECT list_id, shop_id, shop_name, date FROM trip WHERE id = ?", arguments: [id.raw])
        else { return nil }
        let lines = try Row.fetchAll(db, sql: """
            SELECT item_id, description, quantity, unit, unit_cost, cost, aisle FROM trip_line WHERE trip_id = ? ORDER \
            BY position
            """, arguments: [id.raw]).map { r in
            TripLine(
                item: (r[0] as Int64?).map(ItemID.init), description: r[1], quantity: DecimalText.parse(r[2]) ?? 1,
                unit: r[3],
                unitCost: (r[4] as String?).flatMap { DecimalText.parse($0) }, cost: DecimalText.parse(r[5]) ?? 0,
                aisle: r[6])
        }
        return Trip(
            id: id, list: ListID(row[0]), shop: ShopID(row[1]), shopName: row[2], date: StoreTime.date(row[3]),
            lines: lines)
    }

    static func writeTrips(_ cs: ChangeSet, _ db: Database) throws {
        for (id, trip) in cs.trips {
            try db.execute(sql: "DELETE FROM trip_line WHERE trip_id = ?", arguments: [id.raw])
            try db.execute(sql: "DELETE FROM trip WHERE id = ?", arguments: [id.raw])
            guard let trip else { continue }
            try insert(trip, db)
        }
    }

    static func insert(_ trip: Trip, _ db: Database) throws {
        try db.execute(
            sql:
                "INSERT INTO trip (id, list_id, shop_id, shop_name, date, total, line_count) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                trip.id.raw, trip.list.raw, trip.shop.raw, trip.shopName, StoreTime.millis(trip.date),
                                   DecimalText.format(trip.total), trip.lines.count])
        let line = try db.cachedStatement(sql: """
            INSERT INTO trip_line (trip_id, position, item_id, description, quantity, unit, unit_cost, cost, aisle)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (i, l) in trip.lines.enumerated() {
            try line.execute(arguments: [
                trip.id.raw, i, l.item?.raw, l.description, DecimalText.format(l.quantity), l.unit,
                l.unitCost.map { DecimalText.format($0) }, DecimalText.format(l.cost), l.aisle
            ])
        }
    }

    /// Finishing shopping recorded prices before there were trips: each finish (the items of one
    /// list recorded at one moment) becomes a trip, so the Trips page starts with the history a
    /// user already has. The lines are named as the items are now; an item deleted since is gone
    /// with its history (deleting an item always took its prices along).
    static func tripsFromPriceHistory(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: """
            SELECT h.date, i.list_id, h.item_id, i.description, h.quantity, i.unit, h.unit_cost, i.aisle
            FROM price_history h JOIN item i ON i.id = h.item_id ORDER BY h.date, i.list_id, h.id
            """)
        var next: Int64 = 1
        var current: Trip?
        func flush() throws {
            if let t = current { try insert(t, db) }
            current = nil
        }
        for r in rows {
            let date = StoreTime.date(r[0]), list = ListID(r[1])
            if current?.date != date || current?.list != list {
                try flush()
                current = Trip(id: TripID(next), list: list, shop: .any, shopName: "", date: date, lines: [])
                next += 1
            }
            let quantity = DecimalText.parse(r[4]) ?? 1, unitCost = DecimalText.parse(r[6]) ?? 0
            // A price for all was kept per unit to four decimals: what was paid is that, to the cent.
            var cost = quantity * unitCost, paid = Decimal()
            NSDecimalRound(&paid, &cost, 2, .plain)
            current?.lines.append(TripLine(item: ItemID(r[2]), description: r[3], quantity: quantity, unit: r[5],
                                           unitCost: unitCost, cost: paid, aisle: r[7]))
        }
        try flush()
    }
}

extension TripTables {
    /// Trips brought in whole (an import, the benchmark's store): each gets a new id, in one
    /// transaction. Not an undo step: an import of items is undone as a whole elsewhere.
    @discardableResult
    package func addTrips(_ trips: [Trip]) throws(StoreError) -> [TripID] {
        guard store.access == .readWrite, let db = store.db else { throw .readOnly(path: store.path) }
        do {
            return try db.write { db in
                var next = 1 + (try Store.highestID(ever: "trip", db))
                return try trips.map { t in
                    let id = TripID(next)
                    next += 1
                    let trip = Trip(
                        id: id, list: t.list, shop: t.shop, shopName: t.shopName, date: t.date, lines: t.lines)
                    try TripTables.insert(trip, db)
                    return id
                }
            }
        } catch {
            throw .writeFailed(reason: StoreOpening.reason(error))
        }
    }
}

// MARK: Prices

extension TripTables {
    /// Each price paid for `ids`, oldest first.
    func history(of ids: [ItemID]) throws(StoreError) -> [PriceRecord] {
        try store.read { db in
            guard try db.tableExists("price_history") else { return [] }
            let shop = try db.columns(in: "price_history").contains { $0.name == "shop_id" } ? "shop_id" : "0"
            let stmt = try db.cachedStatement(sql: """
                SELECT item_id, unit_cost, quantity, date, \(shop) FROM price_history WHERE item_id = ? ORDER BY date
                """)
            return try ids.flatMap { id in
                try Row.fetchAll(stmt, arguments: [id.raw]).map(Self.record)
            }
        }
    }

    static func writeHistory(_ cs: ChangeSet, _ db: Database) throws {
        let add = try db.cachedStatement(sql: """
            INSERT INTO price_history (item_id, unit_cost, quantity, date, shop_id) VALUES (?, ?, ?, ?, ?)
            """)
        for r in cs.history.added {
            try add.execute(arguments: [r.itemID.raw, DecimalText.format(r.unitCost), DecimalText.format(r.quantity),
                                        StoreTime.millis(r.date), r.shop.raw])
        }
        let remove = try db.cachedStatement(sql: "DELETE FROM price_history WHERE item_id = ? AND date = ?")
        for r in cs.history.removed {
            try remove.execute(arguments: [r.itemID.raw, StoreTime.millis(r.date)])
        }
    }

    static func record(_ row: Row) -> PriceRecord {
        PriceRecord(itemID: ItemID(row[0]), unitCost: DecimalText.parse(row[1]) ?? 0,
                    quantity: DecimalText.parse(row[2]) ?? 1, date: StoreTime.date(row[3]), shop: ShopID(row[4]))
    }
}
