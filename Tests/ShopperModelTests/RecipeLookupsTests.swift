import Foundation
import XCTest
@testable import ShopperModel

/// The add that follows a preview starts from what the preview looked up (no second pass over a
/// long list), and only while nothing changed: an item written since, by this model, another model
/// on the same connection, or another process, is found by the add; so is one an undo brings back.
final class RecipeLookupsTests: XCTestCase {
    private func model() throws -> ShoppingModel { try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName)) }

    private func pancakes(_ m: ShoppingModel) throws -> RecipeID {
        try m.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l", aisle: "Dairy"))
        return try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk", "2 eggs", "200 g flour"]))
    }

    func testTheAddAfterAPreviewMakesNoSecondPass() throws {
        let m = try model()
        let id = try pancakes(m)
        let preview = try m.plan.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.plan.listPasses, 1)
        let added = try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.plan.listPasses, 1, "the add used the preview's lookups")
        XCTAssertEqual(added.map(\.words), preview.map(\.words), "what was shown is what was written")
        XCTAssertEqual(try m.items.allItems().map(\.description).sorted(), ["Eggs", "Flour", "Milk"])
        // The add changed the list: the next add looks again, and merges into what the first made.
        try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.plan.listPasses, 2)
        XCTAssertEqual(try m.items.allItems().map(\.description).sorted(), ["Eggs", "Flour", "Milk"], "merged, not added twice")
    }

    func testAnItemAddedAfterThePreviewIsMergedInto() throws {
        let m = try model()
        let id = try pancakes(m)
        _ = try m.plan.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint)
        try m.items.add(ItemFields(description: "Egg", quantity: 6))
        let added = try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.plan.listPasses, 2, "the list changed since the preview: the add looked again")
        XCTAssertEqual(added[1].words, "Egg 6 → 8: 2 for Pancakes")
        XCTAssertEqual(try m.items.allItems().map(\.description).sorted(), ["Egg", "Flour", "Milk"])
    }

    func testAnotherProcesssWriteAfterThePreviewIsSeenByTheAdd() throws {
        let m = try model()
        let id = try pancakes(m)
        _ = try m.plan.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint)
        let other = try ShoppingModel(store: Store(path: m.store.path), list: m.list)
        try other.items.add(ItemFields(description: "Flour", quantity: 1, unit: "kg", aisle: "Baking"))
        let added = try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(added[2].words, "Flour 1 kg → 1.2 kg: 200 g for Pancakes")
        XCTAssertEqual(try m.items.allItems().filter { $0.description == "Flour" }.count, 1)
    }

    func testAPreviewInOtherNumbersIsNotReused() throws {
        let m = try model()
        let id = try pancakes(m)
        _ = try m.plan.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalComma)
        try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.plan.listPasses, 2)
    }

    func testLookupsLetGoAreNotReused() throws {
        let m = try model()
        let id = try pancakes(m)
        _ = try m.plan.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint)
        m.plan.forgetRecipeLookups()
        XCTAssertNil(m.plan.keptRecipeLookups)
        try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.plan.listPasses, 2)
    }

    /// Another list's model on the same store (a command line's add through the window): SQLite
    /// does not count that connection's own write as news, the store's revision does.
    func testAWriteThroughTheSameConnectionIsSeen() throws {
        let m = try model()
        let other = try m.lists.createList(named: "Market")
        let id = try pancakes(m)
        _ = try m.plan.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint)
        let market = try ShoppingModel(store: m.store, list: other)
        try market.items.add(ItemFields(description: "Flour", aisle: "Baking"))
        let added = try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(added[2].words, "Flour 200 g, new in Baking: 200 g for Pancakes", "the aisle from the other list")
        XCTAssertEqual(m.plan.listPasses, 2)
    }

    func testAnUndoAfterThePreviewIsSeen() throws {
        let m = try model()
        let id = try pancakes(m)
        try m.items.add(ItemFields(description: "Eggs", quantity: 6))
        try m.items.delete([try XCTUnwrap(try m.items.allItems().first { $0.description == "Eggs" }).id])
        _ = try m.plan.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertNotNil(try m.core.undoLast(), "Eggs back on the list")
        let added = try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(added[1].words, "Eggs 6 → 8: 2 for Pancakes")
        XCTAssertEqual(try m.items.allItems().filter { $0.description == "Eggs" }.count, 1)
    }

    func testTheWeeksAddAfterItsPreviewMakesNoSecondPass() throws {
        let m = try model()
        let id = try pancakes(m)
        let today = PlanDay(Date())
        _ = try m.plan.planMeal(id, on: today, servings: 4)
        _ = try m.plan.planMeal(id, on: today, servings: 2)
        let passes = m.plan.listPasses
        let preview = try m.plan.previewWeek(from: PlanDay.planDays().first, staples: nil, numbers: .decimalPoint)
        let added = try m.plan.addWeekToList(from: PlanDay.planDays().first, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.plan.listPasses, passes + 1, "the week's add used its preview's lookups")
        XCTAssertEqual(added.map(\.words), preview.map(\.words))
        XCTAssertEqual(try m.items.allItems().first { $0.description == "Milk" }?.quantity, Decimal(string: "1.375"))
    }
}
