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
        guard let store else { return try recipes().map(RecipeSummary.init) }
        return try store.read { db in try Store.recipeSummaries(db) }
    }

    /// What a search of the recipes looks in, by recipe: the title, the tags and the ingredient
    /// lines, folded as `SearchQuery.fold` folds, one a line (a search's words hold no line break,
    /// so none is found across two). See `Recipe.matches`.
    public func recipeSearchTexts() throws(StoreError) -> [RecipeID: String] {
        guard let store else {
            return Dictionary(try recipes().map { r in (r.id, Self.searchText(r.title, r.tags + r.ingredients)) }, uniquingKeysWith: { a, _ in a })
        }
        return try store.read { db in
            var lines: [Int64: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT recipe_id, text FROM recipe_line WHERE kind IN ('ingredient', 'tag')") {
                lines[row[0], default: []].append(row[1])
            }
            return Dictionary(try Store.recipeSummaries(db).map { s in (s.id, Self.searchText(s.title, lines[s.id.raw] ?? [])) },
                              uniquingKeysWith: { a, _ in a })
        }
    }

    static func searchText(_ title: String, _ lines: [String]) -> String {
        ([title] + lines).map(SearchQuery.fold).joined(separator: "\n")
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
