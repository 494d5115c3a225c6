import Foundation
import ShopperModel

/// A language's catalogue (po/LANG.po) read as gettext would give it, installed for a test as the
/// app's lookups are: the real translations, without compiling them.
struct POCatalogue {
    private(set) var singular: [String: String] = [:]
    private(set) var plural: [String: [String]] = [:]

    init(language: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("po/\(language).po")
        var id = "", idPlural: String?, forms: [Int: String] = [:], field = ""
        func flush() {
            if idPlural != nil, !id.isEmpty {
                plural[id] = forms.keys.sorted().map { forms[$0]! }
            } else if !id.isEmpty, let s = forms[0], !s.isEmpty {
                singular[id] = s
            }
            (id, idPlural, forms, field) = ("", nil, [:], "")
        }
        let file = try String(contentsOf: url, encoding: .utf8)
        for raw in file.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") {
                if line.isEmpty { flush() }
                continue
            }
            guard let quote = line.firstIndex(of: "\"") else { continue }
            let keyword = line[..<quote].trimmingCharacters(in: .whitespaces)
            let text = Self.unquote(String(line[quote...]))
            if !keyword.isEmpty {
                if keyword == "msgid", !id.isEmpty || !forms.isEmpty { flush() }
                field = keyword
            }
            switch field {
            case "msgid": id += text
            case "msgid_plural": idPlural = (idPlural ?? "") + text
            case "msgstr": forms[0, default: ""] += text
            default:
                if field.hasPrefix("msgstr["), let n = Int(field.dropFirst(7).dropLast()) {
                    forms[n, default: ""] += text
                }
            }
        }
        flush()
    }

    private static func unquote(_ s: String) -> String {
        var out = "", escaped = false
        for c in s.dropFirst().dropLast() {
            if escaped {
                out.append(c == "n" ? "\n" : c == "t" ? "\t" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// Runs `body` with this catalogue's translations (two plural forms: one, and the rest), then
    /// English again.
    func use<T>(_ body: () throws -> T) rethrows -> T {
        let (oldOne, oldMany) = (Localization.translate, Localization.translatePlural)
        defer { (Localization.translate, Localization.translatePlural) = (oldOne, oldMany) }
        let singular = singular, plural = plural
        Localization.translate = { singular[$0] ?? $0 }
        Localization.translatePlural = { one, many, n in
            guard let forms = plural[one], forms.count == 2, !forms.contains(where: \.isEmpty) else {
                return n == 1 ? one : many
            }
            return n == 1 ? forms[0] : forms[1]
        }
        return try body()
    }
}
