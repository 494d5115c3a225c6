import Foundation
import GRDB
import XCTest
@testable import ShopperModel

/// A store of the schema before recipes (v8), written by `shopper add` and `shopper import` of
/// that release (`Tests/Fixtures/store-v8.sqlite`: Groceries with Milk, Eggs, Flour, Tomatoes and
/// Basil). It opens with every row kept, and with empty recipes, plan and shares.
final class MigrationV8Tests: XCTestCase {
    private func fixtureCopy() throws -> String { try ShopperModelTests.fixtureCopy("store-v8.sqlite", for: self) }

    func testTheFixtureIsOfSchemaV8() throws {
        XCTAssertEqual(try rows(try fixtureCopy(), "SELECT identifier FROM grdb_migrations").last, "[identifier:\"v8\"]")
    }

    func testEveryRowIsKeptAndTheRecipeTablesAreEmpty() throws {
        let path = try fixtureCopy()
        let before = try ["item", "shopping_list", "aisle", "price_history", "saved_search", "shop", "trip", "sync_binding"]
            .map { try rows(path, "SELECT * FROM \($0) ORDER BY rowid") }
        XCTAssertEqual(before[0].count, 5)
        let store = try Store(path: path)
        let after = try ["item", "shopping_list", "aisle", "price_history", "saved_search", "shop", "trip", "sync_binding"]
            .map { try rows(path, "SELECT * FROM \($0) ORDER BY rowid") }
        XCTAssertEqual(after, before)
        XCTAssertEqual(try rows(path, "SELECT identifier FROM grdb_migrations").last, "[identifier:\"\(Schema.latest)\"]")
        XCTAssertEqual(try store.recipeTables.recipes(), [])
        XCTAssertEqual(try store.recipeTables.meals(), [])
        XCTAssertEqual(try store.recipeTables.shares(), [])
        let m = try ShoppingModel(store: store)
        XCTAssertEqual(try m.items.allItems().map(\.description), ["Milk", "Eggs", "Flour", "Tomatoes", "Basil"])
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    func testARecipeAddedToAnUpgradedStoreMergesIntoItsItems() throws {
        let store = try Store(path: try fixtureCopy())
        let m = try ShoppingModel(store: store)
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk", "2 eggs"]))
        try m.plan.addRecipeToList(id)
        let items = try m.items.allItems()
        XCTAssertEqual(items.first { $0.description == "Milk" }?.quantity, Decimal(string: "1.25"))
        XCTAssertEqual(items.first { $0.description == "Eggs" }?.quantity, 8)
    }
}
