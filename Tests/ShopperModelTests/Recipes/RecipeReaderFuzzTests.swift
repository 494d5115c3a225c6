import XCTest
@testable import ShopperModel

/// Hostile input for the readers that run in the window: any text and any JSON gives drafts within
/// their limits, or none, and never traps. Seeded; the seed is printed (SHOPPER_TEST_SEED repeats it).
final class RecipeReaderFuzzTests: XCTestCase {
    static let pieces: [String] = [
        "Ingredients", "Zutaten:", "Method", "Zubereitung", "Serves 4", "Für 4 Personen", "4 Portionen", "1.", "2)", "Step 3:",
        "Schritt", "2 eggs", "250 g Mehl", "½ cup", "salt to taste", "Mix.", "Bake well!", "#", "##", "\n", "\n\n", " ", "\t",
        "\r\n", "\u{0}", "\u{7}", "\u{200B}", "\u{FEFF}", "\u{A0}", "&amp;", "&#0;", "&#x110000;", "&#xD800;", "&#99999999999;",
        "&nbsp", "&", ";", "<", ">", "</li>", "<br", "<p>", "<!--", "-->", "<script>", "\"", "\\", "{", "}", "[", "]", ",", ":",
        "9999999999", "-1", "0", "1e308", "Makes", "für", "🍅", "👩‍🍳", "\u{202E}", "İ", "ß", "é", "\u{0301}", String(repeating: "x", count: 600),
    ]

    func testAnyTextGivesABoundedDraftOrNone() {
        var rng = SeededRandom.fromEnvironment()
        print("RecipeReaderFuzzTests text seed \(rng.seed) (SHOPPER_TEST_SEED=\(rng.seed) runs it again)")
        for n in 0..<1_500 {
            let count = Int.random(in: 0...(n % 100 == 0 ? 3_000 : 60), using: &rng)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &rng)! }.joined(separator: Bool.random(using: &rng) ? "\n" : " ")
            let context = "seed \(rng.seed), text \(n)"
            if let d = RecipeText.read(text) { Self.checkBounded(d, context) }
            Self.checkBounded(SchemaOrgRecipe.drafts(in: ["@type": "Recipe", "name": text, "recipeIngredient": text,
                                                          "recipeInstructions": text, "recipeYield": text, "keywords": text]), context)
        }
    }

    func testAnyJSONGivesBoundedDraftsOrNone() throws {
        var rng = SeededRandom.fromEnvironment()
        print("RecipeReaderFuzzTests JSON seed \(rng.seed) (SHOPPER_TEST_SEED=\(rng.seed) runs it again)")
        for n in 0..<1_000 {
            let value = Self.randomJSON(depth: 0, using: &rng)
            let context = "seed \(rng.seed), document \(n)"
            let data = try JSONSerialization.data(withJSONObject: ["@graph": [value, ["@type": "Recipe", "recipeInstructions": value, "recipeYield": value, "name": value]]])
            Self.checkBounded(SchemaOrgRecipe.drafts(json: data), context)
            // The same bytes, damaged: most are no longer JSON at all.
            var bytes = [UInt8](data)
            for _ in 0..<Int.random(in: 1...8, using: &rng) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            Self.checkBounded(SchemaOrgRecipe.drafts(json: Data(bytes)), context)
        }
    }

    /// Nesting far deeper than any page, and a document of many recipes.
    func testDeepNestingAndManyRecipesAreBounded() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(SchemaOrgRecipe.drafts(json: Data(deep.utf8)), [])
        let deepObjects = String(repeating: #"{"@graph":"#, count: 5_000) + #"{"@type":"Recipe","name":"deep"}"# + String(repeating: "}", count: 5_000)
        XCTAssertEqual(SchemaOrgRecipe.drafts(json: Data(deepObjects.utf8)), [])
        let many = "[" + Array(repeating: #"{"@type":"Recipe","name":"r"}"#, count: 5_000).joined(separator: ",") + "]"
        XCTAssertEqual(SchemaOrgRecipe.drafts(json: Data(many.utf8)).count, SchemaOrgRecipe.maxRecipes)
    }

    static func randomJSON(depth: Int, using rng: inout SeededRandom) -> Any {
        switch Int.random(in: 0...(depth > 4 ? 2 : 5), using: &rng) {
        case 0: return pieces.randomElement(using: &rng)! + pieces.randomElement(using: &rng)!
        case 1: return [0, 4, -3, 1.5, 1e300, 4.0, true].randomElement(using: &rng)!
        case 2: return NSNull()
        case 3: return (0..<Int.random(in: 0...5, using: &rng)).map { _ in randomJSON(depth: depth + 1, using: &rng) }
        default:
            var o: [String: Any] = [:]
            let keys = ["@type", "@graph", "name", "recipeIngredient", "ingredients", "recipeInstructions", "itemListElement", "text",
                        "recipeYield", "keywords", "recipeCategory", "description", "url", "mainEntity"]
            for _ in 0..<Int.random(in: 0...6, using: &rng) { o[keys.randomElement(using: &rng)!] = randomJSON(depth: depth + 1, using: &rng) }
            if Bool.random(using: &rng) { o["@type"] = ["Recipe", ["Recipe", "X"], "HowToSection", "HowToStep", "schema:Recipe"].randomElement(using: &rng)! }
            return o
        }
    }

    static func checkBounded(_ drafts: [RecipeDraft], _ context: String) {
        XCTAssertLessThanOrEqual(drafts.count, SchemaOrgRecipe.maxRecipes, context)
        for d in drafts { checkBounded(d, context) }
    }

    static func checkBounded(_ d: RecipeDraft, _ context: String) {
        XCTAssertEqual(d, d.capped, context)
        XCTAssertLessThanOrEqual(d.title.count, RecipeDraft.maxTitle, context)
        XCTAssertLessThanOrEqual(d.ingredients.count, RecipeDraft.maxLines, context)
        XCTAssertLessThanOrEqual(d.method.count, RecipeDraft.maxSteps, context)
        XCTAssertTrue(d.servings.map { (1...RecipeDraft.maxServings).contains($0) } ?? true, context)
    }
}
