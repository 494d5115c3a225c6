import Foundation
import GRDB
import XCTest
@testable import ShopperModel

/// The data folder and file as the file system sees them: private, never another user's to swap,
/// and never written by a command that only reads.
final class StoreFileTests: XCTestCase {
    private func mode(_ path: String) -> Int {
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0, path)
        return Int(st.st_mode & 0o777)
    }

    func testANewFolderAndStoreArePrivate() throws {
        let folder = temporaryFolder(self) + "/new/data"
        let m = try ShoppingModel(store: Store(path: folder + "/" + Store.fileName))
        try m.items.add(fields("Milk"))
        XCTAssertEqual(mode(folder), 0o700)
        for suffix in ["", "-wal", "-shm"] { XCTAssertEqual(mode(folder + "/" + Store.fileName + suffix), 0o600, suffix) }
    }

    func testAnExistingStoreOfOursIsMadePrivate() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        _ = try Store(path: path)
        chmod(path, 0o644)
        _ = try Store(path: path)
        XCTAssertEqual(mode(path), 0o600)
    }

    func testAWorldWritableFolderOfAnotherUserIsRefused() throws {
        guard geteuid() == 0 else { throw XCTSkip("giving a folder to another user needs root") }
        let folder = temporaryFolder(self) + "/shared"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        chmod(folder, 0o777)
        XCTAssertEqual(chown(folder, 65534, 65534), 0)
        XCTAssertThrowsError(try Store(path: folder + "/" + Store.fileName)) { e in
            XCTAssertEqual(e as? StoreError, .unsafeFolder(path: folder))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "nothing created there")
    }

    func testADataFolderThatIsAFileSaysSo() throws {
        let file = temporaryFolder(self) + "/data"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Store(path: file + "/" + Store.fileName)) { e in
            XCTAssertEqual(e as? StoreError, .folderNotWritable(path: file, reason: "it is a file, not a folder"))
        }
    }

    func testAReadOnlyStoreIsNamedBeforeSQLiteOpensIt() throws {
        let folder = temporaryFolder(self)
        let path = folder + "/" + Store.fileName
        _ = try Store(path: path)
        chmod(path, 0o400)
        if geteuid() != 0 {
            XCTAssertThrowsError(try Store(path: path)) { XCTAssertEqual($0 as? StoreError, .readOnly(path: path)) }
        } else {
            // Root ignores permission bits: the same open as another user (nobody), whose file it is.
            chmod(folder, 0o755)
            XCTAssertEqual(chown(folder, 65534, 65534), 0)
            XCTAssertEqual(chown(path, 65534, 65534), 0)
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            child.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", storeChildExecutable().path, path, "add", "X", "1"]
            let errors = Pipe()
            child.standardError = errors
            try child.run()
            child.waitUntilExit()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(child.terminationStatus, 1, said)
            XCTAssertEqual(said.trimmingCharacters(in: .whitespacesAndNewlines), StoreError.readOnly(path: path).errorDescription)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-shm"), "no read-only -shm left behind")
    }

    /// `shopper export` reads through a read-only store: the file's bytes and time stay as they
    /// were, even for a file in rollback-journal mode that opening for writing turns into WAL.
    func testReadingOnlyLeavesTheFileAsItWas() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        do {
            let q = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(q, upTo: "v2")
            try q.write { try $0.execute(sql: """
                INSERT INTO item (id, description, quantity, needed, in_cart, position, created_at, updated_at)
                VALUES (1, 'Oat milk', '2', 1, 0, 1048576, 1000, 1000)
                """) }
            try q.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let time = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let m = try ShoppingModel(store: Store(path: path, access: .readOnly))
        XCTAssertEqual(try m.items.allItems().map(\.description), ["Oat milk"])
        XCTAssertThrowsError(try m.items.add(fields("Not here"))) { XCTAssertEqual($0 as? StoreError, .readOnly(path: path)) }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, time)
    }

    func testReadingOnlyAMissingStoreCreatesNothing() throws {
        let folder = temporaryFolder(self) + "/none"
        let m = try ShoppingModel(store: Store(path: folder + "/" + Store.fileName, access: .readOnly))
        XCTAssertTrue(m.items.table.isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder))
    }

    /// Rows another program damaged: an aisle without a name is passed over; an item whose
    /// quantity is not a number is named in one clear message.
    func testDamagedRowsAreNamedNotCrashedOn() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        try m.items.add(fields("Milk", aisle: "Dairy"))
        let q = try DatabaseQueue(path: path)
        try q.write { try $0.execute(sql: "INSERT INTO aisle (list_id, name, position) VALUES (1, NULL, 5)") }
        XCTAssertEqual(try Store(path: path).load().aisles, ["Dairy"])
        try q.write { try $0.execute(sql: "UPDATE item SET quantity = 'lots' WHERE id = 1") }
        XCTAssertThrowsError(try ShoppingModel(store: Store(path: path))) { e in
            XCTAssertEqual(e as? StoreError, .damagedRow(table: "item", id: 1, what: "a quantity of “lots”"))
            XCTAssertEqual((e as! StoreError).localizedDescription,
                           "The data file is damaged: item 1 has a quantity of “lots”. Nothing was changed.")
        }
        // A number past what an amount holds would wrap round (to "no price", even): named too.
        try q.write { try $0.execute(sql: "UPDATE item SET quantity = '1', unit_cost = '-9223372036854775808.0' WHERE id = 1") }
        XCTAssertThrowsError(try ShoppingModel(store: Store(path: path))) { e in
            XCTAssertEqual(e as? StoreError, .damagedRow(table: "item", id: 1, what: "a unit_cost of “-9223372036854775808.0”"))
        }
        // Each amount within bounds, their product past the 64 bits memory keeps a line's cost in.
        try q.write { try $0.execute(sql: "UPDATE item SET quantity = '1000', unit_cost = '100000000' WHERE id = 1") }
        XCTAssertThrowsError(try ShoppingModel(store: Store(path: path))) { e in
            XCTAssertEqual(e as? StoreError, .damagedRow(table: "item", id: 1, what: "a unit_cost of “100000000”"))
        }
    }

    /// A row damaged after the window read it (another program, no new revision): an operation
    /// on it says so, and changes nothing; it does not go on as if the item were not there.
    func testAnItemDamagedAfterStartUpIsNamedByWhatChangesIt() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let writer = try ShoppingModel(store: Store(path: path))
        let milk = try writer.items.add(fields("Milk"))
        let bread = try writer.items.add(fields("Bread"))
        let m = try ShoppingModel(store: Store(path: path))
        let q = try DatabaseQueue(path: path)
        try q.write { try $0.execute(sql: "UPDATE item SET quantity = 'lots' WHERE id = ?", arguments: [milk.raw]) }
        let damaged = StoreError.damagedRow(table: "item", id: milk.raw, what: "a quantity of “lots”")
        XCTAssertThrowsError(try m.items.update(milk, fields("Oat milk"))) { XCTAssertEqual($0 as? StoreError, damaged) }
        // A delete reads what undo would put back first: refused whole, Bread with it.
        XCTAssertThrowsError(try m.items.delete([milk, bread])) { XCTAssertEqual($0 as? StoreError, damaged) }
        XCTAssertEqual(try q.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM item") }, 2)
        XCTAssertEqual(m.items.item(bread)?.description, "Bread")
    }
}
