import ShopperModel
// STUB until helper M lands (replaced by its file).
package struct SharedRecipe: Equatable, Sendable, Codable {
    package var uid: String
    package var title: String
    package var servings: Int?
    package var yieldText: String?
    package var ingredients: [String]
    package var method: [String]
    package var source: String?
    package var notes: String
    package var tags: [String]
    package init(uid: String, draft: RecipeDraft) {
        self.uid = uid; title = draft.title; servings = draft.servings; yieldText = draft.yieldText
        ingredients = draft.ingredients; method = draft.method; source = draft.source; notes = draft.notes
        tags = draft.tags
    }
    package var draft: RecipeDraft {
        RecipeDraft(title: title, servings: servings, yieldText: yieldText, ingredients: ingredients, method: method,
                    source: source, notes: notes, tags: tags)
    }
}
package enum RecipeField: String, CaseIterable, Sendable, Codable { case title, servings, ingredients, method, source, notes, tags }
package enum RecipeMerge {
    package static func merge(base: SharedRecipe?, local: SharedRecipe, remote: SharedRecipe, localNewer: Bool)
        -> (merged: SharedRecipe, lost: [RecipeField]) { (local, []) }
}
