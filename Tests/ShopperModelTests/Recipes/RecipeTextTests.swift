import XCTest
@testable import ShopperModel

/// A recipe typed or pasted: the title, the ingredient lines and the method found by headings,
/// amounts, numbered steps and sentences, in English and German.
final class RecipeTextTests: XCTestCase {
    func testAnEnglishRecipeWithHeadingsAndNumberedSteps() throws {
        let d = try XCTUnwrap(RecipeText.read(try RecipeFixtures.text("pasted-en.txt")))
        XCTAssertEqual(d.title, "Banana Bread")
        XCTAssertEqual(d.servings, 8)
        XCTAssertNil(d.yieldText)
        XCTAssertEqual(d.ingredients, ["3 ripe bananas, mashed", "75 g butter, melted", "150 g sugar", "1 egg, beaten",
                                       "1 tsp baking soda", "a pinch of salt", "190 g flour"])
        XCTAssertEqual(d.method, ["Heat the oven to 175 °C and butter a loaf tin.",
                                  "Mix the bananas and butter, then stir in the sugar, egg, soda and salt.",
                                  "Fold in the flour and bake for 60 minutes."])
        XCTAssertEqual(d.notes, "A moist loaf that uses up ripe bananas.")
    }

    func testAGermanRecipeWithSubheadingsAndTips() throws {
        let d = try XCTUnwrap(RecipeText.read(try RecipeFixtures.text("pasted-de.txt")))
        XCTAssertEqual(d.title, "Apfelkuchen vom Blech")
        XCTAssertNil(d.servings)
        XCTAssertEqual(d.yieldText, "für 12 Stücke")
        XCTAssertEqual(d.ingredients, ["Für den Teig:", "250 g Mehl", "125 g Butter", "1 Ei", "Für den Belag:", "1 kg Äpfel",
                                       "2 EL Zucker", "1 Prise Zimt"])
        XCTAssertEqual(d.method.count, 3)
        XCTAssertTrue(d.method[2].hasPrefix("Mit Zucker und Zimt"))
        XCTAssertEqual(d.notes, "Schmeckt lauwarm mit Sahne.")
    }

    func testWithoutHeadingsAmountsAndSentencesTellTheBlocksApart() throws {
        let d = try XCTUnwrap(RecipeText.read("""
            Tomato Salad
            4 tomatoes
            1 red onion
            2 tbsp olive oil
            salt to taste
            Slice the tomatoes and the onion thinly.
            Dress with the oil and salt.
            """))
        XCTAssertEqual(d.title, "Tomato Salad")
        XCTAssertEqual(d.ingredients, ["4 tomatoes", "1 red onion", "2 tbsp olive oil", "salt to taste"])
        XCTAssertEqual(d.method, ["Slice the tomatoes and the onion thinly.", "Dress with the oil and salt."])
    }

    func testServingsLinesInEnglishAndGerman() throws {
        let cases: [(String, Int?, String?)] = [
            ("Serves 4", 4, nil), ("Serves: 6", 6, nil), ("4 servings", 4, nil), ("Für 4 Personen", 4, nil),
            ("4 Portionen", 4, nil), ("Portionen: 2", 2, nil), ("Serves 4-6", 4, "Serves 4-6"), ("Makes 12 pancakes", nil, "Makes 12 pancakes"),
            ("Ergibt 1 Laib", nil, "Ergibt 1 Laib"), ("Yield: 8 servings", 8, nil),
        ]
        for (line, servings, words) in cases {
            let d = try XCTUnwrap(RecipeText.read("Soup\n\(line)\n2 carrots\n1 l water\nBoil everything for an hour."), line)
            XCTAssertEqual(d.servings, servings, line)
            XCTAssertEqual(d.yieldText, words, line)
            XCTAssertEqual(d.ingredients, ["2 carrots", "1 l water"], line)
        }
        XCTAssertNil(RecipeYield.line("2 eggs"), "an ingredient is not a yield")
        XCTAssertNil(RecipeYield.line("12 pancakes"))
    }

    func testAGermanRecipeWithServingsInTheHeadingAndStepsNamedSchritt() throws {
        let d = try XCTUnwrap(RecipeText.read("""
            ## Linsensuppe

            Zutaten für 4 Personen
            - 200 g rote Linsen
            - 1 Zwiebel
            - 1 l Gemüsebrühe
            - Salz nach Geschmack

            Zubereitung:
            Schritt 1: Zwiebel würfeln und andünsten.
            Schritt 2: Linsen und Brühe dazu,
            20 Minuten köcheln.
            """))
        XCTAssertEqual(d.title, "Linsensuppe")
        XCTAssertEqual(d.servings, 4)
        XCTAssertEqual(d.ingredients, ["200 g rote Linsen", "1 Zwiebel", "1 l Gemüsebrühe", "Salz nach Geschmack"], "the bullets go")
        XCTAssertEqual(d.method, ["Zwiebel würfeln und andünsten.", "Linsen und Brühe dazu, 20 Minuten köcheln."])
    }

    func testLinesBeforeTheIngredientsHeadingAreNotIngredients() throws {
        let d = try XCTUnwrap(RecipeText.read("Chili\nBy Sam\nPrep time: 15 min\nIngredients:\n500 g beans\nDirections\nCook it."))
        XCTAssertEqual(d.ingredients, ["500 g beans"])
        XCTAssertEqual(d.method, ["Cook it."])
        XCTAssertEqual(d.notes, "By Sam\nPrep time: 15 min")
    }

    func testEmptyTextIsNoRecipeAndATextThatStartsWithItsIngredientsHasNoTitle() throws {
        XCTAssertNil(RecipeText.read(" \n\n \t"))
        let d = try XCTUnwrap(RecipeText.read("Ingredients\n2 eggs\nMethod\nBoil them."))
        XCTAssertEqual(d.title, "")
        XCTAssertEqual(d.ingredients, ["2 eggs"])
        XCTAssertEqual(d.method, ["Boil them."])
    }
}
