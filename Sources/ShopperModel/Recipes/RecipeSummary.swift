import Foundation
internal import GRDB

/// A recipe as the recipes' list shows it, read without its lines: a thousand recipes' lines
/// (17,000 rows) were most of opening the Recipes page. The lines are read when a recipe is
/// opened, and for search when a search is first typed (`recipeSearchTexts`).
package struct RecipeSummary: Equatable, Sendable {
    package let id: RecipeID
    package let title: String
    package let servings: Int?
    package let ingredientCount: Int

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

extension RecipeTables {
    static func recipeSummaries(_ db: Database) throws -> [RecipeSummary] {
        guard try db.tableExists("recipe") else { return [] }
        // The count of each recipe's ingredients from the lines' primary key, not the lines.
        return try Row.fetchAll(db, sql: """
            SELECT id, title, servings, (SELECT COUNT(*) FROM recipe_line WHERE recipe_id = recipe.id AND kind = \
            'ingredient')
            FROM recipe ORDER BY title COLLATE NOCASE, id
            """).map { RecipeSummary(id: RecipeID($0[0]), title: $0[1], servings: $0[2], ingredientCount: $0[3]) }
    }
}
