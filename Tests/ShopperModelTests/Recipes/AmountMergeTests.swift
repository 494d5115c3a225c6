import XCTest
@testable import ShopperModel

final class AmountMergeTests: XCTestCase {
    func d(_ s: String) -> Decimal { Decimal(string: s)! }

    func merge(_ line: String, into quantity: String, _ unit: String?) -> Result<MergedAmount, MergeRefusal> {
        let i = IngredientParser.parse(line, numbers: .decimalPoint)
        return AmountMerge.add(i.quantity, i.unit, toItem: d(quantity), unit: unit)
    }

    /// (recipe line, item quantity, item unit, merged quantity, merged unit, rounded).
    static let merges: [(String, String, String?, String, String?, Bool)] = [
        ("250 ml milk", "1", "l", "1.25", "l", false),
        ("1 l milk", "250", "ml", "1250", "ml", false),
        ("500 g flour", "1", "kg", "1.5", "kg", false),
        ("1 lb beef", "500", "g", "953.5924", "g", true),
        ("8 oz cheese", "1", "kg", "1.2268", "kg", true),
        ("2 tbsp butter", "1", "cup", "1.125", "cup", false),
        ("1 tsp vanilla", "1", "l", "1.005", "l", true),
        ("4 fl oz cream", "1", "cup", "1.5", "cup", false),
        ("2 EL Öl", "100", "ml", "130", "ml", false),
        ("3 eggs", "6", nil, "9", nil, false),
        ("1 dozen eggs", "6", nil, "18", nil, false),
        ("6 eggs", "1", "dozen", "1.5", "dozen", false),
        ("2 eggs", "2", "Stück", "4", "Stück", false),
        ("2 pieces ginger", "1", nil, "3", nil, false),
        ("1 tin tomatoes", "2", "cans", "3", "cans", false),
        ("1 can tomatoes", "1", "Dose", "2", "Dose", false),
        ("2 Zehen Knoblauch", "1", "clove", "3", "clove", false),
        ("2-3 kg potatoes", "1", "kg", "4", "kg", false),
        ("1/3 cup oil", "1", "cup", "1.3334", "cup", true),
    ]

    func testMerges() {
        for (line, quantity, unit, expected, expectedUnit, rounded) in Self.merges {
            switch merge(line, into: quantity, unit) {
            case .success(let m):
                XCTAssertEqual(m.decimal, d(expected), line)
                XCTAssertEqual(m.unit, expectedUnit, line)
                XCTAssertEqual(m.rounded, rounded, line)
            case .failure(let r): XCTFail("\(line): refused, \(r)")
            }
        }
    }

    func testTheMergedQuantityIsExact() {
        guard case .success(let m) = merge("1 lb beef", into: "500", "g") else { return XCTFail() }
        XCTAssertEqual(m.quantity, Rational(exactly: d("953.59237")))
    }

    static let refusals: [(String, String, String?, MergeRefusal)] = [
        ("1 cup flour", "1", "kg", .dimensions(.mass, .volume)),
        ("250 ml milk", "1", nil, .dimensions(.none, .volume)),
        ("200 g cheese", "2", "l", .dimensions(.volume, .mass)),
        ("3 eggs", "2", "l", .dimensions(.volume, .none)),
        ("1 bunch parsley", "1", "can", .kinds("can", "bunch")),
        ("1 Bund Petersilie", "2", "Dose", .kinds("Dose", "Bund")),
        ("2 cloves garlic", "1", "piece", .kinds("piece", "clove")),
        ("salt to taste", "1", nil, .noAmount),
        ("5000 kg sugar", "9999", "kg", .tooLarge),
        ("1 cup sugar", "2", "sachets", .kinds("sachets", "cup")),
        ("3 eggs", "2", "sachets", .dimensions(.count, .none)),
    ]

    func testRefusalsSayWhy() {
        for (line, quantity, unit, expected) in Self.refusals {
            XCTAssertEqual(try? merge(line, into: quantity, unit).get(), nil, line)
            if case .failure(let reason) = merge(line, into: quantity, unit) { XCTAssertEqual(reason, expected, line) }
        }
    }

    func testUnknownUnitsAddWhenSpelledAlike() {
        let sachet = MeasureUnit(id: "x", dimension: .count, base: "x", perBase: .one, one: "sachet", many: "sachets",
                                 words: [], exactCase: [], addBar: [], metric: false)
        guard case .success(let m) = AmountMerge.add(.exact(q(1)), sachet, toItem: 2, unit: "Sachets") else { return XCTFail() }
        XCTAssertEqual(m.decimal, 3)
        XCTAssertEqual(m.unit, "Sachets")
    }

    /// Two recipes' amounts of one thing ("Add the week").
    func testTwoRecipesTogether() {
        func add(_ a: String, _ b: String) -> String {
            let x = IngredientParser.parse(a), y = IngredientParser.parse(b)
            switch AmountMerge.add(x.quantity, x.unit, y.quantity, y.unit) {
            case .success(let (quantity, unit)):
                return Ingredient(quantity: quantity, unit: unit, name: x.name).amountText(.decimalPoint) ?? "?"
            case .failure(let r): return "\(r)"
            }
        }
        XCTAssertEqual(add("500 g flour", "1 kg flour"), "1.5 kg")
        XCTAssertEqual(add("200 g flour", "300 g flour"), "500 g")
        XCTAssertEqual(add("200 g flour", "0.3 kg flour"), "500 g")
        XCTAssertEqual(add("1 cup milk", "1 cup milk"), "2 cups")
        XCTAssertEqual(add("1 tbsp oil", "1 tsp oil"), "1⅓ tbsp")
        XCTAssertEqual(add("1 cup milk", "100 ml milk"), "1.42 cups")
        XCTAssertEqual(add("2 eggs", "3 eggs"), "5")
        XCTAssertEqual(add("2-3 apples", "1 apple"), "3–4")
        XCTAssertEqual(add("1 cup flour", "100 g flour"), "dimensions(ShopperModel.Dimension.volume, ShopperModel.Dimension.mass)")
        XCTAssertEqual(add("salt to taste", "1 tsp salt"), "noAmount")
        XCTAssertEqual(add("1 can beans", "1 Dose Bohnen"), "2 cans")
        // Two units: exactly one of the larger is in it (at least one, not more than one); just
        // under stays in the smaller. (One unit twice stays in that unit: 500 g + 500 g is 1000 g.)
        XCTAssertEqual(add("500 g flour", "0.5 kg flour"), "1 kg")
        XCTAssertEqual(add("500 ml milk", "0.5 l milk"), "1 l")
        XCTAssertEqual(add("250 ml milk", "0.75 l milk"), "1 l")
        XCTAssertEqual(add("499 g flour", "0.5 kg flour"), "999 g")
        XCTAssertEqual(add("500 g flour", "500 g flour"), "1000 g")
    }
}
