import Foundation

/// An exact fraction, for ingredient amounts: a third of a cup times three must be one cup, and a
/// US cup in millilitres (236.5882365) must add to a litre without drifting. Always in lowest
/// terms with a positive denominator, so equal values compare equal.
///
/// Recipes come from anywhere: every operation that could leave `limit` (or overflow Int64 on the
/// way) gives nil instead of trapping, and the caller refuses the amount.
struct Rational: Hashable, Comparable, Sendable, CustomStringConvertible {
    let numerator: Int64
    let denominator: Int64

    /// Numerators and denominators stay within 10^15: far beyond any kitchen, and any two can be
    /// cross-multiplied in 128 bits.
    static let limit: Int64 = 1_000_000_000_000_000

    static let zero = Rational(unchecked: 0, 1)
    static let one = Rational(unchecked: 1, 1)

    /// nil for a zero denominator or a value that stays beyond `limit` once reduced.
    init?(_ numerator: Int64, _ denominator: Int64 = 1) {
        guard denominator != 0, numerator != .min, denominator != .min else { return nil }
        var n = numerator, d = denominator
        if d < 0 { n = -n; d = -d }
        let g = Int64(Self.gcd(n.magnitude, d.magnitude))
        n /= g
        d /= g
        guard n.magnitude <= Self.limit.magnitude, d <= Self.limit else { return nil }
        self.init(unchecked: n, d)
    }

    private init(unchecked n: Int64, _ d: Int64) {
        numerator = n
        denominator = d
    }

    /// The value of a decimal such as 1.5 or 236.5882365; nil when it has more than 15 decimals
    /// or is beyond `limit`.
    init?(exactly value: Decimal) {
        let text = NSDecimalNumber(decimal: value).description(withLocale: Locale(identifier: "en_US_POSIX"))
        guard let parsed = Self.parseDecimal(text) else { return nil }
        self = parsed
    }

    /// An item's quantity as the model keeps it (ten-thousandths): always exact.
    init(_ amount: Amount) {
        self = Rational(amount.units, Amount.scale) ?? .zero
    }

    /// "12", "1.5", "-0.25" (plain digits, a point, an optional minus); nil for anything else or
    /// anything that does not fit.
    static func parseDecimal(_ text: String) -> Rational? {
        var s = Substring(text)
        let negative = s.hasPrefix("-")
        if negative { s = s.dropFirst() }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.count <= 40,
              whole.allSatisfy(\.isASCIIDigit) else { return nil }
        var fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fraction.isEmpty else { return nil }
        while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
        guard fraction.count <= 15 else { return nil }
        var n: Int64 = 0, d: Int64 = 1
        for c in whole + fraction {
            let (times10, o1) = n.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.addingReportingOverflow(Int64(c.wholeNumberValue ?? 0))
            guard !o1, !o2 else { return nil }
            n = next
        }
        for _ in fraction { d *= 10 }
        return Rational(negative ? -n : n, d)
    }

    var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
    var isWhole: Bool { denominator == 1 }
    var isZero: Bool { numerator == 0 }
    var isPositive: Bool { numerator > 0 }
    /// The whole part, toward zero.
    var whole: Int64 { numerator / denominator }

    static func < (a: Rational, b: Rational) -> Bool {
        // Cross products in full width: both fit 128 bits whatever the values.
        let l = a.numerator.multipliedFullWidth(by: b.denominator)
        let r = b.numerator.multipliedFullWidth(by: a.denominator)
        return (l.high, l.low) < (r.high, r.low)
    }

    func adding(_ other: Rational) -> Rational? {
        let g = Int64(Self.gcd(denominator.magnitude, other.denominator.magnitude))
        let (common, o1) = (denominator / g).multipliedReportingOverflow(by: other.denominator)
        let (a, o2) = numerator.multipliedReportingOverflow(by: common / denominator)
        let (b, o3) = other.numerator.multipliedReportingOverflow(by: common / other.denominator)
        let (sum, o4) = a.addingReportingOverflow(b)
        guard !(o1 || o2 || o3 || o4) else { return nil }
        return Rational(sum, common)
    }

    func subtracting(_ other: Rational) -> Rational? {
        adding(Rational(unchecked: -other.numerator, other.denominator))
    }

    func multiplied(by other: Rational) -> Rational? {
        // Cross-reduce first: 1/3 × 3 never builds 3/3 from larger numbers than it needs.
        let g1 = Int64(Self.gcd(numerator.magnitude, other.denominator.magnitude))
        let g2 = Int64(Self.gcd(other.numerator.magnitude, denominator.magnitude))
        let (n, o1) = (numerator / g1).multipliedReportingOverflow(by: other.numerator / g2)
        let (d, o2) = (denominator / g2).multipliedReportingOverflow(by: other.denominator / g1)
        guard !(o1 || o2) else { return nil }
        return Rational(n, d)
    }

    func divided(by other: Rational) -> Rational? {
        guard other.numerator != 0 else { return nil }
        return multiplied(by: Rational(unchecked: other.denominator, other.numerator))
    }

    /// The value with at most `decimals` decimals, rounded half up, or up (toward more) when
    /// `up` is set (a shopping list should never ask for less than the recipe needs).
    func decimal(places decimals: Int, up: Bool = false) -> Decimal? {
        guard (0...9).contains(decimals) else { return nil }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let (scaled, overflow) = numerator.magnitude.multipliedReportingOverflow(by: UInt64(scale))
        guard !overflow else { return nil }
        let d = UInt64(denominator)
        let (quotient, r) = scaled.quotientAndRemainder(dividingBy: d)
        var q = quotient
        // Up means toward more of it: for a (never expected) negative value, toward zero.
        if up ? (r > 0 && numerator > 0) : (r >= d - r) { q += 1 }
        return Decimal(sign: numerator < 0 ? .minus : .plus, exponent: -decimals, significand: Decimal(q))
    }

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : a
    }
}
