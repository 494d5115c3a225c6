import Foundation

/// A `Recipe` node's fields in the shapes sites write them: any of them may be a string, a
/// number, an array or a node, and any string may carry HTML.
enum SchemaOrgFields {
    /// One line of text: a string's, a number's, the first of an array's, a node's `name` or `text`.
    static func text(_ value: Any?) -> String? {
        switch value {
        case let s as String:
            let line = HTMLText.line(s)
            return line.isEmpty ? nil : line
        case let n as NSNumber: return number(n)
        case let a as [Any]: return a.lazy.compactMap(text).first
        case let o as [String: Any]: return text(o["text"]) ?? text(o["name"]) ?? text(o["@value"])
        default: return nil
        }
    }

    /// "4", "2.5": a whole number without a decimal point, whatever the JSON wrote.
    static func number(_ n: NSNumber) -> String {
        let v = n.doubleValue
        return v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : n.stringValue
    }

    /// Lines: a string's lines, or one line per element of an array (ingredients, a description);
    /// no more than a draft keeps (`RecipeDraft.maxLines`), whatever the array's length.
    static func lines(_ value: Any?) -> [String] {
        switch value {
        case let s as String: HTMLText.lines(s)
        case let a as [Any]: Array(a.lazy.compactMap(text).prefix(RecipeDraft.maxLines))
        case .some(let v): text(v).map { [$0] } ?? []
        case nil: []
        }
    }

    /// The method, one step per element: a string (a line each, as `<li>` or `<p>` marked them),
    /// an array of strings, `HowToStep`s (their text, else their name), `HowToSection`s (their
    /// name as a heading ending in ":", then their steps) and `ItemList`s.
    static func steps(_ value: Any?, depth: Int) -> [String] {
        guard depth < 10 else { return [] }
        switch value {
        case let s as String: return HTMLText.lines(s)
        case let a as [Any]: return a.prefix(RecipeDraft.maxSteps).flatMap { steps($0, depth: depth + 1) }
        case let o as [String: Any]: return step(o, depth: depth)
        default: return []
        }
    }

    private static func step(_ o: [String: Any], depth: Int) -> [String] {
        let inner = o["itemListElement"].map { steps($0, depth: depth + 1) } ?? []
        let name = text(o["name"])
        if SchemaOrgRecipe.types(o).contains("howtosection") || o["text"] == nil && !inner.isEmpty {
            let heading = name.map { $0.hasSuffix(":") ? $0 : $0 + ":" }
            return (heading.map { [$0] } ?? []) + inner
        }
        // A step's lines are one step; a name that only repeats the text's start is not said twice.
        let body = lines(o["text"]).joined(separator: " ")
        if !body.isEmpty { return [body] }
        return name.map { [$0] } ?? inner
    }

    /// `recipeYield`: a number, a string, or a list of either ("4", "4 servings"); the first
    /// servings found and the first words that say more.
    static func yield(_ value: Any?) -> RecipeYield {
        switch value {
        case let n as NSNumber:
            let v = n.doubleValue
            guard v.isFinite, v == v.rounded(), (1...Double(RecipeDraft.maxServings)).contains(v) else {
                return RecipeYield(text: number(n))
            }
            return RecipeYield(servings: Int(v))
        case let s as String: return RecipeYield.read(s)
        case let a as [Any]:
            let each = a.prefix(10).map { yield($0) }
            return RecipeYield(
                servings: each.lazy.compactMap(\.servings).first, text: each.lazy.compactMap(\.text).first)
        default: return RecipeYield()
        }
    }

    /// Tags from keywords ("vegan, quick" or a list), categories and cuisines, each once
    /// (ignoring case), in the order met.
    static func tags(_ values: [Any?]) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for value in values {
            let words = lines(value).flatMap { $0.split(separator: ",") }.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            for w in words where !w.isEmpty && seen.insert(w.lowercased()).inserted { out.append(w) }
        }
        return out
    }
}
