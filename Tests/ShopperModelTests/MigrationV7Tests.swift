import Foundation
import GRDB
import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// A store of the schema before Recently Deleted (v7), written by the release with stores and trips
/// (`Tests/Fixtures/store-v7.sqlite`: Groceries with Apples and Milk, and Party with Balloons and
/// Cake, deleted as v7's Delete List leaves a list until the next start). It opens with every row
/// kept, and the list v7 left deleted waits its week in Recently Deleted instead of going at once.
final class MigrationV7Tests: XCTestCase {
    private func fixtureCopy() throws -> String { try ShopperModelTests.fixtureCopy("store-v7.sqlite", for: self) }

    func testTheFixtureIsOfSchemaV7() throws {
        XCTAssertEqual(try rows(try fixtureCopy(), "SELECT identifier FROM grdb_migrations").last, "[identifier:\"v7\"]")
    }

    func testEveryRowIsKeptAndADeletedListStartsItsWeek() throws {
        let path = try fixtureCopy()
        let items = try rows(path, "SELECT * FROM item ORDER BY id")
        let lists = try rows(path, "SELECT id, name, position, deleted, to_buy, item_count, shop_id FROM shopping_list ORDER BY id")
        XCTAssertEqual(items.count, 4)
        let opened = StoreTime.rounded(Date())
        let store = try Store(path: path)
        try store.purgeDeletedLists()
        let after = StoreTime.rounded(Date())
        XCTAssertEqual(try rows(path, "SELECT * FROM item ORDER BY id"), items)
        XCTAssertEqual(try rows(path, "SELECT id, name, position, deleted, to_buy, item_count, shop_id FROM shopping_list ORDER BY id"), lists)
        let deleted = try store.deletedLists()
        XCTAssertEqual(deleted.map(\.name), ["Party"])
        let at = try XCTUnwrap(deleted.first?.deletedAt)
        // Between the moments before and after the open, as the store keeps times (milliseconds).
        XCTAssertTrue(opened...after ~= at, "its week starts when the new release first opens it: \(at)")
        let m = try ShoppingModel(store: store)
        try m.lists.restoreList(deleted[0].id)
        XCTAssertEqual(try kept(ShoppingModel(store: store, list: deleted[0].id)) { try $0.items.allItems().map(\.description).sorted() }, ["Balloons", "Cake"])
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }
}
