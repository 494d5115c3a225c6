import XCTest
@testable import ShopperModel

/// A meal as a calendar shows it, and the recipe an event made in a calendar app names.
final class MealTextTests: XCTestCase {
    func testTheSummaryNamesTheRecipeAndServings() {
        XCTAssertEqual(MealText.summary(title: "Pancakes", servings: 6), "Pancakes for 6")
        XCTAssertEqual(MealText.summary(title: "Pancakes", servings: 1), "Pancakes for 1")
    }

    func testWhatASummaryNames() {
        let rows: [(String, String, Int?)] = [
            ("Chili for 4", "Chili", 4),
            ("Chili für 4", "Chili", 4),
            ("Chili (4)", "Chili", 4),
            ("  Chili con Carne for 12 ", "Chili con Carne", 12),
            ("Chili", "Chili", nil),
            ("Dinner for two", "Dinner for two", nil),
            ("Pasta for 0", "Pasta for 0", nil),
            ("Pasta for 100000", "Pasta for 100000", nil),
            ("4", "4", nil),
            ("", "", nil),
        ]
        for (summary, title, servings) in rows {
            let named = MealText.named(summary)
            XCTAssertEqual(named.title, title, summary)
            XCTAssertEqual(named.servings, servings, summary)
        }
    }

    func testTheDescriptionIsWhatAPersonCooksFrom() {
        let recipe = Recipe(id: RecipeID(1), RecipeDraft(
            title: "Pancakes", servings: 2, ingredients: ["200 g flour", "2 eggs", "salt"],
            method: ["Batter:", "Whisk everything.", "Fry in butter."]), createdAt: Date())
        XCTAssertEqual(MealText.description(recipe, servings: 6, numbers: .neutral), """
            600 g flour
            6 eggs
            salt

            Batter:
            1. Whisk everything.
            2. Fry in butter.
            """)
    }
}
