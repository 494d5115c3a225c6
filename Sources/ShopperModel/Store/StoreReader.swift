import Foundation
internal import GRDB

/// Reads of whole items for the few the model needs at a time (the rows on screen, the items an
/// operation changes) and scans in order of id (search text, a rare renumbering). Through the
/// connection it is made with: inside a write, the writer's own, so what it reads is what the
/// write's checks compare against.
struct StoreReader {
    let db: Database
    /// The list scans are of (reads by id find an item on any list).
    var scope = ListScope(.first)

    /// The items of `ids` the store has, with their revisions; ids it lacks are left out.
    func items(_ ids: some Collection<ItemID>) throws -> [(item: Item, revision: Int64)] {
        guard !ids.isEmpty, try db.tableExists("item") else { return [] }
        var found: [(Item, Int64)] = []
        found.reserveCapacity(ids.count)
        // 64 a statement, the last few repeated to fill it: one statement, compiled once per
        // connection, well under SQLite's limit of bound parameters.
        let all = Array(ids)
        let sql =
            "SELECT \(try Self.columns(db)) FROM item WHERE id IN (\(repeatElement("?", count: 64).joined(separator: ",")))"
        for start in stride(from: 0, to: all.count, by: 64) {
            let part = all[start..<min(start + 64, all.count)]
            let filled = part.map(\.raw) + repeatElement(part.last!.raw, count: 64 - part.count)
            try db.eachRow(sql, arguments: StatementArguments(filled), cached: true) { row throws in
                found.append((try ItemColumns.item(row), row.number(Int32(ItemColumns.revisionIndex)) ?? 0))
            }
        }
        return found
    }

    /// Up to `limit` items with an id above `id`, in order of id, to `body`. Returns the last id read,
    /// nil when there were none.
    @discardableResult
    func eachItem(after id: ItemID = ItemID(0), limit: Int = .max, _ body: (Item, _ revision: Int64) throws -> Void)
        throws -> ItemID?
    {
        guard try db.tableExists("item") else { return nil }
        var last: ItemID?
        try db.eachRow(
            "SELECT \(try Self.columns(db)) FROM item WHERE id > ? AND \(try scope.condition(db)) ORDER BY id LIMIT ?",
                       arguments: [id.raw, Int64(min(limit, Int(Int64.max)))], cached: true) { row throws in
            let item = try ItemColumns.item(row)
            try body(item, row.number(Int32(ItemColumns.revisionIndex)) ?? 0)
            last = item.id
        }
        return last
    }

    /// Up to `limit` items' description, aisle, notes and revision with an id above `id`, in order of
    /// id, the texts as bytes valid only inside `body` (no String made: most text folds as it is
    /// copied). Returns the last id read, nil when there were none.
    func eachSearchText(after id: ItemID, limit: Int,
        _ body: (
            ItemID, _ description: UnsafeBufferPointer<UInt8>, _ aisle: UnsafeBufferPointer<UInt8>?,
                                 _ notes: UnsafeBufferPointer<UInt8>, _ revision: Int64) -> Void) throws -> ItemID? {
        guard try db.tableExists("item") else { return nil }
        // A file opened read-only may be older than revisions.
        let revision = try db.columns(in: "item").contains { $0.name == "revision" } ? "revision" : "0"
        var last: ItemID?
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        try db.eachRow(
            "SELECT id, description, aisle, notes, \(revision) FROM item WHERE id > ? AND \(try scope.condition(db)) ORDER BY id LIMIT ?",
                       arguments: [id.raw, Int64(limit)], cached: true) { row in
            guard let raw = row.number(0) else { return }
            let id = ItemID(raw)
            body(id, row.bytes(1) ?? empty, row.bytes(2), row.bytes(3) ?? empty, row.number(4) ?? 0)
            last = id
        }
        return last
    }

    /// The item columns and the revision; a file opened read-only may be of an older schema, where a
    /// column it lacks reads as NULL.
    static func columns(_ db: Database) throws -> String {
        let present = Set(try db.columns(in: "item").map(\.name))
        return (ItemColumns.names + ["revision"]).map { present.contains($0) ? $0 : "NULL AS \($0)" }.joined(
            separator: ", ")
    }
}

extension Store {
    /// Reads through a reader connection (`StoreReader` inside a write comes with the write).
    func reading<T>(_ scope: ListScope = ListScope(.first), _ body: (StoreReader) throws -> T) throws(StoreError) -> T {
        try read { db in try body(StoreReader(db: db, scope: scope)) }
    }

