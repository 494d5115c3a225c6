import Foundation
import GRDB
import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// A large store is read in two halves on two threads (`EntryLoad`); the model made that way must be
/// the model one pass makes: the same entries, totals and aisle numbers, whatever the store holds.
final class EntryLoadTests: XCTestCase {
    func testTwoHalvesMakeTheModelOnePassMakes() throws {
        var rng = SeededRandom.fromEnvironment()
        let seed = rng.seed
        print("EntryLoadTests seed \(seed) (SHOPPER_TEST_SEED=\(seed) replays it)")
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        // Aisles in several spellings of one name, first seen in either half, and none at all.
        let aisles: [String?] = [nil, "Dairy", "dairy", "DAIRY", "Fruit", "Bakery", "frozen", "Frozen", "Ünïcode", "ünïcode"]
        var batch: [ImportedItem] = []
        for n in 0..<3_000 {
            // Aisles met only late in the list: numbered after the early ones, as one pass numbers them.
            let aisle = n < 1_500 ? aisles[Int.random(in: 0..<5, using: &rng)] : aisles.randomElement(using: &rng)!
            let cost: Decimal? = Bool.random(using: &rng) ? Decimal(Int.random(in: 1...99_999, using: &rng)) / 100 : nil
            batch.append(ImportedItem(fields: fields("Item \(n)", qty: Decimal(Int.random(in: 1...5, using: &rng)), cost: cost, aisle: aisle),
                                      needed: Bool.random(using: &rng), inCart: Int.random(in: 0..<4, using: &rng) == 0))
        }
        let ids = try m.items.add(batch: batch)
        // Gaps in the ids, in both halves.
        try m.items.delete(ids.filter { _ in Int.random(in: 0..<5, using: &rng) == 0 })
        // An id below 1, as another program might write: it has no slot in the table.
        let q = try DatabaseQueue(path: path)
        try q.write { db in
            try db.execute(sql: "CREATE TEMP TABLE copy AS SELECT * FROM item WHERE id = (SELECT max(id) FROM item)")
            try db.execute(sql: "UPDATE copy SET id = -5, aisle = 'Far aisle'")
            try db.execute(sql: "INSERT INTO item SELECT * FROM copy")
        }
        let onePass = try ShoppingModel(store: Store(path: path), cacheLimit: 64, splitLoadFrom: .max)
        let halves = try ShoppingModel(store: Store(path: path), cacheLimit: 64, splitLoadFrom: 0)
        XCTAssertTrue(halves.items.loadedInHalves, "split, not fallen back to one pass, seed \(seed)")
        XCTAssertFalse(onePass.items.loadedInHalves)
        assertSame(halves, onePass, seed: seed)
        XCTAssertNotNil(onePass.items[ItemID(-5)], "seed \(seed)")
        XCTAssertGreaterThan(onePass.items.table.count, 2_000, "seed \(seed)")
    }

