import XCTest
@testable import ShopperModel

final class UnitTableTests: XCTestCase {
    func ml(_ text: String) -> Rational { Rational(exactly: Decimal(string: text)!)! }

    func testUSMeasuresAreExact() {
        let table: [(String, Rational, String, Rational)] = [
            ("cup", q(1), "ml", ml("236.5882365")), ("tbsp", q(1), "ml", ml("14.78676478125")),
            ("tsp", q(1), "ml", ml("4.92892159375")), ("floz", q(1), "ml", ml("29.5735295625")),
            ("tbsp", q(16), "cup", q(1)), ("tsp", q(3), "tbsp", q(1)), ("floz", q(8), "cup", q(1)),
            ("cup", q(2), "pint", q(1)), ("pint", q(2), "quart", q(1)), ("quart", q(4), "gallon", q(1)),
            ("oz", q(1), "g", ml("28.349523125")), ("lb", q(1), "g", ml("453.59237")), ("oz", q(16), "lb", q(1)),
            ("kg", q(1), "g", q(1000)), ("mg", q(500), "g", q(1, 2)), ("l", q(1), "ml", q(1000)),
            ("cl", q(25), "l", q(1, 4)), ("dl", q(5), "l", q(1, 2)), ("de.el", q(1), "ml", q(15)),
            ("de.tl", q(3), "de.el", q(1)), ("de.pfund", q(1), "kg", q(1, 2)), ("dozen", q(1), "piece", q(12)),
            ("de.stueck", q(2), "piece", q(2)), ("de.dose", q(2), "can", q(2)), ("tin", q(1), "can", q(1)),
        ]
        for (from, amount, to, expected) in table {
            XCTAssertEqual(unit(from).convert(amount, to: unit(to)), expected, "\(amount) \(from) in \(to)")
        }
    }

    func testNoWayAcross() {
        let pairs = [("g", "ml"), ("cup", "oz"), ("lb", "floz"), ("can", "bunch"), ("clove", "piece"), ("de.zehe", "de.bund"),
                     ("pinch", "tsp"), ("de.becher", "ml")]
        for (a, b) in pairs {
            XCTAssertNil(unit(a).convert(q(1), to: unit(b)), "\(a) to \(b)")
            XCTAssertNil(unit(b).convert(q(1), to: unit(a)), "\(b) to \(a)")
        }
    }

    func testSpellings() {
        let table: [(String, String?)] = [
            ("Tbsp.", "tbsp"), ("tablespoons", "tbsp"), ("T", "tbsp"), ("t", "tsp"), ("TSP", "tsp"), ("Esslöffel", "de.el"),
            ("EL", "de.el"), ("el", "de.el"), ("TL", "de.tl"), ("Teelöffel", "de.tl"), ("Stück", "de.stueck"),
            ("STÜCK", "de.stueck"), ("stueck", "de.stueck"), ("Stk.", "de.stueck"), ("fl oz", "floz"), ("fl. oz.", "floz"),
            ("fluid ounces", "floz"), ("Päckchen", "de.packung"), ("Pck.", "de.packung"), ("Zehen", "de.zehe"),
            ("cloves", "clove"), ("Prisen", "de.prise"), ("lbs", "lb"), ("Pounds", "lb"), ("KG", "kg"), ("Liter", "l"),
            ("C", nil), ("egg", nil), ("", nil), ("fl", nil),
        ]
        for (text, id) in table { XCTAssertEqual(MeasureUnit.named(text)?.id, id, text) }
    }

    func testNoSpellingNamesTwoUnits() {
        var seen: [String: String] = [:]
        for u in MeasureUnit.all {
            for w in Set((u.words + [u.one, u.many]).map(MeasureUnit.key)) {
                XCTAssertNil(seen[w], "\(w) is both \(seen[w] ?? "") and \(u.id)")
                seen[w] = u.id
            }
        }
    }