    /// What the model keeps of every item (`ItemEntry`) with an id in `ids`, in order of id, one at
    /// a time to `each`, and the rest of the store whole. Strings are not read, except an aisle's,
    /// made into a number: at a million items, the descriptions alone would be a hundred megabytes.
    func loadEntries(aisles names: inout AisleNames, scope: ListScope = ListScope(.first, byIndex: false),
                            ids: ClosedRange<Int64> = Int64.min...Int64.max,
                            each: (ItemID, ItemEntry) -> Void) throws(StoreError) -> StoreContents {
        var names2 = names
        defer { names = names2 }
        return try read { db in
            guard try db.tableExists("item") else { return StoreContents() }
            let sql = Self.entriesSQL(
                present: Set(try db.columns(in: "item").map(\.name)), condition: try scope.condition(db))
            // Spellings of aisles as read, with their number: most items share a few aisles, and a
            // String made per row was most of the cost of reading them. The first few are compared
            // byte for byte (no array made, nothing hashed per row), the rest looked up.
            var few: [(spelling: [UInt8], number: Int32)] = []
            var spelled: [[UInt8]: Int32] = [:]
            try db.eachRow(sql, arguments: [ids.lowerBound, ids.upperBound]) { row throws in
                // The id is the rowid (never NULL); the last column vouches for the others read as
                // numbers here, so each is read with no question of its type (a tenth of the load).
                let raw = row.int(0)
                let id = ItemID(raw)
                func amount(_ i: Int32, _ name: String) throws(StoreError) -> Amount? {
                    try ItemColumns.amount(row, i, column: name, id: raw)
                }
                guard row.int(10) != 0 else {
                    // Damaged: the full read names what is missing.
                    _ = try StoreReader(db: db).items([id])
                    throw StoreError.damagedRow(table: "item", id: raw, what: L("no {column}", ["column": "position"]))
                }
                let position = row.int(2), needed = row.int(3), inCart = row.int(4)
                let quantity = try amount(6, "quantity") ?? .one
                let price = try amount(7, "unit_cost")
                _ = try amount(9, "last_price")
                let aisle: Int32 = row.withBytes(5) { bytes in
                    for f in few where f.spelling.count == bytes.count
                            && (bytes.isEmpty
                                || f.spelling.withUnsafeBytes {
                                    memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count)
                                } == 0)
                        {
                        return f.number
                    }
                    let key = Array(bytes)
                    if let n = spelled[key] { return n }
                    let n = names2.number(of: String(decoding: bytes, as: UTF8.self))
                    if few.count < 16 { few.append((key, n)) } else { spelled[key] = n }
                    return n
                } ?? -1
                let basis: PriceBasis = row.int(8) != 0 ? .forAll : .perUnit
                // The unit only where a price per unit makes it count (`Buyable`): no text read for the rest.
                let unit = price != nil && basis == .perUnit ? row.text(11) : nil
                let cost = CostSum.line(quantity: quantity, unit: unit, price: price, basis: basis)
                if cost.units > Int128(Int64.max) {
                    // Named by the full read, which reads the price as column 4.
                    _ = try StoreReader(db: db).items([id])
                }
                each(id, ItemEntry(revision: row.int(1), position: position, lineCost: Int64(cost.units),
                                   aisle: aisle, needed: needed != 0, inCart: inCart != 0, priced: price != nil))
            }
            return try Self.contents(db, list: scope.list)
        }
    }

    /// The columns an entry needs, of the items between two ids on the list (`condition`). The last
    /// column says the row has what every item has beyond these: a row that lacks it is read
    /// whole, so its damage is named as a full read names it. A file before revisions or prices
    /// for all (opened read-only) reads NULL for them.
    static func entriesSQL(present: Set<String>, condition: String) -> String {
        func column(_ name: String) -> String { present.contains(name) ? name : "NULL" }
        return """
            SELECT id, \(column("revision")), position, needed, in_cart, aisle, quantity, unit_cost,
            \(column("price_for_all")), last_price,
            description IS NOT NULL AND created_at IS NOT NULL AND updated_at IS NOT NULL
            AND position IS NOT NULL AND needed IS NOT NULL AND in_cart IS NOT NULL, unit
            FROM item WHERE id BETWEEN ? AND ? AND \(condition)
            """
    }
}
