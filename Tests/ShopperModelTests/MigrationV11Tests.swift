import Foundation
import GRDB
import XCTest
@testable import ShopperModel

/// A store of the schema before uploads kept their text while under way (v11), written by that
/// release: `shopper add "2 l Milk"`, `shopper add Bread`, and `shopper share` with a Radicale on
/// 127.0.0.1 (`Tests/Fixtures/store-v11.sqlite`). It opens with every row kept, its two tasks'
/// records whole, and nothing under way.
final class MigrationV11Tests: XCTestCase {
    private func fixtureCopy() throws -> String { try ShopperModelTests.fixtureCopy("store-v11.sqlite", for: self) }
    private let tables = ["item", "shopping_list", "sync_binding", "sync_item"]

    func testTheFixtureIsOfSchemaV11() throws {
        XCTAssertEqual(try rows(try fixtureCopy(), "SELECT identifier FROM grdb_migrations").last, "[identifier:\"v11\"]")
    }

    func testEveryRowIsKeptAndNoUploadIsUnderWay() throws {
        let path = try fixtureCopy()
        let before = try tables.map { try rows(path, "SELECT * FROM \($0) ORDER BY 1, 2") }
        XCTAssertEqual(before[3].count, 2, "the two tasks' records")
        let store = try Store(path: path)
        let after = try tables.map { try rows(path, "SELECT * FROM \($0) ORDER BY 1, 2") }
        XCTAssertEqual(Array(after[0..<3]), Array(before[0..<3]))
        XCTAssertEqual(after[3].map { $0.replacingOccurrences(of: " sent:NULL", with: "") }, before[3])
        XCTAssertEqual(try rows(path, "SELECT identifier FROM grdb_migrations").last, "[identifier:\"\(Schema.latest)\"]")
        let records = try store.syncTables.syncRecords(.first, items: [ItemID(1), ItemID(2)])
        XCTAssertEqual(records.count, 2)
        XCTAssertTrue(records.allSatisfy { $0.sent == nil && $0.base != nil && $0.etag != nil })
        XCTAssertEqual(store.syncTables.syncPendingCount(.first), 0)
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }
}
