import Foundation

/// A recipe as read from somewhere (typed or pasted text, a schema.org JSON file, a web page) or
/// as kept, before and apart from the store: what the import preview shows line by line, what the
/// sharing helper sends back from a web address, and what `Recipe` is made from. Every field is
/// capped where it is read (`RecipeDraft.capped`): a page from outside is never trusted for size.
package struct RecipeDraft: Equatable, Sendable, Codable {
    package var title: String
    /// How many it serves; nil when the source said nothing a number can be read from.
    package var servings: Int?
    /// The source's own words for the yield ("12 pancakes"), shown when `servings` is nil.
    package var yieldText: String?
    /// Ingredient lines as written ("1 onion, finely chopped"); `IngredientParser` reads each.
    /// A line ending in ":" with no amount is a heading ("For the sauce:").
    package var ingredients: [String]
    /// The method, one step per element, headings of `HowToSection`s as steps ending in ":".
    package var method: [String]
    /// A web address or a file path.
    package var source: String?
    package var notes: String
    package var tags: [String]

    package init(
        title: String, servings: Int? = nil, yieldText: String? = nil, ingredients: [String] = [],
        method: [String] = [],
         source: String? = nil, notes: String = "", tags: [String] = []) {
        self.title = title
        self.servings = servings
        self.yieldText = yieldText
        self.ingredients = ingredients
        self.method = method
        self.source = source
        self.notes = notes
        self.tags = tags
    }

    /// The limits every reader applies: a title of 200 characters, 200 ingredient lines of 500,
    /// 200 steps of 5,000, notes of 20,000, 50 tags of 100; servings 1…1000.
    static let maxTitle = 200
    package static let maxLines = 200
    static let maxLine = 500, maxSteps = 200, maxStep = 5_000, maxNotes = 20_000
    static let maxTags = 50, maxTag = 100
    package static let maxServings = 1_000

    /// The draft within the limits above, whitespace trimmed, empty lines dropped, and without
    /// bidirectional controls (`withoutBidiControls`).
    package var capped: RecipeDraft {
        // Trimmed again after the cut: a cut that ends on a space leaves none behind.
        func cut(_ s: String, _ n: Int) -> String {
            let plain = Self.withoutBidiControls(s)
            return String(plain.trimmingCharacters(in: .whitespacesAndNewlines).prefix(n)).trimmingCharacters(
                in: .whitespacesAndNewlines)
        }
        func lines(_ l: [String], _ count: Int, _ length: Int) -> [String] {
            Array(l.lazy.map { cut($0, length) }.filter { !$0.isEmpty }.prefix(count))
        }
        var d = self
        d.title = cut(title, Self.maxTitle)
        d.servings = servings.flatMap { (1...Self.maxServings).contains($0) ? $0 : nil }
        d.yieldText = yieldText.map { cut($0, Self.maxLine) }.flatMap { $0.isEmpty ? nil : $0 }
        d.ingredients = lines(ingredients, Self.maxLines, Self.maxLine)
        d.method = lines(method, Self.maxSteps, Self.maxStep)
        d.source = source.map { cut($0, 2_000) }.flatMap { $0.isEmpty ? nil : $0 }
        d.notes = cut(notes, Self.maxNotes)
        d.tags = lines(tags, Self.maxTags, Self.maxTag)
        return d
    }

    /// Embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
    /// U+061C): a title from a page with U+202E would show its words reversed, and make a
    /// recipe or a line of the list read as something it is not. A recipe's text shows right to
    /// left or left to right by its own letters without them.
    static let bidiControls: Set<Unicode.Scalar> = Set((0x202A...0x202E).compactMap(Unicode.Scalar.init)
        + (0x2066...0x2069).compactMap(Unicode.Scalar.init) + ["\u{200E}", "\u{200F}", "\u{061C}"])

    static func withoutBidiControls(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: bidiControls.contains) else { return s }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: s.unicodeScalars.lazy.filter { !bidiControls.contains($0) })
        return String(out)
    }
}
