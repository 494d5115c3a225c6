/// Everything one operation writes, applied to the store in one transaction and to memory after it.
/// Undo applies the inverse change set, so it restores exactly: ids, positions, history and all.
package struct ChangeSet: Sendable {
    /// New value, or nil to delete.
    package var items: [ItemID: Item?] = [:]
    var searches: [SavedSearch.ID: SavedSearch?] = [:]
    var history = PriceHistoryChange()
    /// Replaces the whole aisle order of `list` when set (it is short).
    var aisleOrder: [String]?
    /// The list the operation was made on: whose aisle order it sets, whose undo history shows it.
    package var list: ListID = .first
    /// Lists created, renamed, reordered, deleted or brought back (nil: gone for good).
    package var lists: [ListID: ShoppingList?] = [:]
    /// Shops made, renamed, reordered, given an aisle order, deleted or brought back (nil: gone).
    var shops: [ShopID: Shop?] = [:]
    /// Items' "only at" marks, whole (empty: sold anywhere).
    package var onlyAt: [ItemID: Set<ShopID>] = [:]
    /// Trips recorded, deleted or brought back, whole with their lines (nil: deleted).
    var trips: [TripID: Trip?] = [:]
    /// Household-wide like shops: in the same transaction, and the same undo step, as the items
    /// they change.
    var book = RecipeBookChange()
    /// Aisles taught for names (`LearnedAisles`; nil: forgotten), household-wide, with the move that taught them.
    var learned: [String: String?] = [:]

    package init(list: ListID = .first) { self.list = list }

    var isEmpty: Bool {
        items.isEmpty && searches.isEmpty && history.isEmpty && aisleOrder == nil && lists.isEmpty
            && shops.isEmpty && onlyAt.isEmpty && trips.isEmpty && book.isEmpty && learned.isEmpty
    }
}

/// The price records a change set adds and removes.
struct PriceHistoryChange: Sendable {
    var added: [PriceRecord] = []
    var removed: [PriceRecord] = []

    var isEmpty: Bool { added.isEmpty && removed.isEmpty }

    /// The change that undoes this one.
    var inverse: PriceHistoryChange { PriceHistoryChange(added: removed, removed: added) }
}

/// A change set's part in the recipe book: recipes, meals of the plan and items' shares, written
/// whole (nil: gone).
struct RecipeBookChange: Sendable {
    var recipes: [RecipeID: Recipe?] = [:]
    var meals: [MealID: Meal?] = [:]
    var shares: [ShareID: ItemShare?] = [:]

    var isEmpty: Bool { recipes.isEmpty && meals.isEmpty && shares.isEmpty }
}
