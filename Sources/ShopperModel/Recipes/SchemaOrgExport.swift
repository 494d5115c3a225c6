import Foundation

/// Recipes as schema.org `Recipe` JSON (what recipe sites and Nextcloud Cookbook keep), for
/// `shopper recipe export`. Minimal: the fields a recipe has here, steps as `HowToStep`s. When the
/// importers' writer (`SchemaOrgRecipe`) reaches this branch, this should call it instead.
public enum SchemaOrgExport {
    static func object(_ r: Recipe) -> [String: Any] {
        var o: [String: Any] = ["@context": "https://schema.org", "@type": "Recipe", "name": r.title,
                                "recipeIngredient": r.ingredients,
                                "recipeInstructions": r.method.map { ["@type": "HowToStep", "text": $0] }]
        if let n = r.servings { o["recipeYield"] = r.yieldText.map { [n, $0] as [Any] } ?? n } else if let y = r.yieldText { o["recipeYield"] = y }
        if !r.notes.isEmpty { o["description"] = r.notes }
        if !r.tags.isEmpty { o["keywords"] = r.tags.joined(separator: ", ") }
        if let s = r.source, s.lowercased().hasPrefix("http://") || s.lowercased().hasPrefix("https://") { o["url"] = s }
        o["dateCreated"] = ISO8601DateFormatter().string(from: r.createdAt)
        o["dateModified"] = ISO8601DateFormatter().string(from: r.updatedAt)
        return o
    }

    /// One recipe as an object, several (or none) as an array; keys sorted, so two exports compare
    /// line by line.
    public static func json(_ recipes: [Recipe]) -> String {
        let value: Any = recipes.count == 1 ? object(recipes[0]) : recipes.map(object)
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
