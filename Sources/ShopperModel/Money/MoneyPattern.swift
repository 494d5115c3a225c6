import Foundation

/// How ICU writes amounts for one locale and currency, learned from ICU itself and replayed on
/// fixed-point values: a visible row formats its cost on every bind, and ICU's formatting (through
/// Decimal and a format style) was a tenth of a row's bind while scrolling.
///
/// Learned from one rendering ("prefix 1,234,567.89 suffix"), then checked against ICU on amounts
/// that test what could differ (grouping of four digits, ties, zero, a trailing zero); a locale
/// where any differs (other digits, grouping from five digits, another rounding) keeps ICU. Only
/// amounts of zero or more take this path.
struct MoneyPattern: Equatable, Sendable {
    let prefix: String
    let suffix: String
    /// Between groups of three digits; empty where the locale does not group.
    let group: String
    let decimal: String
    let minFraction: Int
    let maxFraction: Int

    /// A pattern read back from where it was kept (`MoneyPatternFile`): nil unless each part is one
    /// ICU's rendering could have given: short; no digits, control characters or other spaces than
    /// ICU's; of the invisible marks only the direction marks ICU writes (an override would show
    /// "9,98" as "89,9"); two different marks where there are decimals (without, the decimal mark is
    /// never written, and learning puts "." there); at most four decimals.
    init?(prefix: String, suffix: String, group: String, decimal: String, minFraction: Int, maxFraction: Int) {
        func plain(_ s: String, _ most: Int) -> Bool {
            s.unicodeScalars.count <= most && s.unicodeScalars.allSatisfy { c in
                switch c.properties.generalCategory {
                    case .control, .decimalNumber, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
                        .unassigned:
                        false
                case .spaceSeparator: c == " " || c == "\u{A0}" || c == "\u{202F}"
                case .format: c == "\u{200E}" || c == "\u{200F}" || c == "\u{061C}"
                default: true
                }
            }
        }
        guard plain(prefix, 16), plain(suffix, 16), plain(group, 4), !decimal.isEmpty, plain(decimal, 4),
              group != decimal || maxFraction == 0,
              0 <= minFraction, minFraction <= maxFraction, maxFraction <= 4 else { return nil }
        (self.prefix, self.suffix, self.group, self.decimal) = (prefix, suffix, group, decimal)
        (self.minFraction, self.maxFraction) = (minFraction, maxFraction)
    }

    /// `icu` formats a Decimal; `minFraction...maxFraction` is the precision it was asked for (the
    /// currency's own digits when `nil`, learned from the rendering).
    init?(fractions: ClosedRange<Int>?, icu: (Decimal) -> String) {
        let probe = icu(Decimal(string: "1234567.891")!)
        let scalars = Array(probe.unicodeScalars)
        let isDigit = { (s: Unicode.Scalar) in s.value >= 0x30 && s.value <= 0x39 }
        guard let first = scalars.firstIndex(where: isDigit), let last = scalars.lastIndex(where: isDigit) else {
            return nil
        }
        // The middle alternates runs of digits and of separators.
        var runs: [(digits: Bool, text: String)] = []
        for s in scalars[first...last] {
            if let end = runs.last, end.digits == isDigit(s) {
                runs[runs.count - 1].text.unicodeScalars.append(s)
            } else {
                runs.append((isDigit(s), String(s)))
            }
        }
        let digitRuns = runs.filter(\.digits).map(\.text), separators = runs.filter { !$0.digits }.map(\.text)
        var fraction = ""
        switch (digitRuns.count, separators.count) {
        case (4, 3) where digitRuns[0...2] == ["1", "234", "567"] && separators[0] == separators[1]:
            group = separators[0]
            decimal = separators[2]
            fraction = digitRuns[3]
        case (3, 2) where digitRuns[0...1] == ["1", "234"] && separators[0] == separators[1]:
            // No decimals: the separators group.
            group = separators[0]
            decimal = "."
        case (2, 1) where digitRuns[0] == "1234567":
            group = ""
            decimal = separators[0]
            fraction = digitRuns[1]
        default:
            return nil
        }
        prefix = String(String.UnicodeScalarView(scalars[..<first]))
        suffix = String(String.UnicodeScalarView(scalars[(last + 1)...]))
        if let fractions {
            (minFraction, maxFraction) = (fractions.lowerBound, fractions.upperBound)
        } else {
            // The currency's digits: "891" rounded to them.
            (minFraction, maxFraction) = (fraction.count, fraction.count)
        }
        guard maxFraction <= 4, minFraction <= maxFraction else { return nil }
        for units in Self.checks where format(CostSum(units: units)) != icu(CostSum(units: units).decimal) {
            return nil
        }
    }

    /// Amounts in hundred-millionths that show where a learned pattern could differ from ICU.
    static let checks: [Int128] = [0, 1, 4_999_999, 5_000_000, 15_000_000, 25_000_000, 12_500_000, 100_000_000,
                                   99_999_500_000, 123_400_000_000, 100_000_000_000, 1_234_567_890_000,
                                   12_345_678_912_345, 98_765_432_100_000_000, 10_000_000, 1_250_000]

    /// `cost`, which is zero or more, as ICU would write it: rounded half to even to `maxFraction`
    /// digits, trailing zeros dropped down to `minFraction`.
    func format(_ cost: CostSum) -> String {
        precondition(cost.units >= 0)
        let divisor = Self.powers[8 - maxFraction]
        var (scaled, remainder) = cost.units.quotientAndRemainder(dividingBy: divisor)
        if remainder * 2 > divisor || (remainder * 2 == divisor && scaled % 2 == 1) { scaled += 1 }
        let (whole, fractionUnits) = scaled.quotientAndRemainder(dividingBy: Self.powers[maxFraction])
        var fraction = maxFraction == 0 ? [] : Array(String(fractionUnits).utf8)
        fraction.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: maxFraction - fraction.count), at: 0)
        while fraction.count > minFraction, fraction.last == UInt8(ascii: "0") { fraction.removeLast() }

        var out = prefix
        let digits = String(whole)
        if group.isEmpty || digits.utf8.count <= 3 {
            out += digits
        } else {
            var lead = digits.utf8.count % 3
            if lead == 0 { lead = 3 }
            var index = digits.startIndex
            var runLength = lead
            while index < digits.endIndex {
                let next = digits.utf8.index(index, offsetBy: runLength)
                if index != digits.startIndex { out += group }
                out += digits[index..<next]
                index = next
                runLength = 3
            }
        }
        if !fraction.isEmpty {
            out += decimal
            out += String(decoding: fraction, as: UTF8.self)
        }
        return out + suffix
    }

    /// 10^0 … 10^8: made once, not per row formatted.
    private static let powers: [Int128] = (0...8).map { n in (0..<n).reduce(1) { r, _ in r * 10 } }
}
