import Foundation

/// A recipe's ingredient lines from what a page or a schema.org file gives: one line per `<br>`,
/// block element or line break, also inside one element of a list ("3 Tbsp olive oil<br>3 garlic
/// cloves" is two lines, never one run together), while a line a site wrapped stays whole ("4
/// medium-sized tart" / "firm apples – peeled" is one line: the second part has no amount and
/// starts as a continuation does).
package enum IngredientLines {
    /// The lines of `value`: a string, an array of strings or nodes (their `text` or `name`).
    static func from(_ value: Any?) -> [String] {
        switch value {
        case let s as String: return Array(joined(Array(HTMLText.lines(s).prefix(2 * RecipeDraft.maxLines))).prefix(RecipeDraft.maxLines))
        case let a as [Any]:
            var out: [String] = []
            for element in a where out.count < RecipeDraft.maxLines {
                if let s = element as? String {
                    out += joined(Array(HTMLText.lines(s).prefix(RecipeDraft.maxLines)))
                } else if let group = element as? [String: Any], let items = group["itemListElement"] {
                    // A group as a node ("For the noodles" and its lines): a heading, then the lines.
                    if let name = SchemaOrgFields.text(group["name"]) { out.append(name.hasSuffix(":") ? name : name + ":") }
                    out += from(items as? [Any] ?? [items]).prefix(RecipeDraft.maxLines)
                } else if let t = SchemaOrgFields.text(element) {
                    out.append(t)
                }
            }
            return Array(out.prefix(RecipeDraft.maxLines))
        case .some(let v): return SchemaOrgFields.text(v).map { [$0] } ?? []
        case nil: return []
        }
    }

    /// `pieces` with each continuation put back on the line before it.
    package static func joined(_ pieces: [String]) -> [String] {
        var out: [String] = []
        for piece in pieces {
            if let last = out.last, continues(piece, after: last) {
                out[out.count - 1] = last + " " + piece
            } else {
                out.append(piece)
            }
        }
        return out
    }

    /// Whether `piece` goes on with `previous` rather than starting a line: it starts in lower
    /// case or with a dash or a comma, says no amount of its own, and `previous` is no heading and
    /// does not end a sentence.
    static func continues(_ piece: String, after previous: String) -> Bool {
        guard let first = piece.first, let end = previous.last, !":.;!?".contains(end) else { return false }
        guard first.isLowercase || "–—-,(&".contains(first) else { return false }
        if first.isLowercase, IngredientWords.one.contains(String(piece.prefix { $0.isLetter })) { return false }
        let read = IngredientParser.parse(piece)
        return read.quantity == nil && !read.toTaste && read.purpose == nil && !read.optional
    }

    /// Whether the line is a group's heading ("For the noodles:"), not something to buy.
    package static func isHeading(_ line: String) -> Bool { IngredientParser.parse(line).isHeading }

    /// Whether a recipe read from text is one: a title, then ingredient lines, at least one in
    /// three of which (headings aside) reads as an amount of something ("200 g flour", "salt to taste").
    package static func readsAsRecipe(_ d: RecipeDraft) -> Bool {
        guard !d.title.isEmpty else { return false }
        let lines = d.ingredients.map { IngredientParser.parse($0) }.filter { !$0.isHeading }
        let measured = lines.filter { i in
            (i.quantity != nil || i.toTaste || i.purpose != nil) && i.name.contains(where: \.isLetter)
        }.count
        return measured > 0 && measured * 3 >= lines.count
    }
}
