import XCTest
@testable import ShopperModel

final class ScalingTests: XCTestCase {
    /// (line, servings written, servings wanted, amount shown in English, in German).
    static let table: [(String, Int, Int, String, String)] = [
        ("⅓ cup sugar", 2, 6, "1 cup", "1 cup"),
        ("⅓ cup sugar", 1, 6, "2 cups", "2 cups"),
        ("1 ½ cups flour", 3, 2, "1 cup", "1 cup"),
        ("1 cup milk", 2, 3, "1½ cups", "1½ cups"),
        ("2–3 apples", 2, 4, "4–6", "4–6"),
        ("1-2 tsp salt", 4, 2, "½–1 tsp", "½–1 tsp"),
        ("0.5 l stock", 2, 5, "1.25 l", "1,25 l"),
        ("200 g butter", 4, 6, "300 g", "300 g"),
        ("100 g sugar", 3, 1, "33.33 g", "33,33 g"),
        ("1 egg", 4, 6, "1½", "1½"),
        ("3 eggs", 4, 1, "¾", "¾"),
        ("1 tsp cumin", 4, 3, "¾ tsp", "¾ tsp"),
        ("1 can tomatoes", 4, 8, "2 cans", "2 cans"),
        ("3 Zehen Knoblauch", 4, 2, "1½ Zehen", "1½ Zehen"),
        ("1 Zehe Knoblauch", 2, 1, "½ Zehe", "½ Zehe"),
        ("2 EL Öl", 4, 1, "½ EL", "½ EL"),
        ("1 kg Kartoffeln", 4, 5, "1.25 kg", "1,25 kg"),
        ("1 cup rice", 3, 1, "⅓ cup", "⅓ cup"),
        ("5 apples", 12, 1, "0.42", "0,42"),
    ]

    func testScalingIsExactAndReadsAsACookWrites() {
        for (line, from, to, english, german) in Self.table {
            let parsed = IngredientParser.parse(line, numbers: .decimalPoint)
            let scaled = parsed.scaled(from: from, to: to)
            XCTAssertEqual(scaled?.amountText(.decimalPoint), english, "\(line) \(from)→\(to)")
            XCTAssertEqual(scaled?.amountText(.decimalComma), german, "\(line) \(from)→\(to)")
            XCTAssertEqual(scaled?.name, parsed.name)
            // And back: exact, so nothing is lost on the way.
            XCTAssertEqual(scaled?.scaled(from: to, to: from), parsed, line)
        }
    }

    func testThirdOfACupTimesThreeIsOneCup() {
        let third = IngredientParser.parse("⅓ cup oil")
        XCTAssertEqual(third.scaled(by: q(3))?.quantity, .exact(.one))
    }

    func testWithoutAnAmountNothingChanges() {
        let salt = IngredientParser.parse("salt to taste")
        XCTAssertEqual(salt.scaled(from: 2, to: 8), salt)
        XCTAssertNil(salt.amountText(.decimalPoint))
    }

    func testImpossibleScalesAreRefused() {
        let flour = IngredientParser.parse("2 cups flour")
        XCTAssertNil(flour.scaled(from: 0, to: 4))
        XCTAssertNil(flour.scaled(from: 4, to: 0))
        XCTAssertNil(flour.scaled(by: q(-1)))
        XCTAssertNil(flour.scaled(by: Rational(Rational.limit)!)?.scaled(by: Rational(Rational.limit)!))
        let range = Ingredient(quantity: .range(q(1), Rational(Rational.limit)!), name: "x")
        XCTAssertNil(range.scaled(by: q(2)), "both ends must scale, or neither")
    }
}
