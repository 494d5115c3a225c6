import Foundation
import GRDB
import XCTest
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
        other = try groceries.createList(named: "Other")
        let aisles: [String?] = [nil, "Dairy", "dairy", "Fruit", "Bakery", "Ünïcode"]
        try groceries.add(batch: (0..<5_000).map { n in
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
        try XCTUnwrap(groceries.checkpointJob(), "a large list read whole is worth a checkpoint").run()
        let writer = try ShoppingModel(store: Store(path: path))
        let ids = writer.items.ids
        for _ in 0..<40 {
            let id = ids.randomElement(using: &rng)!
            guard writer.items[id] != nil else { continue }
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: _ = try writer.add(fields("New \(Int.random(in: 0..<1000, using: &rng))", cost: 3, aisle: "Frozen"))
            case 1: try writer.update(id, fields("Edited", qty: 2, cost: Decimal(Int.random(in: 1...500, using: &rng)), aisle: "FRUIT"))
            case 2: try writer.tick(id)
            case 3: try writer.delete([id])
            case 4:
                try writer.delete([id])
                _ = try writer.undoLast()
            case 5: try writer.moveItems([id], to: other)
            default: try writer.toggleNeeded(id)
            }
        }
        let elsewhere = try ShoppingModel(store: Store(path: path), list: other)
        _ = try elsewhere.add(fields("Moved in", cost: 5, aisle: "Bakery"))
        try elsewhere.moveItems(elsewhere.items.ids, to: .first)

        let fromCheckpoint = try ShoppingModel(store: Store(path: path))
        XCTAssertNotNil(fromCheckpoint.checkpoint, "read from the checkpoint, seed \(seed)")
        try assertSame(fromCheckpoint, try wholeRead(), seed: seed)
    }

    func testTheCheckpointIsPassedOverWhenDamagedStaleOrOfAnotherFormat() throws {
        try XCTUnwrap(groceries.checkpointJob()).run()
        XCTAssertNotNil(try ShoppingModel(store: Store(path: path)).checkpoint, "the undamaged checkpoint is used")
        let damages: [(String, String)] = [
            ("a part cut short", "UPDATE entry_checkpoint_part SET data = substr(data, 1, 1000) WHERE part = 0"),
            ("a part as text", "UPDATE entry_checkpoint_part SET data = 'entries' WHERE part = 1"),
            ("a part larger than one is written", "UPDATE entry_checkpoint_part SET data = data || zeroblob(40) WHERE part = 0"),
            ("an aisle without a name", "UPDATE entry_checkpoint_part SET data = zeroblob(40) WHERE part = 0"),
            ("a part missing", "DELETE FROM entry_checkpoint_part WHERE part = 1"),
            ("parts out of order", "UPDATE entry_checkpoint_part SET part = 7 WHERE part = 0"),
            ("a count that differs", "UPDATE entry_checkpoint SET entries = entries - 1"),
            ("aisles not a list of names", "UPDATE entry_checkpoint SET aisles = '{\"a\": 1}'"),
            ("aisles as a number", "UPDATE entry_checkpoint SET aisles = 5"),
            ("aisles that fold together", "UPDATE entry_checkpoint SET aisles = '[\"Dairy\", \"DAIRY\", \"c\", \"d\", \"e\"]'"),
            ("a revision the store has not reached", "UPDATE entry_checkpoint SET revision = revision + 1000"),
            ("another format", "UPDATE entry_checkpoint SET format = format + 1"),
            ("another schema", "UPDATE entry_checkpoint SET schema = 'v10'"),
            ("a generation as text", "UPDATE entry_checkpoint SET generation = 'first'"),
        ]
        let whole = try wholeRead()
        for (what, sql) in damages {
            try XCTUnwrap(whole.checkpointJob()).run()
            try DatabaseQueue(path: path).write { try $0.execute(sql: sql) }
            let read = try ShoppingModel(store: Store(path: path))
            XCTAssertNil(read.checkpoint, "\(what): read whole")
            try assertSame(read, whole, seed: 0, what)
        }
    }

    /// Ids out of order, a flag no entry has, and bytes in the padding: each part is read as laid
    /// out, or not at all.
    func testAPartIsReadOnlyAsLaidOut() {
        var part: [UInt8] = []
        let entry = ItemEntry(revision: 3, position: 4, lineCost: 5, aisle: 0, needed: true, inCart: false, priced: true)
        EntryCheckpoint.append(ItemID(2), entry, to: &part)
        EntryCheckpoint.append(ItemID(9), entry, to: &part)
        func reads(_ bytes: [UInt8], aisles: Int = 1) -> Bool {
            var table = ItemTable(), after: Int64 = 0
            return bytes.withUnsafeBytes { EntryCheckpoint.read($0, aisles: aisles, after: &after, into: &table) }
        }
        XCTAssertTrue(reads(part))
        var table = ItemTable(), after: Int64 = 0
        _ = part.withUnsafeBytes { EntryCheckpoint.read($0, aisles: 1, after: &after, into: &table) }
        XCTAssertEqual(table[ItemID(9)], entry)
        XCTAssertEqual(after, 9)
        XCTAssertFalse(reads(part, aisles: 0), "aisle 0 of none")
        XCTAssertFalse(reads(Array(part[40...]) + Array(part[..<40])), "ids out of order")
        var flagged = part
        flagged[36] |= 0x40
        XCTAssertFalse(reads(flagged), "a flag no entry has")
        var padded = part
        padded[39] = 1
        XCTAssertFalse(reads(padded), "padding not zero")
        XCTAssertFalse(reads(Array(part.dropLast())), "not whole entries")
    }

    /// More news than an eighth of the list: the list is read whole, and a new checkpoint is then
    /// worth writing; a list read from a checkpoint with little news since is not written again.
    func testMuchNewsIsReadWholeAndWorthANewCheckpoint() throws {
        try XCTUnwrap(groceries.checkpointJob()).run()
        let fresh = try ShoppingModel(store: Store(path: path))
        XCTAssertNotNil(fresh.checkpoint)
        XCTAssertNil(fresh.checkpointJob(), "nothing changed since")
        try fresh.add(batch: (0..<1_100).map { ImportedItem(fields: fields("Later \($0)", cost: 1)) })
        XCTAssertNotNil(fresh.checkpointJob(), "changed by more than the news limit")
        let later = try ShoppingModel(store: Store(path: path))
        XCTAssertNil(later.checkpoint, "too much news since: read whole")
        try assertSame(later, try wholeRead(), seed: 0)
        XCTAssertNil(try ShoppingModel(store: Store(path: path), list: other).checkpointJob(), "a small list keeps none")
    }

    /// A checkpoint cut off before its header leaves parts no header names: unused, and gone with
    /// the next checkpoint of the list, or else at the window's next start. A checkpoint of
    /// another list is never read for this one.
    func testLeftoverPartsAreRemovedAndListsKeepTheirOwn() throws {
        func leftovers() throws -> Int? {
            try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM entry_checkpoint_part WHERE generation = 77") }
        }
        func cutOff() throws {
            try DatabaseQueue(path: path).write { db in
                try db.execute(sql: "INSERT INTO entry_checkpoint_part (list_id, generation, part, data) VALUES (1, 77, 0, zeroblob(40))")
            }
        }
        try cutOff()
        XCTAssertNil(try ShoppingModel(store: Store(path: path)).checkpoint)
        try XCTUnwrap(groceries.checkpointJob()).run()
        XCTAssertEqual(try leftovers(), 0)
        try cutOff()
        try Store(path: path).purgeDeletedLists()
        XCTAssertEqual(try leftovers(), 0)
        XCTAssertNotNil(try ShoppingModel(store: Store(path: path)).checkpoint, "the checkpoint named stays")
        let empty = try ShoppingModel(store: Store(path: path), list: other)
        XCTAssertNil(empty.checkpoint)
        XCTAssertTrue(empty.items.isEmpty)
    }

    /// The model a whole read makes: the checkpoint taken out of the way first.
    private func wholeRead() throws -> ShoppingModel {
        try DatabaseQueue(path: path).write { try $0.execute(sql: "DELETE FROM entry_checkpoint; DELETE FROM entry_checkpoint_part") }
        let whole = try ShoppingModel(store: Store(path: path))
        XCTAssertNil(whole.checkpoint)
        return whole
    }

    /// Same items, entries, totals and store contents; aisles compared by name, since a checkpoint
    /// numbers the aisles met in the news after its own.
    private func assertSame(_ a: ShoppingModel, _ b: ShoppingModel, seed: UInt64, _ what: String = "",
                            file: StaticString = #filePath, line: UInt = #line) throws {
        var ea: [(ItemID, ItemEntry)] = [], eb: [(ItemID, ItemEntry)] = []
        a.items.forEach { ea.append(($0, $1)) }
        b.items.forEach { eb.append(($0, $1)) }
        XCTAssertEqual(ea.map(\.0), eb.map(\.0), "ids, seed \(seed) \(what)", file: file, line: line)
        func aisle(_ m: ShoppingModel, _ e: ItemEntry) -> String? { e.aisle < 0 ? nil : m.aisleNames.names[Int(e.aisle)].lowercased() }
        for ((id, x), (_, y)) in zip(ea, eb) {
            var (x2, y2) = (x, y)
            (x2.aisle, y2.aisle) = (0, 0)
            XCTAssertEqual(x2, y2, "item \(id.raw), seed \(seed) \(what)", file: file, line: line)
            XCTAssertEqual(aisle(a, x), aisle(b, y), "item \(id.raw)'s aisle, seed \(seed) \(what)", file: file, line: line)
        }
        XCTAssertEqual(a.totals, b.totals, "seed \(seed) \(what)", file: file, line: line)
        XCTAssertEqual(a.lastPosition, b.lastPosition, "seed \(seed) \(what)", file: file, line: line)
        XCTAssertEqual(a.seenRevision, b.seenRevision, file: file, line: line)
        XCTAssertEqual(a.aisles, b.aisles, file: file, line: line)
        XCTAssertEqual(a.lists, b.lists, file: file, line: line)
        XCTAssertEqual(a.onlyAt, b.onlyAt, file: file, line: line)
    }
}
