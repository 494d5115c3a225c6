import Foundation

/// Stable identity of a list; items, aisles and saved searches belong to one.
package struct ListID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let raw: Int64
    package init(_ raw: Int64) { self.raw = raw }
    package static func < (a: ListID, b: ListID) -> Bool { a.raw < b.raw }
    package var description: String { "list #\(raw)" }
    /// The list every store starts with (and the one a store of one list had all along, Schema v5).
    package static let first = ListID(1)
}

/// One of the user's lists (groceries, the hardware store, the party), as the sidebar shows it.
package struct ShoppingList: Equatable, Sendable, Identifiable {
    package let id: ListID
    package var name: String
    /// Sparse ordering key, as items have.
    var position: Int64
    /// A deleted list keeps its items for a week (Recently Deleted), so Undo or Restore brings it
    /// back whole at no cost (a list of 100,000 items is one row to mark, not 100,000 to copy).
    var deleted: Bool
    /// When it was deleted (nil while it is not): it is removed for good a week later.
    package var deletedAt: Date?
    /// Kept by the store's triggers in the same transaction as every item write, by whichever
    /// process: items still to buy (needed, not in the cart), and all items.
    package internal(set) var toBuy: Int
    package internal(set) var itemCount: Int
    /// Of `toBuy`, the items sold only at other stores than the one the list is shopped at: its
    /// Shopping List leaves them out there, and so do the counts shown for it.
    var hiddenAtShop: Int = 0
    /// Items to buy at the store the list is shopped at: what its Shopping List shows.
    package var toBuyHere: Int { toBuy - hiddenAtShop }
    /// The shop the list is shopped at now: its sections follow that shop's aisles, and items only
    /// sold elsewhere leave its shopping list. Not part of an undo step (choosing where one stands
    /// is not an edit): set on its own (`Shops.shop(at:)`).
    internal(set) var shop: ShopID

    init(id: ListID, name: String, position: Int64, deleted: Bool = false, deletedAt: Date? = nil,
                toBuy: Int = 0, itemCount: Int = 0, shop: ShopID = .any) {
        self.id = id
        self.name = name
        self.position = position
        self.deleted = deleted
        self.deletedAt = deletedAt
        self.toBuy = toBuy
        self.itemCount = itemCount
        self.shop = shop
    }

}

extension ShoppingList {
    /// How long a deleted list is kept, restorable, before it goes for good (as Files keeps its trash).
    package static let keptAfterDeletion: TimeInterval = 7 * 24 * 60 * 60

    /// The list a store of one list has: as schema v5 makes it (a file before v5, read as it is).
    static func groceries(toBuy: Int = 0, itemCount: Int = 0) -> ShoppingList {
        ShoppingList(id: .first, name: L("Groceries"), position: Schema.positionGap, toBuy: toBuy, itemCount: itemCount)
    }

    /// The list of `lists` called `name`, ignoring case and accents (as items are matched), so
    /// `--to party` finds "Party".
    package static func named(_ name: String, in lists: [ShoppingList]) -> ShoppingList? {
        let key = ShoppingModel.matchKey(ItemDraft.clean(name))
        return lists.first { ShoppingModel.matchKey($0.name) == key }
    }
}

/// A list name the user gave that no list has: nothing was changed.
package struct UnknownList: Error, LocalizedError, Equatable {
    let name: String
    let known: [String]
    package init(name: String, known: [String]) {
        self.name = name
        self.known = known
    }
    package var errorDescription: String? {
        L("there is no list named “{name}” (the lists are: {lists}); nothing was changed",
          ["name": name, "lists": known.joined(separator: ", ")])
    }
}
