import Foundation
import GRDB
import XCTest
@testable import ShopperModel

final class StoreTests: XCTestCase {
    func testItemsSurviveReopeningExactly() throws {
        let path = temporaryFolder(self) + "/nested/folder/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        let id = try m.items.add(fields("Cheese", qty: Decimal(string: "0.25")!, unit: "kg", cost: Decimal(string: "12.99")!,
                                  aisle: "Dairy", notes: "mature, \"sharp\"\nfrom the counter"))
        try m.searches.saveSearch(name: "Dairy", query: "aisle:dairy")
        let reopened = try ShoppingModel(store: Store(path: path))
        XCTAssertEqual(reopened.items.item(id), m.items.item(id))
        XCTAssertEqual(reopened.searches.savedSearches, m.searches.savedSearches)
        XCTAssertEqual(reopened.aisles.order, m.aisles.order)
    }

    func testStoreIsInWALMode() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        _ = try Store(path: path)
        let mode = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        XCTAssertEqual(mode, "wal")
    }

    /// Start-up's pass over every item goes through SQLite once: its page cache is kept small, on
    /// the connections that read as on the one that writes.
    func testEveryConnectionKeepsASmallPageCache() throws {
        let store = try Store(path: temporaryFolder(self) + "/" + Store.fileName)
        let read = try store.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        XCTAssertEqual(read, -Store.pageCacheKiB)
        let written = try XCTUnwrap(store.db).writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        XCTAssertEqual(written, -Store.pageCacheKiB)
        XCTAssertLessThan(Store.pageCacheKiB, 2_000, "below SQLite's own 2 MB")
    }

    func testAFileThatIsNotADatabaseIsRefusedAndLeftUntouched() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let text = "my precious notes, not a database\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Store(path: path)) { e in
            XCTAssertEqual(e as? StoreError, .notADatabase(path: path))
            XCTAssertTrue((e as! StoreError).localizedDescription.contains("left untouched"))
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text)
    }

    func testACorruptDatabaseIsRefusedAndLeftUntouched() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        var bytes = Array("SQLite format 3\0".utf8)
        bytes += [UInt8](repeating: 0xAB, count: 4096)
        let data = Data(bytes)
        try data.write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Store(path: path)) { e in
            XCTAssertEqual(e as? StoreError, .notADatabase(path: path))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), data)
    }

    func testAnotherProgramsDatabaseIsLeftUntouched() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE contacts (name TEXT)") }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Store(path: path)) { XCTAssertEqual($0 as? StoreError, .notAShopperStore(path: path)) }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func testANewerSchemaIsRefusedAndLeftUntouched() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        do {
            let m = try ShoppingModel(store: Store(path: path))
            try m.items.add(fields("Milk"))
        }
        // A future version adds a migration this one does not know.
        let future = try DatabaseQueue(path: path)
        try future.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')") }
        try future.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try future.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Store(path: path)) { e in
            XCTAssertEqual(e as? StoreError, .newerSchema(path: path, found: "v99", supported: Schema.latest))
            XCTAssertTrue((e as! StoreError).localizedDescription.contains("newer version of Shopper"))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func testAnUnwritableFolderIsAClearError() throws {
        // Root ignores permission bits, so use a folder below a plain file: it can never be created.
        let file = temporaryFolder(self) + "/plain-file"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Store(path: file + "/data/" + Store.fileName)) { e in
            guard case .folderNotWritable(let p, _) = e as? StoreError else { return XCTFail("\(e)") }
            XCTAssertEqual(p, file + "/data")
        }
    }

    /// A version-1 file, as the first release wrote it, opens with its data and gains what v2 added.
    func testMigrationFromVersion1() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        do {
            let q = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(q, upTo: "v1")
            try q.write { db in
                try db.execute(sql: """
                    INSERT INTO item (id, description, quantity, unit, unit_cost, aisle, notes, needed, in_cart, position, created_at, updated_at)
                    VALUES (7, 'Oat milk', '2', 'l', '1.45', 'Dairy', '', 1, 0, 1048576, 1000, 1000);
                    INSERT INTO aisle (name, position) VALUES ('Dairy', 0);
                    """)
            }
            XCTAssertFalse(try q.read { try $0.tableExists("saved_search") })
        }
        let m = try ShoppingModel(store: Store(path: path))
        let item = try XCTUnwrap(m.items.item(ItemID(7)))
        XCTAssertEqual(item.description, "Oat milk")
        XCTAssertEqual(item.quantity, 2)
        XCTAssertEqual(item.price, Decimal(string: "1.45"))
        XCTAssertEqual(m.aisles.order.names, ["Dairy"])
        try m.searches.saveSearch(name: "Milk", query: "milk")
        try m.items.tick(item.id)
        try m.items.finishShopping()
        XCTAssertEqual(try m.store.tripTables.history(of: [item.id]).count, 1)
    }

    /// A child process writing a stream of edits is killed with SIGKILL. Every edit it reported as
    /// committed is in the store, and the store is intact.
    func testSIGKILLMidStreamLosesNoCommittedEdit() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let acknowledged = try killedMidStream(path)
        XCTAssertGreaterThanOrEqual(acknowledged, 150)

        let store = try Store(path: path)
        XCTAssertEqual(try store.integrityCheck(), "ok")
        let items = Dictionary(uniqueKeysWithValues: try store.load().items.map { ($0.description, $0) })
        for n in 0...acknowledged {
            let item = try XCTUnwrap(items["Item \(n)"], "committed edit \(n) lost")
            XCTAssertEqual(item.quantity, Decimal(n % 7 + 1))
            XCTAssertEqual(item.price, Decimal(n) / 100)
            XCTAssertEqual(item.inCart, n % 3 == 0, "tick of \(n)")
        }
    }

    /// A writer killed mid-transaction leaves a WAL that needs recovery, which a read-only
    /// connection cannot do (SQLITE_READONLY_RECOVERY): `shopper export` after it said "the data
    /// file is read-only", which it was not. It reads every committed edit.
    func testAReadOnlyOpenAfterAKilledWriterReadsEverything() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let acknowledged = try killedMidStream(path)
        let items = try Store(path: path, access: .readOnly).load().items
        let names = Set(items.map(\.description))
        for n in 0...acknowledged { XCTAssertTrue(names.contains("Item \(n)"), "committed edit \(n) unread") }
        // Where it cannot be recovered (not writable), the true cause is named, not "read-only".
        for code in [ResultCode.SQLITE_READONLY_RECOVERY, .SQLITE_READONLY_CANTINIT] {
            let said = StoreOpening.reason(DatabaseError(resultCode: code))
            XCTAssertTrue(said.contains("left mid-write"), said)
        }
        XCTAssertEqual(StoreOpening.reason(DatabaseError(resultCode: .SQLITE_READONLY)), "the data file is read-only")
    }

    /// 100,000 items in a real store; an operation on one item then writes a fixed few rows, whatever
    /// the store's size (see below).
    func testHundredThousandItemsAndAFewRowsPerOperation() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        let rows = (0..<100_000).map { ImportedItem(fields: fields("Item \($0)", cost: 1, aisle: "A\($0 % 20)"), needed: true, inCart: false) }
        let ids = try m.items.add(batch: rows)
        XCTAssertEqual(m.items.table.count, 100_000)
        XCTAssertEqual(m.items.totals.leftToBuy, Totals(count: 100_000, cost: 100_000))

        let reopened = try ShoppingModel(store: Store(path: path))
        XCTAssertEqual(reopened.items.table.count, 100_000)
        let shopping = ListProjection(model: reopened, kind: .shopping, sectioning: .aisle)
        XCTAssertEqual(shopping.itemCount, 100_000)
        let store = reopened.store
        // An item's row, its tombstone when deleted, and its list's counts when they change.
        for (rows, op) in [(2, { try reopened.items.tick(ids[5]) }), (2, { try reopened.items.untick(ids[5]) }),
                           // Moved to another aisle: the lesson too (LearnedAisles).
                           (2, { try reopened.items.update(ids[9], fields("Renamed", cost: 2, aisle: "A3")) }),
                           (1, { try reopened.items.move(ids[1], after: ids[50_000], before: ids[50_001]) }),
                           (2, { try reopened.items.add(fields("New")) }), (3, { try reopened.items.delete([ids[7]]) })] as [(Int, () throws -> Void)] {
            let before = store.totalChanges()
            try op()
            XCTAssertEqual(store.totalChanges() - before, rows)
        }
        XCTAssertEqual(shopping.itemCount, 100_000)
    }
}
