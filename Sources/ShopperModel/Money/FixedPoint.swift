import Foundation

/// A quantity or a price as the model keeps it: a whole number of ten-thousandths. Every amount the
/// app accepts has at most four decimals (`ItemDraft.maxDecimals`), so this is exact; it is 8 bytes
/// where a `Decimal` is 20, and adds and multiplies as one machine instruction. `Decimal` is only
/// for the edges: parsing typed text, formatting, files.
public struct Amount: Hashable, Comparable, Sendable {
    public var units: Int64
    public static let scale: Int64 = 10_000
    public static let one = Amount(units: scale)

    public init(units: Int64) { self.units = units }

    /// The nearest amount of four decimals (exact for every value the app accepts; a value with
    /// more, which only another program could have written, is rounded half to even).
    public init(_ value: Decimal) { units = NSDecimalNumber(decimal: value.wholeUnits(of: Decimal(Self.scale))).int64Value }

    public var decimal: Decimal { Decimal(sign: units < 0 ? .minus : .plus, exponent: -4, significand: Decimal(units.magnitude)) }

    public static func < (a: Amount, b: Amount) -> Bool { a.units < b.units }

    /// The canonical text `canonical` reads and `DecimalText.format` writes: "1.29", "2", "0.0005".
    public var canonicalText: String {
        let (whole, fraction) = units.magnitude.quotientAndRemainder(dividingBy: UInt64(Self.scale))
        var text = (units < 0 ? "-" : "") + String(whole)
        guard fraction > 0 else { return text }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 4 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        text += "." + digits
        return text
    }

    /// The canonical text the store writes ("1.29", "2", "0.0005"), read without Foundation: the
    /// store holds one or more amounts per item, and start-up reads every one. nil for any other
    /// text, which the caller then reads the slow, general way.
    public static func canonical<S: Sequence>(_ utf8: S) -> Amount? where S.Element == UInt8 {
        var whole: Int64 = 0, fraction: Int64 = 0, decimals = -1, digits = 0
        for c in utf8 {
            if c == UInt8(ascii: ".") {
                guard decimals < 0, digits > 0 else { return nil }
                decimals = 0
            } else if c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                let d = Int64(c - UInt8(ascii: "0"))
                if decimals < 0 {
                    digits += 1
                    guard digits <= 14 else { return nil }
                    whole = whole * 10 + d
                } else {
                    decimals += 1
                    guard decimals <= 4 else { return nil }
                    fraction = fraction * 10 + d
                }
            } else {
                return nil
            }
        }
        guard digits > 0, decimals != 0 else { return nil }
        for _ in 0..<(4 - max(decimals, 0)) { fraction *= 10 }
        return Amount(units: whole * scale + fraction)
    }
}

/// An exact sum of line totals, in hundred-millionths (a quantity's four decimals times a price's
/// four). 128 bits: a million lines of the largest line the app allows (10,000 × 1,000,000) sum to
/// 10^16, far inside the range, so no sum a person could make overflows.
public struct CostSum: Hashable, Comparable, Sendable, AdditiveArithmetic {
    public var units: Int128
    public static let scale: Int128 = 100_000_000
    public static let zero = CostSum(units: 0)

    public init(units: Int128) { self.units = units }

    public init(_ value: Decimal) {
        // Through text: Decimal has no 128-bit integer conversion, and this runs at the edges only.
        let whole = NSDecimalNumber(decimal: value.wholeUnits(of: 100_000_000))
        units = Int128(whole.description(withLocale: Locale(identifier: "en_US_POSIX"))) ?? 0
    }

    /// What a line costs: quantity × price, or the price itself when it is for all.
    public static func line(quantity: Amount, price: Amount?, basis: PriceBasis) -> CostSum {
        guard let price else { return .zero }
        return CostSum(units: basis == .forAll ? Int128(price.units) * Int128(Amount.scale)
                                               : Int128(quantity.units) * Int128(price.units))
    }

    /// Exact: the integer part and the eight decimals are converted apart, each within 64 bits.
    public var decimal: Decimal {
        let (whole, fraction) = units.magnitude.quotientAndRemainder(dividingBy: UInt128(Self.scale))
        let wholeDecimal = whole <= UInt128(UInt64.max) ? Decimal(UInt64(whole)) : Decimal(string: String(whole))!
        let value = wholeDecimal + Decimal(sign: .plus, exponent: -8, significand: Decimal(UInt64(fraction)))
        return units < 0 ? -value : value
    }

    public static func < (a: CostSum, b: CostSum) -> Bool { a.units < b.units }
    public static func + (a: CostSum, b: CostSum) -> CostSum { CostSum(units: a.units + b.units) }
    public static func - (a: CostSum, b: CostSum) -> CostSum { CostSum(units: a.units - b.units) }
}

extension Decimal {
    /// This value in units of 1/`scale`, rounded half to even: a fixed-point value's whole units.
    fileprivate func wholeUnits(of scale: Decimal) -> Decimal {
        var scaled = self * scale, rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .bankers)
        return rounded
    }
}
