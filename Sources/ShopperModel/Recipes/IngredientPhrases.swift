import Foundation

/// The phrases around an amount that recipes write and a list must see through: the part of a
/// fruit ("juice of 1 lime": a lime to buy), the size of each container ("2 x 400 g tins",
/// "1 (400 g) can", "2 Dosen à 400 g": two cans, "400 g each"), and what an unmeasured line is
/// for ("oil for frying"). `IngredientParser` calls these between its steps.
enum IngredientPhrases {
    /// "juice of 1 lime" → ("juice", "1 lime"); "Saft einer Zitrone" → ("Saft", "1 Zitrone"):
    /// the part named, and the fruit's amount and name as a line of their own. Nil for any other line.
    static func partOf(_ text: String) -> (part: String, rest: String)? {
        // Most lines start with an amount: one look at the first word spares them the phrases.
        let first = text.prefix { $0.isLetter }.lowercased()
        guard IngredientWords.partStarts.contains(first) else { return nil }
        for phrase in IngredientWords.partOf {
            guard let after = IngredientWords.dropping(prefix: phrase, from: text) else { continue }
            var rest = IngredientWords.trimmed(after)
            for link in IngredientWords.partLinks {
                if let r = IngredientWords.dropping(prefix: link, from: rest) {
                    rest = IngredientWords.trimmed(r); break
                }
            }
            guard let amount = fruitAmount(rest) else { continue }
            let part = IngredientWords.trimmed(String(text.prefix(text.count - after.count)))
            return (
                IngredientWords.dropping(suffix: "of", from: part).map { IngredientWords.trimmed($0) } ?? part, amount
            )
        }
        return nil
    }

    /// The fruit's amount in digits: "1 lime", "½ lemon" as written; "a lime", "einer Zitrone" one;
    /// "half a lemon", "einer halben Zitrone" a half. Nil when no amount begins the text.
    private static func fruitAmount(_ rest: String) -> String? {
        guard let first = rest.first else { return nil }
        if first.isASCIIDigit || RationalText.glyphs[first] != nil { return rest }
        for half in IngredientWords.half {
            if let r = IngredientWords.dropping(prefix: half, from: rest), !IngredientWords.trimmed(r).isEmpty {
                return "½ " + IngredientWords.trimmed(r)
            }
        }
        let words = rest.split(separator: " ", maxSplits: 1).map(String.init)
        if words.count == 2, IngredientWords.one.contains(words[0].lowercased()) { return "1 " + words[1] }
        return nil
    }

    /// "2x400g tins" as "2 x 400g tins": a number glued to the mark of a multiplier.
    static func spacedMultiplier(_ text: String) -> String {
        let c = Array(text)
        var i = 0
        while i < c.count, c[i].isASCIIDigit { i += 1 }
        guard i > 0, i + 1 < c.count, c[i] == "x" || c[i] == "×", c[i + 1].isASCIIDigit || c[i + 1] == " " else {
            return text
        }
        return String(c[..<i]) + " " + String(c[i]) + " " + String(c[(i + 1)...]).drop { $0 == " " }
    }

    /// After an amount: "x 400 g tins tomatoes" (or "400 g tins", "28-ounce can", "à 400 g"): the
    /// size of each into `each`, the container into `unit`; the rest of the line. Unchanged when
    /// the text says no size.
    static func size(_ text: String, numbers: NumberConvention, into ingredient: inout Ingredient) -> String {
        guard case .exact? = ingredient.quantity, let head = text.first else { return text }
        // Only a size, a mark or "à" can follow: most lines are spared the phrases.
        let firstWord = text.prefix { !$0.isWhitespace }.lowercased()
        guard head.isASCIIDigit || head == "x" || head == "×" || IngredientWords.sizeMarks.contains(firstWord) else {
            return text
        }
        var rest = text
        var marked = false
        for mark in IngredientWords.sizeMarks {
            if let r = IngredientWords.dropping(prefix: mark, from: rest) {
                rest = IngredientWords.trimmed(r); marked = true; break
            }
        }
        // "2 x400g", "2 ×400 g": the mark glued to the size.
        if !marked, let f = rest.first, f == "x" || f == "×", rest.dropFirst().first?.isASCIIDigit == true {
            rest = String(rest.dropFirst())
            marked = true
        }
        guard let (measure, after) = measure(at: rest, numbers: numbers) else {
            // "3 x Eier": three eggs, the mark only says "times".
            let times = marked && ingredient.unit == nil && ["x", "×"].contains(String(text.prefix(1))) && !rest.isEmpty
            return times ? rest : text
        }
        if let unit = ingredient.unit {
            // "2 Dosen à 400 g Tomaten": the container came first.
            guard marked, isContainer(unit) else { return text }
            ingredient.each = measure
            return after
        }
        let (unit, name) = IngredientParser.leadingUnit(after)
        if let unit, isContainer(unit) {
            ingredient.unit = unit
            ingredient.each = measure
            return name
        }
        // "2 x 400 g chickpeas": each is 400 g, though the container is not said.
        guard marked else { return text }
        ingredient.each = measure
        return after
    }

