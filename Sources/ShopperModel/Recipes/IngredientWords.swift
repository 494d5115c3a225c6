import Foundation

/// The words an ingredient line is read by, as data in English and German (they describe the
/// recipe's language, not the window's, so they are not translated messages).
enum IngredientWords {
    /// After the name or as the preparation: the cook decides the amount.
    static let toTaste = ["to taste", "as needed", "as required", "for seasoning", "nach geschmack",
                          "nach bedarf", "zum abschmecken", "zum würzen"]
    /// After the name, as the preparation or in parentheses: the recipe works without it.
    static let optional = ["optional", "if desired", "if you like", "if using", "nach belieben",
                           "falls gewünscht", "wer mag", "wahlweise"]
    /// Before a unit, one of it: "a pinch of salt", "eine Prise Salz".
    static let one: Set<String> = ["a", "an", "one", "ein", "eine", "einen", "einer", "eins"]
    /// Before a name, an amount left to the cook: "some parsley", "etwas Salz".
    static let vague = ["a little", "a bit of", "a few", "some", "etwas", "ein wenig", "ein bisschen", "ein paar", "einige"]
    /// Between a unit and the name: "1 cup of flour".
    static let of: Set<String> = ["of"]
    /// Between the ends of a range: "2 to 3", "2 bis 3", "2 or 3".
    static let rangeWords: Set<String> = ["to", "or", "bis", "oder"]
    /// Marks a range written with a sign: hyphen, en and em dash, minus, and Unicode's hyphens.
    static let rangeSigns: Set<Character> = ["-", "–", "—", "−", "‐", "‑", "~"]
    /// What lists put before a line: "•", "-", "▢" (a checkbox some recipe sites print).
    static let bullets: Set<Character> = ["•", "·", "-", "–", "—", "*", "▢", "☐", "□", "○", "◦", "▪", "‣"]
    /// Characters that take no room and only get in the way of reading: zero-width space and
    /// joiners, the word joiner, the byte order mark, the soft hyphen, and the bidirectional
    /// controls (`RecipeDraft.bidiControls`: dropped where they stand, not read as a space).
    static let invisible: Set<Unicode.Scalar> = Set(["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}"])
        .union(RecipeDraft.bidiControls)

    /// `text` without `phrase` at its end (as a whole word, ignoring case and accents), or nil
    /// when it does not end so.
    static func dropping(suffix phrase: String, from text: String) -> String? {
        guard let r = text.range(of: phrase, options: [.caseInsensitive, .diacriticInsensitive, .anchored, .backwards]) else {
            return nil
        }
        guard r.lowerBound == text.startIndex || !isWordCharacter(text[text.index(before: r.lowerBound)]) else { return nil }
        return String(text[..<r.lowerBound])
    }

    /// `text` without `phrase` at its start (a whole word), or nil.
    static func dropping(prefix phrase: String, from text: String) -> String? {
        guard let r = text.range(of: phrase, options: [.caseInsensitive, .diacriticInsensitive, .anchored]) else { return nil }
        guard r.upperBound == text.endIndex || !isWordCharacter(text[r.upperBound]) else { return nil }
        return String(text[r.upperBound...])
    }

    /// Whether the whole of `text` is one of `phrases`, ignoring case, accents and a final point.
    static func isOne(of phrases: [String], _ text: String) -> Bool {
        let t = trimmed(text, extra: ".:;")
        return phrases.contains { t.compare($0, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
    }

    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }

    /// Without white space, and `extra` characters, at either end.
    static func trimmed(_ s: String, extra: String = "") -> String {
        let set = CharacterSet.whitespaces.union(CharacterSet(charactersIn: extra))
        return s.trimmingCharacters(in: set)
    }
}