    /// The add bar reads every unit recipes read, so typing what a recipe wrote gives the same
    /// item: "2 cups Heavy cream" is 2 cups of Heavy cream, not 2 of "cups Heavy cream".
    func testTheAddBarReadsEveryUnitOfTheTable() throws {
        for (line, unit, description) in [("2 cups Heavy cream", "cups", "Heavy cream"), ("2 tbsp Olive oil", "tbsp", "Olive oil"),
                                          ("1 cup Sugar", "cup", "Sugar"), ("2 EL Öl", "EL", "Öl"), ("1 TL Salz", "TL", "Salz"),
                                          ("1 Prise Muskat", "Prise", "Muskat"), ("2 Stück Zwiebeln", "Stück", "Zwiebeln"),
                                          ("1 Bund Petersilie", "Bund", "Petersilie"), ("3 cloves Garlic", "cloves", "Garlic"),
                                          ("1 pinch Salt", "pinch", "Salt"), ("2 tins Tomatoes", "tins", "Tomatoes"),
                                          ("2 cans Beans", "cans", "Beans"), ("8 fl oz Cream", "fl oz", "Cream"),
                                          ("2 tablespoons Butter", "tablespoons", "Butter"), ("2 Pck. Vanillezucker", "Pck.", "Vanillezucker"),
                                          ("2 T-shirts", nil, "T-shirts"), ("2 Eggs", nil, "Eggs")] as [(String, String?, String)] {
            let typed = try PlainTextFormat.read(line).get()
            XCTAssertEqual(typed.fields.unit, unit, line)
            XCTAssertEqual(typed.fields.description, description, line)
            let recipe = IngredientParser.parse(line)
            XCTAssertEqual(unit.flatMap(MeasureUnit.named)?.id, recipe.unit?.id, "\(line): the recipe side reads the same unit")
        }
        XCTAssertEqual(PlainTextFormat.line(Item(id: ItemID(1), description: "Flour", quantity: 2, unit: "cups")), "2 cups Flour")
        XCTAssertEqual(PlainTextFormat.line(Item(id: ItemID(1), description: "Cream", quantity: 8, unit: "fl oz")), "8 fl oz Cream")
        XCTAssertEqual(PlainTextFormat.line(Item(id: ItemID(1), description: "Cup noodles", quantity: 2)), "2 x Cup noodles",
                       "a description that starts with a unit's word keeps it")
        for word in MeasureUnit.addBarWords {
            XCTAssertTrue(PlainTextFormat.isUnit(word), "\(word): what the add bar read before it still reads")
        }
        // An item typed in the add bar is understood by the recipe side.
        let typed = try? PlainTextFormat.read("1 l Milk").get()
        XCTAssertEqual(typed?.fields.unit.flatMap(MeasureUnit.named)?.id, "l")
    }

    func testNamesFollowTheAmount() {
        XCTAssertEqual(unit("cup").name(for: q(1, 3)), "cup")
        XCTAssertEqual(unit("cup").name(for: q(1)), "cup")
        XCTAssertEqual(unit("cup").name(for: q(3, 2)), "cups")
        XCTAssertEqual(unit("de.zehe").name(for: q(2)), "Zehen")
        XCTAssertEqual(unit("de.bund").name(for: q(2)), "Bund")
    }
}

/// The screen's word units are the table's: each has its singular and plural there.
final class CountUnitTableTests: XCTestCase {
    func testEveryCountUnitIsInTheTable() {
        for unit in CountUnit.allCases {
            XCTAssertEqual(unit.forms.count, 2, "\(unit)")
            XCTAssertEqual(CountUnit(unit.forms[1].uppercased()), unit)
            XCTAssertEqual(MeasureUnit.named(unit.forms[0])?.id, "\(unit)")
        }
        XCTAssertEqual(CountUnit("loaves"), .loaf)
        XCTAssertNil(CountUnit("pk"), "a symbol stays as typed")
        XCTAssertNil(CountUnit("Dose"), "German spellings are read by recipes, not shown in another language")
    }
}
