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
    /// What a line without an amount is for: the cook takes what it needs ("oil for frying").
    static let purposes = ["for deep-frying", "for deep frying", "for shallow frying", "for frying", "for greasing",
                           "for dusting", "for brushing", "for drizzling", "for serving", "to serve", "for garnish",
        "for garnishing", "to garnish", "for the pan", "for the tin", "zum Frittieren", "zum Ausbacken",
        "zum Anbraten", "zum Braten", "zum Einfetten", "für die Form", "zum Bestäuben", "zum Bestreuen",
                           "zum Bepinseln", "zum Garnieren", "zum Servieren", "für die Arbeitsfläche"]
    /// The part of a fruit a line asks for, before the fruit ("juice of 1 lime", "Saft einer Zitrone").
    static let partOf = ["the juice and zest of", "the zest and juice of", "juice and zest of", "zest and juice of",
                         "the finely grated zest of", "finely grated zest of", "the grated zest of", "grated zest of",
        "freshly squeezed juice of", "the juice of", "the zest of", "juice of", "zest of", "grated rind of",
        "rind of", "Saft und Abrieb", "Abrieb und Saft", "Saft und Schale", "abgeriebene Schale", "Abrieb",
                         "Saft", "Schale"]
    /// The first words of `partOf`, lower case.
    static let partStarts: Set<String> = Set(partOf.map { String($0.prefix { $0.isLetter }).lowercased() })
    /// Between the part and the fruit in German: "Saft von 1 Zitrone".
    static let partLinks = ["von", "of"]
    /// Half of one: "juice of half a lemon", "Saft einer halben Zitrone".
    static let half = [
        "half a", "half an", "half", "einer halben", "eine halbe", "einem halben", "eines halben", "1/2", "einer 1/2"
    ]
    /// Before the size of each container: "2 x 400 g", "2 Dosen à 400 g".
    static let sizeMarks = ["x", "×", "à", "a", "je", "of"]
    /// A short line starting so, without an amount, is a heading: "For the noodles".
    static let headingStarts = ["for the", "für den", "für die", "für das"]
    /// Before a unit, one of it: "a pinch of salt", "eine Prise Salz".
    static let one: Set<String> = ["a", "an", "one", "ein", "eine", "einen", "einer", "eins"]
    /// Before a name, an amount left to the cook: "some parsley", "etwas Salz".
    static let vague = [
        "a little", "a bit of", "a few", "some", "etwas", "ein wenig", "ein bisschen", "ein paar", "einige"
    ]
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
    static let invisible: Set<Unicode.Scalar> = Set([
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}"
    ])
        .union(RecipeDraft.bidiControls)

    /// `text` without `phrase` at its end (as a whole word, ignoring case and accents), or nil
    /// when it does not end so.
    static func dropping(suffix phrase: String, from text: String) -> String? {
        guard let r = text.range(of: phrase, options: [.caseInsensitive, .diacriticInsensitive, .anchored, .backwards])
        else {
            return nil
        }
        guard r.lowerBound == text.startIndex || !isWordCharacter(text[text.index(before: r.lowerBound)]) else {
            return nil
        }
        return String(text[..<r.lowerBound])
    }

    /// `text` without `phrase` at its start (a whole word), or nil.
    static func dropping(prefix phrase: String, from text: String) -> String? {
        guard let r = text.range(of: phrase, options: [.caseInsensitive, .diacriticInsensitive, .anchored]) else {
            return nil
        }
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
