import Foundation

/// What a unit measures. Amounts add only within one: grams never become millilitres (a cup of
/// flour is not a cup of honey), and a can is only ever added to cans.
enum Dimension: String, Sendable {
    case mass, volume
    /// Things counted in a container or a handful of their own (a can, a bunch, a clove): each
    /// its own kind, except the plain "each" (piece, Stück, dozen) that a bare number counts too.
    case count
    /// No unit written: "3 eggs".
    case none
}

/// A unit the app knows, for the add bar and for recipes alike (one table: `UnitTable`), so an
/// item typed as "1 l Milk" and a recipe's "250 ml milk" are understood the same way.
struct MeasureUnit: Hashable, Sendable {
    /// Stable and unique: "g", "cup", "de.el".
    let id: String
    let dimension: Dimension
    /// The unit amounts convert through to be added: "g", "ml", "each", or a count's own kind
    /// ("can" for can, tin and Dose).
    let base: String
    /// How many `base` one of this is, exactly.
    let perBase: Rational
    /// How it is shown after one, and after any other amount.
    let one: String
    let many: String
    /// Spellings read whatever their case (plurals, abbreviations, with or without a final point).
    let words: [String]
    /// Spellings read only as written: "T" is a tablespoon and "t" a teaspoon, "C" is not a cup.
    let exactCase: [String]
    /// Which of `words` the add bar reads after a quantity (its grammar predates recipes, and a
    /// word made a unit there changes how old lines read: "2 cup noodles").
    let addBar: [String]
    /// Decimals read best ("1,25 l"); otherwise fractions ("1½ cups").
    let metric: Bool

    static func == (a: MeasureUnit, b: MeasureUnit) -> Bool { a.id == b.id }
    func hash(into h: inout Hasher) { h.combine(id) }

    /// The name after `amount`: "cup" after ½ or 1, "cups" after 1½.
    func name(for amount: Rational) -> String { amount <= .one ? one : many }

    /// Whether amounts in this and `other` add up (same dimension and base).
    func converts(to other: MeasureUnit) -> Bool { base == other.base }

    /// `amount` of this in `other`, exactly; nil across dimensions or kinds, or past the limits.
    func convert(_ amount: Rational, to other: MeasureUnit) -> Rational? {
        guard converts(to: other), let inBase = amount.multiplied(by: perBase) else { return nil }
        return inBase.divided(by: other.perBase)
    }

    // MARK: Looking up

    /// The unit `text` names (one word or two, such as "fl oz"), whatever its case, with or
    /// without a final point ("Tbsp."); nil for anything else.
    static func named(_ text: String) -> MeasureUnit? {
        if let exact = exactSpellings[text] { return exact }
        let key = Self.key(text)
        if let u = spellings[key] { return u }
        if key.hasSuffix(".") { return spellings[String(key.dropLast())] }
        return nil
    }

    /// The unit a word typed in the add bar names (or two: "fl oz"): every spelling recipes read,
    /// whatever its case, with or without a final point, but never a spelling read only in one
    /// case ("T", "t": "2 T-shirts" is two T-shirts). Nil for anything else.
    static func typed(_ text: String) -> MeasureUnit? {
        let key = Self.key(text)
        if let u = spellings[key] { return u }
        if key.hasSuffix("."), key.count > 1 { return spellings[String(key.dropLast())] }
        return nil
    }

    /// Folded as descriptions are (case and accents): "Stück", "stuck" and "STÜCK" are one.
    static func key(_ text: String) -> String {
        SearchQuery.fold(text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
    }

    static let all: [MeasureUnit] = UnitTable.units

    private static let spellings: [String: MeasureUnit] = {
        var out: [String: MeasureUnit] = [:]
        for unit in all {
            for w in unit.words + [unit.one, unit.many] where !w.isEmpty {
                // The first unit to claim a spelling keeps it: the table lists the likelier first.
                if out[key(w)] == nil { out[key(w)] = unit }
            }
        }
        return out
    }()

    private static let exactSpellings: [String: MeasureUnit] = {
        var out: [String: MeasureUnit] = [:]
        for unit in all { for w in unit.exactCase { out[w] = unit } }
        return out
    }()

    /// The longest number of words a spelling has ("fluid ounces": 2).
    static let longestSpelling: Int = all.reduce(1) { most, unit in
        unit.words.reduce(most) { max($0, $1.split(separator: " ").count) }
    }

    /// The spellings the add bar read before it read every unit of the table (lower case): units
    /// shown as typed or as `CountUnit` words.
    static let addBarWords: Set<String> = Set(all.flatMap { $0.addBar.map { $0.lowercased() } })
}
