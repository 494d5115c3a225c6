import Foundation

/// The plain words of a text field that a recipe page filled with HTML: schema.org JSON carries
/// "Salt &amp; pepper", "200&nbsp;g flour" or "<p>Mix.</p><p>Bake.</p>" in its strings (JSON-LD
/// inside a `<script>` is never decoded by the page's own parser). Only a field's text goes
/// through here, never a document: the page itself is read by libxml2 in the sharing helper.
package enum HTMLText {
    /// The text's lines: tags gone (a block element or `<br>` ends a line), entities decoded
    /// (twice: WordPress often writes "&amp;nbsp;"), every kind of space one space, blank lines dropped.
    package static func lines(_ text: String) -> [String] {
        // No field keeps more (notes: 20,000 characters): a 5 MB ingredient costs no more than this.
        let plain = decoded(decoded(withoutTags(text.utf8.count > maxInput ? String(text.prefix(maxInput)) : text)))
        return plain.split(whereSeparator: \.isNewline).compactMap { line in
            let visible = line.filter { c in !c.unicodeScalars.contains { IngredientWords.invisible.contains($0) } }
            let words = visible.split {
                $0.isWhitespace || $0.unicodeScalars.first?.properties.generalCategory == .control
            }
            return words.isEmpty ? nil : words.joined(separator: " ")
        }
    }

    /// Characters of a field read; the rest is never looked at.
    static let maxInput = 64 << 10

    /// All of it on one line (a title, an ingredient).
    package static func line(_ text: String) -> String { lines(text).joined(separator: " ") }

    /// Elements whose end starts a new line: a step in `<li>` or `<p>` is a step of its own.
    private static let blocks: Set<String> = [
        "br", "p", "li", "div", "ol", "ul", "tr", "h1", "h2", "h3", "h4", "h5", "h6",
                                               "section", "article", "header", "footer", "blockquote", "dt", "dd", "hr"]

    /// Without `<…>` tags. A "<" that opens no tag ("1 < 2") is text.
    static func withoutTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            let next = text.index(after: i)
            guard c == "<", next < text.endIndex, text[next].isLetter || "/!?".contains(text[next]),
                  let close = text[next...].firstIndex(of: ">") else {
                out.append(c)
                i = next
                continue
            }
            let name = text[next..<close].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            if blocks.contains(name) { out.append("\n") }
            i = text.index(after: close)
        }
        return out
    }

    /// Character references decoded: named ones of the table below, decimal and hexadecimal ones.
    /// An unknown name, or a number that is no character, stays as written.
    static func decoded(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(12).firstIndex(of: ";"), let c = character(String(after[..<semi])) {
                out.append(c)
                rest = after[after.index(after: semi)...]
            } else {
                out.append("&")
                rest = after
            }
        }
        return out + rest
    }

    private static func character(_ name: String) -> Character? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return Character(scalar)
        }
        return named[name]
    }

    /// The references recipe pages use: markup, spaces, quotes and dashes, fractions, the letters of
    /// German, French and Spanish dishes, degrees.
    private static let named: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ensp": " ", "emsp": " ",
        "thinsp": " ",
        "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”",
        "bdquo": "„", "laquo": "«", "raquo": "»", "bull": "•", "middot": "·", "deg": "°", "times": "×", "frasl": "⁄",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "frac13": "⅓", "frac23": "⅔", "frac18": "⅛", "copy": "©",
        "reg": "®",
        "trade": "™", "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß",
        "eacute": "é", "egrave": "è", "ecirc": "ê", "aacute": "á", "agrave": "à", "acirc": "â", "iacute": "í",
        "oacute": "ó",
        "uacute": "ú", "ntilde": "ñ", "ccedil": "ç", "icirc": "î", "ocirc": "ô", "ucirc": "û", "euml": "ë", "iuml": "ï",
        "Eacute": "É", "oslash": "ø", "aring": "å", "aelig": "æ", "euro": "€", "pound": "£", "shy": "\u{AD}",
        "zwj": "\u{200D}",
        "zwnj": "\u{200C}", "minus": "−", "half": "½",
    ]
}
