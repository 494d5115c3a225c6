/// The three main lists. Declaration order is display order: reorder the cases and every place that
/// lists them (header switcher, shortcuts Ctrl+1/2/3) follows.
package enum ListKind: String, CaseIterable, Sendable {
    case all, shopping, cart

    package var title: String {
        switch self {
        case .all: L("All Items")
        case .shopping: L("Shopping List")
        case .cart: L("Cart")
        }
    }

    /// Which items the list shows.
    func contains(_ item: Item) -> Bool {
        switch self {
        case .all: true
        case .shopping: item.needed && !item.inCart
        case .cart: item.inCart
        }
    }

    /// The same, from what memory keeps of an item.
    func contains(_ entry: ItemEntry) -> Bool {
        switch self {
        case .all: true
        case .shopping: entry.needed && !entry.inCart
        case .cart: entry.inCart
        }
    }

    /// What the user is told when the list has no rows: what to do next.
    package var emptyExplanation: String {
        switch self {
        case .all:
            L(
                "Nothing here yet.\nAdd the things you buy with the entry above or Ctrl+N; they stay here for every trip."
            )
        case .shopping:
            L("Your shopping list is empty.\nPick what you need in All Items: click an item and it appears here.")
        case .cart:
            L("Your cart is empty.\nTick items off on the shopping list in the store and they land here.")
        }
    }
}
