import Foundation

/// How much a recipe asks for: one amount, or a range ("2–3 apples").
enum IngredientQuantity: Hashable, Sendable {
    case exact(Rational)
    /// Low below high, both above zero.
    case range(Rational, Rational)

    var low: Rational {
        switch self { case .exact(let v), .range(let v, _): v }
    }

    var high: Rational {
        switch self { case .exact(let v), .range(_, let v): v }
    }

    /// What goes on a list: the top of a range, so there is enough for the recipe either way.
    var toBuy: Rational { high }

    /// Both ends times `factor`; nil when either leaves the bounds `Rational` keeps.
    func scaled(by factor: Rational) -> IngredientQuantity? {
        switch self {
        case .exact(let v): return v.multiplied(by: factor).map { .exact($0) }
        case .range(let a, let b):
            guard let a2 = a.multiplied(by: factor), let b2 = b.multiplied(by: factor) else { return nil }
            return .range(a2, b2)
        }
    }

    /// "1½", "2–3", "0,5–1" as `style` writes each end.
    func text(_ numbers: NumberConvention, style: RationalText.Style) -> String {
        switch self {
        case .exact(let v): RationalText.format(v, numbers, style: style)
        case .range(let a, let b):
            RationalText.format(a, numbers, style: style) + "–" + RationalText.format(b, numbers, style: style)
        }
    }
}

/// One line of a recipe's ingredients, as read: "1 can (400 g) tomatoes, drained" is an amount of
/// 1, the unit can, the name "tomatoes", the preparation "drained" and the note "400 g".
struct Ingredient: Hashable, Sendable {
    /// Bounds on what a line may hold: recipe text comes from any web page.
    static let maxLineLength = 500
    static let maxName = ItemDraft.maxDescriptionLength
    static let maxPreparation = 200
    static let maxNote = 200

    var quantity: IngredientQuantity?
    var unit: MeasureUnit?
    var name: String
    /// What is done to it, after a comma: "finely chopped".
    var preparation: String?
    /// What stood in parentheses: "400 g", "Type 405".
    var note: String?
    /// "(optional)", "nach Belieben".
    var optional = false
    /// "salt to taste", "nach Geschmack": an amount the cook decides.
    var toTaste = false
    /// "For the sauce:": a heading among the lines, not something to buy.
    var isHeading = false
    /// The size of one of them, as the recipe view writes amounts: "400 g" of "2 x 400 g tins",
    /// "1 (400 g) can", "2 Dosen à 400 g".
    var each: String?
    /// What a line is for, as written: "for frying", "zum Braten" (the cook takes what it needs).
    var purpose: String?

    init(quantity: IngredientQuantity? = nil, unit: MeasureUnit? = nil, name: String, preparation: String? = nil,
         note: String? = nil, optional: Bool = false, toTaste: Bool = false, isHeading: Bool = false,
         each: String? = nil, purpose: String? = nil) {
        self.quantity = quantity
        self.unit = unit
        self.name = name
        self.preparation = preparation
        self.note = note
        self.optional = optional
        self.toTaste = toTaste
        self.isHeading = isHeading
        self.each = each
        self.purpose = purpose
    }

    /// What the list says beside the amount: the size of each ("400 g each"), the note, what it is
    /// for, "to taste", "optional"; nil when there is nothing to say. Never counted in the amount.
    var listNote: String? {
        var parts: [String] = []
        if let each { parts.append(L("{size} each", ["size": each])) }
        if let note { parts.append(note) }
        if let purpose { parts.append(purpose) }
        if toTaste { parts.append(L("to taste")) }
        if optional { parts.append(L("optional")) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The amount the list takes: the top of a range (enough either way); nil without one.
    var listQuantity: Rational? { quantity?.toBuy }

    /// The same ingredient for `factor` times the servings; nil when an amount would leave the
    /// bounds (the caller keeps the recipe as it was and says so).
    func scaled(by factor: Rational) -> Ingredient? {
        guard factor.isPositive else { return nil }
        guard let q = quantity else { return self }
        guard let scaled = q.scaled(by: factor) else { return nil }
        var copy = self
        copy.quantity = scaled
        return copy
    }

    /// For `to` servings of a recipe written for `from`.
    func scaled(from: Int, to: Int) -> Ingredient? {
        guard from > 0, to > 0, let factor = Rational(Int64(to), Int64(from)) else { return nil }
        return scaled(by: factor)
    }

    /// How a cook reads the amount: metric in decimals, the rest in fractions where a glyph says
    /// it ("⅓ cup", "1½ cups", "1,25 l", "2–3"); nil without an amount.
    func amountText(_ numbers: NumberConvention) -> String? {
        guard let q = quantity else { return nil }
        let style: RationalText.Style = unit?.metric == true ? .decimal : .fraction
        let number = q.text(numbers, style: style)
        guard let unit else { return number }
        return number + " " + unit.name(for: q.high)
    }
}
