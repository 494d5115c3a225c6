import Foundation

/// The household's recipes: read when asked (the first frame reads none), each change one undo
/// step that the window's Undo takes back from whichever list it shows.
extension ShoppingModel {
    /// Every recipe, by title.
    public func recipes() throws(StoreError) -> [Recipe] {
        return try store.recipes()
    }

    public func recipe(_ id: RecipeID) throws(StoreError) -> Recipe? {
        return try store.recipe(id)
    }

    /// The recipe called `title`, ignoring case and accents.
    public func recipe(titled title: String) throws(StoreError) -> Recipe? {
        let key = SearchQuery.fold(title.trimmingCharacters(in: .whitespaces))
        return try recipes().first { SearchQuery.fold($0.title) == key }
    }

    /// Recipes whose title, a tag or an ingredient line holds every word of `query`; all for a
    /// blank query.
    func searchRecipes(_ query: String) throws(StoreError) -> [Recipe] {
        let words = SearchQuery.fold(query).split(separator: " ").map(String.init)
        let all = try recipes()
        return words.isEmpty ? all : all.filter { $0.matches(folded: words) }
    }

    /// Keeps a recipe read or typed (see `RecipeDraft`); returns its id.
    @discardableResult
    package func addRecipe(_ draft: RecipeDraft, now: Date = Date()) throws(StoreError) -> RecipeID {
        let now = StoreTime.rounded(now)
        var id = RecipeID(0)
        try commit(L("adding the recipe “{recipe}”", ["recipe": draft.capped.title])) { b in
            id = b.ids.newRecipeID()
            b.cs.recipes[id] = Recipe(id: id, draft, createdAt: now)
        }
        return id
    }

    /// Writes an edited recipe over the stored one (its id and creation kept).
    package func updateRecipe(_ id: RecipeID, _ draft: RecipeDraft, now: Date = Date()) throws(StoreError) {
        guard let old = try recipe(id) else { return }
        let new = Recipe(id: id, draft, createdAt: old.createdAt, updatedAt: StoreTime.rounded(now))
        guard new.draft != old.draft else { return }
        try commit(L("editing the recipe “{recipe}”", ["recipe": old.title])) { b in b.cs.recipes[id] = new }
    }

    /// Deletes a recipe and takes it off the plan: meals not yet on a list go with it; meals whose
    /// ingredients are on a list stay (their shares still say what they asked for). Undo brings it
    /// all back.
    public func deleteRecipe(_ id: RecipeID) throws(StoreError) {
        guard let old = try recipe(id) else { return }
        let planned = try meals().filter { $0.recipe == id && $0.list == nil }
        try commit(L("deleting the recipe “{recipe}”", ["recipe": old.title])) { b in
            b.cs.recipes[id] = .some(nil)
            for m in planned { b.cs.meals[m.id] = .some(nil) }
        }
    }
}
