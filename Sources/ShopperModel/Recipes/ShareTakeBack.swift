import Foundation

/// Taking a meal's shares back off the items they grew: exactly what each added, never what the
/// person added by hand.
enum ShareTakeBack {
    /// `item` without `removed` (shares of it), `remaining` its other shares. nil: the item goes
    /// (it was made for recipes, and nothing else was added to it). Also the remaining share that
    /// takes over what the removed ones remembered (the item made for them, its need before).
    static func item(_ item: Item, removing removed: [ItemShare], remaining: [ItemShare], now: Date) -> (Item?, ItemShare?) {
        // Bought already, or its unit changed since by hand: the person's item, left as it is.
        let sameUnit = removed.allSatisfy { MeasureUnit.key($0.itemUnit ?? "") == MeasureUnit.key(item.unit ?? "") }
        guard !item.inCart, sameUnit else { return (item, nil) }
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
}
