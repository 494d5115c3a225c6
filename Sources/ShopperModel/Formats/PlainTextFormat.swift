import Foundation

/// One item per line: `[quantity [unit]] description [@ price per unit | = price for all] [[aisle]]`,
/// e.g. `2 kg Apples @ 1.29 [Fruit]` (1.29 a kilogram) or `500 g Mince = 5.49` (5.49 the pack). A
/// price may carry a currency sign (`@ €3.99`). Blank lines and lines starting with `#` are skipped; lines may end
/// in LF, CRLF or CR. `x` after a quantity means "no unit" (`2 x Pack of cards`); a unit not in the
/// list below is written in braces (`2 {sachets} Tea`). A backslash makes the next character plain
/// text (`Coupon \@ 5`, `1 \= 2`, `\#1 fan`, `Jam \[homemade\]`), so every item the app can hold is written
/// as a line that reads back the same; hand-typed lines keep their meaning.
package enum PlainTextFormat {
    /// Whether a word (or two: "fl oz") is read as a unit after a quantity: every spelling of the
    /// one unit table recipes read (`UnitTable`, `MeasureUnit.typed`), so "2 cups Heavy cream",
    /// "2 EL Öl" or "3 cloves Garlic" typed give the item a recipe's line gives. The unit is kept
    /// as typed (a file reads back the same).
    static func isUnit(_ word: String) -> Bool { MeasureUnit.typed(word) != nil }

    /// `numbers`: how the person who wrote the text writes numbers (text is for people; CSV is the
    /// format that moves between locales).
    static func parse(_ text: String, numbers: NumberConvention = .neutral) throws(ImportError) -> [ImportedItem] {
        try ImportReader(text: text, format: .text, numbers: numbers).readAll()
    }

    /// A line as it was read from a file: refused whole when longer than any item takes.
    static func item(_ unit: ImportUnit, numbers: NumberConvention) throws(ImportLineError) -> ImportedItem? {
        guard !unit.overlong else {
            throw ImportLineError(
                line: unit.line,
                message: L("This line is longer than {max} characters.", ["max": "\(ImportUnits.maxLength)"]))
        }
        return try item(unit.fields.first ?? "", line: unit.line, numbers: numbers)
    }

    /// One line as an item; nil for a blank or comment line.
    static func item(_ raw: String, line: Int, numbers: NumberConvention = .neutral) throws(ImportLineError)
        -> ImportedItem?
    {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text.hasPrefix("#") { return nil }
        switch parseLine(text, numbers: numbers) {
        case .success(let f):
            var row = ImportedItem(fields: f, needed: true, inCart: false)
            row.placesAisle = true
            return row
        case .failure(let e): throw ImportLineError(line: line, message: e.message)
        }
    }

    /// Splits on LF, CRLF and CR, by Unicode scalar: Swift sees "\r\n" as one Character, which a
    /// split on "\n" never finds.
    package static func lines(of text: String) -> [String] {
        var out: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for c in text.unicodeScalars {
            if afterCR && c == "\n" { afterCR = false; continue }
            afterCR = c == "\r"
            if c == "\n" || c == "\r" { out.append(String(current)); current = .init() } else { current.append(c) }
        }
        out.append(String(current))
        return out
    }

    package struct LineError: Error { package let message: String }

    /// One character of a line, and whether a backslash made it plain text.
    private struct Token: Equatable {
        let c: Unicode.Scalar
        let escaped: Bool
        func `is`(_ s: Unicode.Scalar) -> Bool { !escaped && c == s }
        /// No-break spaces join: "1\u{202F}234" is one number, as French writes a thousand.
        var isSpace: Bool { !escaped && c.properties.isWhitespace && !Self.joining.contains(c) }
        static let joining: Set<Unicode.Scalar> = ["\u{00A0}", "\u{202F}", "\u{2007}", "\u{2060}"]
    }

    private static func tokens(_ s: String) -> [Token] {
        var out: [Token] = []
        var it = s.unicodeScalars.makeIterator()
        while let c = it.next() {
            if c == "\\", let next = it.next() {
                out.append(Token(c: next, escaped: true))
            } else {
                out.append(Token(c: c, escaped: false))
            }
        }
        return out
    }

    private static func text(_ t: ArraySlice<Token>) -> String { String(String.UnicodeScalarView(t.map(\.c))) }

    private static func trimmed(_ t: ArraySlice<Token>) -> ArraySlice<Token> {
        var t = t
        while t.first?.isSpace == true { t.removeFirst() }
        while t.last?.isSpace == true { t.removeLast() }
        return t
    }

    /// A line as typed, and which of its parts were written: adding a known item changes just those.
    package struct TypedLine: Equatable, Sendable {
        package var fields: ItemFields
        package var hasQuantity = false
        package var hasUnit = false
        package var hasPrice = false
        package var hasAisle = false
        package var hasNotes = false
    }

    static func parseLine(_ line: String, numbers: NumberConvention = .neutral) -> Result<ItemFields, LineError> {
        read(line, numbers: numbers).map(\.fields)
    }

    package static func read(_ line: String, numbers: NumberConvention = .neutral) -> Result<TypedLine, LineError> {
        var rest = trimmed(tokens(line)[...])
        var draft = ItemDraft(numbers: numbers)
        var typed = TypedLine(fields: ItemFields(description: ""))
        // "| notes" last: a bar after a space; in the notes \n is a new line (export writes them so).
        if let bar = rest.lastIndex(where: { $0.is("|") }), bar == rest.startIndex || rest[bar - 1].isSpace {
            draft.notes = notes(rest[(bar + 1)...]).trimmingCharacters(in: .whitespaces)
            typed.hasNotes = !draft.notes.isEmpty
            rest = trimmed(rest[..<bar])
        }
        // [Aisle] at the end.
        if rest.last?.is("]") == true, let open = rest.lastIndex(where: { $0.is("[") }) {
            draft.aisle = text(rest[(open + 1)..<(rest.endIndex - 1)])
            typed.hasAisle = true
            rest = trimmed(rest[..<open])
        }
        readPrice(&rest, into: &draft, &typed, numbers: numbers)
        var words = rest.split(whereSeparator: \.isSpace)
        if let first = words.first, !first.contains(where: \.escaped) {
            let word = text(first)
            if let qty = leadingQuantity(word, numbers) {
                draft.quantity = qty.number
                typed.hasQuantity = true
                words.removeFirst()
                if let u = qty.unit { draft.unit = u }
                else if let next = words.first, words.count > 1 {
                    if let unit = bracedUnit(&words) { draft.unit = unit }
                    else if next.elementsEqual(tokens("x")) || next.elementsEqual(tokens("×")) {
                        words.removeFirst(); typed.hasUnit = true
                    }
                    else if let n = unitWords(words) {
                        draft.unit = words[0..<n].map(text).joined(separator: " "); words.removeFirst(n)
                    }
                }
                if !draft.unit.isEmpty { typed.hasUnit = true }
            } else if let problem = quantityProblem(word, numbers) {
                return .failure(LineError(message: problem))
            }
        }
        draft.description = words.map(text).joined(separator: " ")
        do {
            typed.fields = try draft.validate()
            return .success(typed)
        } catch {
            return .failure(LineError(message: error.errors.map(\.message).joined(separator: " ")))
        }
    }

    /// "@ price" or "= price" at the end of what is left of a typed line, read into the draft.
    private static func readPrice(_ rest: inout ArraySlice<Token>, into draft: inout ItemDraft,
                                  _ typed: inout TypedLine, numbers: NumberConvention) {
        // The mark after a space (or first), then one word, or a number and a currency sign apart ("= 3,99 €").
        if let at = rest.lastIndex(where: { $0.is("@") || $0.is("=") }), at == rest.startIndex || rest[at - 1].isSpace {
            let cost = trimmed(rest[(at + 1)...])
            let words = cost.split(whereSeparator: \.isSpace)
            let isSign = { (w: ArraySlice<Token>) in
                w.count == 1 && w.first?.c.properties.generalCategory == .currencySymbol
            }
            let isPrice = words.count == 1 || (words.count == 2 && (isSign(words[0]) || isSign(words[1])))
            // "= word" was plain text in older lists ("E = mc2"): it is a price only when the word
            // reads as an amount and a description is left before it.
            let isTotal = rest[at].is("=")
            let readsAsAmount = {
                DecimalText.read(ItemDraft.withoutCurrencySign(text(cost)), convention: numbers) != .notANumber
            }
            if isPrice, !isTotal || (at > rest.startIndex && readsAsAmount()) {
                draft.price = text(cost)
                draft.priceBasis = rest[at].c == "=" ? .forAll : .perUnit
                typed.hasPrice = true
                rest = trimmed(rest[..<at])
            }
        }
    }

    /// The text of notes after the bar: an escaped n is a line break.
    private static func notes(_ t: ArraySlice<Token>) -> String {
        String(String.UnicodeScalarView(t.map { $0.escaped && $0.c == "n" ? "\n" : $0.c }))
    }

    /// How many of the first words (one or two) spell a unit, with a description left after them.
    private static func unitWords(_ words: [ArraySlice<Token>]) -> Int? {
        for n in [2, 1] where words.count > n && !words[0..<n].contains(where: { $0.contains(where: \.escaped) }) {
            if isUnit(words[0..<n].map(text).joined(separator: " ")) { return n }
        }
        return nil
    }

    /// `{unit words}` right after the quantity.
    private static func bracedUnit(_ words: inout [ArraySlice<Token>]) -> String? {
        guard words.first?.first?.is("{") == true,
              let end = words.firstIndex(where: { $0.last?.is("}") == true }), end < words.count - 1 else { return nil }
        let joined = Array(words[0...end].joined(separator: [Token(c: " ", escaped: false)]))
        words.removeFirst(end + 1)
        return text(joined[1..<(joined.count - 1)])
    }

    /// "2", "1.5", or "2kg" (number glued to a known unit).
    private static func leadingQuantity(_ word: String, _ numbers: NumberConvention = .neutral) -> (
        number: String, unit: String?
    )? {
        let isNumber = { (c: Unicode.Scalar) in
            ("0"..."9").contains(c) || c == "." || c == "," || DecimalText.groupingMarks.contains(c)
        }
        guard let firstNonNumber = word.unicodeScalars.firstIndex(where: { !isNumber($0) }) else {
            return DecimalText.parse(word, convention: numbers) != nil ? (word, nil) : nil
        }
        let number = String(word.unicodeScalars[..<firstNonNumber]),
            unit = String(word.unicodeScalars[firstNonNumber...])
        guard DecimalText.parse(number, convention: numbers) != nil, !unit.contains(" "), isUnit(unit) else {
            return nil
        }
        return (number, unit)
    }

    /// A first word that is meant as a quantity but is not one the app takes ("-1", "1e30", "½",
    /// "1,000"), in words; nil for a word that is simply the start of the description ("7up").
    private static func quantityProblem(_ word: String, _ numbers: NumberConvention = .neutral) -> String? {
        let s = Array(word.unicodeScalars)
        guard let first = s.first else { return nil }
        let isDigit = { (c: Unicode.Scalar) in ("0"..."9").contains(c) }
        if (first == "-" || first == "−" || first == "+"), s.count > 1, isDigit(s[1]) {
            return first == "+"
                ? L("Quantity must be a plain number, such as 2 or 1.5.") : L("Quantity must be more than zero.")
        }
        if !first.isASCII, first.properties.numericType != nil {
            return L("Write the quantity in digits, such as 0.5 or 2.")
        }
        guard isDigit(first) else { return nil }
        if s.allSatisfy({ isDigit($0) || $0 == "." || $0 == "," }) {
            if case .failure(let e) = ItemDraft.amount(
                word, max: ItemDraft.maxQuantity, what: .quantity, numbers: numbers)
            {
                return e.message
            }
            return nil
        }
        // 1e30, 2.5E3: an exponent.
        if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }), e > 0,
           s[..<e].allSatisfy({ isDigit($0) || $0 == "." }),
           s[(e + 1)...].drop(while: { $0 == "+" || $0 == "-" }).allSatisfy(isDigit), s.count > e + 1 {
            return L("Quantity must be a plain number, such as 2 or 1.5.")
        }
        return nil
    }

    // MARK: Writing

    static func line(_ item: Item, numbers: NumberConvention = .neutral) -> String {
        var parts: [String] = []
        let words = item.description.split(separator: " ").map(String.init)
        let first = words.first ?? ""
        let firstIsNumber = leadingQuantity(first, numbers) != nil || quantityProblem(first, numbers) != nil
        let firstIsUnit =
            isUnit(first) || words.count > 1 && isUnit(words[0] + " " + words[1]) || first == "x" || first == "×"
            || first.hasPrefix("{")
        // Say the quantity when it is not 1, or when the description would be misread without it.
        if item.quantity != 1 || item.unit != nil || firstIsNumber {
            parts.append(DecimalText.format(item.quantity, numbers))
            if let u = item.unit {
                // Plain when it reads back as the same one or two words.
                let words = u.split(whereSeparator: \.isWhitespace)
                let plain = isUnit(u) && words.count <= 2 && words.joined(separator: " ") == u
                    && !u.unicodeScalars.contains { "\\{}[]@#|".unicodeScalars.contains($0) }
                // @ and = escaped too: a price is looked for before units are, so "{1 @ 5} €" read
                // as a price of "5} €".
                parts.append(plain ? u : "{" + escape(u, "{}@=") + "}")
            } else if firstIsUnit || firstIsNumber {
                parts.append("x")
            }
        }
        parts.append(escape(item.description, "@=[]|", leading: "#{"))
        var line = parts.joined(separator: " ")
        if let c = item.price { line += " \(item.priceBasis == .forAll ? "=" : "@") \(DecimalText.format(c, numbers))" }
        if let a = item.aisle { line += " [" + escape(a, "[]|") + "]" }
        // Notes last, one line: their line breaks as \n (so export then import gives the same items).
        let notes = item.notes.trimmingCharacters(in: .whitespaces)
        if !notes.isEmpty {
            line +=
                " | "
                + escape(notes, "|").replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
                    of: "\r", with: "\n"
                )
                .replacingOccurrences(of: "\n", with: "\\n")
        }
        return line
    }

    /// Backslashes before `special` characters (and backslashes), and before a first character in
    /// `leading`.
    private static func escape(_ s: String, _ special: String, leading: String = "") -> String {
        var out = String.UnicodeScalarView()
        for (i, c) in s.unicodeScalars.enumerated() {
            if c == "\\" || special.unicodeScalars.contains(c) || (i == 0 && leading.unicodeScalars.contains(c)) {
                out.append("\\")
            }
            out.append(c)
        }
        return String(out)
    }
}
