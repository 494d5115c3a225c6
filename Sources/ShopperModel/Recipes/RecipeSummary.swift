import Foundation
internal import GRDB

/// A recipe as the recipes' list shows it, read without its lines: a thousand recipes' lines
/// (17,000 rows) were most of opening the Recipes page. The lines are read when a recipe is
/// opened, and for search when a search is first typed (`recipeSearchTexts`).
public struct RecipeSummary: Equatable, Sendable {
    public let id: RecipeID
    public let title: String
    public let servings: Int?
    public let ingredientCount: Int

    init(_ r: Recipe) {
        self.init(id: r.id, title: r.title, servings: r.servings, ingredientCount: r.ingredients.count)
    }

    init(id: RecipeID, title: String, servings: Int?, ingredientCount: Int) {
        self.id = id
        self.title = title
        self.servings = servings
        self.ingredientCount = ingredientCount
    }
}

extension ShoppingModel {
    /// Every recipe's summary, in the order of `recipes()`.
    public func recipeSummaries() throws(StoreError) -> [RecipeSummary] {
        return try store.read { db in try Store.recipeSummaries(db) }
    }

    /// What a search of the recipes looks in, by recipe: the title, the tags and the ingredient
    /// lines, folded as `SearchQuery.fold` folds, one a line (a search's words hold no line break,
    /// so none is found across two). See `Recipe.matches`. Of up to `limit` recipes after `after`
    /// in order of id, for idle slices (`last` is the last read, nil once none remain).
    public func recipeSearchTexts(after: RecipeID = RecipeID(0), limit: Int = Int(Int32.max)) throws(StoreError)
        -> (texts: [RecipeID: String], last: RecipeID?) {
        return try store.read { db in
            guard try db.tableExists("recipe") else { return ([:], nil) }
            let titles = try Row.fetchAll(db, sql: "SELECT id, title FROM recipe WHERE id > ? ORDER BY id LIMIT ?", arguments: [after.raw, limit])
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
            let texts = Dictionary(titles.map { r in (RecipeID(r[0]), SearchQuery.fold((r[1] as String) + (lines[r[0]] ?? ""))) },
                                   uniquingKeysWith: { a, _ in a })
            return (texts, titles.count < limit ? nil : RecipeID(lastID))
        }
    }

    static func searchText(_ title: String, _ lines: [String]) -> String {
        SearchQuery.fold(([title] + lines).joined(separator: "\n"))
    }

    /// Whether a recipe's search text (`recipeSearchTexts`) holds every word of `query`.
    public static func recipeText(_ text: String, matches query: String) -> Bool {
        SearchQuery.fold(query).split(separator: " ").allSatisfy { text.contains($0) }
    }
}

extension Store {
    static func recipeSummaries(_ db: Database) throws -> [RecipeSummary] {
        guard try db.tableExists("recipe") else { return [] }
        // The count of each recipe's ingredients from the lines' primary key, not the lines.
        return try Row.fetchAll(db, sql: """
            SELECT id, title, servings, (SELECT COUNT(*) FROM recipe_line WHERE recipe_id = recipe.id AND kind = 'ingredient')
            FROM recipe ORDER BY title COLLATE NOCASE, id
            """).map { RecipeSummary(id: RecipeID($0[0]), title: $0[1], servings: $0[2], ingredientCount: $0[3]) }
    }
}
