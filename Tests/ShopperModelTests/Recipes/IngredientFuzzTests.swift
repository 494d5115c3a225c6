import XCTest
@testable import ShopperModel

/// Any string is a line: nothing traps, and every field stays bounded and consistent.
final class IngredientFuzzTests: XCTestCase {
    static let pieces: [String] = [
        "1", "2", "0", "9", "12", "1/2", "1⁄3", "½", "⅓", "¾", "⅞", ".", ",", "1,5", "1.5", "1.000", " ", "  ", "\u{00A0}",
        "\u{2009}", "\u{202F}", "\t", "\n", "\r", "\u{0}", "\u{7}", "\u{200B}", "\u{FEFF}", "\u{0301}", "-", "–", "—", "~",
        "to", "bis", "or", "(", ")", "[", "]", "((", "))", "cup", "cups", "tbsp", "T", "t", "EL", "TL", "fl", "oz", "fl oz",
        "g", "kg", "Stück", "Zehen", "a", "eine", "of", "salt", "Salz", "eggs", "Äpfel", "optional", "to taste",
        "nach Belieben", "nach Geschmack", "some", "etwas", ":", "•", "▢", "🍅", "👩‍🍳", "999999999999", "99999",
        "1e9", "/", "⁄", "x", "é", "ß", "İ", "\u{202E}", "۳", "²", "Ⅻ",
    ]

    func testAnyLineParses() {
        var rng = SeededRandom.fromEnvironment()
        print("IngredientFuzzTests seed \(rng.seed) (SHOPPER_TEST_SEED=\(rng.seed) runs it again)")
        let matcher = NameMatcher(["Egg", "Äpfel", "Salz", "Tomato"])
        let staples = PantryStaples()
        for n in 0..<4_000 {
            let count = Int.random(in: 0...(n % 50 == 0 ? 400 : 12), using: &rng)
            let line = (0..<count).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            let numbers: NumberConvention = [.neutral, .decimalComma, .decimalPoint].randomElement(using: &rng)!
            let i = IngredientParser.parse(line, numbers: numbers)
            let context = "seed \(rng.seed), line \(n): \(line.debugDescription)"
            XCTAssertLessThanOrEqual(i.name.count, Ingredient.maxName, context)
            XCTAssertLessThanOrEqual(i.preparation?.count ?? 0, Ingredient.maxPreparation, context)
            XCTAssertLessThanOrEqual(i.note?.count ?? 0, Ingredient.maxNote, context)
            XCTAssertFalse(i.name.unicodeScalars.contains { $0.properties.generalCategory == .control }, context)
            if let quantity = i.quantity {
                XCTAssertTrue(quantity.low.isPositive && quantity.low <= quantity.high, context)
                XCTAssertLessThanOrEqual(quantity.high, RationalText.maxAmount, context)
            }
            _ = i.amountText(numbers)
            let to = Int.random(in: 1...1000, using: &rng)
            _ = i.scaled(from: Int.random(in: 1...1000, using: &rng), to: to)?.amountText(numbers)
            _ = matcher.best(for: i.name)
            _ = staples.contains(i)
            _ = AmountMerge.add(i.quantity, i.unit, toItem: 1, unit: i.unit?.one)
        }
    }

    func testRandomArithmeticNeverTraps() {
        var rng = SeededRandom.fromEnvironment()
        print("IngredientFuzzTests arithmetic seed \(rng.seed)")
        let edges: [Int64] = [1, 2, 3, 7, 10, 1000, 999_999_937, Rational.limit, Rational.limit - 1, -1, -Rational.limit]
        for _ in 0..<20_000 {
            func pick() -> Rational? {
                let n = Bool.random(using: &rng) ? edges.randomElement(using: &rng)! : Int64.random(in: -Rational.limit...Rational.limit, using: &rng)
                let d = Bool.random(using: &rng) ? edges.randomElement(using: &rng)! : Int64.random(in: 1...Rational.limit, using: &rng)
                return Rational(n, d)
            }
            guard let a = pick(), let b = pick() else { continue }
            // Going back may need more room than going there: checked where it fits.
            if let s = a.adding(b), let back = s.subtracting(b) { XCTAssertEqual(back, a, "seed \(rng.seed): \(a) + \(b)") }
            if let p = a.multiplied(by: b), !b.isZero { XCTAssertEqual(p.divided(by: b), a, "seed \(rng.seed): \(a) × \(b)") }
            _ = a < b
            _ = a.decimal(places: 4, up: true)
            _ = RationalText.format(a, .decimalComma, style: .fraction)
        }
    }
}