    /// A mass or a volume at the start of `text` ("400 g", "400g", "14.5-ounce"), written as the
    /// recipe view writes amounts, and what follows it.
    static func measure(at text: String, numbers: NumberConvention) -> (String, String)? {
        var c = Array(text)
        guard let first = c.first, first.isASCIIDigit || RationalText.glyphs[first] != nil else { return nil }
        // "28-ounce": the hyphen of a compound adjective, not a range.
        if let hyphen = c.firstIndex(of: "-"), hyphen > 0, c[hyphen - 1].isASCIIDigit, hyphen + 1 < c.count,
            c[hyphen + 1].isLetter
        {
            c[hyphen] = " "
        }
        var probe = Ingredient(name: "")
        let after = IngredientParser.readAmount(String(c) + " x", numbers: numbers, into: &probe)
        guard let unit = probe.unit, unit.dimension == .mass || unit.dimension == .volume, let q = probe.quantity else {
            return nil
        }
        let rest = IngredientWords.trimmed(
            String(after.dropLast(after.hasSuffix(" x") ? 2 : after.hasSuffix("x") ? 1 : 0)))
        // In decimals, as a label prints it ("14.5 oz", "400 g").
        let written = RationalText.format(q.high, numbers, style: .decimal) + " " + unit.name(for: q.high)
        return (written, rest)
    }

    /// A parenthesized size that belongs to each container ("1 can (400 g)", "1 (14.5 oz) can",
    /// "1 Dose (à 400 g)"), or a size after the name ("2 Dosen Tomaten à 400 g"), moved from the
    /// note or the name into `each`.
    static func sizeFromNote(_ ingredient: inout Ingredient, numbers: NumberConvention) {
        guard ingredient.each == nil, let unit = ingredient.unit, isContainer(unit),
            (ingredient.note ?? ingredient.name).contains(where: \.isASCIIDigit)
                || ingredient.name.contains(where: \.isASCIIDigit)
        else { return }
        if let note = ingredient.note, let each = sizeWords(note, numbers: numbers) {
            ingredient.each = each
            ingredient.note = nil
            return
        }
        for mark in IngredientWords.sizeMarks where mark != "x" && mark != "×" {
            guard let r = ingredient.name.range(of: " " + mark + " ", options: [.caseInsensitive, .backwards]) else {
                continue
            }
            if let each = sizeWords(String(ingredient.name[r.upperBound...]), numbers: numbers) {
                ingredient.each = each
                ingredient.name = String(ingredient.name[..<r.lowerBound])
                return
            }
        }
    }

    /// The whole of `text` a size: "400 g", "à 400 g", "14.5-ounce", "400 g each".
    private static func sizeWords(_ text: String, numbers: NumberConvention) -> String? {
        var t = IngredientWords.trimmed(text)
        for mark in IngredientWords.sizeMarks {
            if let r = IngredientWords.dropping(prefix: mark, from: t) { t = IngredientWords.trimmed(r); break }
        }
        for word in ["each", "je", "jeweils", "per can", "pro dose"] {
            if let r = IngredientWords.dropping(suffix: word, from: t) { t = IngredientWords.trimmed(r); break }
        }
        guard let (measure, rest) = measure(at: t, numbers: numbers), rest.isEmpty else { return nil }
        return measure
    }

    /// A container sold in sizes: a can, a jar, a pack, a box, a bottle, a bag, a tub.
    static func isContainer(_ unit: MeasureUnit) -> Bool {
        unit.dimension == .count && ["can", "jar", "pack", "box", "bottle", "bag", "tub"].contains(unit.base)
    }

    /// `text` without a use said at its end ("for frying", "zum Braten"), which goes to `purpose`.
    static func purpose(in text: String, into ingredient: inout Ingredient) -> String {
        let words = text.lowercased().split(separator: " ")
        guard words.contains(where: { ["for", "to", "zum", "für"].contains($0) }) else { return text }
        for phrase in IngredientWords.purposes {
            guard let rest = IngredientWords.dropping(suffix: phrase, from: text) else { continue }
            let said = String(text.suffix(text.count - rest.count))
            ingredient.purpose = IngredientWords.trimmed(said)
            return IngredientWords.trimmed(rest, extra: ",;")
        }
        return text
    }

    /// "For the noodles", "Für den Teig" without a colon: a heading too (short, no amount).
    static func isHeading(_ name: String) -> Bool {
        let words = name.split(separator: " ")
        guard words.count <= 6 else { return false }
        // "SAUCE", "FÜR DEN TEIG": a short line in capitals is a heading; an ingredient is never written so.
        if words.count <= 4, name.filter(\.isLetter).count >= 3, !name.contains(where: \.isLowercase) { return true }
        return IngredientWords.headingStarts.contains { IngredientWords.dropping(prefix: $0, from: name) != nil }
    }
}
