import Foundation

/// Amounts as recipes write them and as a cook reads them: "2", "1,5" (German) or "1.5"
/// (English), "½", "1/2", "1 ½", "1½", "1 1/2"; and back, as "1½ cups" or "1,25 l".
enum RationalText {
    /// The vulgar fractions Unicode has, each one character.
    static let glyphs: [Character: Rational] = {
        let table: [(Character, Int64, Int64)] = [
            ("½", 1, 2), ("⅓", 1, 3), ("⅔", 2, 3), ("¼", 1, 4), ("¾", 3, 4), ("⅕", 1, 5), ("⅖", 2, 5),
            ("⅗", 3, 5), ("⅘", 4, 5), ("⅙", 1, 6), ("⅚", 5, 6), ("⅐", 1, 7), ("⅛", 1, 8), ("⅜", 3, 8),
            ("⅝", 5, 8), ("⅞", 7, 8), ("⅑", 1, 9), ("⅒", 1, 10),
        ]
        return Dictionary(uniqueKeysWithValues: table.map { ($0.0, Rational($0.1, $0.2)!) })
    }()

    static let glyphFor: [Rational: Character] = Dictionary(uniqueKeysWithValues: glyphs.map { ($0.value, $0.key) })

    /// Amounts above this are not amounts a recipe means (a year, a phone number): refused.
    static let maxAmount = Rational(100_000)!

    /// Slashes a fraction is written with: the plain one and Unicode's fraction slash.
    static let slashes: Set<Character> = ["/", "\u{2044}", "\u{2215}"]

    /// The amount that starts at `i` in `c`, and where it ends; nil when none starts there.
    static func read(_ c: [Character], at i: Int, numbers: NumberConvention) -> (value: Rational, end: Int)? {
        guard i < c.count else { return nil }
        if let g = glyphs[c[i]] { return (g, i + 1) }
        guard c[i].isASCIIDigit else { return nil }
        var j = i
        // Digits, and a point or comma only between digits ("1,5", "1.000"; not "2, chopped").
        while j < c.count,
            c[j].isASCIIDigit || ((c[j] == "." || c[j] == ",") && j + 1 < c.count && c[j + 1].isASCIIDigit)
        {
            j += 1
            guard j - i <= 24 else { return nil }
        }
        let run = String(c[i..<j])
        let isInteger = run.allSatisfy(\.isASCIIDigit)
        if isInteger, j + 1 < c.count, slashes.contains(c[j]), let (d, end) = digits(c, at: j + 1) {
            guard let n = Rational.parseDecimal(run), let f = n.divided(by: d), f <= maxAmount else { return nil }
            return (f, end)
        }
        guard let value = decimal(run, numbers), value <= maxAmount else { return nil }
        guard isInteger else { return (value, j) }
        // "1½", "1 ½", "1 1/2": a whole number and a fraction below one.
        if j < c.count, let g = glyphs[c[j]], let sum = value.adding(g) { return (sum, j + 1) }
        if j + 1 < c.count, c[j] == " " {
            if let g = glyphs[c[j + 1]], let sum = value.adding(g) { return (sum, j + 2) }
            if let (n, slash) = digits(c, at: j + 1), slash + 1 < c.count, slashes.contains(c[slash]),
               let (d, end) = digits(c, at: slash + 1), let f = n.divided(by: d), f < .one, let sum = value.adding(f) {
                return (sum, end)
            }
        }
        return (value, j)
    }

    /// A run of plain digits (at most 9) at `i`.
    private static func digits(_ c: [Character], at i: Int) -> (Rational, Int)? {
        var j = i
        while j < c.count, c[j].isASCIIDigit { j += 1 }
        guard j > i, j - i <= 9, let v = Rational.parseDecimal(String(c[i..<j])) else { return nil }
        return (v, j)
    }

    /// Digits with a decimal mark in the person's way. Text that only a convention could read
    /// ("1,000" with no locale) is read as a thousand: most recipes without a locale are English.
    static func decimal(_ run: String, _ numbers: NumberConvention) -> Rational? {
        switch DecimalText.read(run, convention: numbers) {
        case .value(let d): return Rational(exactly: d)
        case .ambiguous(let thousands, _): return Rational(exactly: thousands)
        case .notANumber, .tooLong: return nil
        }
    }

    // MARK: Writing

    /// How an amount reads best: fractions for cups, spoons and things counted; decimals for metric.
    enum Style: Sendable { case fraction, decimal }

    /// "1½", "⅓", "2"; "0,42" where no glyph says it; "1,25" in decimal style with a comma locale.
    /// Decimals are rounded to `places` (a cook does not weigh 333.3333 g).
    static func format(_ value: Rational, _ numbers: NumberConvention, style: Style, places: Int = 2) -> String {
        if value.isWhole { return "\(value.numerator)" }
        if style == .fraction, value.isPositive {
            let whole = value.whole
            if let rest = value.subtracting(Rational(whole)!), let glyph = glyphFor[rest] {
                return whole == 0 ? String(glyph) : "\(whole)\(glyph)"
            }
        }
        guard let d = value.decimal(places: places) else { return value.description }
        // Too small to show in `places`: say it with more rather than as 0.
        if d == 0, places < 6, !value.isZero { return format(value, numbers, style: .decimal, places: places + 1) }
        return DecimalText.format(d, numbers)
    }
}

extension Character {
    /// 0 to 9 only: `isNumber` also takes "½", "٣" and "²", which the readers handle apart or not at all.
    var isASCIIDigit: Bool { isASCII && ("0"..."9").contains(self) }
}
