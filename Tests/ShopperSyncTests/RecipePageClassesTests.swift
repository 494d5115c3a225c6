import Foundation
import XCTest
@testable import ShopperModel
@testable import ShopperSync

/// A small page of our own for each way real recipe pages were misread: JSON-LD broken as sites
/// break it, JSON-LD without ingredients beside a recipe card that has them, an amount in an
/// element of its own, lines run together, a line cut short, and group headings.
final class RecipePageClassesTests: XCTestCase {
    private func ldPage(_ script: String, body: String = "<p>A recipe.</p>") -> Data {
        Data("<html><head><title>t</title><script type=\"application/ld+json\">\(script)</script></head><body>\(body)</body></html>".utf8)
    }

    private func read(_ page: Data) -> RecipeDraft? { RecipePage.drafts(html: page, source: "https://example.org/r").first }

    private static let recipe = #"{"@context":"https://schema.org","@type":"Recipe","name":"Tomato Soup","recipeIngredient":["1 onion","2 x 400 g tins tomatoes"]}"#

    func testJSONLDWithATrailingSemicolon() throws {
        let d = try XCTUnwrap(read(ldPage(Self.recipe + ";")))
        XCTAssertEqual(d.title, "Tomato Soup")
        XCTAssertEqual(d.ingredients, ["1 onion", "2 x 400 g tins tomatoes"])
    }

    func testJSONLDInACDATAWrapper() throws {
        let d = try XCTUnwrap(read(ldPage("\n// <![CDATA[\n" + Self.recipe + "\n// ]]>\n")))
        XCTAssertEqual(d.title, "Tomato Soup")
        let commented = try XCTUnwrap(read(ldPage("/* <![CDATA[ */ " + Self.recipe + " /* ]]> */")))
        XCTAssertEqual(commented.ingredients.count, 2)
        let marked = try XCTUnwrap(read(ldPage("\u{FEFF}<!--\n" + Self.recipe.replacingOccurrences(of: "recipeIngredient\":[", with: "recipeIngredient\":[],\"ingredients\":[") + "\n-->")))
        XCTAssertEqual(marked.ingredients, ["1 onion", "2 x 400 g tins tomatoes"], "a byte order mark, a comment, the older property")
    }

    func testJSONLDWithApostropheEscapesAndATrailingComma() throws {
        let script = #"{"@type":"Recipe","name":"Grandma\'s Pie","recipeIngredient":["2 cups flour","1 cup butter",],}"#
        let d = try XCTUnwrap(read(ldPage(script)))
        XCTAssertEqual(d.title, "Grandma's Pie")
        XCTAssertEqual(d.ingredients, ["2 cups flour", "1 cup butter"])
    }

