import Foundation

/// Taking a meal's shares back off the items they grew: exactly what each added, never what the
/// person added by hand.
enum ShareTakeBack {
    /// `item` without `removed` (shares of it), `remaining` its other shares. nil: the item goes
    /// (it was made for recipes, and nothing else was added to it). Also the remaining share that
    /// takes over what the removed ones remembered (the item made for them, its need before).
    static func item(_ item: Item, removing removed: [ItemShare], remaining: [ItemShare], now: Date) -> (
        Item?, ItemShare?
    ) {
        // In the cart, bought already (off the list after Finish Shopping), or its unit changed
        // since by hand: the person's item, left as it is.
        guard applies(to: item, removed) else { return (item, nil) }
        let left = item.quantity - removed.reduce(Decimal(0)) { $0 + $1.added }
        let made = removed.contains { $0.madeItem }
        let before = removed.first { $0.before != nil }?.before
        var kept = item
        kept.updatedAt = now
        if let heir = remaining.first {
            if left > 0 { kept.quantity = left }
            var h = heir
            h.madeItem = h.madeItem || made
            h.before = h.before ?? before
            return (kept, h == heir ? nil : h)
        }
        // Nothing left that anybody asked for: the item was made for the recipes, or is put back as
        // it was before they put it on the list.
        if left <= 0, made { return (nil, nil) }
        if left <= 0, let before {
            kept.quantity = before.quantity
            kept.unit = before.unit
            kept.needed = false
            return (kept, nil)
        }
        if left > 0 { kept.quantity = left }
        return (kept, nil)
    }

    /// Whether taking `shares` back may touch `item`: on the list, not yet in the cart, in the unit
    /// the shares were added in.
    static func applies(to item: Item, _ shares: [ItemShare]) -> Bool {
        let sameUnit = shares.allSatisfy { MeasureUnit.key($0.itemUnit ?? "") == MeasureUnit.key(item.unit ?? "") }
        return !item.inCart && item.needed && sameUnit
    }
}
