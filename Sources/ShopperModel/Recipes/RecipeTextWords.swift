import Foundation

/// What tells the blocks of a pasted recipe apart, in English and German: the headings, numbered
/// steps, sentences. Data about the recipe's language, not the window's: not translated.
enum RecipeTextWords {
    struct Heading {
        let part: RecipeText.Part
        /// "Zutaten für 4 Personen", "Ingredients (serves 4)".
        let yield: RecipeYield?
    }

    static let headings: [(RecipeText.Part, [String])] = [
        (
            .ingredients,
            [
                "ingredients", "ingredient list", "you will need", "you'll need", "what you need", "shopping list",
                        "zutaten", "zutatenliste", "einkaufsliste", "das brauchst du", "sie brauchen", "man braucht"]),
        (
            .method,
            [
                "method", "directions", "instructions", "preparation", "steps", "how to make it", "how to make",
                "cooking",
                "zubereitung", "anleitung", "arbeitsschritte", "zubereitungsschritte", "so geht's", "so geht’s",
                "schritte"
            ]
        ),
        (.notes, ["notes", "note", "tips", "tip", "notizen", "tipps", "tipp", "hinweise", "hinweis", "anmerkungen"]),
    ]

    /// The part a heading line opens, with the servings it may name; nil for any other line.
    static func heading(_ line: String) -> Heading? {
        let text = line.trimmingCharacters(in: CharacterSet(charactersIn: "#*_=-:. "))
        guard text.count <= 60 else { return nil }
        let plain = text.lowercased()
        for (part, words) in headings {
            for word in words where plain.hasPrefix(word) {
                // The rest as written ("für 12 Stücke"), for the yield's words.
                let rest = text.dropFirst(word.count).trimmingCharacters(in: CharacterSet(charactersIn: "():,-–. "))
                if rest.isEmpty { return Heading(part: part, yield: nil) }
                guard rest.first?.isLetter == true || rest.first?.isNumber == true,
                      let y = RecipeYield.line(rest) ?? RecipeYield.line("für " + rest) else { continue }
                return Heading(part: part, yield: y)
            }
        }
        return nil
    }

    /// "1. Mix", "2) Bake", "Step 3: Serve", "Schritt 4 –": the step's text; nil when not numbered.
    static func stepText(_ line: String) -> String? {
        var rest = Substring(line)
        for word in ["step", "schritt"] where rest.lowercased().hasPrefix(word) {
            rest = rest.dropFirst(word.count).drop { $0 == " " }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return nil }
            let text = rest.dropFirst(digits.count).drop { ":.)-–— ".contains($0) }
            return text.isEmpty ? nil : String(text)
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(digits.count) else { return nil }
        rest = rest.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first == " " else { return nil }
        let text = rest.dropFirst(2)
        guard let first = text.first, !first.isNumber else { return nil }
        return String(text)
    }

    static func isStep(_ line: String) -> Bool { stepText(line) != nil }

    /// Reads as a sentence of the method rather than a line of a list: it ends as a sentence and
    /// has a few words, or it is long.
    static func isSentence(_ line: String) -> Bool {
        let words = line.split(separator: " ").count
        return words > 12 || words >= 3 && [".", "!", "?"].contains(line.last.map(String.init) ?? "")
    }

    /// A sentence of the method, also when it begins with an amount ("2 Eier verquirlen und mit dem
    /// Mehl glatt rühren."); a short line with an amount stays an ingredient ("1 can tomatoes.").
    static func isMethod(_ line: String) -> Bool {
        if isStep(line) { return true }
        guard isSentence(line) else { return false }
        return !hasAmount(line) || line.split(separator: " ").count > 8
    }

    /// `IngredientParser` finds an amount, or the cook's own ("salt to taste").
    static func hasAmount(_ line: String) -> Bool {
        let i = IngredientParser.parse(line)
        return i.quantity != nil || i.toTaste || i.purpose != nil
    }

    /// "Prep time: 10 min", "Zubereitungszeit 20 Minuten": said beside the recipe, not in it.
    static func isAside(_ line: String) -> Bool {
        let l = line.lowercased()
        return [
            "prep time", "cook time", "total time", "preparation time", "cooking time", "zubereitungszeit",
            "arbeitszeit",
            "backzeit", "kochzeit", "gesamtzeit", "ruhezeit", "by ", "von ", "source:", "quelle:", "difficulty",
            "schwierigkeit"
        ]
            .contains { l.hasPrefix($0) }
    }
}
