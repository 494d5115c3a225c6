import Foundation
import GRDB
import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// A list opens from its checkpoint and the news since (`EntryCheckpoint`): the model made so must
/// be the model a whole read makes, whatever other processes wrote since, and a checkpoint that
/// is damaged, stale or of another format is passed over for a whole read.
final class EntryCheckpointTests: XCTestCase {
    private var path = ""
    private var groceries: ShoppingModel!
    private var other = ListID(0)

    override func setUpWithError() throws {
        path = temporaryFolder(self) + "/" + Store.fileName
        groceries = try ShoppingModel(store: Store(path: path))
        other = try groceries.lists.createList(named: "Other")
        let aisles: [String?] = [nil, "Dairy", "dairy", "Fruit", "Bakery", "Ünïcode"]
        try groceries.items.add(batch: (0..<5_000).map { n in
            ImportedItem(fields: fields("Item \(n)", qty: Decimal(n % 4 + 1), cost: n % 3 == 0 ? nil : Decimal(n % 997) / 100,
                                        aisle: aisles[n % aisles.count]), needed: n % 2 == 0, inCart: n % 7 == 0)
        })
    }

    /// Another process's writes of every kind after the checkpoint: adds (a new aisle among
    /// them), edits, ticks, deletions, a deletion undone, items moved away and one moved in.
    func testAListReadFromItsCheckpointIsTheListReadWhole() throws {
        var rng = SeededRandom.fromEnvironment()
        let seed = rng.seed
        print("EntryCheckpointTests seed \(seed) (SHOPPER_TEST_SEED=\(seed) replays it)")
        try XCTUnwrap(groceries.items.checkpointJob(), "a large list read whole is worth a checkpoint").run()
        let writer = try ShoppingModel(store: Store(path: path))
        let ids = writer.items.table.ids
        for _ in 0..<40 {
            let id = ids.randomElement(using: &rng)!
            guard writer.items[id] != nil else { continue }
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: _ = try writer.items.add(fields("New \(Int.random(in: 0..<1000, using: &rng))", cost: 3, aisle: "Frozen"))
            case 1: try writer.items.update(id, fields("Edited", qty: 2, cost: Decimal(Int.random(in: 1...500, using: &rng)), aisle: "FRUIT"))
            case 2: try writer.items.tick(id)
            case 3: try writer.items.delete([id])
            case 4:
                try writer.items.delete([id])
                _ = try writer.core.undoLast()
            case 5: try writer.lists.moveItems([id], to: other)
            default: try writer.items.toggleNeeded(id)
            }
        }
        let elsewhere = try ShoppingModel(store: Store(path: path), list: other)
        _ = try elsewhere.items.add(fields("Moved in", cost: 5, aisle: "Bakery"))
        try elsewhere.lists.moveItems(elsewhere.items.table.ids, to: .first)

