import Foundation

/// A quantity or a price as the model keeps it: a whole number of ten-thousandths. Every amount the
/// app accepts has at most four decimals (`ItemDraft.maxDecimals`), so this is exact; it is 8 bytes
/// where a `Decimal` is 20, and adds and multiplies as one machine instruction. `Decimal` is only
/// for the edges: parsing typed text, formatting, files.
package struct Amount: Hashable, Comparable, Sendable {
    var units: Int64
    static let scale: Int64 = 10_000
    static let one = Amount(units: scale)

    init(units: Int64) { self.units = units }

    /// The nearest amount of four decimals (exact for every value the app accepts; a value with
    /// more, which only another program could have written, is rounded half to even).
    package init(_ value: Decimal) {
        units = NSDecimalNumber(decimal: value.wholeUnits(of: Decimal(Self.scale))).int64Value
    }

    package var decimal: Decimal {
        Decimal(sign: units < 0 ? .minus : .plus, exponent: -4, significand: Decimal(units.magnitude))
    }

    package static func < (a: Amount, b: Amount) -> Bool { a.units < b.units }

    /// The canonical text `canonical` reads and `DecimalText.format` writes: "1.29", "2", "0.0005".
    var canonicalText: String {
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
    static func canonical<S: Sequence>(_ utf8: S) -> Amount? where S.Element == UInt8 {
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
