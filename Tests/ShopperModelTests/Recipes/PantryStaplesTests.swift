import XCTest
@testable import ShopperModel

final class PantryStaplesTests: XCTestCase {
    func testDefaultStaples() {
        let staples = PantryStaples()
        let yes = ["salt", "Salt", "sea salt", "kosher salt", "freshly ground black pepper", "pepper", "water", "warm water",
                   "cold water", "olive oil", "extra virgin olive oil", "vegetable oil", "Salz", "Pfeffer", "Salz und Pfeffer",
                   "lauwarmes Wasser", "Wasser", "Öl", "Olivenöl", "natives Olivenöl", "Salt & pepper", "ice cubes"]
        for name in yes { XCTAssertTrue(staples.contains(name: name), name) }
        let no = ["red bell pepper", "salted butter", "coconut water", "sesame oil", "Mineralwasser", "Paprika",
                  "Salatgurke", "eggs", "", "fresh"]
        for name in no { XCTAssertFalse(staples.contains(name: name), name) }
    }

    func testStaplesFromParsedLines() {
        let staples = PantryStaples()
        XCTAssertTrue(staples.contains(IngredientParser.parse("salt to taste")))
        XCTAssertTrue(staples.contains(IngredientParser.parse("2 EL Olivenöl", numbers: .decimalComma)))
        XCTAssertTrue(staples.contains(IngredientParser.parse("1 cup warm water (110°F)")))
        XCTAssertFalse(staples.contains(IngredientParser.parse("2 cups flour")))
    }

    func testTheListIsThePersons() {
        let mine = PantryStaples(["Butter", "Mehl"])
        XCTAssertTrue(mine.contains(name: "butter"))
        XCTAssertTrue(mine.contains(name: "Mehl"))
        XCTAssertFalse(mine.contains(name: "salt"))
        XCTAssertFalse(PantryStaples([]).contains(name: "salt"))
    }
}
