import Foundation

struct ShareID: Hashable, Comparable, Sendable {
    let raw: Int64
    init(_ raw: Int64) { self.raw = raw }
    static func < (a: ShareID, b: ShareID) -> Bool { a.raw < b.raw }
}

/// How much of a list item one planned meal, or one add of a recipe, asked for: what the item's
/// editor shows ("250 ml for Pancakes (Tue)") and what taking the meal off takes back, exactly.
package struct ItemShare: Equatable, Sendable {
    let id: ShareID
    var item: ItemID
    /// nil: a recipe added once, not from the plan.
    var meal: MealID?
    var recipe: RecipeID
    /// The recipe's title when it was added (the share still reads right once the recipe is gone).
    var recipeTitle: String
    var day: PlanDay?
    /// The recipe's amount, scaled, exact; nil for a line without one ("parsley").
    var amount: IngredientQuantity?
    var unit: MeasureUnit?
    /// What the item's quantity grew by, in its own unit (`itemUnit`): subtracting it gives back
    /// what was there to the ten-thousandth.
    var added: Decimal
    var itemUnit: String?
    /// The item was not on the shopping list: its quantity and unit then, put back when the last
    /// share goes and nobody changed the item since.
    var before: Before?
    /// The item was made for this share.
    var madeItem: Bool

    struct Before: Equatable, Sendable {
        var quantity: Decimal
        var unit: String?
    }

    /// "250 ml for Pancakes (Tue)", "for Pancakes" without an amount.
    func text(_ user: UserLocale = .current) -> String {
        var values = ["recipe": recipeTitle]
        if let day { values["day"] = day.weekdayName(user) }
        guard let amount = Ingredient(quantity: amount, unit: unit, name: "").amountText(user.numbers) else {
            return day == nil ? L("for {recipe}", values) : L("for {recipe} ({day})", values)
        }
        values["amount"] = amount
        return day == nil ? L("{amount} for {recipe}", values) : L("{amount} for {recipe} ({day})", values)
    }
}

extension IngredientQuantity {
    /// As the store keeps it: "5/4", or "2-3" for a range.
    var storedText: String {
        switch self {
        case .exact(let v): v.description
        case .range(let a, let b): "\(a)-\(b)"
        }
    }

    init?(storedText text: String) {
        func rational(_ s: Substring) -> Rational? {
            let p = s.split(separator: "/")
            guard let n = p.first.flatMap({ Int64($0) }) else { return nil }
            return p.count == 2 ? Int64(p[1]).flatMap { Rational(n, $0) } : (p.count == 1 ? Rational(n) : nil)
        }
        let ends = text.split(separator: "-")
        if ends.count == 2, let a = rational(ends[0]), let b = rational(ends[1]) { self = .range(a, b); return }
        guard ends.count == 1, let v = rational(ends[0]) else { return nil }
        self = .exact(v)
    }
}