        let fromCheckpoint = try ShoppingModel(store: Store(path: path))
        XCTAssertTrue(fromCheckpoint.items.readFromCheckpoint, "seed \(seed)")
        try assertSame(fromCheckpoint, try wholeRead(), seed: seed)
    }

    func testTheCheckpointIsPassedOverWhenDamagedStaleOrOfAnotherFormat() throws {
        try XCTUnwrap(groceries.items.checkpointJob()).run()
        XCTAssertTrue(try kept(ShoppingModel(store: Store(path: path))) { try $0.items.readFromCheckpoint }, "the undamaged checkpoint is used")
        let first = try XCTUnwrap(groceries.items.table.ids.first)
        let revision = try XCTUnwrap(groceries.items[first]).revision
        let damages: [(String, (Database) throws -> Void)] = [
            sql("a part cut short", "UPDATE entry_checkpoint_part SET data = substr(data, 1, 1000) WHERE part = 0"),
            sql("a part as text", "UPDATE entry_checkpoint_part SET data = 'entries' WHERE part = 1"),
            ("a part larger than one is written", { db in
                // The two parts as one, its checksum right: every entry there, but not as written.
                try db.execute(sql: """
                    UPDATE entry_checkpoint_part SET data = data || (SELECT data FROM entry_checkpoint_part WHERE part = 1) WHERE part = 0;
                    DELETE FROM entry_checkpoint_part WHERE part = 1; UPDATE entry_checkpoint SET parts = 1
                    """)
                try self.replaceFirstEntry(db, first, revision: revision, aisle: nil)
            }),
            ("a part changed, its checksum not", { try self.replaceFirstEntry($0, first, revision: revision, aisle: 0, checksum: false) }),
            ("an aisle without a name", { try self.replaceFirstEntry($0, first, revision: revision, aisle: 99) }),
            ("a revision the news does not account for", { try self.replaceFirstEntry($0, first, revision: revision + 1_000, aisle: 0) }),
            sql("a part missing", "DELETE FROM entry_checkpoint_part WHERE part = 1"),
            sql("parts out of order", "UPDATE entry_checkpoint_part SET part = 7 WHERE part = 0"),
            sql("a count that differs", "UPDATE entry_checkpoint SET entries = entries - 1"),
            sql("aisles not a list of names", "UPDATE entry_checkpoint SET aisles = '{\"a\": 1}'"),
            sql("aisles as a number", "UPDATE entry_checkpoint SET aisles = 5"),
            sql("aisles that fold together", "UPDATE entry_checkpoint SET aisles = '[\"Dairy\", \"DAIRY\", \"c\", \"d\", \"e\"]'"),
            sql("a revision the store has not reached", "UPDATE entry_checkpoint SET revision = revision + 1000"),
            sql("another format", "UPDATE entry_checkpoint SET format = format + 1"),
            sql("another schema", "UPDATE entry_checkpoint SET schema = 'v10'"),
            sql("a generation as text", "UPDATE entry_checkpoint SET generation = 'first'"),
        ]
        let whole = try wholeRead()
        for (what, damage) in damages {
            try XCTUnwrap(whole.items.checkpointJob()).run()
            try DatabaseQueue(path: path).write(damage)
            let read = try ShoppingModel(store: Store(path: path))
            XCTAssertFalse(read.items.readFromCheckpoint, "\(what): read whole")
            try assertSame(read, whole, seed: 0, what)
        }
    }

    /// Tables another program changed or dropped: the list still opens, read whole; writing a
    /// checkpoint then fails quietly, and the start's purges and tidying go on.
    func testDamagedCheckpointTablesOnlyMeanAWholeRead() throws {
        try XCTUnwrap(groceries.items.checkpointJob()).run()
        let whole = try wholeRead()
        for damage in ["DROP TABLE entry_checkpoint_part", "DROP TABLE entry_checkpoint; CREATE TABLE entry_checkpoint (x)"] {
            try DatabaseQueue(path: path).write { try $0.execute(sql: damage) }
            let read = try ShoppingModel(store: Store(path: path))
            XCTAssertFalse(read.items.readFromCheckpoint, damage)
            try assertSame(read, whole, seed: 0, damage)
            XCTAssertNil(try? Store(path: path).checkpointTables.writeCheckpoint(XCTUnwrap(read.items.checkpointJob())), damage)
            XCTAssertNoThrow(try Store(path: path).purgeDeletedLists(), damage)
            try Store(path: path).checkpointTables.tidyCheckpoints()
        }
    }

    /// Items with ids below 1 (another program's) are kept after the others, as the table holds them.
    func testIdsBelowOneAreKeptToo() throws {
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TEMP TABLE copy AS SELECT * FROM item WHERE id = (SELECT max(id) FROM item)")
            try db.execute(sql: "UPDATE copy SET id = -5, aisle = 'Far aisle'")
            try db.execute(sql: "INSERT INTO item SELECT * FROM copy")
        }
        let whole = try wholeRead()
        XCTAssertNotNil(whole.items[ItemID(-5)])
        try XCTUnwrap(whole.items.checkpointJob()).run()
        let read = try ShoppingModel(store: Store(path: path))
        XCTAssertTrue(read.items.readFromCheckpoint)
        try assertSame(read, whole, seed: 0)
    }

    /// A part is read as laid out, or not at all: an id met twice, a flag no entry has, bytes in
    /// the padding, a part cut mid-entry; and no more entries than the list can hold.
    func testAPartIsReadOnlyAsLaidOut() throws {
        var part: [UInt8] = []
        let entry = ItemEntry(revision: 3, position: 4, lineCost: 5, aisle: 0, needed: true, inCart: false, priced: true)
        EntryCheckpoint.append(ItemID(9), entry, to: &part)
        EntryCheckpoint.append(ItemID(2), entry, to: &part)
        func reads(_ bytes: [UInt8], aisles: Int = 1) -> Bool {
            var table = ItemTable()
            return bytes.withUnsafeBytes { EntryCheckpoint.read($0, aisles: aisles, into: &table) }
        }
        XCTAssertTrue(reads(part))
        var table = ItemTable()
        _ = part.withUnsafeBytes { EntryCheckpoint.read($0, aisles: 1, into: &table) }
        XCTAssertEqual(table[ItemID(9)], entry)
        XCTAssertEqual(table.count, 2)
        XCTAssertFalse(reads(part, aisles: 0), "aisle 0 of none")
        XCTAssertFalse(reads(part + part[..<40]), "an id twice")
        var flagged = part
        flagged[36] |= 0x40
        XCTAssertFalse(reads(flagged), "a flag no entry has")
        var padded = part
        padded[39] = 1
        XCTAssertFalse(reads(padded), "padding not zero")
        XCTAssertFalse(reads(Array(part.dropLast())), "not whole entries")

        try XCTUnwrap(groceries.items.checkpointJob()).run()
        let (generation, parts, aisles) = try DatabaseQueue(path: path).read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT generation, parts, aisles FROM entry_checkpoint WHERE list_id = 1"))
            return (row[0] as Int64, row[1] as Int64, EntryCheckpoint.aisles(row[2])!)
        }
        try DatabaseQueue(path: path).read { db in
            let all = try EntryLoad.parts(db, list: .first, generation: generation, parts: parts, aisles: aisles, most: 5_000)
            XCTAssertEqual(all?.table.count, 5_000)
            XCTAssertNil(try EntryLoad.parts(db, list: .first, generation: generation, parts: parts, aisles: aisles, most: 4_999),
                         "more entries than the list and its news")
        }
    }

    /// More news than an eighth of the list: the list is read whole, and a new checkpoint is then
    /// worth writing; a list read from a checkpoint with little news since is not written again,
    /// and one that shrank below the size worth one has its checkpoint removed.
    func testMuchNewsIsReadWholeAndWorthANewCheckpoint() throws {
        try XCTUnwrap(groceries.items.checkpointJob()).run()
        let fresh = try ShoppingModel(store: Store(path: path))
        XCTAssertTrue(fresh.items.readFromCheckpoint)
        XCTAssertNil(fresh.items.checkpointJob(), "nothing changed since")
        try fresh.items.add(batch: (0..<1_100).map { ImportedItem(fields: fields("Later \($0)", cost: 1)) })
        XCTAssertNotNil(fresh.items.checkpointJob(), "changed by more than the news limit")
        let later = try ShoppingModel(store: Store(path: path))
        XCTAssertFalse(later.items.readFromCheckpoint, "too much news since: read whole")
        try assertSame(later, try wholeRead(), seed: 0)
        XCTAssertNil(try kept(ShoppingModel(store: Store(path: path), list: other)) { try $0.items.checkpointJob() }, "a small list keeps none")

        try XCTUnwrap(later.items.checkpointJob()).run()
        let shrinking = try ShoppingModel(store: Store(path: path))
        try shrinking.items.delete(Array(shrinking.items.table.ids.prefix(3_000)))
        let removal = try XCTUnwrap(shrinking.items.checkpointJob())
        removal.run()
        XCTAssertEqual(try checkpointRows(), 0, "the checkpoint of a list too small for one is removed")
        XCTAssertFalse(try kept(ShoppingModel(store: Store(path: path))) { try $0.items.readFromCheckpoint })
    }

    /// A list that shrank below the size worth a checkpoint while another process wrote (so much
    /// that its checkpoint is passed over): the model, read whole, still removes it.
    func testAListShrunkElsewhereHasItsPassedOverCheckpointRemoved() throws {
        try XCTUnwrap(groceries.items.checkpointJob()).run()
        let elsewhere = try ShoppingModel(store: Store(path: path))
        try elsewhere.items.delete(Array(elsewhere.items.table.ids.prefix(2_000)))
        let shrunk = try ShoppingModel(store: Store(path: path))
        XCTAssertFalse(shrunk.items.readFromCheckpoint, "2,000 deletions since: read whole")
        try XCTUnwrap(shrunk.items.checkpointJob(), "its checkpoint is still there").run()
        XCTAssertEqual(try checkpointRows(), 0)
        XCTAssertNil(try kept(ShoppingModel(store: Store(path: path))) { try $0.items.checkpointJob() }, "none left to remove")
    }

    /// Parts no header names (a write cut off before its header) and checkpoints of lists the
    /// store no longer has (a New List undone): unused, and gone when the window tidies after its
    /// first frame; the checkpoint named stays.
    func testLeftoversAreTidiedAway() throws {
        try XCTUnwrap(groceries.items.checkpointJob()).run()
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO entry_checkpoint_part (list_id, generation, part, data, checksum) VALUES (1, 77, 0, zeroblob(40), 0)")
            try db.execute(sql: """
                INSERT INTO entry_checkpoint SELECT 999, 78, revision, format, schema, entries, parts, aisles FROM entry_checkpoint;
                INSERT INTO entry_checkpoint_part SELECT 999, 78, part, data, checksum FROM entry_checkpoint_part WHERE list_id = 1 AND generation != 77;
                """)
        }
        XCTAssertTrue(try kept(ShoppingModel(store: Store(path: path))) { try $0.items.readFromCheckpoint }, "leftovers beside it do not matter")
        try Store(path: path).checkpointTables.tidyCheckpoints()
        XCTAssertEqual(try checkpointRows(generation: 77), 0)
        XCTAssertEqual(try checkpointRows(list: 999), 0)
        XCTAssertTrue(try kept(ShoppingModel(store: Store(path: path))) { try $0.items.readFromCheckpoint }, "the checkpoint named stays")
    }

    private func sql(_ what: String, _ statement: String) -> (String, (Database) throws -> Void) {
        (what, { try $0.execute(sql: statement) })
    }

    /// Part 0 again with its first entry's revision and aisle changed (nil: the entry as it was),
    /// and the checksum made to match unless `checksum` is false.
    private func replaceFirstEntry(_ db: Database, _ id: ItemID, revision: Int64, aisle: Int32?, checksum: Bool = true) throws {
        var bytes = try XCTUnwrap(Data.fetchOne(db, sql: "SELECT data FROM entry_checkpoint_part WHERE part = 0")).map { $0 }
        if let aisle {
            var first: [UInt8] = []
            let entry = ItemEntry(revision: revision, position: 1, lineCost: 0, aisle: aisle, needed: true, inCart: false, priced: false)
            EntryCheckpoint.append(id, entry, to: &first)
            bytes.replaceSubrange(0..<EntryCheckpoint.recordSize, with: first)
        }
        let sum = checksum ? bytes.withUnsafeBytes(EntryCheckpoint.checksum) : try XCTUnwrap(Int64.fetchOne(db, sql: "SELECT checksum FROM entry_checkpoint_part WHERE part = 0"))
        try db.execute(sql: "UPDATE entry_checkpoint_part SET data = ?, checksum = ? WHERE part = 0", arguments: [Data(bytes), sum])
    }

    private func checkpointRows(list: Int64 = 1, generation: Int64? = nil) throws -> Int {
        try DatabaseQueue(path: path).read { db in
            let parts = try Int.fetchOne(db, sql: "SELECT count(*) FROM entry_checkpoint_part WHERE list_id = ? AND ifnull(? = generation, 1)",
                                         arguments: [list, generation]) ?? 0
            let heads = generation != nil ? 0 : try Int.fetchOne(db, sql: "SELECT count(*) FROM entry_checkpoint WHERE list_id = ?", arguments: [list]) ?? 0
            return parts + heads
        }
    }

    /// The model a whole read makes.
    private func wholeRead() throws -> ShoppingModel {
        let whole = try ShoppingModel(store: Store(path: path), cacheLimit: ItemContent.defaultLimit, readsCheckpoint: false)
        XCTAssertFalse(whole.items.readFromCheckpoint)
        return whole
    }

    /// Same items, entries, totals and store contents; aisles compared by name, since a checkpoint
    /// numbers the aisles met in the news after its own.
    private func assertSame(_ a: ShoppingModel, _ b: ShoppingModel, seed: UInt64, _ what: String = "",
                            file: StaticString = #filePath, line: UInt = #line) throws {
        var ea: [(ItemID, ItemEntry)] = [], eb: [(ItemID, ItemEntry)] = []
        a.items.table.forEach { ea.append(($0, $1)) }
        b.items.table.forEach { eb.append(($0, $1)) }
        XCTAssertEqual(ea.map(\.0), eb.map(\.0), "ids, seed \(seed) \(what)", file: file, line: line)
        func aisle(_ m: ShoppingModel, _ e: ItemEntry) -> String? { e.aisle < 0 ? nil : m.aisles.aisleNames.names[Int(e.aisle)].lowercased() }
        for ((id, x), (_, y)) in zip(ea, eb) {
            var (x2, y2) = (x, y)
            (x2.aisle, y2.aisle) = (0, 0)
            XCTAssertEqual(x2, y2, "item \(id.raw), seed \(seed) \(what)", file: file, line: line)
            XCTAssertEqual(aisle(a, x), aisle(b, y), "item \(id.raw)'s aisle, seed \(seed) \(what)", file: file, line: line)
        }
        XCTAssertEqual(a.items.totals, b.items.totals, "seed \(seed) \(what)", file: file, line: line)
        XCTAssertEqual(a.items.lastPosition, b.items.lastPosition, "seed \(seed) \(what)", file: file, line: line)
        XCTAssertEqual(a.core.seenRevision, b.core.seenRevision, file: file, line: line)
        XCTAssertEqual(a.aisles.order, b.aisles.order, file: file, line: line)
        XCTAssertEqual(a.lists.all, b.lists.all, file: file, line: line)
        XCTAssertEqual(a.shops.onlyAt, b.shops.onlyAt, file: file, line: line)
    }
}