    /// Another process writes between the two halves' reads: they would not agree, so the store is
    /// read again in one pass, and the model holds the write.
    func testAWriteBetweenTheHalvesIsReadInOnePass() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        let ids = try m.items.add(batch: (0..<200).map { ImportedItem(fields: fields("Item \($0)", cost: 1, aisle: $0 < 100 ? "Dairy" : "Fruit")) })
        let (early, late) = (ids[10], ids[150])
        let halves = try ShoppingModel(store: Store(path: path), cacheLimit: 64, splitLoadFrom: 0, between: {
            // The other process: a tick in each half (the lower one already read) and a new item
            // after every id read.
            let other = try! ShoppingModel(store: Store(path: path))
            try! other.items.tick(early)
            try! other.items.tick(late)
            _ = try! other.items.add(fields("Bread", cost: 2, aisle: "Bakery"))
        })
        XCTAssertFalse(halves.items.loadedInHalves, "read again in one pass")
        XCTAssertEqual(halves.items[early]?.inCart, true, "the lower half read again")
        XCTAssertEqual(halves.items[late]?.inCart, true)
        XCTAssertEqual(halves.items.table.count, 201)
        assertSame(halves, try ShoppingModel(store: Store(path: path), cacheLimit: 64, splitLoadFrom: .max), seed: 0)
    }

    /// Another program adds a row past the highest id read, keeping the store's revision (as a copy
    /// of a row does): both halves agree, the upper one reads the row though it has no slot, and its
    /// aisle, first seen there, is numbered as one pass numbers it.
    func testARowPastTheHighestIdIsNumberedAsOnePassNumbersIt() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        let ids = try m.items.add(batch: (0..<200).map { ImportedItem(fields: fields("Item \($0)", cost: 1, aisle: $0 < 100 ? "Dairy" : "Fruit")) })
        let late = ItemID(ids.last!.raw + 1_000)
        let halves = try ShoppingModel(store: Store(path: path), cacheLimit: 64, splitLoadFrom: 0, between: {
            let q = try! DatabaseQueue(path: path)
            try! q.write { db in
                try db.execute(sql: "CREATE TEMP TABLE copy AS SELECT * FROM item WHERE id = ?", arguments: [ids[0].raw])
                try db.execute(sql: "UPDATE copy SET id = ?, aisle = 'Late aisle'", arguments: [late.raw])
                try db.execute(sql: "INSERT INTO item SELECT * FROM copy")
            }
        })
        XCTAssertTrue(halves.items.loadedInHalves, "the copy kept the revision: the halves agree")
        let onePass = try ShoppingModel(store: Store(path: path), cacheLimit: 64, splitLoadFrom: .max)
        XCTAssertNotNil(halves.items[late])
        XCTAssertEqual(halves.items[late]?.aisle, onePass.items[late]?.aisle)
        XCTAssertEqual(halves.aisles.aisleNames.knows("Late aisle"), onePass.aisles.aisleNames.knows("Late aisle"))
        assertSame(halves, onePass, seed: 0)
    }

    /// Ids far apart (another program wrote one huge id): one pass, never a slot for every id.
    func testAStoreOfFarApartIdsIsReadInOnePass() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        try m.items.add(batch: (0..<50).map { ImportedItem(fields: fields("Item \($0)", cost: 1, aisle: "Dairy")) })
        let q = try DatabaseQueue(path: path)
        try q.write { db in
            try db.execute(sql: "CREATE TEMP TABLE copy AS SELECT * FROM item WHERE id = 1")
            try db.execute(sql: "UPDATE copy SET id = 5000000000")
            try db.execute(sql: "INSERT INTO item SELECT * FROM copy")
        }
        // Split, this would ask for 160 GB of slots and end the process.
        let far = try ShoppingModel(store: Store(path: path), cacheLimit: 64, splitLoadFrom: 0)
        XCTAssertFalse(far.items.loadedInHalves)
        XCTAssertNotNil(far.items[ItemID(5_000_000_000)])
        XCTAssertEqual(far.items.table.count, 51)
        assertSame(far, try ShoppingModel(store: Store(path: path), cacheLimit: 64, splitLoadFrom: .max), seed: 0)
    }

    func testASmallStoreIsReadInOnePassAndAnEmptyOneInEither() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let empty = try ShoppingModel(store: Store(path: path), cacheLimit: 64, splitLoadFrom: 0)
        XCTAssertTrue(empty.items.table.isEmpty)
        XCTAssertEqual(empty.items.totals, TripTotals())
        try empty.items.add(batch: (0..<200).map { ImportedItem(fields: fields("Item \($0)", cost: 1)) })
        // A small store is not worth a thread: at the threshold the app starts with, one pass.
        XCTAssertGreaterThan(EntryLoad.splitFrom, 10_000)
        let small = try ShoppingModel(store: Store(path: path), cacheLimit: 64)
        XCTAssertFalse(small.items.loadedInHalves)
        XCTAssertEqual(small.items.table.count, 200)
        XCTAssertTrue(try kept(ShoppingModel(store: Store(path: path), cacheLimit: 64, splitLoadFrom: 200)) { try $0.items.loadedInHalves },
                      "from the threshold on, two halves")
        XCTAssertFalse(try kept(ShoppingModel(store: Store(path: path), cacheLimit: 64, splitLoadFrom: 201)) { try $0.items.loadedInHalves })
    }

    private func assertSame(_ a: ShoppingModel, _ b: ShoppingModel, seed: UInt64, file: StaticString = #filePath, line: UInt = #line) {
        var ea: [(ItemID, ItemEntry)] = [], eb: [(ItemID, ItemEntry)] = []
        a.items.table.forEach { ea.append(($0, $1)) }
        b.items.table.forEach { eb.append(($0, $1)) }
        XCTAssertEqual(ea.map(\.0), eb.map(\.0), "ids, seed \(seed)", file: file, line: line)
        XCTAssertTrue(zip(ea, eb).allSatisfy { $0.1 == $1.1 }, "entries (aisle numbers too), seed \(seed)", file: file, line: line)
        XCTAssertEqual(a.items.table.count, b.items.table.count, "seed \(seed)", file: file, line: line)
        XCTAssertEqual(a.items.totals, b.items.totals, "seed \(seed)", file: file, line: line)
        XCTAssertEqual(a.aisles.aisleNames.names, b.aisles.aisleNames.names, "seed \(seed)", file: file, line: line)
        for spelling in ["Dairy", "dairy", "DAIRY", "Fruit", "frozen", "Frozen", "Ünïcode", "ünïcode", "Far aisle", "Bakery"] {
            XCTAssertEqual(a.aisles.aisleNames.knows(spelling), b.aisles.aisleNames.knows(spelling), "\(spelling), seed \(seed)", file: file, line: line)
        }
        XCTAssertEqual(a.aisles.order, b.aisles.order, file: file, line: line)
        XCTAssertEqual(a.searches.savedSearches, b.searches.savedSearches, file: file, line: line)
    }
}
