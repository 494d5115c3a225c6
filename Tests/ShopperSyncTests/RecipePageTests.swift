import Foundation
import XCTest
@testable import ShopperModel
@testable import ShopperSync

/// Recipe pages in the shapes real sites write, read with libxml2's HTML parser: JSON-LD in a
/// `@graph` with `HowToSection`s, microdata only, entities in ingredients, two recipes on a page,
/// and a page with none (one clear message).
final class RecipePageTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recipes")

    private func read(_ name: String) throws -> [RecipeDraft] {
        try RecipeImport.drafts(from: Self.fixtures.appendingPathComponent(name).path)
    }

    func testJSONLDInAGraphWithSections() throws {
        let drafts = try read("graph-howtosection.html")
        XCTAssertEqual(drafts.count, 1)
        let d = drafts[0]
        XCTAssertEqual(d.title, "Easy Lasagne")
        XCTAssertEqual(d.servings, 6)
        XCTAssertEqual(d.ingredients.count, 9)
        XCTAssertEqual(d.method.first, "Ragù:")
        XCTAssertEqual(d.method.filter { $0.hasSuffix(":") }, ["Ragù:", "White sauce:", "Assemble:"])
        XCTAssertEqual(d.method.last, "Bake at 190°C for 45 minutes.")
        XCTAssertEqual(d.notes, "A weeknight lasagne with a quick béchamel.")
        XCTAssertEqual(d.tags, ["Main Course", "Italian", "pasta", "family"])
    }

    func testMicrodataOnly() throws {
        let d = try XCTUnwrap(try read("microdata.html").first)
        XCTAssertEqual(d.title, "Grandma's Scones", "the author's itemprop name is the author's")
        XCTAssertNil(d.servings)
        XCTAssertEqual(d.yieldText, "8 scones")
        XCTAssertEqual(d.ingredients, ["225 g self-raising flour", "55 g butter, cubed", "25 g caster sugar", "150 ml milk"])
        XCTAssertEqual(d.method.count, 3, "each <li> of the instructions is a step")
        XCTAssertEqual(d.notes, "Light scones for afternoon tea.")
        XCTAssertEqual(d.tags, ["Baking", "tea"], "“baking” in the keywords is the category again")
    }

    func testEntitiesAndNonBreakingSpacesInIngredients() throws {
        let d = try XCTUnwrap(try read("entities.html").first)
        XCTAssertEqual(d.title, "Mac & Cheese")
        XCTAssertEqual(d.ingredients, ["250 g macaroni", "1½ cups milk", "200 g cheddar & gruyère, grated", "salt & pepper",
                                       "2 tbsp butter", "⅓ cup breadcrumbs (optional)"])
        let first = IngredientParser.parse(d.ingredients[0])
        XCTAssertEqual(first.name, "macaroni", "the no-break space parted amount and name")
        XCTAssertEqual(first.unit, MeasureUnit.named("g"))
        XCTAssertEqual(d.method, ["Boil the macaroni.", "Make a sauce of the butter, milk and cheese.", "Mix, top with crumbs and grill."])
        XCTAssertEqual(d.notes, "Creamy & quick – the kids' favourite.")
        XCTAssertEqual(d.tags, ["comfort food", "pasta"])
        XCTAssertEqual(d.source, "https://cheese.example.com/mac")
    }

    func testTwoRecipesOnOnePageAndABrokenBlockBesideThem() throws {
        let drafts = try read("two-recipes.html")
        XCTAssertEqual(drafts.map(\.title), ["Pancakes", "Blueberry Sauce"], "a plain script's object is no JSON-LD")
        XCTAssertEqual(drafts[0].yieldText, "12 pancakes")
        XCTAssertEqual(drafts[1].servings, 4)
    }

    func testAPageWithoutARecipeIsOneClearMessage() throws {
        let path = Self.fixtures.appendingPathComponent("none.html").path
        XCTAssertThrowsError(try RecipeImport.drafts(from: path)) { e in
            XCTAssertEqual(e as? RecipeImportError, .noRecipe(path))
            XCTAssertTrue("\(e)".contains("no recipe was found in \(path)"), "\(e)")
        }
    }

    func testANextcloudFileAndPastedTextInAFile() throws {
        XCTAssertEqual(try read("nextcloud-cookbook.json").map(\.title), ["Kartoffelsalat"])
        XCTAssertEqual(try read("pasted-de.txt").map(\.title), ["Apfelkuchen vom Blech"])
    }

    func testFilesThatCannotBeReadSayWhy() throws {
        XCTAssertThrowsError(try RecipeImport.drafts(from: "/nonexistent/recipe.html")) { e in
            XCTAssertEqual(e as? RecipeImportError, .unreadable(path: "/nonexistent/recipe.html", reason: "no such file"))
        }
        let big = NSTemporaryDirectory() + "/shopper-big-\(UUID().uuidString).html"
        defer { try? FileManager.default.removeItem(atPath: big) }
        try Data(repeating: 0x20, count: WebPage.maxSize + 1).write(to: URL(fileURLWithPath: big))
        XCTAssertThrowsError(try RecipeImport.drafts(from: big)) { e in
            XCTAssertEqual(e as? RecipeImportError, .tooLarge(big, megabytes: 5))
        }
        XCTAssertThrowsError(try RecipeImport.drafts(from: "/tmp")) { XCTAssertTrue("\($0)".contains("/tmp"), "\($0)") }
    }

    /// A stray byte that is not UTF-8 in a page that says UTF-8 costs that character, not the page
    /// (libxml2 stops at it); a Latin-1 page that says so is read as Latin-1.
    func testEncodings() throws {
        func page(_ charset: String, _ name: [UInt8]) -> Data {
            Data(#"<html><head><meta charset="\#(charset)"><script type="application/ld+json">{"@type":"Recipe","name":""#.utf8)
                + Data(name) + Data(#"","recipeIngredient":["2 eggs"]}</script></head><body><p>x</p></body></html>"#.utf8)
        }
        let broken = RecipePage.drafts(html: page("utf-8", Array("Kn".utf8) + [0xF6] + Array("del".utf8)), source: nil)
        XCTAssertEqual(broken.map(\.title), ["Kn\u{FFFD}del"])
        XCTAssertEqual(broken.first?.ingredients, ["2 eggs"])
        let latin1 = RecipePage.drafts(html: page("iso-8859-1", Array("Kn".utf8) + [0xF6] + Array("del".utf8)), source: nil)
        XCTAssertEqual(latin1.map(\.title), ["Knödel"])
    }

    /// Damaged pages: libxml2 recovers or gives up, and the reader never traps. Seeded
    /// (SHOPPER_TEST_SEED repeats a run).
    func testDamagedPagesNeverTrap() throws {
        let seed = ProcessInfo.processInfo.environment["SHOPPER_TEST_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64(UInt32.max))
        print("RecipePageTests damage seed \(seed) (SHOPPER_TEST_SEED=\(seed) runs it again)")
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let pages = try ["graph-howtosection.html", "microdata.html", "entities.html", "two-recipes.html"].map {
            [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent($0)))
        }
        for n in 0..<300 {
            var bytes = pages[n % pages.count]
            for _ in 0..<(1 + next() % 20) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            if n % 7 == 0 { bytes = Array(bytes.prefix(next() % bytes.count)) }
            let drafts = RecipePage.drafts(html: Data(bytes), source: nil)
            for d in drafts { XCTAssertEqual(d, d.capped, "seed \(seed), page \(n)") }
        }
    }
}
