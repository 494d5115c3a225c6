import Foundation

/// A recipe's ingredient lines from what a page or a schema.org file gives. A list written as one
/// text is a line per line. One element of a list (a JSON string, a microdata value) is one
/// ingredient unless it says more: where a piece after a `<br>`, a block element or a line break
/// has an amount of its own, it starts a line ("3 Tbsp olive oil<br>3 garlic cloves" is two lines,
/// never one run together); a piece without one goes on with the line before ("4 medium-sized
/// tart<br>firm apples – peeled" stays whole).
package enum IngredientLines {
    /// The lines of `value`: a string, an array of strings or nodes (their `text` or `name`; a
    /// group's node its name as a heading, then its lines).
    static func from(_ value: Any?) -> [String] {
        switch value {
        case let s as String: return Array(HTMLText.lines(s).prefix(RecipeDraft.maxLines))
        case let a as [Any]:
            var out: [String] = []
            for element in a where out.count < RecipeDraft.maxLines {
                if let s = element as? String {
                    out += self.element(s)
                } else if let group = element as? [String: Any], let items = group["itemListElement"] {
                    // A group as a node ("For the noodles" and its lines): a heading, then the lines.
                    if let name = SchemaOrgFields.text(group["name"]) {
                        out.append(name.hasSuffix(":") ? name : name + ":")
                    }
                    out += from(items as? [Any] ?? [items]).prefix(RecipeDraft.maxLines)
                } else if let t = supply(element) ?? SchemaOrgFields.text(element) {
                    out.append(t)
                }
            }
            return Array(out.prefix(RecipeDraft.maxLines))
        case .some(let v): return SchemaOrgFields.text(v).map { [$0] } ?? []
        case nil: return []
        }
    }

    /// A `HowToSupply` (or any node) whose amount stands apart from its name, as some sites write
    /// them: `{"name": "Eier", "requiredQuantity": {"value": 4, "unitText": "Stück"}}` is
    /// "4 Stück Eier", never "Eier" without its amount. Nil for a node without one.
    static func supply(_ element: Any) -> String? {
        guard let o = element as? [String: Any],
            let name = SchemaOrgFields.text(o["name"]) ?? SchemaOrgFields.text(o["text"]),
              let q = o["requiredQuantity"] ?? o["amount"] else { return nil }
        var amount: [String] = []
        if let value = q as? [String: Any] {
            amount = [SchemaOrgFields.text(value["value"]), SchemaOrgFields.text(value["unitText"])].compactMap { $0 }
        } else if let plain = SchemaOrgFields.text(q) {
            amount = [plain]
        }
        return amount.isEmpty ? nil : (amount + [name]).joined(separator: " ")
    }

    /// The lines of one element of a list (HTML allowed): a `<br>` or a block element always
    /// ends a line; a raw line break only where the piece after it stands alone.
    package static func element(_ text: String) -> [String] {
        if let heading = emphasized(text) { return [heading] }
        let raw: Character = "\u{E000}"
        let marked = String(text.prefix(HTMLText.maxInput).map { $0.isNewline ? raw : $0 })
        var out: [String] = []
        for line in HTMLText.lines(marked).prefix(RecipeDraft.maxLines) {
            let pieces = line.split(separator: raw).map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            for (k, piece) in pieces.enumerated() {
                if k > 0, let last = out.last, !standsAlone(piece), !IngredientParser.parse(last).isHeading {
                    out[out.count - 1] = last + " " + piece
                } else {
                    out.append(piece)
                }
            }
        }
        return out
    }

    /// An element that is only a bold or heading text without an amount ("<strong>Noodles</strong>"):
    /// a group's heading, said with a colon so every reader takes it so ("Noodles:").
    static func emphasized(_ text: String) -> String? {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard t.hasPrefix("<"), t.hasSuffix(">"), t.count < 300 else { return nil }
        let open = t.dropFirst().prefix { $0.isLetter || $0.isNumber }.lowercased()
        guard ["strong", "b", "h2", "h3", "h4", "h5", "h6"].contains(open), t.lowercased().hasSuffix("</" + open + ">")
        else { return nil }
        let inner = HTMLText.line(t)
        guard !inner.isEmpty, !t.dropFirst().contains("<" + open), !standsAlone(inner) || inner.hasSuffix(":") else {
            return nil
        }
        return inner.hasSuffix(":") ? inner : inner + ":"
    }

    /// Whether a piece is a line of its own: it has an amount, or says it needs none ("salt to
    /// taste", "oil for frying", "optional"), or it is a heading.
    static func standsAlone(_ piece: String) -> Bool {
        let read = IngredientParser.parse(piece)
        return read.quantity != nil || read.toTaste || read.purpose != nil || read.optional || read.isHeading
    }

    /// Whether the line is a group's heading ("For the noodles:"), not something to buy.
    static func isHeading(_ line: String) -> Bool { IngredientParser.parse(line).isHeading }

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
