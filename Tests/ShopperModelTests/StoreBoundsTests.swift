import Foundation
import GRDB
import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// The data folder as something outside may leave it: a file where the folder should be, a -wal
/// linked out of the folder, a file SQLite's own check calls malformed. Each is one sentence, and
/// nothing is read through it or written to it.
final class StoreBoundsTests: XCTestCase {
    private func mode(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0, path)
        return st.st_mode & 0o777
    }

    /// `shopper lists` and `export` read a folder that is a file as an empty list (exit 0): a
    /// backup script kept an empty file as a success.
    func testADataFolderThatIsAFileIsSaidToAReaderToo() throws {
        let file = temporaryFolder(self) + "/data"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Store(path: file + "/" + Store.fileName, access: .readOnly)) { e in
            XCTAssertEqual(e as? StoreError, .folderNotWritable(path: file, reason: "it is a file, not a folder"))
        }
        XCTAssertThrowsError(try Store(path: file + "/deeper/" + Store.fileName, access: .readOnly)) { e in
            XCTAssertEqual(e as? StoreError, .folderNotWritable(path: file + "/deeper", reason: "“\(file)” is a file, not a folder"))
        }
    }

    /// A -wal linked to a file outside the folder: its target's mode was made 0600, and SQLite would
    /// have written the store's pages into it. Refused for writing and reading alike; the target
    /// keeps its mode and its bytes.
    func testALinkOutOfTheDataFolderIsNeverFollowed() throws {
        let folder = temporaryFolder(self)
        let path = folder + "/" + Store.fileName
        do { try kept(ShoppingModel(store: Store(path: path))) { try $0.items.add(fields("Milk")) } }
        let outside = temporaryFolder(self) + "/notes.txt"
        try "mine".write(toFile: outside, atomically: true, encoding: .utf8)
        chmod(outside, 0o644)
        for sidecar in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + sidecar)
            XCTAssertEqual(symlink(outside, path + sidecar), 0)
            for access in [Store.Access.readWrite, .readOnly] {
                XCTAssertThrowsError(try Store(path: path, access: access), "\(sidecar) \(access)") { e in
                    XCTAssertEqual(e as? StoreError, .linked(path: path + sidecar))
                }
            }
            XCTAssertEqual(mode(outside), 0o644, "the link's target keeps its mode")
            XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8), "mine")
            unlink(path + sidecar)
        }
        // The store itself a link to one elsewhere: refused the same way.
        let elsewhere = temporaryFolder(self) + "/" + Store.fileName
        try FileManager.default.moveItem(atPath: path, toPath: elsewhere)
        chmod(elsewhere, 0o644)
        XCTAssertEqual(symlink(elsewhere, path), 0)
        XCTAssertThrowsError(try Store(path: path)) { XCTAssertEqual($0 as? StoreError, .linked(path: path)) }
        XCTAssertEqual(mode(elsewhere), 0o644)
        // Without links, an existing store and its sidecars are still made private.
        unlink(path)
        try FileManager.default.moveItem(atPath: elsewhere, toPath: path)
        do { try kept(ShoppingModel(store: Store(path: path))) { try $0.items.add(fields("Tea")) } }
        XCTAssertEqual(mode(path), 0o600)
    }

    /// A store whose index pages another program broke: SQLite's integrity check calls it
    /// malformed, yet an add touches only the end of each index and succeeded. A command that
    /// writes checks first (`Check.quick`): it refuses, says how to recover, and the file keeps
    /// its bytes.
    func testAMalformedStoreIsRefusedBeforeAnyWriteWithTheWayToRecover() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        do {
            let m = try ShoppingModel(store: Store(path: path))
            try m.imports.importItems((1...3_000).map { ImportedItem(fields: fields("Item \($0)", aisle: "Aisle \($0 % 30)")) })
        }
        try Self.breakAnIndexPage(path)
        XCTAssertNotEqual(try Store(path: path, access: .readOnly).integrityCheck(), "ok", "SQLite calls it malformed")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Store(path: path, check: .quick)) { e in
            guard case .damaged(let p, let problem)? = e as? StoreError else { return XCTFail("\(e)") }
            XCTAssertEqual(p, path)
            XCTAssertFalse(problem.isEmpty)
            let said = e.localizedDescription
            for words in ["is damaged", "Nothing was written to it", "last backup", ".recover"] { XCTAssertTrue(said.contains(words), said) }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "not a byte written")
    }

    /// The last check before a synced task becomes an item: a quantity or price no item can hold
    /// is refused with the item named, and nothing of the sync's write is kept.
    func testASyncedItemBeyondWhatAnItemHoldsIsNeverWritten() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let store = try Store(path: path)
        for (fields, said) in [(ItemFields(description: "Milk", quantity: 20_000),
                                "the quantity of “Milk” is not one an item can hold (more than 0, at most 10000, with 4 decimals at most)"),
                               (ItemFields(description: "Tea", price: 2_000_000),
                                "the price of “Tea” is not one an item can hold (from 0 to 1000000, with 4 decimals at most)")] {
            XCTAssertThrowsError(try store.syncTables.applySync(.first) { ids throws(StoreError) in
                var w = SyncWrite(list: .first)
                let id = ids.newItemID()
                var item = Item(id: id, description: "", position: 1, createdAt: Date(), list: .first)
                item.apply(fields)
                w.changes.items[id] = item
                w.expected[id] = .some(nil)
                return w
            }) { XCTAssertEqual($0 as? StoreError, .writeFailed(reason: said)) }
        }
        XCTAssertEqual(try store.load().items, [])
    }

    /// Overwrites the page type of a leaf page in the middle of the items' revision index: what a
    /// failing disk or a copy taken mid-write leaves, and what an add (which reads and inserts only
    /// at the index's end) never reads.
    static func breakAnIndexPage(_ path: String) throws {
        let (page, size): (Int, Int) = try {
            let q = try DatabaseQueue(path: path)
            defer { try? q.close() }
            return try q.read { db in
                let size = try Int.fetchOne(db, sql: "PRAGMA page_size")!
                let pages = try Int.fetchAll(db, sql: "SELECT pageno FROM dbstat WHERE pagetype = 'leaf' AND name = 'item_revision' ORDER BY pageno")
                XCTAssertGreaterThan(pages.count, 2, "an index of several leaves")
                return (pages[pages.count / 2], size)
            }
        }()
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64((page - 1) * size))
        try handle.write(contentsOf: Data([0x00, 0xFF, 0xFF, 0xFF]))
        try handle.close()
    }
}
