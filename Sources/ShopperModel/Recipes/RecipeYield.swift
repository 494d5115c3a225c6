import Foundation

/// How much a recipe makes, read from its words: "4", "Serves 4", "4 servings", "Für 4 Personen",
/// "4 Portionen" give servings; "12 pancakes" or "Makes 1 loaf" are kept as words, since no
/// number of people can be read from them; a range ("Serves 4–6") gives its first number and
/// keeps its words. The words are data in English and German: they describe the recipe's language.
struct RecipeYield: Equatable {
    var servings: Int?
    /// The source's words, when `servings` does not say all of it.
    var text: String?

    /// After the number: what is counted is people.
    static let servingWords: Set<String> = [
        "serving", "servings", "portion", "portions", "people", "persons", "person", "pax",
        "guests", "portionen", "portion(en)", "personen", "person(en)", "pers", "port", "esser"
    ]
    /// Before the number: it counts people ("Serves 4", "Für 4 Personen", "Portionen: 4").
    static let servingLead: Set<String> = [
        "serves", "serving", "servings", "portions", "feeds", "for", "für", "portionen",
                                           "personen", "reicht", "yield", "yields"]
    /// Before the number: it counts something else, unless a serving word follows ("Makes 12 pancakes").
    static let makesLead: Set<String> = ["makes", "ergibt", "ertrag", "menge", "about", "ca", "circa", "etwa", "approx"]

    /// What `text` (a schema.org `recipeYield`, a line) says.
    static func read(_ text: String) -> RecipeYield {
        let words = HTMLText.line(text)
        guard let parts = split(words) else { return RecipeYield(servings: nil, text: words.isEmpty ? nil : words) }
        let servings = countsPeople(parts) ? parts.number : nil
        let plain = servings != nil && !parts.range
        return RecipeYield(servings: servings, text: plain ? nil : words)
    }

    /// What a line of pasted text says when the whole line is about the yield ("Serves 4",
    /// "4 Portionen", "Makes 12 pancakes"); nil for any other line ("2 eggs" is an ingredient).
    static func line(_ line: String) -> RecipeYield? {
        let words = HTMLText.line(line)
        guard let parts = split(words), parts.after.count <= 3, parts.before.count <= 3 else { return nil }
        let lead = parts.before.allSatisfy { servingLead.contains($0) || makesLead.contains($0) }
        guard
            !parts.before.isEmpty && lead
                || parts.before.isEmpty && parts.after.first.map(servingWords.contains) == true
        else { return nil }
        return read(words)
    }

    private struct Parts {
        var before: [String]
        var number: Int
        var range: Bool
        var after: [String]
    }

    /// The words before the first number, the number (its low end when a range), and the words after.
    private static func split(_ text: String) -> Parts? {
        let tokens = text.lowercased().split { $0 == " " || $0 == ":" }.map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: ".,;()"))
        }
            .filter { !$0.isEmpty }
        guard let at = tokens.firstIndex(where: { number($0) != nil }), let (low, high) = number(tokens[at]) else {
            return nil
        }
        var after = Array(tokens[(at + 1)...])
        var range = high != nil
        // "4 to 6", "4 bis 6", "4 - 6".
        if after.count >= 2,
            IngredientWords.rangeWords.contains(after[0])
                || after[0].count == 1 && IngredientWords.rangeSigns.contains(Character(after[0])),
           number(after[1]) != nil {
            after.removeFirst(2)
            range = true
        }
        guard (1...RecipeDraft.maxServings).contains(low) else { return nil }
        return Parts(before: Array(tokens[..<at]), number: low, range: range, after: after)
    }

    /// "4" → 4; "4-6", "4–6" → 4 and 6.
    private static func number(_ token: String) -> (Int, Int?)? {
        let ends = token.split(omittingEmptySubsequences: false) { IngredientWords.rangeSigns.contains($0) }
        guard (1...2).contains(ends.count),
            ends.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let low = Int(ends[0]) else { return nil }
        return (low, ends.count == 2 ? Int(ends[1]) : nil)
    }

    /// Whether the words around the number say it counts people.
    private static func countsPeople(_ p: Parts) -> Bool {
        if let next = p.after.first, servingWords.contains(next) { return true }
        guard p.after.isEmpty else { return false }
        // A bare number ("4", schema.org's usual yield) counts people; "Makes 12" counts things.
        return p.before.isEmpty
            || p.before.contains { servingLead.contains($0) } && !p.before.contains { makesLead.contains($0) }
    }
}
