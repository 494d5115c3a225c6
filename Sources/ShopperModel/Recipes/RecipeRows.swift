import Foundation
internal import GRDB

/// Recipes, meals and shares through the commit path: read as they are inside the write (what
/// Undo puts back), and kept in memory when there is no store (tests of pure logic).
extension ShoppingModel {
    /// The rows `cs` overwrites, as they are now: nil where there is none.
    func recipeRowsNow(of cs: ChangeSet) throws(StoreError) -> ChangeSet {
        var back = ChangeSet(list: cs.list)
        guard !(cs.recipes.isEmpty && cs.meals.isEmpty && cs.shares.isEmpty) else { return back }
        guard store != nil else {
            for id in cs.recipes.keys { back.recipes[id] = .some(memoryRecipes.recipes[id] ?? nil) }
            for id in cs.meals.keys { back.meals[id] = .some(memoryRecipes.meals[id] ?? nil) }
            for id in cs.shares.keys { back.shares[id] = .some(memoryRecipes.shares[id] ?? nil) }
            return back
        }
        return try storeRows { db in try RecipeTables.recipeRows(of: cs, db) } ?? back
    }

    /// `body` over the store: through the write's own connection inside a write (what its checks
    /// see), else a read; nil without a store.
    func storeRows<T>(_ body: (Database) throws -> T) throws(StoreError) -> T? {
        guard let store else { return nil }
        if let writer = content.writer {
            do { return try body(writer.db) } catch { throw .writeFailed(reason: StoreOpening.reason(error)) }
        }
        return try store.read(body)
    }

    /// Shares of a meal, or of items, as they are now.
    func storedShares(meal: MealID? = nil, items: [ItemID]? = nil) throws(StoreError) -> [ItemShare] {
        let wanted = items.map(Set.init)
        guard store != nil else {
            return memoryRecipes.shares.values.compactMap { $0 }
                .filter { s in (meal == nil || s.meal == meal) && (wanted?.contains(s.item) ?? true) }.sorted { $0.id < $1.id }
        }
        return try storeRows { db in
            if let meal { return try RecipeTables.shares(db, where: "meal_id = ?", [meal.raw]) }
            return try (items ?? []).flatMap { try RecipeTables.shares(db, where: "item_id = ?", [$0.raw]) }
        } ?? []
    }

    /// Memory follows a commit when there is no store; whether the recipes or the plan changed,
    /// what the recipes' pages show (`ModelChange.recipesChanged`). Shares alone, as a recipe's
    /// add writes them, change nothing there: their items' news tells the list.
    func applyRecipesInMemory(_ cs: ChangeSet) -> Bool {
        guard !(cs.recipes.isEmpty && cs.meals.isEmpty && cs.shares.isEmpty) else { return false }
        if store == nil {
            // Gone rows leave the dictionaries (a nil value there would read as "written gone").
            for (id, r) in cs.recipes { if let r { memoryRecipes.recipes[id] = .some(r) } else { memoryRecipes.recipes[id] = nil } }
            for (id, m) in cs.meals { if let m { memoryRecipes.meals[id] = .some(m) } else { memoryRecipes.meals[id] = nil } }
            for (id, s) in cs.shares { if let s { memoryRecipes.shares[id] = .some(s) } else { memoryRecipes.shares[id] = nil } }
        }
        return !(cs.recipes.isEmpty && cs.meals.isEmpty)
    }
}

extension ShoppingModel {
    /// `given` staples (a test's), else the household's as kept in the store (inside a write, as
    /// it leaves them); the defaults for a model without a store.
    func storedStaples(unless given: PantryStaples?) throws(StoreError) -> PantryStaples {
        if let given { return given }
        return PantryStaples(try storeRows { db in try StapleTables.staples(db) } ?? PantryStaples.defaults)
    }
}
