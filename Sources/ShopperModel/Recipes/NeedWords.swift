import Foundation

/// The item editor's line of what the list asks to buy and why, both the amount to buy and the
/// exact need under it: "To buy: 11 (10.5: 6 by hand, 4½ for Pancakes (Tue))".
package enum NeedWords {
    /// nil when there is nothing to explain: no recipe asked for the item, and its need is what
    /// is bought.
    package static func text(_ item: Item, shares: [ItemShare], _ user: UserLocale = .current) -> String? {
        let numbers = user.numbers
        let buy = RowPresentation.quantityText(item, numbers)
        let need = DecimalText.format(item.quantity, numbers) + (item.unit.map { " " + $0 } ?? "")
        guard !shares.isEmpty else {
            return item.buyableAmount == item.quantityAmount
                ? nil : L("To buy: {buy} ({need} needed)", ["buy": buy, "need": need])
        }
        var parts = shares.map { $0.text(user) }
        // What the person added by hand, where the shares are in the item's own unit (else the
        // difference is no amount of anything).
        let byHand = item.quantity - shares.reduce(Decimal(0)) { $0 + $1.added }
        if byHand > 0, ShareTakeBack.applies(to: item, shares) || !item.needed {
            let amount = DecimalText.format(byHand, numbers) + (item.unit.map { " " + $0 } ?? "")
            parts.insert(L("{amount} by hand", ["amount": amount]), at: 0)
        }
        return L("To buy: {buy} ({need}: {parts})", ["buy": buy, "need": need, "parts": parts.joined(separator: ", ")])
    }
}
