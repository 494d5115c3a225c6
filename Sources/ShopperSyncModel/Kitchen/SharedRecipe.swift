import Foundation
import ShopperModel

/// A recipe as it is shared (one VJOURNAL on the server): the draft's fields and the UID that names
/// it there. Both desktops and the server compare recipes as these values.
package struct SharedRecipe: Equatable, Sendable, Codable {
    package var uid: String
    package var title: String
    package var servings: Int?
    // Internal until another module reads them one by one (the sync reads `draft`).
    var yieldText: String?
    var ingredients: [String]
    var method: [String]
    /// URL of the source page.
    package var source: String?
    var notes: String
    package var tags: [String]

    package init(uid: String, draft: RecipeDraft) {
        self.uid = uid
        title = draft.title
        servings = draft.servings
        yieldText = draft.yieldText
        ingredients = draft.ingredients
        method = draft.method
        source = draft.source
        notes = draft.notes
        tags = draft.tags
    }

    package var draft: RecipeDraft {
        get {
            RecipeDraft(title: title, servings: servings, yieldText: yieldText, ingredients: ingredients,
                        method: method, source: source, notes: notes, tags: tags)
        }
        set { self = SharedRecipe(uid: uid, draft: newValue) }
    }
}

/// The fields the recipe merge takes one at a time. The ingredients are one field and the method
/// another: lines merged one by one could make a recipe neither side wrote (half of each list).
/// The servings carry their yield's words with them ("12 pancakes" belongs to its number).
package enum RecipeField: String, CaseIterable, Sendable, Codable, MergedField {
    case title, servings, ingredients, method, source, notes, tags

    func same(_ a: SharedRecipe, _ b: SharedRecipe) -> Bool {
        switch self {
        case .title: a.title == b.title
        case .servings: a.servings == b.servings && a.yieldText == b.yieldText
        case .ingredients: a.ingredients == b.ingredients
        case .method: a.method == b.method
        case .source: a.source == b.source
        case .notes: a.notes == b.notes
        case .tags: a.tags == b.tags
        }
    }

    func take(from source: SharedRecipe, into target: inout SharedRecipe) {
        switch self {
        case .title: target.title = source.title
        case .servings: target.servings = source.servings; target.yieldText = source.yieldText
        case .ingredients: target.ingredients = source.ingredients
        case .method: target.method = source.method
        case .source: target.source = source.source
        case .notes: target.notes = source.notes
        case .tags: target.tags = source.tags
        }
    }
}

/// The three-way merge of one recipe, as `FieldMerge` merges an item: per field, against the
/// version both sides last agreed on.
package enum RecipeMerge {
    /// Three-way, per field (ingredients as ONE field, method as ONE field; servings and yieldText
    /// together): changed on one side takes that change; changed on both to different values,
    /// `localNewer` decides and the losing field is returned; base nil = every difference decided by
    /// `localNewer` (and returned as lost). The UID is the local one (both name the same entry).
    package static func merge(base: SharedRecipe?, local: SharedRecipe, remote: SharedRecipe, localNewer: Bool)
        -> (merged: SharedRecipe, lost: [RecipeField]) {
        let (merged, lost) = ThreeWayMerge.merge(
            RecipeField.self, base: base, local: local, remote: remote, localNewer: localNewer)
        return (merged, lost)
    }
}
