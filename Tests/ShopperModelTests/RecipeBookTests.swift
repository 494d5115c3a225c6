import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// The household's recipes in a real store: kept from a draft, edited, searched, deleted; each
/// change one undo step that any list's model takes back.
final class RecipeBookTests: XCTestCase {
    private func store() throws -> Store { try Store(path: temporaryFolder(self) + "/" + Store.fileName) }

    static let pancakes = RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk", "2 eggs", "200 g flour", "1 pinch salt"],
                                      method: ["Mix.", "Fry."], source: "https://example.org/pancakes", notes: "Sunday", tags: ["breakfast", "sweet"])

    func testARecipeIsKeptWholeAndReadBackInOrder() throws {
        let s = try store()
        let m = try ShoppingModel(store: s)
        let id = try m.recipes.addRecipe(Self.pancakes)
        let r = try XCTUnwrap(try kept(ShoppingModel(store: s)) { try $0.recipes.recipe(id) })
        XCTAssertEqual(r.draft, Self.pancakes)
        XCTAssertEqual(try s.recipeTables.recipes().map(\.title), ["Pancakes"])
        XCTAssertEqual(m.undo.undoName, "adding the recipe “Pancakes”")
        XCTAssertTrue(m.undo.undoStack.last!.onListsOnly, "any list's model undoes it")
    }

    func testABlankDraftIsCappedAndNamed() throws {
        let m = try ShoppingModel(store: store())
        let id = try m.recipes.addRecipe(RecipeDraft(title: "  ", servings: 5000, ingredients: ["", " 1 egg "]))
        let r = try XCTUnwrap(try m.recipes.recipe(id))
        XCTAssertEqual(r.title, "Untitled Recipe")
        XCTAssertNil(r.servings)
        XCTAssertEqual(r.ingredients, ["1 egg"])
    }

    func testEditAndDeleteAreEachUndoneExactly() throws {
        let s = try store()
        let m = try ShoppingModel(store: s)
        let id = try m.recipes.addRecipe(Self.pancakes)
        var edited = Self.pancakes
        edited.title = "Crêpes"
        edited.ingredients.append("1 tbsp sugar")
        try m.recipes.updateRecipe(id, edited)
        XCTAssertEqual(try m.recipes.recipe(id)?.draft, edited)
        try m.core.undoLast()
        XCTAssertEqual(try m.recipes.recipe(id)?.draft, Self.pancakes)
        try m.core.redoLast()
        XCTAssertEqual(try m.recipes.recipe(id)?.title, "Crêpes")
        let meal = try m.plan.planMeal(id, on: PlanDay(year: 2026, month: 11, day: 24))
        try m.recipes.deleteRecipe(id)
        XCTAssertNil(try m.recipes.recipe(id))
        XCTAssertEqual(try m.plan.meals(), [], "a planned meal goes with its recipe")
        XCTAssertEqual(m.undo.undoName, "deleting the recipe “Crêpes”")
        try m.core.undoLast()
        XCTAssertEqual(try m.recipes.recipe(id)?.draft, edited)
        XCTAssertEqual(try m.plan.meals().map(\.id), [meal!])
    }

    func testAnotherListsModelUndoesARecipeStep() throws {
        let s = try store()
        let undo = UndoHistory()
        let m = try ShoppingModel(store: s, undo: undo)
        let other = try m.lists.createList(named: "Party")
        let id = try m.recipes.addRecipe(Self.pancakes)
        let party = try ShoppingModel(store: s, list: other, undo: undo)
        try party.core.undoLast()
        XCTAssertNil(try m.recipes.recipe(id))
    }

    func testSearchFindsTitleTagAndIngredientIgnoringCaseAndAccents() throws {
        let m = try ShoppingModel(store: store())
        try m.recipes.addRecipe(Self.pancakes)
        try m.recipes.addRecipe(RecipeDraft(title: "Crème brûlée", ingredients: ["500 ml cream", "4 egg yolks"], tags: ["dessert"]))
        try m.recipes.addRecipe(RecipeDraft(title: "Tomato soup", ingredients: ["1 kg tomatoes"], tags: ["vegan"]))
        XCTAssertEqual(try m.recipes.searchRecipes("creme").map(\.title), ["Crème brûlée"])
        XCTAssertEqual(try m.recipes.searchRecipes("BREAKFAST").map(\.title), ["Pancakes"])
        XCTAssertEqual(try m.recipes.searchRecipes("egg").map(\.title), ["Crème brûlée", "Pancakes"])
        XCTAssertEqual(try m.recipes.searchRecipes("egg cream").map(\.title), ["Crème brûlée"])
        XCTAssertEqual(try m.recipes.searchRecipes("").count, 3)
        XCTAssertEqual(try m.recipes.recipe(titled: "tomato SOUP")?.title, "Tomato soup")
    }

    func testRecipesWorkWithoutAStore() throws {
        let m = try ShoppingModel(store: temporaryStore())
        let id = try m.recipes.addRecipe(Self.pancakes)
        XCTAssertEqual(try m.recipes.all().map(\.id), [id])
        try m.core.undoLast()
        XCTAssertEqual(try m.recipes.all(), [])
    }
}

/// The Recipes page reads summaries, and search texts when a search is typed: both must say what
/// the whole recipes say, on a store of one model and on a fresh one.
extension RecipeBookTests {
    func testSummariesAndSearchTextsAgreeWithTheWholeRecipes() throws {
        for m in [try ShoppingModel(store: store()), try ShoppingModel(store: temporaryStore())] {
            try m.recipes.addRecipe(Self.pancakes)
            try m.recipes.addRecipe(RecipeDraft(title: "Crème brûlée", ingredients: ["500 ml cream", "4 egg yolks"], method: ["Bake."], tags: ["dessert"]))
            try m.recipes.addRecipe(RecipeDraft(title: "apple pie", servings: 8))
            let whole = try m.recipes.all()
            XCTAssertEqual(try m.recipes.recipeSummaries(), whole.map(RecipeSummary.init))
            XCTAssertEqual(try m.recipes.recipeSummaries().map(\.ingredientCount), [0, 2, 4], "by title: apple, Crème, Pancakes")
            let (texts, last) = try m.recipes.recipeSearchTexts()
            XCTAssertNil(last, "all read")
            XCTAssertEqual(Set(texts.keys), Set(whole.map(\.id)))
            // In slices, as the page reads them when idle: the same texts.
            var sliced: [RecipeID: String] = [:]
            var after: RecipeID? = RecipeID(0)
            while let from = after {
                let (part, next) = try m.recipes.recipeSearchTexts(after: from, limit: 2)
                sliced.merge(part) { a, _ in a }
                after = next
            }
            XCTAssertEqual(sliced, texts)
            for query in ["creme", "BREAKFAST", "egg", "egg cream", "pie", "fry", "yolks dessert", "milk pie", "ml"] {
                let words = SearchQuery.fold(query).split(separator: " ").map(String.init)
                XCTAssertEqual(whole.filter { Recipes.recipeText(texts[$0.id]!, matches: query) }.map(\.title),
                               whole.filter { $0.matches(folded: words) }.map(\.title), query)
            }
            XCTAssertFalse(Recipes.recipeText(texts[whole[2].id]!, matches: "mix"), "the method is not searched")
        }
    }
}
