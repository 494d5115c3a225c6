import Foundation
import ShopperModel

/// The ingredient lines a page shows in its recipe card, for a recipe whose schema.org data has
/// none: the elements marked `itemprop="recipeIngredient"` outside a Recipe item, else the list
/// in the first element whose class or id names its ingredients (recipe plugins write
/// "wprm-recipe-ingredients-container", "tasty-recipes-ingredients", "mv-create-ingredients",
/// "ingredients"): a line per `<li>` or table row, a group's name ("For the noodles") as a heading.
enum RecipeCard {
    static func ingredients(_ root: HTMLNode, budget: ReadBudget) throws(ReadLimit) -> [String] {
        var marked: [String] = []
        try collectMarked(root, depth: 0, budget: budget, into: &marked)
        if !marked.isEmpty { return marked }
        var lines: [String] = []
        try findList(root, depth: 0, budget: budget, into: &lines)
        return lines
    }

    private static func collectMarked(_ e: HTMLNode, depth: Int, budget: ReadBudget, into out: inout [String])
        throws(ReadLimit)
    {
        guard depth < ReadBudget.maxDepth, out.count < RecipeDraft.maxLines else { return }
        try budget.step()
        if let props = e.attribute("itemprop"),
            props.split(separator: " ").contains(where: { Microdata.ingredientNames.contains(String($0)) })
        {
            out += IngredientLines.element(try Microdata.ingredient(e, budget: budget))
            return
        }
        for child in e.elements { try collectMarked(child, depth: depth + 1, budget: budget, into: &out) }
    }

    /// The first ingredients container that gives lines.
    private static func findList(_ e: HTMLNode, depth: Int, budget: ReadBudget, into out: inout [String])
        throws(ReadLimit)
    {
        guard depth < ReadBudget.maxDepth, out.isEmpty else { return }
        try budget.step()
        guard !["script", "style", "template", "noscript", "head"].contains(e.name) else { return }
        if names(e).contains(where: { $0.contains("ingredients") }) {
            var lines: [String] = []
            try read(e, depth: depth, budget: budget, into: &lines)
            if lines.isEmpty {
                lines = HTMLText.lines(try e.text(budget: budget, separated: true)).filter { !isTitle($0) }
            }
            // A card's lines read as a recipe's do (amounts of something), so a wrapper that only
            // mentions ingredients in its class is not taken for the list.
            if IngredientLines.readsAsRecipe(RecipeDraft(title: "card", ingredients: lines)) {
                out = Array(lines.prefix(RecipeDraft.maxLines))
                return
            }
        }
        for child in e.elements { try findList(child, depth: depth + 1, budget: budget, into: &out) }
    }

    /// The lines of a container: each `<li>` or `<tr>` one, each group's name a heading.
    private static func read(_ e: HTMLNode, depth: Int, budget: ReadBudget, into out: inout [String]) throws(ReadLimit)
    {
        guard depth < ReadBudget.maxDepth, out.count < RecipeDraft.maxLines else { return }
        try budget.step()
        let name = e.name
        if isGroupName(e) {
            let text = HTMLText.line(try e.text(budget: budget, separated: true))
            if !text.isEmpty, !isTitle(text) { out.append(text.hasSuffix(":") ? text : text + ":") }
            return
        }
        if name == "li" || name == "tr" {
            let text = HTMLText.line(try e.text(budget: budget, separated: true))
            if !text.isEmpty { out.append(text) }
            return
        }
        for child in e.elements { try read(child, depth: depth + 1, budget: budget, into: &out) }
    }

    /// A heading inside the card, or an element a plugin marks as a group's name.
    private static func isGroupName(_ e: HTMLNode) -> Bool {
        if ["h2", "h3", "h4", "h5", "h6", "dt", "strong"].contains(e.name), e.parent?.name != "li" { return true }
        return names(e).contains {
            $0.contains("group-name") || $0.contains("group-title") || $0.contains("ingredient-group-header")
        }
    }

    /// "Ingredients", "Zutaten": the card's own title, not a group.
    private static func isTitle(_ text: String) -> Bool {
        let t = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ": "))
        return ["ingredients", "ingredient", "zutaten", "zutat", "you will need", "du brauchst", "ihr braucht"]
            .contains(t)
    }

    /// The words of the class and the id, lower case.
    private static func names(_ e: HTMLNode) -> [String] {
        ((e.attribute("class") ?? "") + " " + (e.attribute("id") ?? "")).lowercased().split(separator: " ").map(
            String.init)
    }
}
