import Foundation
import GRDB
import XCTest
@testable import ShopperModel

/// A store of the schema before lists (v4), written by the release before them
/// (`Tests/Fixtures/store-v4.sqlite`: items in the cart and off the list, a price for all, an aisle
/// order, price history, saved searches, a tombstone), opens as one list named "Groceries" that
/// keeps every item, price, saved search and revision.
final class MigrationTests: XCTestCase {
    private func fixtureCopy() throws -> String { try ShopperModelTests.fixtureCopy("store-v4.sqlite", for: self) }

    func testTheFixtureIsOfTheSchemaBeforeLists() throws {
        let path = try fixtureCopy()
        XCTAssertEqual(try rows(path, "SELECT identifier FROM grdb_migrations").count, 4)
    }

    func testEveryItemPriceSearchAndRevisionIsKeptInOneListNamedGroceries() throws {
        let path = try fixtureCopy()
        let itemColumns = "id, description, quantity, unit, unit_cost, aisle, notes, needed, in_cart, position, created_at, updated_at, last_price, last_price_date, price_for_all, revision"
        let itemsBefore = try rows(path, "SELECT \(itemColumns) FROM item ORDER BY id")
        let historyBefore = try rows(path, "SELECT * FROM price_history ORDER BY id")
        let tombstonesBefore = try rows(path, "SELECT * FROM item_tombstone")
        let searchesBefore = try rows(path, "SELECT id, name, query, position FROM saved_search ORDER BY id")
        XCTAssertEqual(itemsBefore.count, 5)

        let store = try Store(path: path)
        let m = try ShoppingModel(store: store)
        XCTAssertEqual(m.lists.all.map(\.name), ["Groceries"])
        XCTAssertEqual(m.lists.all.first?.itemCount, 5)
        XCTAssertEqual(m.lists.all.first?.toBuy, 1, "Tea; Mince is in the cart")
        XCTAssertEqual(try rows(path, "SELECT \(itemColumns) FROM item ORDER BY id"), itemsBefore, "every column of every item, revisions too")
        XCTAssertEqual(try rows(path, "SELECT list_id FROM item").map { $0 }, Array(repeating: "[list_id:1]", count: 5))
        XCTAssertEqual(try rows(path, "SELECT id, item_id, unit_cost, quantity, date FROM price_history ORDER BY id"), historyBefore)
        XCTAssertEqual(try m.trips.all().map(\.total), [Decimal(string: "5.92")!], "the one finish is a trip now (v7), paid to the cent")
        XCTAssertEqual(try rows(path, "SELECT * FROM item_tombstone"), tombstonesBefore)
        XCTAssertEqual(try rows(path, "SELECT id, name, query, position FROM saved_search ORDER BY id"), searchesBefore)
        XCTAssertEqual(m.aisles.order.names, ["Fruit & Veg", "Bakery", "Dairy", "Meat"])
        XCTAssertEqual(m.searches.savedSearches.map(\.name), ["Cheap", "Dairy"])
        XCTAssertEqual(try m.items.allItems().map(\.description), ["Milk", "Apples", "Mince", "Bread", "Tea"])
        XCTAssertEqual(m.items.totals.inCart.count, 1)
        XCTAssertEqual(try store.tripTables.history(of: [ItemID(1)]).map(\.unitCost), [Decimal(string: "1.09")!])
        // New ids still come after the deleted item's.
        let next = try m.items.add(fields("Eggs"))
        XCTAssertEqual(next, ItemID(7))
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    func testAnExportOfTheOldFileReadsItWithoutMigratingIt() throws {
        let path = try fixtureCopy()
        let m = try ShoppingModel(store: Store(path: path, access: .readOnly))
        XCTAssertEqual(m.lists.all.map(\.name), ["Groceries"])
        XCTAssertEqual(try m.items.allItems().count, 5)
        XCTAssertEqual(m.aisles.order.names, ["Fruit & Veg", "Bakery", "Dairy", "Meat"])
        XCTAssertEqual(try rows(path, "SELECT identifier FROM grdb_migrations").count, 4, "left as it was")
    }
}
