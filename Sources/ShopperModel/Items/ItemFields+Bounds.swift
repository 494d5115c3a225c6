import Foundation

/// What an item can hold, checked where fields come from outside without passing the editor's
/// `ItemDraft` (a synced task as it reaches the store): a number beyond these would be stored as
/// something else (fixed point keeps four decimals) or could not be shown and added up.
extension ItemFields {
    /// The first number an item cannot hold, in a sentence naming the item; nil when all fit. (Texts
    /// are cut to their lengths where they are read: a sync names the task it cut.)
    var beyondBounds: String? {
        let values = [
            "item": String(description.prefix(ItemDraft.maxDescriptionLength)),
            "max": DecimalText.format(ItemDraft.maxQuantity),
                      "decimals": "\(ItemDraft.maxDecimals)"]
        if quantity <= 0 || quantity > ItemDraft.maxQuantity || DecimalText.scale(of: quantity) > ItemDraft.maxDecimals
        {
            return L(
                "the quantity of “{item}” is not one an item can hold (more than 0, at most {max}, with {decimals} decimals at most)",
                values)
        }
        if let price, price < 0 || price > ItemDraft.maxUnitCost || DecimalText.scale(of: price) > ItemDraft.maxDecimals
        {
            return L(
                "the price of “{item}” is not one an item can hold (from 0 to {max}, with {decimals} decimals at most)",
                     values.merging(["max": DecimalText.format(ItemDraft.maxUnitCost)]) { $1 })
        }
        return nil
    }
}
