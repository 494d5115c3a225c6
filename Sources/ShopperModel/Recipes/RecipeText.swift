import Foundation

/// A recipe typed or pasted as text, read into its parts: the title first, then the ingredient
/// lines, then the method. The blocks are recognised by headings ("Ingredients", "Zutaten",
/// "Method", "Zubereitung"…), by lines that `IngredientParser` reads an amount from, by numbered
/// steps, and by sentences; a line such as "Serves 4" or "Für 4 Personen" gives the servings.
package enum RecipeText {
    enum Part { case preamble, ingredients, method, notes }

    /// The recipe in `text`; nil when there is no line of text at all.
    package static func read(_ text: String, source: String? = nil) -> RecipeDraft? {
        var lines = text.prefix(200_000).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { IngredientParser.normalized(String($0)) }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        guard !lines.isEmpty else { return nil }
        var reader = Reader(draft: RecipeDraft(title: titleText(lines.removeFirst()), source: source))
        reader.methodHeaded = lines.contains { RecipeTextWords.heading($0)?.part == .method }
        if let heading = RecipeTextWords.heading(reader.draft.title) {
            // No title: the text begins with its ingredients (or its method).
            reader.draft.title = ""
            reader.take(heading)
        }
        for line in lines { reader.read(line) }
        return reader.finished.capped
    }

    /// A Markdown heading's text without its marks, a label's without "Title:".
    static func titleText(_ line: String) -> String {
        var t = Substring(line).drop { $0 == "#" || $0 == " " }
        for label in ["title:", "titel:", "rezept:", "recipe:"] where t.lowercased().hasPrefix(label) {
            t = t.dropFirst(label.count)
        }
        return t.trimmingCharacters(in: .whitespaces)
    }

    private struct Reader {
        var draft: RecipeDraft
        var part = Part.preamble
        /// A blank line came before this one: a new block may begin.
        var afterGap = false
        /// Steps were numbered: an unnumbered line continues the step before it.
        var numbered = false
        /// An "Ingredients" heading was met.
        var headed = false
        /// A "Method" heading comes in the text: with both headings, what lies between them is
        /// ingredients however long a line (an edited recipe, as `RecipeText+Writing` wrote it).
        var methodHeaded = false
        var notes: [String] = []

        mutating func take(_ heading: RecipeTextWords.Heading) {
            // Lines taken for ingredients before the text said where its ingredients begin were
            // about the recipe ("A family favourite", "By Anna").
            if heading.part == .ingredients, part == .ingredients, !headed {
                notes += draft.ingredients
                draft.ingredients = []
            }
            part = heading.part
            headed = headed || heading.part == .ingredients
            if let y = heading.yield { say(y) }
        }

        mutating func say(_ y: RecipeYield) {
            if draft.servings == nil { draft.servings = y.servings }
            if draft.yieldText == nil { draft.yieldText = y.text }
        }

        mutating func read(_ line: String) {
            defer { afterGap = line.isEmpty }
            guard !line.isEmpty else { return }
            if let heading = RecipeTextWords.heading(line) { return take(heading) }
            if part != .method, part != .notes {
                if let y = RecipeYield.line(line) { return say(y) }
                if RecipeTextWords.isAside(line) { return notes.append(line) }
            }
            switch part {
            case .preamble:
                if RecipeTextWords.isMethod(line) {
                    notes.append(line)
                } else {
                    part = .ingredients
                    draft.ingredients.append(line)
                }
            case .ingredients:
                if !(headed && methodHeaded), RecipeTextWords.isMethod(line) {
                    part = .method
                    step(line)
                } else {
                    draft.ingredients.append(line)
                }
            case .method: step(line)
            case .notes: notes.append(line)
            }
        }

        /// A line of the method: a numbered step is a step; after numbered steps, an unnumbered
        /// line that is no heading continues the one before (a step wrapped when it was copied).
        mutating func step(_ line: String) {
            if let text = RecipeTextWords.stepText(line) {
                numbered = true
                draft.method.append(text)
            } else if numbered, !afterGap, !line.hasSuffix(":"), !draft.method.isEmpty {
                // Appended in place, and not past what a step keeps (`RecipeDraft.maxStep`
                // characters, at most 4 bytes each): thousands of short lines pasted cost
                // their length, never the step's length again for each.
                let last = draft.method.count - 1
                guard draft.method[last].utf8.count < RecipeDraft.maxStep * 4 else { return }
                draft.method[last] += " " + line
            } else {
                draft.method.append(line)
            }
        }

        var finished: RecipeDraft {
            var d = draft
            d.notes = notes.joined(separator: "\n")
            return d
        }
    }
}
