import Foundation

/// Reads one ingredient line: `[amount [unit]] name[, preparation]`, with parenthesized notes
/// anywhere and "optional" or "to taste" at the end. Any string gives an ingredient (at worst,
/// all of it as the name); every field is bounded.
enum IngredientParser {
    /// `numbers`: how the person (or the recipe's page) writes decimals: "1,5" or "1.5".
    static func parse(_ line: String, numbers: NumberConvention = .neutral) -> Ingredient {
        var ingredient = Ingredient(name: "")
        var text = withoutNotes(normalized(line), into: &ingredient)
        // "juice of 1 lime": the lime is what is bought, and scaled; the juice is how it is used.
        let part = IngredientPhrases.partOf(text)
        if let part { text = part.rest }
        var rest = readAmount(IngredientPhrases.spacedMultiplier(text), numbers: numbers, into: &ingredient)
        rest = IngredientPhrases.size(rest, numbers: numbers, into: &ingredient)
        readName(rest, into: &ingredient)
        if let part {
            ingredient.preparation = [part.part, ingredient.preparation].compactMap { $0 }.joined(separator: ", ")
        }
        IngredientPhrases.sizeFromNote(&ingredient, numbers: numbers)
        if ingredient.quantity == nil, !ingredient.toTaste, ingredient.preparation == nil, ingredient.purpose == nil {
            if ingredient.name.hasSuffix(":") {
                ingredient.isHeading = true
                ingredient.name = String(ingredient.name.dropLast())
            } else if ingredient.note == nil, IngredientPhrases.isHeading(ingredient.name) {
                ingredient.isHeading = true
            }
        }
        ingredient.name = String(ingredient.name.prefix(Ingredient.maxName))
        ingredient.preparation = ingredient.preparation.map { String($0.prefix(Ingredient.maxPreparation)) }
        ingredient.note = ingredient.note.map { String($0.prefix(Ingredient.maxNote)) }
        ingredient.purpose = ingredient.purpose.map { String($0.prefix(Ingredient.maxNote)) }
        return ingredient
    }

    /// One line of plain words: every kind of space one space, control and invisible characters
    /// gone, a list's bullet dropped, and no more than `Ingredient.maxLineLength` characters.
    static func normalized(_ line: String) -> String {
        var out = ""
        var lastWasSpace = true
        for c in line.prefix(Ingredient.maxLineLength) {
            guard let first = c.unicodeScalars.first, !IngredientWords.invisible.contains(first) else { continue }
            let isSpace =
                c.isWhitespace || first.properties.generalCategory == .control
                || first.properties.generalCategory == .format
            if isSpace {
                if !lastWasSpace { out.append(" ") }
            } else {
                out.append(c)
            }
            lastWasSpace = isSpace
        }
        if out.hasSuffix(" ") { out.removeLast() }
        if out.count > 1, let first = out.first, IngredientWords.bullets.contains(first), out.dropFirst().first == " " {
            out.removeFirst(2)
        }
        return out
    }

    /// The text without its parenthesized parts, which become the note or the flags they name.
    static func withoutNotes(_ text: String, into ingredient: inout Ingredient) -> String {
        var kept = "", inner = "", depth = 0
        var notes: [String] = []
        for c in text {
            if c == "(" || c == "[" {
                depth += 1
                if depth == 1 { continue }
            } else if (c == ")" || c == "]") && depth > 0 {
                depth -= 1
                if depth == 0 { notes.append(inner); inner = ""; continue }
            }
            if depth > 0 { inner.append(c) } else { kept.append(c) }
        }
        // An unclosed parenthesis is text, as written.
        if depth > 0 { kept += "(" + inner }
        var remaining: [String] = []
        for note in notes.map({ IngredientWords.trimmed($0) }) where !note.isEmpty {
            if IngredientWords.isOne(of: IngredientWords.optional, note) { ingredient.optional = true }
            else if IngredientWords.isOne(of: IngredientWords.toTaste, note) { ingredient.toTaste = true }
            else { remaining.append(note) }
        }
        if !remaining.isEmpty { ingredient.note = remaining.joined(separator: "; ") }
        return kept.split(separator: " ").joined(separator: " ").replacingOccurrences(of: " ,", with: ",")
    }

