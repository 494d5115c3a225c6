import Foundation

/// Stable identity of a recipe; never handed out twice (a recipe deleted for good must not lend
/// its id, or its meals and shares, to a new one).
package struct RecipeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let raw: Int64
    package init(_ raw: Int64) { self.raw = raw }
    package static func < (a: RecipeID, b: RecipeID) -> Bool { a.raw < b.raw }
    package var description: String { "recipe #\(raw)" }
}

/// A recipe as kept in the store, for every list of the household. Its ingredient lines stay as
/// written (what the person reads and edits); `IngredientParser` reads them when they are needed.
package struct Recipe: Equatable, Sendable {
    package let id: RecipeID
    package var title: String
    /// How many it serves as written; nil when the source did not say (taken as 1 for scaling).
    package var servings: Int?
    var yieldText: String?
    package var ingredients: [String]
    var method: [String]
    var source: String?
    var notes: String
    var tags: [String]
    package var createdAt: Date
    package var updatedAt: Date

    init(id: RecipeID, title: String, servings: Int?, yieldText: String?, ingredients: [String], method: [String],
         source: String?, notes: String, tags: [String], createdAt: Date, updatedAt: Date) {
        self.id = id
        self.title = title
        self.servings = servings
        self.yieldText = yieldText
        self.ingredients = ingredients
        self.method = method
        self.source = source
        self.notes = notes
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// A draft as stored: capped as every reader caps it, a blank title named for the person.
    package init(id: RecipeID, _ draft: RecipeDraft, createdAt: Date, updatedAt: Date? = nil) {
        let d = draft.capped
        self.init(
            id: id, title: d.title.isEmpty ? L("Untitled Recipe") : d.title, servings: d.servings,
            yieldText: d.yieldText,
                  ingredients: d.ingredients, method: d.method, source: d.source, notes: d.notes, tags: d.tags,
                  createdAt: createdAt, updatedAt: updatedAt ?? createdAt)
    }

    /// The editable part, as the importers make it and an editor changes it.
    package var draft: RecipeDraft {
        RecipeDraft(title: title, servings: servings, yieldText: yieldText, ingredients: ingredients, method: method,
                    source: source, notes: notes, tags: tags)
    }

    /// The servings amounts are written for: 1 when the recipe does not say.
    package var baseServings: Int { servings ?? 1 }

    /// Each ingredient line read, in order.
    func parsedIngredients(_ numbers: NumberConvention) -> [Ingredient] {
        ingredients.map { IngredientParser.parse($0, numbers: numbers) }
    }

    /// Whether the recipe is what a search for `folded` (folded as `SearchQuery.fold` folds) is
    /// after: in its title, a tag, or an ingredient line.
    func matches(folded words: [String]) -> Bool {
        let texts = ([title] + tags + ingredients).map(SearchQuery.fold)
        return words.allSatisfy { w in texts.contains { $0.contains(w) } }
    }
}
