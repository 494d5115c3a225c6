import Foundation
import GRDB
import XCTest
@testable import ShopperModel

/// A store of the schema before the household's staples (v9), written by that release:
/// `shopper add` four items, a recipe pasted in its window (Pancakes, for 4: 250 ml milk, 2 eggs,
/// a pinch of salt) and `shopper recipe add Pancakes` (`Tests/Fixtures/store-v9.sqlite`). It opens
/// with every row kept and the default staples, which a recipe's add then follows.
final class MigrationV9Tests: XCTestCase {
    private func fixtureCopy() throws -> String { try ShopperModelTests.fixtureCopy("store-v9.sqlite", for: self) }
    private let tables = ["item", "shopping_list", "aisle", "recipe", "recipe_line", "meal", "item_share", "shop", "trip"]

    func testTheFixtureIsOfSchemaV9() throws {
        XCTAssertEqual(try rows(try fixtureCopy(), "SELECT identifier FROM grdb_migrations").last, "[identifier:\"v9\"]")
    }

    func testEveryRowIsKeptAndTheDefaultStaplesAreThere() throws {
        let path = try fixtureCopy()
        let before = try tables.map { try rows(path, "SELECT * FROM \($0) ORDER BY 1, 2, 3") }
        XCTAssertEqual(before[0].count, 4)
        XCTAssertEqual(before[6].count, 2, "the shares of the recipe's add")
        let store = try Store(path: path)
        XCTAssertEqual(try tables.map { try rows(path, "SELECT * FROM \($0) ORDER BY 1, 2, 3") }, before)
        XCTAssertEqual(try rows(path, "SELECT identifier FROM grdb_migrations").last, "[identifier:\"\(Schema.latest)\"]")
        XCTAssertEqual(Set(try store.stapleTables.staples()), Set(PantryStaples.defaults))
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    func testTheRecipeAddedAgainFollowsTheStaplesEdited() throws {
        let store = try Store(path: try fixtureCopy())
        XCTAssertEqual(try store.stapleTables.removeStaple("SALT"), "salt", "found whatever its case")
        XCTAssertEqual(try store.stapleTables.addStaple("  eggs "), "eggs")
        let m = try ShoppingModel(store: store)
        let pancakes = try XCTUnwrap(try m.recipes.all().first)
        let words = try m.plan.previewRecipe(pancakes.id, servings: nil, staples: nil, numbers: .decimalPoint).map(\.words)
        XCTAssertEqual(words.count, 3)
        XCTAssertEqual(words[0], "Milk 1.25 l → 1.5 l: 250 ml for Pancakes")
        XCTAssertTrue(words[1].hasPrefix("eggs:"), words[1])
        XCTAssertFalse(words[2].contains("always at home"), words[2])
        try m.plan.addRecipeToList(pancakes.id, servings: nil, staples: nil, numbers: .decimalPoint)
        let items = try m.items.allItems()
        XCTAssertEqual(items.first { $0.description == "Eggs" }?.quantity, 8, "eggs are at home now: not added again")
        XCTAssertNotNil(items.first { $0.description.lowercased() == "salt" }, "salt is no staple any more: it goes on the list")
    }
}
