import XCTest
@testable import ShopperModel

final class RationalTests: XCTestCase {
    func testLowestTermsAndSign() {
        XCTAssertEqual(q(2, 4), q(1, 2))
        XCTAssertEqual(q(3, -6).numerator, -1)
        XCTAssertEqual(q(3, -6).denominator, 2)
        XCTAssertEqual(q(0, 5), .zero)
        XCTAssertEqual(q(0, 5).denominator, 1)
        XCTAssertNil(Rational(1, 0))
        XCTAssertNil(Rational(.min, 1))
        XCTAssertNil(Rational(Rational.limit + 1, 1))
        XCTAssertEqual(Rational(Rational.limit * 2, 2), Rational(Rational.limit))
    }

    func testArithmeticIsExact() {
        XCTAssertEqual(q(1, 3).multiplied(by: q(3)), .one)
        XCTAssertEqual(q(1, 3).adding(q(1, 6)), q(1, 2))
        XCTAssertEqual(q(1, 2).subtracting(q(3, 4)), q(-1, 4))
        XCTAssertEqual(q(3, 4).divided(by: q(3, 8)), q(2))
        XCTAssertNil(q(1).divided(by: .zero))
        let tenth = q(1, 10)
        var sum = Rational.zero
        for _ in 0..<10 { sum = sum.adding(tenth)! }
        XCTAssertEqual(sum, .one, "ten tenths are one, with no drift")
    }

    func testOverflowIsRefusedNotTrapped() {
        let big = Rational(Rational.limit)!
        XCTAssertNil(big.multiplied(by: big))
        XCTAssertNil(big.adding(big))
        XCTAssertNil(q(1, Rational.limit).adding(q(1, Rational.limit - 1)))
        XCTAssertNil(big.divided(by: q(1, 1_000_000)))
        XCTAssertTrue(q(1, Rational.limit) < q(1, Rational.limit - 1))
        XCTAssertTrue(big > q(Rational.limit - 1))
    }

    func testDecimals() {
        XCTAssertEqual(Rational(exactly: Decimal(string: "236.5882365")!), q(473_176_473, 2_000_000))
        XCTAssertEqual(Rational(exactly: Decimal(string: "0.0005")!), q(1, 2000))
        XCTAssertNil(Rational(exactly: Decimal(string: "1e40")!))
        XCTAssertEqual(q(1, 3).decimal(places: 2), Decimal(string: "0.33"))
        XCTAssertEqual(q(2, 3).decimal(places: 2), Decimal(string: "0.67"))
        XCTAssertEqual(q(1, 3).decimal(places: 4, up: true), Decimal(string: "0.3334"))
        XCTAssertEqual(q(5, 4).decimal(places: 4, up: true), Decimal(string: "1.25"))
        XCTAssertEqual(Rational(Amount(Decimal(string: "1.25")!)), q(5, 4))
        let texts: [(String, Rational?)] = [
            ("1.50", q(3, 2)), ("-0.25", q(-1, 4)), ("14.78676478125", q(473_176_473, 32_000_000)), ("007", q(7)),
            ("99999999999999999999", nil), ("1.0000000000000000001", nil), ("1.", nil), (".5", nil), ("1.2.3", nil),
            ("", nil), ("-", nil), ("1e5", nil), ("１", nil),
        ]
        for (text, expected) in texts { XCTAssertEqual(Rational.parseDecimal(text), expected, text) }
    }

    func testReading() {
        let table: [(String, NumberConvention, Rational?)] = [
            ("2", .neutral, q(2)), ("1.5", .decimalPoint, q(3, 2)), ("1,5", .decimalComma, q(3, 2)),
            ("1,5", .neutral, q(3, 2)), ("1,000", .decimalPoint, q(1000)), ("1.000", .decimalComma, q(1000)),
            ("1,000", .neutral, q(1000)), ("½", .neutral, q(1, 2)), ("⅔", .neutral, q(2, 3)), ("⅛", .neutral, q(1, 8)),
            ("1/2", .neutral, q(1, 2)), ("3/4", .neutral, q(3, 4)), ("1 ½", .neutral, q(3, 2)), ("1½", .neutral, q(3, 2)),
            ("2 1/4", .neutral, q(9, 4)), ("1⁄3", .neutral, q(1, 3)), ("1/0", .neutral, nil), ("x", .neutral, nil),
            ("999999", .neutral, nil), ("12345678901234567890", .neutral, nil),
        ]
        for (text, numbers, expected) in table {
            XCTAssertEqual(RationalText.read(Array(text), at: 0, numbers: numbers)?.value, expected, text)
        }
        // "2 3/2" is not a mixed number: the fraction must be below one.
        XCTAssertEqual(RationalText.read(Array("2 3/2"), at: 0, numbers: .neutral)?.value, q(2))
    }

    func testFormatting() {
        let table: [(Rational, NumberConvention, RationalText.Style, String)] = [
            (q(1, 3), .decimalPoint, .fraction, "⅓"), (q(3, 2), .decimalPoint, .fraction, "1½"),
            (q(2), .decimalPoint, .fraction, "2"), (q(11, 4), .decimalComma, .fraction, "2¾"),
            (q(5, 12), .decimalPoint, .fraction, "0.42"), (q(5, 12), .decimalComma, .fraction, "0,42"),
            (q(5, 4), .decimalPoint, .decimal, "1.25"), (q(5, 4), .decimalComma, .decimal, "1,25"),
            (q(1, 2), .decimalComma, .decimal, "0,5"), (q(100, 3), .decimalPoint, .decimal, "33.33"),
            (q(1, 1000), .decimalPoint, .decimal, "0.001"),
        ]
        for (value, numbers, style, expected) in table {
            XCTAssertEqual(RationalText.format(value, numbers, style: style), expected, "\(value)")
        }
    }
}