    /// The JSON-LD lists none, the recipe card (as WP Recipe Maker writes it) does: read from the
    /// card, its group name a heading, an amount in a span of its own kept.
    func testNoIngredientsInJSONLDFallsBackToTheRecipeCard() throws {
        let card = """
        <div class="wprm-recipe-ingredients-container"><h3 class="wprm-recipe-header">Ingredients</h3>
        <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">For the noodles</h4>
        <ul class="wprm-recipe-ingredients"><li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">200</span>\
        <span class="wprm-recipe-ingredient-unit">g</span> <span class="wprm-recipe-ingredient-name">flour</span></li>
        <li class="wprm-recipe-ingredient"><span class="amount">4</span><span class="name">LANDFREUDE Eier</span></li></ul></div></div>
        """
        let d = try XCTUnwrap(read(ldPage(#"{"@type":"Recipe","name":"Noodles","recipeIngredient":[]}"#, body: card)))
        XCTAssertEqual(d.ingredients, ["For the noodles:", "200 g flour", "4 LANDFREUDE Eier"])
        XCTAssertTrue(IngredientParser.parse(d.ingredients[0]).isHeading)
    }

    /// Neither the data nor the page lists an ingredient: one sentence, nothing kept.
    func testARecipeWithoutIngredientsAnywhereIsRefused() throws {
        let path = NSTemporaryDirectory() + "shopper-empty-\(UUID().uuidString).html"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ldPage(#"{"@type":"Recipe","name":"Mystery Stew","recipeInstructions":"Cook."}"#).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try RecipeImport.drafts(from: path)) { e in
            XCTAssertEqual(e as? RecipeImportError, .noIngredients(path, title: "Mystery Stew"))
            XCTAssertTrue("\(e)".contains("lists no ingredients"), "\(e)")
        }
    }

    /// Microdata that marks only the name: the amount beside it, in its own cell or span, is kept.
    func testAmountsInElementsOfTheirOwnAreKept() throws {
        let page = """
        <html><body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Omelette</h1>
        <table><tr><td class="amount">4</td><td><span itemprop="recipeIngredient">LANDFREUDE Eier</span></td></tr>
        <tr><td>1 Stück</td><td><a href="/k" itemprop="recipeIngredient">Knoblauchzehe</a></td></tr></table>
        <ul><li><span>2</span><span>EL</span><span itemprop="recipeIngredient">Butter</span></li></ul></div></body></html>
        """
        let d = try XCTUnwrap(read(Data(page.utf8)))
        XCTAssertEqual(d.ingredients, ["4 LANDFREUDE Eier", "1 Stück Knoblauchzehe", "2 EL Butter"])
    }

    /// JSON-LD that names the ingredients without their amounts, beside a card that shows them.
    func testAmountsFromTheCardWhereTheJSONLDHasOnlyNames() throws {
        let card = """
        <div class="ingredients"><ul><li><span class="amount">4</span><span class="name">LANDFREUDE Eier</span></li>
        <li><span class="amount">1 Stück</span> <span class="name">Knoblauchzehe</span></li><li>Salz</li></ul></div>
        """
        let script = #"{"@type":"Recipe","name":"Rührei","recipeIngredient":["LANDFREUDE Eier","Knoblauchzehe","Salz"]}"#
        XCTAssertEqual(try XCTUnwrap(read(ldPage(script, body: card))).ingredients, ["4 LANDFREUDE Eier", "1 Stück Knoblauchzehe", "Salz"])
        let plain = #"{"@type":"Recipe","name":"Salad","recipeIngredient":["lettuce","cucumber"]}"#
        XCTAssertEqual(try XCTUnwrap(read(ldPage(plain, body: "<ul class=\"ingredients\"><li>lettuce</li><li>cucumber</li></ul>"))).ingredients,
                       ["lettuce", "cucumber"], "a recipe of names only stays as it is")
        let other = "<div class=\"ingredients\"><ul><li>200 g flour</li><li>2 eggs</li></ul></div>"
        XCTAssertEqual(try XCTUnwrap(read(ldPage(script, body: other))).ingredients, ["LANDFREUDE Eier", "Knoblauchzehe", "Salz"],
                       "a card of another recipe is not taken")
    }

    /// JSON-LD that gives an ingredient's amount apart from its name (`HowToSupply`).
    func testAnAmountApartFromItsNameInJSONLD() throws {
        let script = #"{"@type":"Recipe","name":"Omelette","recipeIngredient":[{"@type":"HowToSupply","name":"LANDFREUDE Eier","requiredQuantity":{"@type":"QuantitativeValue","value":4}},{"@type":"HowToSupply","name":"Knoblauchzehe","requiredQuantity":{"@type":"QuantitativeValue","value":"1","unitText":"Stück"}},"1 EL Butter"]}"#
        XCTAssertEqual(try XCTUnwrap(read(ldPage(script))).ingredients, ["4 LANDFREUDE Eier", "1 Stück Knoblauchzehe", "1 EL Butter"])
    }

    /// `<br>` inside one ingredient is a line break, in JSON-LD and in microdata alike.
    func testLinesAreNotRunTogether() throws {
        let ld = try XCTUnwrap(read(ldPage(#"{"@type":"Recipe","name":"Aglio","recipeIngredient":["3 Tbsp olive oil<br>3 garlic cloves, minced","200 g spaghetti"]}"#)))
        XCTAssertEqual(ld.ingredients, ["3 Tbsp olive oil", "3 garlic cloves, minced", "200 g spaghetti"])
        let plain = try XCTUnwrap(read(ldPage(#"{"@type":"Recipe","name":"Aglio","recipeIngredient":["200 g spaghetti<br/>salt<p>pepper</p>"]}"#)))
        XCTAssertEqual(plain.ingredients, ["200 g spaghetti", "salt", "pepper"], "a tag always breaks the line")
        let text = try XCTUnwrap(read(ldPage(#"{"@type":"Recipe","name":"Aglio","recipeIngredient":"200 g spaghetti\nsalt\npepper"}"#)))
        XCTAssertEqual(text.ingredients, ["200 g spaghetti", "salt", "pepper"], "a list written as one text is a line per line")
        let page = """
        <html><body><div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Aglio</h1>
        <p itemprop="recipeIngredient">3 Tbsp olive oil<br>3 garlic cloves, minced<br/>1 pinch chili flakes</p></div></body></html>
        """
        XCTAssertEqual(try XCTUnwrap(read(Data(page.utf8))).ingredients, ["3 Tbsp olive oil", "3 garlic cloves, minced", "1 pinch chili flakes"])
    }

    /// The property marks the start of a line; the rest of the row, and a wrapped line, belong to it.
    func testALineIsNeverCutShort() throws {
        let page = """
        <html><body><div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Apple Crisp</h1><ul>
        <li><span itemprop="recipeIngredient">4 medium-sized tart</span> firm apples – peeled, cored and sliced</li>
        <li itemprop="recipeIngredient">1 cup
           oats</li></ul></div></body></html>
        """
        XCTAssertEqual(try XCTUnwrap(read(Data(page.utf8))).ingredients,
                       ["4 medium-sized tart firm apples – peeled, cored and sliced", "1 cup oats"])
        let wrapped = try XCTUnwrap(read(ldPage(#"{"@type":"Recipe","name":"Apple Crisp","recipeIngredient":["4 medium-sized tart\nfirm apples – peeled, cored and sliced","1 cup oats"]}"#)))
        XCTAssertEqual(wrapped.ingredients, ["4 medium-sized tart firm apples – peeled, cored and sliced", "1 cup oats"])
    }

    /// A page whose other microdata (a long description, marked up again and again) spent the
    /// text a page may copy out still has its ingredient lines whole.
    func testIngredientsAreWholeAfterALongDescription() throws {
        let long = String(repeating: "A story about apples and the orchard. ", count: 1_700)
        let page = "<html><body><div itemscope itemtype=\"http://schema.org/Recipe\"><h1 itemprop=\"name\">Apple Crisp</h1>"
            + String(repeating: "<div itemprop=\"description\">\(long)</div>", count: 17)
            + "<ul><li itemprop=\"recipeIngredient\">4 medium-sized tart firm apples – peeled, cored and sliced</li>"
            + "<li itemprop=\"recipeIngredient\">1 cup oats</li></ul></div></body></html>"
        XCTAssertEqual(try XCTUnwrap(read(Data(page.utf8))).ingredients,
                       ["4 medium-sized tart firm apples – peeled, cored and sliced", "1 cup oats"])
    }

    /// Group headings stay headings, with or without a colon, in bold or in capitals: never items.
    func testGroupHeadingsAreHeadings() throws {
        let script = #"{"@type":"Recipe","name":"Ramen","recipeIngredient":["For the noodles","200 g flour","<strong>For the broth:</strong>","1 l stock","FOR THE TOPPING","2 eggs"]}"#
        let d = try XCTUnwrap(read(ldPage(script)))
        XCTAssertEqual(d.ingredients, ["For the noodles", "200 g flour", "For the broth:", "1 l stock", "FOR THE TOPPING", "2 eggs"])
        let headings = d.ingredients.filter { IngredientParser.parse($0).isHeading }
        XCTAssertEqual(headings, ["For the noodles", "For the broth:", "FOR THE TOPPING"])
        let bold = #"{"@type":"Recipe","name":"Ramen","recipeIngredient":["<strong>Noodles</strong>","200 g flour","<b>Broth</b>","1 l stock","SAUCE","2 tbsp soy sauce"]}"#
        let b = try XCTUnwrap(read(ldPage(bold)))
        XCTAssertEqual(b.ingredients, ["Noodles:", "200 g flour", "Broth:", "1 l stock", "SAUCE", "2 tbsp soy sauce"])
        XCTAssertEqual(b.ingredients.filter { IngredientParser.parse($0).isHeading }, ["Noodles:", "Broth:", "SAUCE"])
        let grouped = #"{"@type":"Recipe","name":"Ramen","recipeIngredient":[{"@type":"HowToSection","name":"Noodles","itemListElement":["200 g flour",{"@type":"HowToSupply","name":"2 eggs"}]},"1 l stock"]}"#
        XCTAssertEqual(try XCTUnwrap(read(ldPage(grouped))).ingredients, ["Noodles:", "200 g flour", "2 eggs", "1 l stock"])
    }
}
