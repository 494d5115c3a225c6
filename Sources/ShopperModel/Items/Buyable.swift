import Foundation

/// What a list asks to buy of an exact need: recipes scaled for the week come to 10.5 eggs or
/// 486.5883 ml of cream, which no store sells. The item keeps the exact need (so taking a meal off
/// subtracts exactly what it added); the row, the export, the shared task and the line's cost use
/// this, a pure function of the need and its unit (the README's recipe section has the rules).
package enum Buyable {
    /// How an amount in a unit is rounded.
    enum Rule: Equatable, Sendable {
        /// Counted things (no unit, a can, a bunch, a clove, a unit the app does not know): whole
        /// ones, rounded up.
        case whole
        /// Metric mass or volume: up, to a step of `fraction` of the amount's power of ten, in the
        /// base unit (`perBase` of it to one of the item's unit).
        case metric(perBase: Decimal, fraction: Decimal)
        /// Spoons, cups, ounces, pounds: the nearest quarter (at least a quarter) under ten,
        /// whole ones from ten on.
        case quarters
    }

    /// The rule for a unit as the item spells it.
    static func rule(_ unit: String?) -> Rule {
        guard let unit else { return .whole }
        if let known = bySpelling[unit] { return known }
        return MeasureUnit.named(unit).map(rule(for:)) ?? .whole
    }

    /// Every spelling the unit table has, as written and in lower case: a row's unit is looked up
    /// each time its cost is worked out (loading a long list too), without folding its text.
    private static let bySpelling: [String: Rule] = {
        var out: [String: Rule] = [:]
        for unit in MeasureUnit.all {
            for w in unit.words + unit.exactCase + [unit.one, unit.many]
            where !w.isEmpty && MeasureUnit.named(w) == unit {
                out[w] = rule(for: unit)
                if MeasureUnit.named(w.lowercased()) == unit { out[w.lowercased()] = rule(for: unit) }
            }
        }
        return out
    }()

    private static func rule(for unit: MeasureUnit) -> Rule {
        switch unit.dimension {
        case .count, .none: return .whole
        case .mass, .volume:
            guard unit.metric, let perBase = unit.perBase.decimal(places: 4) else { return .quarters }
            // Liquids come in cartons and bottles of a quarter, a half, a whole litre; what is
            // weighed (at a counter, in many pack sizes) to a twentieth: 50 g steps above a kilo.
            return .metric(perBase: perBase, fraction: unit.dimension == .volume ? 0.25 : 0.05)
        }
    }

    /// What to buy of `need` `unit`: never less than the need for counted and metric amounts.
    /// A measured amount of three significant digits or fewer is one a person wrote (330 ml,
    /// 1.1 l, 0.3 cup) or a package holds, and stays as it is.
    static func amount(_ need: Amount, unit: String?) -> Amount {
        guard need.units > 0 else { return need }
        let rule = rule(unit)
        if rule != .whole, significantDigits(need) <= 3 { return need }
        switch rule {
        case .whole:
            let (whole, part) = need.units.quotientAndRemainder(dividingBy: Amount.scale)
            return part == 0 ? need : Amount(units: (whole + 1) * Amount.scale)
        case .quarters:
            let quarter = Amount.scale / 4
            if need.units >= 10 * Amount.scale {
                return Amount(units: (need.units + Amount.scale / 2) / Amount.scale * Amount.scale)
            }
            return Amount(units: max(quarter, (need.units + quarter / 2) / quarter * quarter))
        case .metric(let perBase, let fraction):
            return Amount(metric(need.decimal, perBase: perBase, fraction: fraction))
        }
    }

    package static func amount(_ need: Decimal, unit: String?) -> Decimal { amount(Amount(need), unit: unit).decimal }

    static func significantDigits(_ a: Amount) -> Int {
        var n = a.units.magnitude
        while n > 0, n % 10 == 0 { n /= 10 }
        return String(n).count
    }

    /// `need` (in a unit `perBase` of the base) rounded up to a step of `fraction` of its power of
    /// ten in the base: 486.5883 ml → 500 ml, 1.8334 kg → 1.85 kg; at most three significant digits.
    private static func metric(_ need: Decimal, perBase: Decimal, fraction: Decimal) -> Decimal {
        let base = need * perBase
        var decade = Decimal(1)
        while decade * 10 <= base { decade *= 10 }
        while decade > base { decade /= 10 }
        let step = decade * fraction
        var steps = base / step, up = Decimal()
        NSDecimalRound(&up, &steps, 0, .up)
        var inUnit = up * step / perBase, kept = Decimal()
        // An item keeps four decimals; never below the need.
        NSDecimalRound(&kept, &inUnit, 4, .up)
        return kept
    }

    /// The buyable amount as the row shows it: quarters as fractions ("¾", "1½"), others as
    /// decimals in the reader's convention.
    static func text(_ amount: Amount, unit: String?, _ numbers: NumberConvention) -> String {
        guard rule(unit) == .quarters, amount.units > 0 else { return DecimalText.format(amount.decimal, numbers) }
        let (whole, part) = amount.units.quotientAndRemainder(dividingBy: Amount.scale)
        let glyph = [Amount.scale / 4: "¼", Amount.scale / 2: "½", Amount.scale * 3 / 4: "¾"][part]
        guard let glyph else { return DecimalText.format(amount.decimal, numbers) }
        return (whole == 0 ? "" : String(whole)) + glyph
    }
}
