import Foundation
import ShopperModel
import ShopperSyncModel

extension Command {
    /// `shopper recipe import FILE|URL`.
    static func parseRecipe(_ args: inout [String]) throws(UsageError) -> Command {
        let action = args.isEmpty ? "" : args.removeFirst()
        switch action {
        case "import":
            guard args.count == 1, let source = args.first, !source.isEmpty else {
                throw UsageError(message: L("recipe import needs one file or web address, such as: shopper recipe import https://example.org/pancakes"))
            }
            return .recipeImport(source)
        case "": throw UsageError(message: L("recipe needs a command, such as: shopper recipe import FILE|URL"))
        default:
            throw UsageError(message: L("unknown recipe command “{command}”: use import", ["command": action]))
        }
    }
}

/// The recipe commands that need no window.
enum RecipeCommands {
    /// What a file or web page holds, read by the sharing helper (it fetches and parses pages, so
    /// `shopper` links neither libsoup nor libxml2), printed one field a line: the field's name,
    /// a tab, its value; an ingredient a line; a blank line between recipes. Nothing is kept.
    /// No recipe: the helper's one sentence, thrown (exit 1).
    static func importRecipes(from source: String) throws -> String {
        try SyncHelper.recipes(from: source).map(text).joined(separator: "\n")
    }

    static func text(_ d: RecipeDraft) -> String {
        var lines = [[L("title"), d.title]]
        if let servings = d.servings { lines.append([L("servings"), "\(servings)"]) }
        if let words = d.yieldText { lines.append([L("yield"), words]) }
        lines += d.ingredients.map { [L("ingredient"), $0] }
        lines.append([L("steps"), "\(d.method.count)"])
        if !d.tags.isEmpty { lines.append([L("tags"), d.tags.joined(separator: ", ")]) }
        if let source = d.source { lines.append([L("source"), source]) }
        return lines.map { $0.joined(separator: "\t") + "\n" }.joined()
    }
}
