import Foundation

/// schema.org `Recipe` in JSON: what recipe pages carry in their JSON-LD blocks and what Nextcloud
/// Cookbook keeps as a file. Read with `BoundedJSON` (within a `ReadBudget`), then walked: a
/// `Recipe` may stand alone, in an array, in a `@graph` among WebPage and Person nodes, or under
/// another node's `mainEntity`; `@type` is a string or an array. Every recipe found is read, in document order.
package enum SchemaOrgRecipe {
    /// Bounds on the walk: a hostile document's nesting or size costs no more than this.
    static let maxDepth = 40, maxNodes = 200_000
    package static let maxRecipes = 50

    /// The recipes in a JSON document; none when it is not JSON, has no `Recipe`, or goes past a
    /// limit of `ReadBudget` (a fresh one: 30 s).
    package static func drafts(json data: Data, source: String? = nil) -> [RecipeDraft] {
        (try? read(json: data, source: source, budget: ReadBudget())) ?? []
    }

    /// The recipes in a JSON document from outside, read within `budget`; over a limit, the limit.
    package static func read(json data: Data, source: String?, budget: ReadBudget) throws(ReadLimit) -> [RecipeDraft] {
        guard let object = try BoundedJSON.parse(data, budget: budget) else { return [] }
        return try drafts(in: object, source: source, budget: budget)
    }

    /// The recipes in a parsed JSON value (or one built alike, as microdata is).
    static func drafts(in object: Any, source: String? = nil) -> [RecipeDraft] {
        (try? drafts(in: object, source: source, budget: ReadBudget())) ?? []
    }

    package static func drafts(in object: Any, source: String?, budget: ReadBudget) throws(ReadLimit) -> [RecipeDraft] {
        var found: [[String: Any]] = []
        var nodes = maxNodes
        try collect(object, depth: 0, budget: budget, nodes: &nodes, into: &found)
        var drafts: [RecipeDraft] = []
        for recipe in found {
            try budget.checkTime()
            drafts.append(draft(recipe, source: source))
        }
        return drafts
    }

    private static func collect(_ value: Any, depth: Int, budget: ReadBudget, nodes: inout Int,
                                into found: inout [[String: Any]]) throws(ReadLimit) {
        guard depth < maxDepth, nodes > 0, found.count < maxRecipes else { return }
        nodes -= 1
        try budget.step()
        if let object = value as? [String: Any] {
            if isRecipe(object) { return found.append(object) }
            // "@graph" first, as written; then any other member (mainEntity, itemListElement…).
            for key in object.keys.sorted(by: { ($0 == "@graph" ? 0 : 1, $0) < ($1 == "@graph" ? 0 : 1, $1) }) {
                try collect(object[key]!, depth: depth + 1, budget: budget, nodes: &nodes, into: &found)
            }
        } else if let array = value as? [Any] {
            for element in array { try collect(element, depth: depth + 1, budget: budget, nodes: &nodes, into: &found) }
        }
    }

    /// `@type` names Recipe: "Recipe", ["Recipe", "NewsArticle"], "schema:Recipe", "http://schema.org/Recipe".
    static func isRecipe(_ object: [String: Any]) -> Bool { types(object).contains("recipe") }

    /// The node's types, lower-case, without a vocabulary's prefix.
    static func types(_ object: [String: Any]) -> [String] {
        let raw =
            (object["@type"] as? String).map { [$0] } ?? (object["@type"] as? [Any])?.compactMap { $0 as? String } ?? []
        return raw.map { t in
            String(t.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last ?? "").lowercased()
        }
    }

    /// One `Recipe` node as a draft, within the draft's limits.
    static func draft(_ r: [String: Any], source: String?) -> RecipeDraft {
        var d = RecipeDraft(title: SchemaOrgFields.text(r["name"]) ?? SchemaOrgFields.text(r["headline"]) ?? "")
        // "recipeIngredient" is the property; "ingredients" the one it replaced, which some pages fill instead.
        d.ingredients = IngredientLines.from(r["recipeIngredient"])
        if d.ingredients.isEmpty { d.ingredients = IngredientLines.from(r["ingredients"]) }
        d.method = SchemaOrgFields.steps(r["recipeInstructions"], depth: 0)
        let yield = SchemaOrgFields.yield(r["recipeYield"] ?? r["yield"])
        d.servings = yield.servings
        d.yieldText = yield.text
        d.notes = SchemaOrgFields.lines(r["description"]).joined(separator: "\n")
        d.tags = SchemaOrgFields.tags([r["recipeCategory"], r["recipeCuisine"], r["keywords"]])
        let url = SchemaOrgFields.text(r["url"]).flatMap { u in
            ["http://", "https://"].contains { u.lowercased().hasPrefix($0) } ? u : nil
        }
        d.source = url ?? source
        return d.capped
    }
}
