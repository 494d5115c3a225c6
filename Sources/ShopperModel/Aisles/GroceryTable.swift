import Foundation

/// The built-in table of common groceries (`data/groceries.txt`): which aisle a new item goes to
/// when neither the list nor the household knows better. Read once, the first time it is needed,
/// into a dictionary by folded name, so a lookup is a few dictionary reads however long the table.
///
/// The rule: an item's words are looked up in English and German alike. The longest phrase of its
/// words the table knows wins, the later of two as long (English and German put the thing last:
/// "chicken stock", "Dose Tomaten"); a name in both languages with different aisles ("paprika",
/// "chips") takes the aisle of the language Shopper speaks. Failing a whole word, a word's ending
/// is looked up, for German compounds ("Kirschtomaten" → "Tomaten", "Weizenmehl" → "Mehl").
struct GroceryTable: Sendable {
    /// One aisle of the table: its key (`GroceryAisle`) and the names a list may call it by.
    struct Aisle: Sendable, Equatable {
        let key: String
        let names: [String]
    }

    /// A name's aisle in each language (an index into `aisles`), where it has one.
    struct Entry: Sendable {
        var english: Int?
        var german: Int?
    }

    private(set) var aisles: [Aisle] = []
    private var names: [String: Entry] = [:]
    /// Most words in a name of the table: no longer phrase is looked up.
    private var longest = 1
    /// Names read, by language: what the table test counts.
    private(set) var counts: [String: Int] = [:]

    /// Reads the table's text (the format is in the file's header); lines it cannot read are
    /// passed over, so a damaged line costs its names only.
    init(text: String) {
        var current: Int?
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
                let key = String(line[line.index(after: line.startIndex)..<close])
                let names = line[line.index(after: close)...].split(separator: ";").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                aisles.append(Aisle(key: key, names: names.filter { !$0.isEmpty }))
                current = aisles.count - 1
                continue
            }
            guard let aisle = current, let colon = line.firstIndex(of: ":") else { continue }
            let language = String(line[..<colon])
            guard language == "en" || language == "de" else { continue }
            for entry in line[line.index(after: colon)...].split(separator: ";") {
                let forms = entry.split(separator: "/").map { Self.key(String($0)) }.filter { !$0.isEmpty }
                guard !forms.isEmpty else { continue }
                counts[language, default: 0] += 1
                for form in forms { add(form, aisle, german: language == "de") }
            }
        }
    }

    private mutating func add(_ key: String, _ aisle: Int, german: Bool) {
        var entry = names[key] ?? Entry()
        if german { entry.german = entry.german ?? aisle } else { entry.english = entry.english ?? aisle }
        names[key] = entry
        longest = max(longest, key.split(separator: " ").count)
    }

    /// The aisle (an index into `aisles`) of the grocery `description` names, nil when the table
    /// does not know it. `german`: Shopper speaks German, so German names win a tie of languages.
    func aisle(for description: String, german: Bool) -> Int? {
        let words = Self.words(description)
        guard !words.isEmpty else { return nil }
        // The longest phrase first; of two as long, the later.
        for length in stride(from: min(longest, words.count), through: 1, by: -1) {
            for start in stride(from: words.count - length, through: 0, by: -1) {
                if let found = lookup(words[start..<(start + length)], german) { return found }
            }
        }
        // A compound's ending, from the last word: at least four letters, after at least three.
        for word in words.reversed() where word.count >= 7 {
            let letters = Array(word)
            for cut in 3...(letters.count - 4) {
                if let e = names[String(letters[cut...])], let found = pick(e, german) { return found }
            }
        }
        return nil
    }

    /// A phrase as written, else with its last word in the singular ("tomatoe" is never tried:
    /// the stems come from the plural rules recipes use).
    private func lookup(_ phrase: ArraySlice<String>, _ german: Bool) -> Int? {
        let head = phrase.dropLast().joined(separator: " ")
        for last in [phrase.last!] + Plurals.stems(phrase.last!).sorted() {
            let key = head.isEmpty ? last : head + " " + last
            if let e = names[key], let found = pick(e, german) { return found }
        }
        return nil
    }

    private func pick(_ e: Entry, _ german: Bool) -> Int? { german ? e.german ?? e.english : e.english ?? e.german }

    /// Folded words, at most twelve: case, accents and punctuation do not matter.
    static func words(_ text: String) -> [String] {
        Array(ShoppingModel.matchKey(String(text.prefix(200))).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .prefix(12).map(String.init))
    }

    static func key(_ name: String) -> String { words(name).joined(separator: " ") }
}

extension GroceryTable {
    /// The table as installed, read the first time it is asked for; empty when the file is missing
    /// (new items then go to No Aisle, as before there was a table).
    static var shared: GroceryTable { loaded.table }

    private final class Loaded: Sendable {
        let table: GroceryTable
        init() {
            let text = Self.file().flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
            table = GroceryTable(text: text ?? "")
        }

        /// SHOPPER_RESOURCE_DIR; PREFIX/share/io.github.shopperapp.Shopper beside PREFIX/bin (or
        /// PREFIX/libexec/shopper, the sharing helper's place); the repository's data/ from a build tree.
        static func file(environment env: [String: String] = ProcessInfo.processInfo.environment) -> String? {
            let name = "groceries.txt"
            var candidates: [String] = []
            if let d = env["SHOPPER_RESOURCE_DIR"], !d.isEmpty { candidates.append(d + "/" + name) }
            let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            var dir = exe
            for _ in 0..<6 {
                candidates.append(
                    dir.deletingLastPathComponent().appendingPathComponent("share/io.github.shopperapp.Shopper/" + name)
                        .path)
                candidates.append(dir.appendingPathComponent("data/" + name).path)
                dir = dir.deletingLastPathComponent()
            }
            return candidates.first { FileManager.default.fileExists(atPath: $0) }
        }
    }

    private static let loaded = Loaded()

    /// Whether Shopper speaks German: the first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set.
    static func speaksGerman(_ env: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        for key in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = env[key], !v.isEmpty { return v.hasPrefix("de") }
        }
        return false
    }

    static let german = speaksGerman()
}
