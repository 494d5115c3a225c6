import Foundation
internal import GRDB

/// Recipes, meals and shares through the commit path: read as they are inside the write (what
/// Undo puts back).
extension ShoppingModel {
    /// The rows `cs` overwrites, as they are now: nil where there is none.
    func recipeRowsNow(of cs: ChangeSet) throws(StoreError) -> ChangeSet {
        var back = ChangeSet(list: cs.list)
        guard !(cs.recipes.isEmpty && cs.meals.isEmpty && cs.shares.isEmpty) else { return back }
        return try storeRows { db in try Store.recipeRows(of: cs, db) }
    }

    /// `body` over the store: through the write's own connection inside a write (what its checks
    /// see), else a read.
    func storeRows<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        if let writer = content.writer {
            do { return try body(writer.db) } catch { throw .writeFailed(reason: Store.reason(error)) }
        }
        return try store.read(body)
    }

    /// Shares of a meal, or of items, as they are now.
    func storedShares(meal: MealID? = nil, items: [ItemID]? = nil) throws(StoreError) -> [ItemShare] {
        try storeRows { db in
            if let meal { return try Store.shares(db, where: "meal_id = ?", [meal.raw]) }
            return try (items ?? []).flatMap { try Store.shares(db, where: "item_id = ?", [$0.raw]) }
        }
    }

    /// Whether the recipes or the plan changed, what the recipes' pages show (`ModelChange.recipesChanged`). Shares alone, as a recipe's
    /// add writes them, change nothing there: their items' news tells the list.
    func applyRecipesInMemory(_ cs: ChangeSet) -> Bool {
        !(cs.recipes.isEmpty && cs.meals.isEmpty)
    }
}

extension ShoppingModel {
    /// `given` staples (a test's), else the household's as kept in the store (inside a write, as
    /// it leaves them).
    func storedStaples(unless given: PantryStaples?) throws(StoreError) -> PantryStaples {
        if let given { return given }
        return PantryStaples(try storeRows { db in try Store.staples(db) })
    }
}