    /// Reads an amount and a unit at the start of `text` into `ingredient`; what follows them.
    static func readAmount(_ text: String, numbers: NumberConvention, into ingredient: inout Ingredient) -> String {
        let c = Array(text)
        if let (quantity, end) = quantity(c, numbers: numbers) {
            let after = String(c[end...])
            if after.first == " " || after.isEmpty {
                let (unit, rest) = leadingUnit(IngredientWords.trimmed(after))
                ingredient.quantity = quantity
                ingredient.unit = unit
                return rest
            }
            // Glued to its unit ("200g", "2EL"); glued to anything else, it is part of the name ("7up").
            let word = after.prefix { $0 != " " }
            if let unit = MeasureUnit.named(String(word)), word.count < after.count {
                ingredient.quantity = quantity
                ingredient.unit = unit
                return withoutOf(IngredientWords.trimmed(String(after.dropFirst(word.count))))
            }
            return text
        }
        // "a pinch of salt", "eine Prise Salz": one of the unit.
        let words = text.split(separator: " ", maxSplits: 1).map(String.init)
        if words.count == 2, IngredientWords.one.contains(words[0].lowercased()) {
            let (unit, rest) = leadingUnit(words[1])
            if let unit {
                ingredient.quantity = .exact(.one)
                ingredient.unit = unit
                return rest
            }
        }
        for vague in IngredientWords.vague {
            if let rest = IngredientWords.dropping(prefix: vague, from: text), rest.count > 1 {
                return IngredientWords.trimmed(rest)
            }
        }
        return text
    }

    /// An amount or a range at the start of `c`: "2", "1 ½", "2–3", "2 to 3", "2-3".
    static func quantity(_ c: [Character], numbers: NumberConvention) -> (IngredientQuantity, Int)? {
        guard let (low, end) = RationalText.read(c, at: 0, numbers: numbers), low.isPositive else { return nil }
        var i = end
        while i < c.count, c[i] == " " { i += 1 }
        var next: Int?
        if i < c.count, IngredientWords.rangeSigns.contains(c[i]) {
            next = i + 1
        } else {
            var j = i
            while j < c.count, c[j].isLetter { j += 1 }
            if j > i, j < c.count, c[j] == " ", IngredientWords.rangeWords.contains(String(c[i..<j]).lowercased()) {
                next = j + 1
            }
        }
        if var k = next {
            while k < c.count, c[k] == " " { k += 1 }
            if let (high, end2) = RationalText.read(c, at: k, numbers: numbers) {
                if low < high { return (.range(low, high), end2) }
                if low == high { return (.exact(low), end2) }
            }
        }
        return (.exact(low), end)
    }

    /// A unit of one or more words at the start of `text`, when a name follows it; and the rest.
    static func leadingUnit(_ text: String) -> (MeasureUnit?, String) {
        let words = text.split(separator: " ").map(String.init)
        guard words.count > 1 else { return (nil, text) }
        for n in stride(from: min(MeasureUnit.longestSpelling, words.count - 1), through: 1, by: -1) {
            if let unit = MeasureUnit.named(words[0..<n].joined(separator: " ")) {
                return (unit, withoutOf(words[n...].joined(separator: " ")))
            }
        }
        return (nil, text)
    }

    /// "of flour" → "flour"; a name that is only "of" stays.
    private static func withoutOf(_ text: String) -> String {
        let parts = text.split(separator: " ", maxSplits: 1)
        if parts.count == 2, IngredientWords.of.contains(parts[0].lowercased()) { return String(parts[1]) }
        return text
    }

    /// Name and preparation, split at the first comma, and the flags said at the end of either.
    static func readName(_ text: String, into ingredient: inout Ingredient) {
        var name = text
        var preparation: String?
        if let comma = text.firstIndex(of: ",") {
            name = String(text[..<comma])
            preparation = IngredientWords.trimmed(String(text[text.index(after: comma)...]), extra: ",")
        }
        name = flags(in: name, into: &ingredient)
        if let p = preparation {
            let rest = flags(in: p, into: &ingredient)
            preparation = rest.isEmpty ? nil : rest
        }
        ingredient.name = name
        ingredient.preparation = preparation
    }

    /// `text` without "to taste" or "optional" at its end (repeatedly: "salt, optional, to
    /// taste"), which set the flags instead.
    private static func flags(in text: String, into ingredient: inout Ingredient) -> String {
        var t = IngredientWords.trimmed(text, extra: ",;")
        var changed = true
        while changed, !t.isEmpty {
            changed = false
            for phrase in IngredientWords.toTaste {
                if let rest = IngredientWords.dropping(suffix: phrase, from: t) {
                    ingredient.toTaste = true
                    t = IngredientWords.trimmed(rest, extra: ",;")
                    changed = true
                }
            }
            for phrase in IngredientWords.optional {
                if let rest = IngredientWords.dropping(suffix: phrase, from: t) {
                    ingredient.optional = true
                    t = IngredientWords.trimmed(rest, extra: ",;")
                    changed = true
                }
            }
            if ingredient.purpose == nil {
                let rest = IngredientPhrases.purpose(in: t, into: &ingredient)
                if rest != t { t = rest; changed = true }
            }
        }
        return t
    }
}
