import Foundation

/// What adding one ingredient line does to a list, with the words a person reads in the preview:
/// "Milk 1 l → 1.25 l: 250 ml for Pancakes".
package struct RecipeChange: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// Added to a known item's need (or, for an item not on the shopping list, its need now).
        case merge(ItemID)
        /// A new item; `aisle` taken from an item of the same name on another list.
        case new(aisle: String?)
        /// A second item beside a known one whose unit does not add up with the recipe's.
        case apart(from: ItemID)
        /// Always at home: shown, not put on the list.
        case staple
        /// "For the sauce:": not something to buy.
        case heading
    }

    let line: String
    /// The line read and scaled to the servings asked for.
    let ingredient: Ingredient
    package let kind: Kind
    /// The item the line lands on, as it reads on the list.
    let item: String
    package let words: String
}

/// The words of each kind of change.
enum RecipeWords {
    /// "250 ml", "2–3", or nil without an amount (the top of a range is what goes on the list).
    static func amount(_ i: Ingredient, _ numbers: NumberConvention) -> String? { i.amountText(numbers) }

    /// An item's need as the list shows it, what to buy of it (`Buyable`): "1.25 l", "11" of
    /// 10.5 eggs, "¾ cup".
    static func need(_ quantity: Decimal, _ unit: String?, _ numbers: NumberConvention) -> String {
        let n = Buyable.text(Buyable.amount(Amount(quantity), unit: unit), unit: unit, numbers)
        return unit.map { n + " " + $0 } ?? n
    }

    static func forRecipe(_ i: Ingredient, _ title: String, _ numbers: NumberConvention) -> String {
        guard let a = amount(i, numbers) else { return L("for {recipe}", ["recipe": title]) }
        return L("{amount} for {recipe}", ["amount": a, "recipe": title])
    }

    static func merged(_ item: String, from: String?, to: String, share: String, rounded: Bool) -> String {
        var values = ["item": item, "to": to, "share": share]
        let text: String
        if let from {
            values["from"] = from
            text = L("{item} {from} → {to}: {share}", values)
        } else {
            text = L("{item} back on the list, {to}: {share}", values)
        }
        return rounded ? L("{change} (rounded up)", ["change": text]) : text
    }

    static func new(_ item: String, need: String, share: String, aisle: String?) -> String {
        guard let aisle else { return L("{item} {need}, new: {share}", ["item": item, "need": need, "share": share]) }
        return L("{item} {need}, new in {aisle}: {share}", ["item": item, "need": need, "share": share, "aisle": aisle])
    }

    static func apart(_ item: String, need: String, share: String, refusal: MergeRefusal) -> String {
        L(
            "{item} {need}, kept apart ({reason}): {share}",
            ["item": item, "need": need, "share": share, "reason": reason(refusal)])
    }

    static func reason(_ r: MergeRefusal) -> String {
        switch r {
        case .noAmount: L("no amount")
        case .dimensions: L("units that do not add up")
        case .kinds(let a, let b): L("{a} and {b} do not add up", ["a": a, "b": b])
        case .tooLarge: L("too large to add")
        case .inCart: L("already in the cart")
        }
    }

    static func staple(_ name: String) -> String { L("{item}: always at home, not added", ["item": name]) }
}
