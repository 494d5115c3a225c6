import Foundation
import ShopperModel

/// schema.org microdata (`itemscope itemtype="…/Recipe"` with `itemprop`s) as the JSON object
/// the schema.org reader takes: each property a list of values, a nested item (a `HowToStep`, the
/// author) an object of its own. So both ways a page marks a recipe are read by one reader.
enum Microdata {
    /// Whether the element starts an item of type Recipe ("http://schema.org/Recipe", "https://schema.org/Recipe").
    static func isRecipe(_ e: HTMLNode) -> Bool {
        guard e.attribute("itemscope") != nil, let types = e.attribute("itemtype") else { return false }
        return types.split(separator: " ").contains { $0.split(separator: "/").last?.lowercased() == "recipe" }
    }

    /// The item `e` starts (`depth`: how deep in the page it is: items nested in items count on,
    /// so a page of items inside items cannot run the helper's stack out).
    static func item(_ e: HTMLNode, depth: Int = 0, budget: ReadBudget) throws(ReadLimit) -> [String: Any] {
        var properties: [String: [Any]] = [:]
        for child in e.elements { try collect(child, depth: depth + 1, budget: budget, into: &properties) }
        var object: [String: Any] = properties
        let types = (e.attribute("itemtype") ?? "").split(separator: " ").map(String.init)
        if !types.isEmpty { object["@type"] = types }
        return object
    }

    /// The properties below `e` that belong to the item being read: a nested item's own
    /// properties are its own, not the recipe's (the author's `name` is not the recipe's).
    private static func collect(_ e: HTMLNode, depth: Int, budget: ReadBudget, into properties: inout [String: [Any]])
        throws(ReadLimit)
    {
        guard depth < 200 else { return }
        try budget.step()
        let scope = e.attribute("itemscope") != nil
        if let names = e.attribute("itemprop") {
            let isIngredient = names.split(separator: " ").contains { ingredientNames.contains(String($0)) }
            let value: Any = scope ? try item(e, depth: depth, budget: budget)
                : isIngredient ? try ingredient(e, budget: budget) : try self.value(e, budget: budget)
            for name in names.split(separator: " ") where (properties[String(name)]?.count ?? 0) < 500 {
                properties[String(name), default: []].append(value)
            }
        }
        guard !scope else { return }
        for child in e.elements { try collect(child, depth: depth + 1, budget: budget, into: &properties) }
    }

    /// The properties an ingredient line is marked with.
    static let ingredientNames: Set<String> = ["recipeIngredient", "ingredients"]

    /// An ingredient's line: the whole row it stands in (`<li>`, `<tr>`) when the row holds no
    /// other ingredient, so an amount or a rest of the line marked apart from the property
    /// ("<td>1 Stück</td><td itemprop=…>Knoblauchzehe</td>") stays with it; each element's text
    /// apart from the next.
    static func ingredient(_ e: HTMLNode, budget: ReadBudget) throws(ReadLimit) -> String {
        if let content = e.attribute("content") { return content }
        var row = e
        for _ in 0..<4 where !rows.contains(row.name) {
            guard let up = row.parent, up.attribute("itemscope") == nil else { break }
            row = up
        }
        guard rows.contains(row.name), row.node != e.node, try ingredientCount(row, depth: 0, budget: budget) == 1
        else {
            return try e.text(budget: budget, separated: true)
        }
        return try row.text(budget: budget, separated: true)
    }

    private static let rows: Set<String> = ["li", "tr", "p", "dd", "dt"]

    /// How many ingredient properties are in `e`, counting no further than two.
    private static func ingredientCount(_ e: HTMLNode, depth: Int, budget: ReadBudget) throws(ReadLimit) -> Int {
        guard depth < 20 else { return 2 }
        try budget.step()
        var n =
            e.attribute("itemprop").map {
                $0.split(separator: " ").contains { ingredientNames.contains(String($0)) } ? 1 : 0
            } ?? 0
        for child in e.elements where n < 2 { n += try ingredientCount(child, depth: depth + 1, budget: budget) }
        return n
    }

    /// A property's value as microdata defines it: `content` where given, an address for links
    /// and media, a `datetime`, else the element's text (within `budget`).
    static func value(_ e: HTMLNode, budget: ReadBudget) throws(ReadLimit) -> String {
        if let content = e.attribute("content") { return content }
        switch e.name {
        case "a", "link", "area": return e.attribute("href") ?? ""
        case "img", "audio", "video", "source", "iframe", "embed": return e.attribute("src") ?? ""
        case "time": if let d = e.attribute("datetime") { return d }
        case "data", "meter": if let v = e.attribute("value") { return v }
        default: break
        }
        return try e.text(budget: budget)
    }
}
