import XCTest
@testable import ShopperModel

/// A recipe written as text and read back is the same recipe: editing a kept recipe, or an
/// imported page, goes through the text without losing or moving a line.
final class RecipeTextWriterTests: XCTestCase {
    func testARecipeReadsBackFromItsText() throws {
        let drafts = [
            RecipeDraft(title: "Pancakes", servings: 4, yieldText: "12 pancakes",
                        ingredients: ["250 ml milk, warmed", "2 eggs", "For the topping:", "salt to taste", "1 ½ cups flour (sifted)"],
                        method: ["Whisk everything.", "For the topping:", "Fry thin pancakes, 2 minutes a side."],
                        source: "https://example.org/pancakes", notes: "Keeps a day.", tags: ["breakfast", "sweet"]),
            RecipeDraft(title: "Salz-Kartoffeln", ingredients: ["1 kg Kartoffeln", "Salz"], method: []),
            RecipeDraft(title: "Omelette", servings: 1, ingredients: ["3 eggs"], method: ["2 minutes on each side.", "Serve."]),
            RecipeDraft(title: "Tea", servings: 1, ingredients: ["1 tsp tea"], method: ["Steep 3 minutes."], notes: "Milk if you like.\nOr lemon."),
        ]
        for d in drafts {
            let text = RecipeText.text(of: d)
            XCTAssertEqual(RecipeText.read(text, keeping: d), d.capped, text)
        }
    }

    func testAnEditedServingsLeavesTheOldYieldWordsBehind() {
        let d = RecipeDraft(title: "Pancakes", servings: 4, yieldText: "12 pancakes", ingredients: ["2 eggs"])
        let text = RecipeText.text(of: d).replacingOccurrences(of: "serves 4", with: "serves 6")
        let back = RecipeText.read(text, keeping: d)
        XCTAssertEqual(back.servings, 6)
        XCTAssertNotEqual(back.yieldText, "12 pancakes")
    }

    /// A long ingredient line that reads like a sentence stays an ingredient when the text says
    /// where the ingredients end (an edit of a kept recipe, whose text has both headings).
    func testALongIngredientLineStaysAnIngredientBetweenTheHeadings() {
        let long = "1 large free-range egg, beaten with a fork until it is just smooth and pale."
        let d = RecipeDraft(title: "Omelette", servings: 1, ingredients: ["20 g butter"], method: ["Fry gently."])
        let text = RecipeText.text(of: d).replacingOccurrences(of: "20 g butter", with: "20 g butter\n" + long)
        let back = RecipeText.read(text, keeping: d)
        XCTAssertEqual(back.ingredients, ["20 g butter", long])
        XCTAssertEqual(back.method, ["Fry gently."])
        // Without headings the same line still begins the method, as a pasted recipe's would.
        let pasted = RecipeText.read("Omelette\n20 g butter\n" + long)
        XCTAssertEqual(pasted?.method, [long])
    }
}
