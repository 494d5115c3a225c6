import XCTest
@testable import ShopperModel

/// schema.org `Recipe` JSON as Nextcloud Cookbook keeps it and as recipe pages embed it, and the
/// export that reads back as it was written.
final class SchemaOrgRecipeTests: XCTestCase {
    func testANextcloudCookbookFile() throws {
        let drafts = SchemaOrgRecipe.drafts(json: try RecipeFixtures.data("nextcloud-cookbook.json"), source: "/home/a/recipe.json")
        XCTAssertEqual(drafts.count, 1)
        let d = try XCTUnwrap(drafts.first)
        XCTAssertEqual(d.title, "Kartoffelsalat")
        XCTAssertEqual(d.servings, 4)
        XCTAssertEqual(d.ingredients.count, 8)
        XCTAssertEqual(d.ingredients[1], "1 Zwiebel, fein gewürfelt")
        XCTAssertEqual(d.method.count, 4)
        XCTAssertEqual(d.notes, "Schwäbischer Kartoffelsalat wie bei Oma")
        XCTAssertEqual(d.tags, ["Beilage", "Kartoffeln", "Sommer", "vegetarisch"])
        XCTAssertEqual(d.source, "https://rezepte.example.de/kartoffelsalat", "the recipe's own address over the file's")
    }

    func testARecipeInAGraphWithSectionsAndTypesAsArrays() throws {
        let json: [String: Any] = ["@context": "https://schema.org", "@graph": [
            ["@type": "WebPage", "name": "Page"], ["@type": "Person", "name": "Anna"],
            ["@type": ["Recipe", "NewsArticle"], "name": "Soup", "recipeYield": ["4", "4 servings"],
             "recipeInstructions": [["@type": "HowToSection", "name": "Stock", "itemListElement": [["@type": "HowToStep", "text": "Boil bones."]]],
                                    ["@type": "HowToSection", "name": "Soup:", "itemListElement": [["@type": "HowToStep", "name": "Add vegetables."]]]],
             "ingredients": ["1 kg bones", "2 carrots"], "recipeCuisine": "French", "keywords": ["easy", "winter"]] as [String: Any],
        ] as [Any]]
        let drafts = SchemaOrgRecipe.drafts(in: json)
        XCTAssertEqual(drafts.map(\.title), ["Soup"])
        XCTAssertEqual(drafts[0].servings, 4)
        XCTAssertNil(drafts[0].yieldText)
        XCTAssertEqual(drafts[0].method, ["Stock:", "Boil bones.", "Soup:", "Add vegetables."])
        XCTAssertEqual(drafts[0].ingredients, ["1 kg bones", "2 carrots"], "the old name of the field")
        XCTAssertEqual(drafts[0].tags, ["French", "easy", "winter"])
    }

    func testYieldsInTheirShapes() {
        let cases: [(Any, Int?, String?)] = [
            (4, 4, nil), (4.0, 4, nil), ("4", 4, nil), ("4 servings", 4, nil), ("12 pancakes", nil, "12 pancakes"),
            (["1 loaf", "8 slices"], nil, "1 loaf"), ([6, "6 Portionen"], 6, nil), ("Für 4 Personen", 4, nil),
            (0, nil, "0"), (1e9, nil, "1000000000"), ("", nil, nil),
        ]
        for (value, servings, text) in cases {
            let d = SchemaOrgRecipe.drafts(in: ["@type": "Recipe", "name": "X", "recipeYield": value])[0]
            XCTAssertEqual(d.servings, servings, "\(value)")
            XCTAssertEqual(d.yieldText, text, "\(value)")
        }
    }

    func testEntitiesAndTagsInFieldsAreDecodedAndStripped() throws {
        let r: [String: Any] = ["@type": "http://schema.org/Recipe", "name": "Mac &amp; Cheese",
                                "recipeIngredient": ["250&nbsp;g macaroni", "salt &amp;amp; pepper", "<b>2</b> tbsp butter", "&#x2153; cup crumbs", "1 &lt; 2 &bogus; & more"],
                                "recipeInstructions": "<ol><li>Boil.</li><li>Mix &amp; bake.</li></ol>",
                                "description": "<p>Kids&#39; <i>favourite</i></p><p>Quick.</p>"]
        let d = SchemaOrgRecipe.drafts(in: r)[0]
        XCTAssertEqual(d.title, "Mac & Cheese")
        XCTAssertEqual(d.ingredients, ["250 g macaroni", "salt & pepper", "2 tbsp butter", "⅓ cup crumbs", "1 < 2 &bogus; & more"])
        XCTAssertEqual(d.method, ["Boil.", "Mix & bake."])
        XCTAssertEqual(d.notes, "Kids' favourite\nQuick.")
        XCTAssertEqual(IngredientParser.parse(d.ingredients[0]).unit, IngredientParser.parse("250 g macaroni").unit)
    }

    func testSeveralRecipesAndNone() {
        let two: [Any] = [["@type": "Recipe", "name": "A"], ["@type": "Organization", "name": "B"],
                          ["@type": "WebPage", "mainEntity": ["@type": "Recipe", "name": "C"]]]
        XCTAssertEqual(SchemaOrgRecipe.drafts(in: two).map(\.title), ["A", "C"])
        XCTAssertEqual(SchemaOrgRecipe.drafts(json: Data(#"{"@type":"Article","name":"x"}"#.utf8)), [])
        XCTAssertEqual(SchemaOrgRecipe.drafts(json: Data("not json".utf8)), [])
    }

    func testTheExportReadsBackAsItWasWritten() throws {
        let drafts = [
            RecipeDraft(title: "Pancakes & Syrup", servings: 4, yieldText: "12 pancakes", ingredients: ["250 ml milk", "2 eggs", "For the syrup:", "100 ml maple syrup"],
                        method: ["Batter:", "Whisk.", "Rest 10 minutes.", "Frying:", "Fry.", "Serve <warm>."], source: "https://ex.org/p",
                        notes: "Light.\nFluffy.", tags: ["breakfast", "sweet"]),
            RecipeDraft(title: "Tea", ingredients: ["1 tea bag"], method: ["Steep."]),
        ]
        for d in drafts {
            XCTAssertEqual(SchemaOrgRecipe.drafts(json: SchemaOrgRecipe.json([d])), [d])
        }
        XCTAssertEqual(SchemaOrgRecipe.drafts(json: SchemaOrgRecipe.json(drafts)), drafts)
        let object = SchemaOrgRecipe.object(drafts[0])
        XCTAssertEqual(object["@type"] as? String, "Recipe")
        XCTAssertEqual((object["recipeInstructions"] as? [[String: Any]])?.first?["@type"] as? String, "HowToSection")
        XCTAssertEqual(object["keywords"] as? String, "breakfast, sweet")
    }
}
