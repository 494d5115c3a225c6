import Foundation
internal import GRDB

/// The household's recipes: read when asked (the first frame reads none), each change one undo
/// step that the window's Undo takes back from whichever list it shows.
package final class Recipes: ModelPart {
    unowned var model: ShoppingModel!
    /// The kitchen's stamp when this process last heard (nil: not yet), to tell another
    /// process's recipes and meals (a sync's, the command line's) to whoever shows them.
    var kitchenStamp: Int64?

    /// Whether others' news changed the book or the plan (at the first news, maybe: told once).
    func follow(_ news: StoreChanges) -> Bool {
        defer { kitchenStamp = news.kitchenStamp }
        return news.kitchenStamp != kitchenStamp
    }

    /// Every recipe, by title.
    package func all() throws(StoreError) -> [Recipe] {
        return try store.recipeTables.recipes()
    }

    package func recipe(_ id: RecipeID) throws(StoreError) -> Recipe? {
        return try store.recipeTables.recipe(id)
    }

    /// The recipe called `title`, ignoring case and accents.
    package func recipe(titled title: String) throws(StoreError) -> Recipe? {
        let key = SearchQuery.fold(title.trimmingCharacters(in: .whitespaces))
        return try all().first { SearchQuery.fold($0.title) == key }
    }

    /// Recipes whose title, a tag or an ingredient line holds every word of `query`; all for a
    /// blank query.
    func searchRecipes(_ query: String) throws(StoreError) -> [Recipe] {
        let words = SearchQuery.fold(query).split(separator: " ").map(String.init)
        let all = try all()
        return words.isEmpty ? all : all.filter { $0.matches(folded: words) }
    }

    /// Keeps a recipe read or typed (see `RecipeDraft`); returns its id.
    @discardableResult
    package func addRecipe(_ draft: RecipeDraft, now: Date = Date()) throws(StoreError) -> RecipeID {
        let now = StoreTime.rounded(now)
        var id = RecipeID(0)
        try core.commit(L("adding the recipe “{recipe}”", ["recipe": draft.capped.title])) { b in
            id = b.ids.newRecipeID()
            b.cs.book.recipes[id] = Recipe(id: id, draft, createdAt: now)
        }
        return id
    }

    /// Writes an edited recipe over the stored one (its id and creation kept).
    package func updateRecipe(_ id: RecipeID, _ draft: RecipeDraft, now: Date = Date()) throws(StoreError) {
        guard let old = try recipe(id) else { return }
        let new = Recipe(id: id, draft, createdAt: old.createdAt, updatedAt: StoreTime.rounded(now))
        guard new.draft != old.draft else { return }
        try core.commit(L("editing the recipe “{recipe}”", ["recipe": old.title])) { b in b.cs.book.recipes[id] = new }
    }

    /// Deletes a recipe and takes it off the plan: meals not yet on a list go with it; meals whose
    /// ingredients are on a list stay (their shares still say what they asked for). Undo brings it
    /// all back.
    package func deleteRecipe(_ id: RecipeID) throws(StoreError) {
        guard let old = try recipe(id) else { return }
        let planned = try model.plan.meals().filter { $0.recipe == id && !$0.isAdded }
        try core.commit(L("deleting the recipe “{recipe}”", ["recipe": old.title])) { b in
            b.cs.book.recipes[id] = .some(nil)
            for m in planned { b.cs.book.meals[m.id] = .some(nil) }
        }
    }

    /// Every recipe's summary, in the order of `all()`.
    package func recipeSummaries() throws(StoreError) -> [RecipeSummary] {
        return try store.read { db in try RecipeTables.recipeSummaries(db) }
    }

    /// What a search of the recipes looks in, by recipe: the title, the tags and the ingredient
    /// lines, folded as `SearchQuery.fold` folds, one a line (a search's words hold no line break,
    /// so none is found across two). See `Recipe.matches`. Of up to `limit` recipes after `after`
    /// in order of id, for idle slices (`last` is the last read, nil once none remain).
    package func recipeSearchTexts(after: RecipeID = RecipeID(0), limit: Int = Int(Int32.max)) throws(StoreError)
        -> (texts: [RecipeID: String], last: RecipeID?) {
        return try store.read { db in
            guard try db.tableExists("recipe") else { return ([:], nil) }
            let titles = try Row.fetchAll(
                db, sql: "SELECT id, title FROM recipe WHERE id > ? ORDER BY id LIMIT ?", arguments: [after.raw, limit])
            guard let lastID = titles.last.map({ $0[0] as Int64 }) else { return ([:], nil) }
            // Joined by SQLite, a row a recipe: 17,000 lines stepped through one at a time here
            // were a large part of the first search (their order does not matter to it).
            var lines: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT recipe_id, group_concat(text, char(10)) FROM recipe_line
                WHERE kind IN ('ingredient', 'tag') AND recipe_id > ? AND recipe_id <= ? GROUP BY recipe_id
                """, arguments: [after.raw, lastID]) {
                lines[row[0]] = "\n" + (row[1] as String)
            }
            // Folded a recipe at a time, not a line at a time: Foundation folds what is not plain
            // ASCII ("½ cup"), and each call costs.
            let texts = Dictionary(
                titles.map { r in (RecipeID(r[0]), SearchQuery.fold((r[1] as String) + (lines[r[0]] ?? ""))) },
                                   uniquingKeysWith: { a, _ in a })
            return (texts, titles.count < limit ? nil : RecipeID(lastID))
        }
    }

    /// Whether a recipe's search text (`recipeSearchTexts`) holds every word of `query`.
    package static func recipeText(_ text: String, matches query: String) -> Bool {
        SearchQuery.fold(query).split(separator: " ").allSatisfy { text.contains($0) }
    }
}
