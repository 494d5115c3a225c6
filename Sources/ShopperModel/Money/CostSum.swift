import Foundation

/// An exact sum of line totals, in hundred-millionths (a quantity's four decimals times a price's
/// four). 128 bits: a million lines of the largest line the app allows (10,000 × 1,000,000) sum to
/// 10^16, far inside the range, so no sum a person could make overflows.
package struct CostSum: Hashable, Comparable, Sendable, AdditiveArithmetic {
    var units: Int128
    static let scale: Int128 = 100_000_000
    package static let zero = CostSum(units: 0)

    package init(units: Int128) { self.units = units }

    package init(_ value: Decimal) {
        // Through text: Decimal has no 128-bit integer conversion, and this runs at the edges only.
        let whole = NSDecimalNumber(decimal: value.wholeUnits(of: 100_000_000))
        units = Int128(whole.description(withLocale: Locale(identifier: "en_US_POSIX"))) ?? 0
    }

    /// What a line costs: quantity × price, or the price itself when it is for all.
    /// A price per unit is for what is bought of the need (`Buyable`), in its unit.
    static func line(quantity: Amount, unit: String?, price: Amount?, basis: PriceBasis) -> CostSum {
        guard let price else { return .zero }
        if basis == .forAll { return CostSum(units: Int128(price.units) * Int128(Amount.scale)) }
        return CostSum(units: Int128(Buyable.amount(quantity, unit: unit).units) * Int128(price.units))
    }

    /// Exact: the integer part and the eight decimals are converted apart, each within 64 bits.
    package var decimal: Decimal {
        let (whole, fraction) = units.magnitude.quotientAndRemainder(dividingBy: UInt128(Self.scale))
        let wholeDecimal = whole <= UInt128(UInt64.max) ? Decimal(UInt64(whole)) : Decimal(string: String(whole))!
        let value = wholeDecimal + Decimal(sign: .plus, exponent: -8, significand: Decimal(UInt64(fraction)))
        return units < 0 ? -value : value
    }

    package static func < (a: CostSum, b: CostSum) -> Bool { a.units < b.units }
    package static func + (a: CostSum, b: CostSum) -> CostSum { CostSum(units: a.units + b.units) }
    package static func - (a: CostSum, b: CostSum) -> CostSum { CostSum(units: a.units - b.units) }
}

extension Decimal {
    /// This value in units of 1/`scale`, rounded half to even: a fixed-point value's whole units.
    func wholeUnits(of scale: Decimal) -> Decimal {
        var scaled = self * scale, rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .bankers)
        return rounded
    }
}
