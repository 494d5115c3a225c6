import Foundation
internal import GRDB

/// Recipes, meals and shares through the commit path: read as they are inside the write (what
/// Undo puts back).
extension Recipes {
    /// The rows `cs` overwrites, as they are now: nil where there is none.
    func rowsNow(of cs: ChangeSet) throws(StoreError) -> RecipeBookChange {
        guard !cs.book.isEmpty else { return RecipeBookChange() }
        return try core.storeRows { db in try RecipeTables.recipeRows(of: cs, db) }
    }

    /// Shares of a meal, or of items, as they are now.
    func storedShares(meal: MealID? = nil, items: [ItemID]? = nil) throws(StoreError) -> [ItemShare] {
        try core.storeRows { db in
            if let meal { return try RecipeTables.shares(db, where: "meal_id = ?", [meal.raw]) }
            return try (items ?? []).flatMap { try RecipeTables.shares(db, where: "item_id = ?", [$0.raw]) }
        }
    }

    /// `given` staples (a test's), else the household's as kept in the store (inside a write, as
    /// it leaves them).
    func storedStaples(unless given: PantryStaples?) throws(StoreError) -> PantryStaples {
        if let given { return given }
        return PantryStaples(try core.storeRows { db in try StapleTables.staples(db) })
    }
}
