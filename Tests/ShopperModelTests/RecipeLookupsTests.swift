import Foundation
import XCTest
@testable import ShopperModel

/// The add that follows a preview starts from what the preview looked up (no second pass over a
/// long list), and only while nothing changed: an item written since, here or by another process,
/// is found by the add.
final class RecipeLookupsTests: XCTestCase {
    private func model() throws -> ShoppingModel { try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName)) }

    private func pancakes(_ m: ShoppingModel) throws -> RecipeID {
        try m.add(ItemFields(description: "Milk", quantity: 1, unit: "l", aisle: "Dairy"))
        return try m.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk", "2 eggs", "200 g flour"]))
    }

    func testTheAddAfterAPreviewMakesNoSecondPass() throws {
        let m = try model()
        let id = try pancakes(m)
        let preview = try m.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.listPasses, 1)
        let added = try m.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.listPasses, 1, "the add used the preview's lookups")
        XCTAssertEqual(added.map(\.words), preview.map(\.words), "what was shown is what was written")
        XCTAssertEqual(try m.allItems().map(\.description).sorted(), ["Eggs", "Flour", "Milk"])
        // The add changed the list: the next add looks again, and merges into what the first made.
        try m.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.listPasses, 2)
        XCTAssertEqual(try m.allItems().map(\.description).sorted(), ["Eggs", "Flour", "Milk"], "merged, not added twice")
    }

    func testAnItemAddedAfterThePreviewIsMergedInto() throws {
        let m = try model()
        let id = try pancakes(m)
        _ = try m.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint)
        try m.add(ItemFields(description: "Egg", quantity: 6))
        let added = try m.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.listPasses, 2, "the list changed since the preview: the add looked again")
        XCTAssertEqual(added[1].words, "Egg 6 → 8: 2 for Pancakes")
        XCTAssertEqual(try m.allItems().map(\.description).sorted(), ["Egg", "Flour", "Milk"])
    }

    func testAnotherProcesssWriteAfterThePreviewIsSeenByTheAdd() throws {
        let m = try model()
        let id = try pancakes(m)
        _ = try m.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint)
        let other = try ShoppingModel(store: Store(path: m.store!.path), list: m.list)
        try other.add(ItemFields(description: "Flour", quantity: 1, unit: "kg", aisle: "Baking"))
        let added = try m.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(added[2].words, "Flour 1 kg → 1.2 kg: 200 g for Pancakes")
        XCTAssertEqual(try m.allItems().filter { $0.description == "Flour" }.count, 1)
    }

    func testAPreviewInOtherNumbersIsNotReused() throws {
        let m = try model()
        let id = try pancakes(m)
        _ = try m.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalComma)
        try m.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.listPasses, 2)
    }

    func testLookupsLetGoAreNotReused() throws {
        let m = try model()
        let id = try pancakes(m)
        _ = try m.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint)
        m.forgetRecipeLookups()
        XCTAssertNil(m.keptRecipeLookups)
        try m.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.listPasses, 2)
    }
}
