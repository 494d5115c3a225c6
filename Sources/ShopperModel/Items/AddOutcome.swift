import Foundation

/// What typing a line did, for the toast or the command line to say.
package struct AddOutcome: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// A new item; `aisle` where it was put (`AislePlacement`), `like` when beside an item with a word in common.
        case added(aisle: String?, like: String?)
        /// A known item, put back on the shopping list (or already there), with what the line changed.
        case known(wasNeeded: Bool, changed: Bool)
    }
    package let id: ItemID
    package let kind: Kind
    /// A known item the line moved to another aisle: that aisle ("" for none).
    var movedTo: String?
    /// A new item whose description is one edit from a known item's (a typo, perhaps): that item.
    package var nearMiss: ItemID?

    init(id: ItemID, kind: Kind, movedTo: String? = nil) {
        self.id = id
        self.kind = kind
        self.movedTo = movedTo
    }

    /// "Added “Eggs” to Dairy, with “Free-range eggs”", "Apples: 2 kg @ 1.29, back on the list".
    package func message(_ item: Item, money: MoneyFormat) -> String {
        switch kind {
        case .added(let aisle?, let like?):
            return L(
                "Added “{item}” to {aisle}, with “{like}”", ["item": item.description, "aisle": aisle, "like": like])
        case .added(let aisle?, nil):
            return L("Added “{item}” to {aisle}", ["item": item.description, "aisle": aisle])
        case .added:
            return L("Added “{item}”", ["item": item.description])
        case .known(let wasNeeded, false):
            return wasNeeded ? L("“{item}” is already on your shopping list", ["item": item.description])
                             : L("“{item}” is on your shopping list again", ["item": item.description])
        case .known(let wasNeeded, true):
            var values = ["item": item.description, "summary": CostText.summary(item, money: money)]
            // A line that names another aisle moves the item: said, so it is not lost from view.
            if let aisle = movedTo {
                values["aisle"] = aisle.isEmpty ? L("No Aisle") : aisle
                return wasNeeded
                    ? L("{item}: {summary}, moved to {aisle}", values)
                    : L("{item}: {summary}, back on the list in {aisle}", values)
            }
            return wasNeeded
                ? L("{item}: {summary}, updated", values) : L("{item}: {summary}, back on the list", values)
        }
    }
}
