import XCTest
@testable import ShopperModel

/// The built-in table of groceries (`data/groceries.txt`): names, plurals, phrases, German
/// compounds and the language rule, each to its aisle.
final class GroceryTableTests: XCTestCase {
    private let table = GroceryTable.shared

    private func aisle(_ name: String, german: Bool = false) -> String? {
        table.aisle(for: name, german: german).map { table.aisles[$0].key }
    }

    func testTheTableIsInstalledWithAtLeast400NamesInEachLanguageOverEveryAisle() {
        XCTAssertGreaterThanOrEqual(table.counts["en"] ?? 0, 400)
        XCTAssertGreaterThanOrEqual(table.counts["de"] ?? 0, 400)
        XCTAssertEqual(table.aisles.map(\.key), ["produce", "dairy", "bakery", "meat", "fish", "frozen", "pantry", "baking",
                                                 "spices", "drinks", "household", "personal"])
        // Every aisle has a translatable name of its own, not its key.
        for a in table.aisles { XCTAssertNotEqual(GroceryAisle.title(a.key), a.key) }
    }

    func testEnglishNamesAndPlurals() {
        let rows: [(String, String)] = [
            ("onion", "produce"), ("2 onions", "produce"), ("Onions", "produce"), ("cherry tomatoes", "produce"),
            ("Tomatoes", "produce"), ("potatoes", "produce"), ("strawberries", "produce"), ("leaves of fresh basil", "produce"),
            ("garlic cloves", "produce"), ("bell peppers", "produce"), ("limes", "produce"), ("carrot", "produce"),
            ("eggs", "dairy"), ("Free-range eggs", "dairy"), ("heavy cream", "dairy"), ("unsalted butter", "dairy"),
            ("grated parmesan", "dairy"), ("loaves", "bakery"), ("bagels", "bakery"), ("ground beef", "meat"),
            ("chicken thighs", "meat"), ("salmon fillets", "fish"), ("prawns", "fish"), ("frozen peas", "frozen"),
            ("ice cream", "frozen"), ("chopped tomatoes", "pantry"), ("canned tomatoes", "pantry"), ("kidney beans", "pantry"),
            ("tomato paste", "pantry"), ("coconut milk", "pantry"), ("peanut butter", "pantry"), ("olive oil", "pantry"),
            ("chicken stock", "pantry"), ("basmati rice", "pantry"), ("all-purpose flour", "baking"), ("brown sugar", "baking"),
            ("baking soda", "baking"), ("vanilla extract", "baking"), ("ground cumin", "spices"), ("chili powder", "spices"),
            ("bay leaves", "spices"), ("salt", "spices"), ("black pepper", "spices"), ("orange juice", "drinks"),
            ("coffee beans", "drinks"), ("tea bags", "drinks"), ("toilet paper", "household"), ("bin bags", "household"),
            ("dishwasher tablets", "household"), ("toothpaste", "personal"), ("SHAMPOO", "personal"), ("razor blades", "personal"),
        ]
        for (name, expected) in rows { XCTAssertEqual(aisle(name), expected, name) }
    }

    func testGermanNamesPluralsAndCompounds() {
        let rows: [(String, String)] = [
            ("Zwiebel", "produce"), ("Zwiebeln", "produce"), ("Tomaten", "produce"), ("Kirschtomaten", "produce"),
            ("Äpfel", "produce"), ("Knoblauchzehen", "produce"), ("Möhren", "produce"), ("Schlagsahne", "dairy"),
            ("Sahne", "dairy"), ("Eier", "dairy"), ("Frischkäse", "dairy"), ("Brötchen", "bakery"), ("Vollkornbrot", "bakery"),
            ("Rinderhackfleisch", "meat"), ("Hähnchenbrustfilets", "meat"), ("Lachsfilet", "fish"), ("Garnelen", "fish"),
            ("Fischstäbchen", "frozen"), ("gehackte Tomaten", "pantry"), ("Kidneybohnen", "pantry"), ("Olivenöl", "pantry"),
            ("Gemüsebrühe", "pantry"), ("Weizenmehl", "baking"), ("Puderzucker", "baking"), ("Backpulver", "baking"),
            ("Kreuzkümmel", "spices"), ("Paprikapulver", "spices"), ("Zimtstangen", "spices"), ("Mineralwasser", "drinks"),
            ("Apfelsaft", "drinks"), ("Spülmittel", "household"), ("Müllbeutel", "household"), ("Zahnbürsten", "personal"),
            ("Duschgel", "personal"), ("Dinkelvollkornmehl", "baking"), ("Bio-Vollmilch", "dairy"),
        ]
        for (name, expected) in rows { XCTAssertEqual(aisle(name, german: true), expected, name) }
    }

    /// A name in both languages with different aisles takes the aisle of the language Shopper
    /// speaks; either language's names are found whichever it speaks.
    func testTheLanguageShopperSpeaksDecidesANameOfBoth() {
        XCTAssertEqual(aisle("paprika", german: false), "spices")
        XCTAssertEqual(aisle("Paprika", german: true), "produce")
        XCTAssertEqual(aisle("Zwiebeln", german: false), "produce")
        XCTAssertEqual(aisle("kidney beans", german: true), "pantry")
        XCTAssertTrue(GroceryTable.speaksGerman(["LANG": "de_DE.UTF-8"]))
        XCTAssertFalse(GroceryTable.speaksGerman(["LANGUAGE": "en_GB", "LANG": "de_DE.UTF-8"]))
        XCTAssertFalse(GroceryTable.speaksGerman([:]))
    }

    func testUnknownNamesAndDamagedLinesFindNothing() {
        XCTAssertNil(aisle("Kombucha starter kit for the office"))
        XCTAssertNil(aisle(""))
        let small = GroceryTable(text: "[dairy] Dairy\nen: milk\nnonsense line\nfr: lait\n[x\nde: Milch/Milchen")
        XCTAssertEqual(small.counts, ["en": 1, "de": 1])
        XCTAssertEqual(small.aisle(for: "Milchen", german: true), 0)
    }

    /// The table's aisle on a list that already has it under another name: that aisle, not a new one.
    func testAListsOwnAisleOfTheSameThingIsUsed() throws {
        let produce = try XCTUnwrap(table.aisles.first { $0.key == "produce" })
        XCTAssertEqual(GroceryAisle.name(for: produce, in: AisleOrder(["Dairy", "produce"])), "produce")
        XCTAssertEqual(GroceryAisle.name(for: produce, in: AisleOrder(["Obst & Gemüse"])), "Obst & Gemüse")
        XCTAssertEqual(GroceryAisle.name(for: produce, in: AisleOrder(["Dairy"])), "Fruit & Veg")
    }
}
