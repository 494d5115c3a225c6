import Foundation
import GRDB
import XCTest
@testable import ShopperModel

/// A store of the schema before stores (v6), written by the release that shares lists
/// (`Tests/Fixtures/store-v6.sqlite`: two lists, items in the cart and off the list, a price for all,
/// aisles, price history, a saved search, a tombstone, a shared list's binding and a task's
/// record), opens with every row as it was, at Any Store, with no store and nothing hidden.
final class MigrationV6Tests: XCTestCase {
    private func fixtureCopy() throws -> String { try ShopperModelTests.fixtureCopy("store-v6.sqlite", for: self) }

    /// Every table v6 has, whole, in a stable order.
    private static let tables = [
        "item": "id", "item_tombstone": "id", "saved_search": "id", "aisle": "list_id, position",
        "shopping_list": "id", "sync_binding": "list_id", "sync_item": "list_id, item_id",
    ]

    func testTheFixtureIsOfSchemaV6() throws {
        XCTAssertEqual(try rows(try fixtureCopy(), "SELECT identifier FROM grdb_migrations").last, "[identifier:\"v6\"]")
    }

    func testEveryRowIsKeptAndTheListsAreShoppedAtAnyStore() throws {
        let path = try fixtureCopy()
        var before: [String: [String]] = [:]
        for (table, order) in Self.tables { before[table] = try rows(path, "SELECT * FROM \(table) ORDER BY \(order)") }
        XCTAssertEqual(before["item"]?.count, 7)
        XCTAssertEqual(before["sync_binding"]?.count, 1)
        let historyBefore = try rows(path, "SELECT * FROM price_history ORDER BY id")
        XCTAssertEqual(historyBefore.count, 2)

        let store = try Store(path: path)
        let m = try ShoppingModel(store: store)
        for (table, order) in Self.tables where !["shopping_list", "sync_binding", "sync_item"].contains(table) {
            XCTAssertEqual(try rows(path, "SELECT * FROM \(table) ORDER BY \(order)"), before[table], table)
        }
        // The tasks' records keep every column, and gain v12's upload under way (none).
        XCTAssertEqual(try rows(path, "SELECT list_id, item_id, uid, href, etag, base, synced_revision FROM sync_item ORDER BY list_id, item_id"),
                       before["sync_item"])
        XCTAssertEqual(Set(try rows(path, "SELECT sent FROM sync_item")), ["[sent:NULL]"])
        // The binding keeps every column, and gains v8's short line of a problem (none).
        XCTAssertEqual(try rows(path, """
            SELECT list_id, server, user, collection, collection_name, uid_prefix, sync_token, last_sync, problem, offline, notice
            FROM sync_binding ORDER BY list_id
            """), before["sync_binding"])
        XCTAssertEqual(try rows(path, "SELECT problem_line FROM sync_binding"), ["[problem_line:NULL]"])
        // The lists keep every column, and gain the store they are shopped at: Any Store.
        XCTAssertEqual(try rows(path, "SELECT id, name, position, deleted, to_buy, item_count FROM shopping_list ORDER BY id"),
                       before["shopping_list"])
        XCTAssertEqual(try rows(path, "SELECT DISTINCT shop_id FROM shopping_list"), ["[shop_id:0]"])
        // The prices too, each now paid at Any Store.
        XCTAssertEqual(try rows(path, "SELECT id, item_id, unit_cost, quantity, date FROM price_history ORDER BY id"), historyBefore)
        XCTAssertEqual(try rows(path, "SELECT DISTINCT shop_id FROM price_history"), ["[shop_id:0]"])
        // The one finish recorded before trips is a trip now: Milk and Apples, as the prices say.
        let trips = try m.trips.all()
        XCTAssertEqual(trips.count, 1)
        let trip = try XCTUnwrap(try m.trips.trip(trips[0].id))
        XCTAssertEqual(trip.lines.map(\.description), ["Milk", "Apples"])
        XCTAssertEqual(trip.lines.map(\.cost), [Decimal(string: "2.18")!, Decimal(string: "2.49")!])
        XCTAssertEqual(trip.total, Decimal(string: "4.67")!)
        XCTAssertEqual(trip.shopName, "")
        XCTAssertEqual(trip.date, Date(timeIntervalSince1970: 1_790_086_400))
        XCTAssertEqual(m.lists.all.map(\.name), ["Groceries", "Hardware"])
        XCTAssertEqual(m.shops.currentShop, .any)
        XCTAssertEqual(m.shops.all, [])
        XCTAssertEqual(m.shops.sectionAisles, m.aisles.order)
        XCTAssertEqual(try m.items.allItems().map(\.description), ["Milk", "Apples", "Bread", "Mince", "Tea"])
        XCTAssertEqual(ListProjection(model: m, kind: .shopping).descriptions, ["Tea"])
        XCTAssertEqual(ListProjection(model: m, kind: .cart).descriptions, ["Bread", "Mince"])
        XCTAssertEqual(try store.syncTables.syncBinding(for: .first)?.collection, "/dav/alice/groceries/")

        // And it works as a v7 store: a store, an order, a mark, then a new item after the deleted one.
        let aldi = try m.shops.addShop(named: "Aldi")
        try m.shops.setAisleOrder(["Meat", "Bakery"], at: aldi)
        try m.shops.shop(at: aldi)
        XCTAssertEqual(ListProjection(model: m, kind: .cart, sectioning: .aisle).descriptions, ["Mince", "Bread"])
        XCTAssertEqual(try m.items.add(fields("Eggs")), ItemID(9), "ids still come after every id ever used")
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }
}
