import Foundation
import XCTest
@testable import ShopperModel

/// The same recipe twice (issue 54): found by its address or by title and ingredients, and kept
/// again only as the person chose (written over the one kept, or beside it), one undo step.
final class RecipeDuplicatesTests: XCTestCase {
    private func model() throws -> ShoppingModel { try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName)) }

    func testTheSamePageOrTheSameRecipeIsFound() throws {
        let m = try model()
        let kept = try m.recipes.addRecipe(RecipeBookTests.pancakes)
        var again = RecipeBookTests.pancakes
        again.title = "Fluffy Pancakes"
        again.source = "http://www.example.org/pancakes/#recipe"
        XCTAssertEqual(try m.recipes.duplicates(of: again).map(\.id), [kept], "the same address, written another way")
        var typed = RecipeBookTests.pancakes
        typed.source = nil
        typed.title = "PANCAKES "
        typed.ingredients = typed.ingredients.map { $0.uppercased() + " " }
        XCTAssertEqual(try m.recipes.duplicates(of: typed).map(\.id), [kept], "the same title and ingredients")
        typed.ingredients.append("1 tbsp sugar")
        XCTAssertEqual(try m.recipes.duplicates(of: typed), [], "another recipe of the same title")
    }

    func testReplaceKeepsTheRecipesIdentityAndKeepBothAddsOne() throws {
        let m = try model()
        let kept = try m.recipes.addRecipe(RecipeBookTests.pancakes)
        _ = try m.plan.planMeal(kept, on: PlanDay(year: 2026, month: 11, day: 28))
        var read = RecipeBookTests.pancakes
        read.servings = 6
        XCTAssertEqual(try m.recipes.keepImported([(read, kept)]), [kept])
        XCTAssertEqual(try m.recipes.all().map(\.servings), [6])
        XCTAssertEqual(try m.plan.meals().map(\.recipe), [kept], "the meal still plans it")
        let both = try m.recipes.keepImported([(read, nil)])
        XCTAssertEqual(try m.recipes.all(titled: "pancakes").map(\.id), [kept] + both)
        try m.core.undoLast()
        try m.core.undoLast()
        XCTAssertEqual(try m.recipes.all().map(\.draft), [RecipeBookTests.pancakes], "each kept step undone whole")
    }
}
