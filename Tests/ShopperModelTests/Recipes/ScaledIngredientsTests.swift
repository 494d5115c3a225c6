import XCTest
@testable import ShopperModel

/// The recipe page's lines: amounts scaled exactly and written as a cook reads them, in the
/// user's number form; what cannot be read is shown as written.
final class ScaledIngredientsTests: XCTestCase {
    func testAmountsScaleExactlyAndReadAsACookWritesThem() {
        let lines = ["⅓ cup sugar", "250 ml milk, warmed", "2–3 apples", "1 can (400 g) tomatoes, drained",
                     "For the sauce:", "salt to taste", "1 egg (optional)"]
        let shown = ScaledIngredients.lines(lines, from: 2, to: 6, numbers: .neutral)
        XCTAssertEqual(shown.map(\.amount), ["1 cup", "750 ml", "6–9", "3 cans", nil, nil, "3"])
        XCTAssertEqual(shown.map(\.text), ["sugar", "milk, warmed", "apples", "tomatoes, drained (400 g each)",
                                           "For the sauce:", "salt to taste", "egg (optional)"])
        XCTAssertEqual(shown.map(\.isHeading), [false, false, false, false, true, false, false])
    }

    func testGermanAmountsInGermanForm() {
        let shown = ScaledIngredients.lines(["500 ml Milch", "1 EL Zucker"], from: 4, to: 6, numbers: NumberConvention(locale: "de_DE"))
        XCTAssertEqual(shown.map(\.amount), ["750 ml", "1½ EL"])
        XCTAssertEqual(ScaledIngredients.lines(["1 l Milch"], from: 4, to: 5, numbers: NumberConvention(locale: "de_DE"))[0].amount, "1,25 l")
    }

    func testTheSameServingsShowTheLinesAsWritten() {
        let shown = ScaledIngredients.lines(["1 ½ cups flour"], from: 4, to: 4, numbers: .neutral)
        XCTAssertEqual(shown, [ScaledIngredients.Line(amount: "1½ cups", text: "flour", isHeading: false)])
    }
}
