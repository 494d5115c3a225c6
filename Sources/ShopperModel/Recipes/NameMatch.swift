import Foundation

/// Finds which known item an ingredient names: case and accents folded as the list folds a
/// description (`ShoppingModel.matchKey`), singular and plural alike in English and German
/// ("eggs" is "Egg", "Zwiebeln" is "Zwiebel", "Äpfel" folds to "apfel" already), and words
/// that describe dropped from the front when nothing matches with them ("2 large red onions" is
/// "Red onion", else "Onion"). A word that names a thing is never dropped: coconut milk is not
/// Milk, nor spring onions Onion. Built once for a list's descriptions; each lookup costs a few
/// dictionary reads.
struct NameMatcher: Sendable {
    let candidates: [String]
    /// Folded phrase → candidates written so.
    private var exact: [String: [Int]] = [:]
    /// Folded phrase with its last word as a singular stem → candidates.
    private var stems: [String: [Int]] = [:]

    init(_ candidates: [String]) {
        self.candidates = candidates
        for (i, c) in candidates.enumerated() {
            let words = Self.words(c)
            guard !words.isEmpty else { continue }
            exact[words.joined(separator: " "), default: []].append(i)
            for key in Self.stemKeys(words) { stems[key, default: []].append(i) }
        }
    }

    /// The candidate `name` means, or nil. Of several, the one written exactly so, else the one
    /// that keeps the most of the name's words, else the shortest (the plainest item).
    func best(for name: String) -> String? { bestIndex(for: name).map { candidates[$0] } }

    func bestIndex(for name: String) -> Int? { bestIndices(for: name).first }

    /// Every candidate the name means as much as the best, the best first: a list may hold a
    /// thing twice ("Sugar" in grams, and in cups kept apart), and an amount belongs in the row
    /// whose unit it adds to.
    func bestIndices(for name: String) -> [Int] {
        // "butter or margarine": the first alternative that matches.
        for alternative in Self.alternatives(name) {
            let found = bestIndices(words: Self.words(alternative))
            if !found.isEmpty { return found }
        }
        return []
    }

    private func bestIndices(words: [String]) -> [Int] {
        guard !words.isEmpty else { return [] }
        if let found = exact[words.joined(separator: " ")] { return shortestFirst(found) }
        // The whole name, then without its first word, and so on to the last word alone, as long
        // as what is dropped only describes.
        for start in words.indices {
            if start > 0, !Self.describing.contains(words[start - 1]) { break }
            let tail = Array(words[start...])
            let found = Set(Self.stemKeys(tail).flatMap { stems[$0] ?? [] })
            if !found.isEmpty { return shortestFirst(Array(found)) }
        }
        return []
    }

    /// Words before a noun that say how big, fresh, prepared or coloured it is, not what it is
    /// (English and German, folded): dropped when the name with them matches nothing.
    static let describing: Set<String> = Set(([
            "large", "small", "medium", "big", "extra", "jumbo", "fresh", "freshly", "frozen", "dried", "dry", "ripe",
            "whole",
            "ground", "chopped", "finely", "roughly", "thinly", "minced", "grated", "sliced", "diced", "peeled",
            "cooked", "raw",
        "cold", "warm", "hot", "chilled", "softened", "melted", "crushed", "shredded", "canned", "tinned", "toasted",
        "beaten", "virgin", "organic", "unsalted", "salted", "skimmed", "lean", "boneless", "skinless", "plain", "good",
        "quality", "young", "red", "green", "yellow", "white", "free", "range", "vegan", "tk", "bio",
    ] + germanDescribing).map { ShoppingModel.matchKey($0) })

    /// German describing words take an ending by case and gender ("gemahlener Zimt", "frischen
    /// Basilikum"): every ending of each.
    private static let germanDescribing: [String] = [
        "groß", "klein", "mittelgroß", "frisch", "gehackt", "gemahlen", "getrocknet", "gerieben", "geraspelt",
        "gewürfelt", "geschnitten", "geschält", "geschmolzen", "gekocht", "reif", "rot", "grün", "gelb", "weiß",
        "weich", "kalt", "warm", "fein", "grob", "tiefgekühlt", "zerlassen", "gesalzen", "ungesalzen",
    ].flatMap { stem in ["", "e", "er", "es", "en", "em"].map { stem + $0 } }

    private func shortestFirst(_ indices: [Int]) -> [Int] {
        indices.sorted { (candidates[$0].count, $0) < (candidates[$1].count, $1) }
    }

    /// Folded words: "Crème fraîche" → ["creme", "fraiche"]; punctuation separates.
    static func words(_ text: String) -> [String] {
        ShoppingModel.matchKey(String(text.prefix(Ingredient.maxName)))
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    static func alternatives(_ name: String) -> [String] {
        var parts = [name]
        for separator in [" or ", " oder ", " / "] {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        return parts.count > 1 ? parts + [name] : parts
    }

    /// Every phrase (words joined by a space, as `words` makes them) a candidate must be written
    /// as for `bestIndex(for: name)` to choose it: the name itself, and each tail of its words with
    /// the last word in any form that shares a stem with the name's. A long list is searched for
    /// these few phrases (`WeekPlan.itemsNamed`) instead of being indexed whole.
    static func keys(for name: String) -> Set<String> {
        var keys: Set<String> = []
        for alternative in alternatives(name) {
            let words = words(alternative)
            guard let last = words.last else { continue }
            keys.insert(words.joined(separator: " "))
            for start in words.indices {
                let head = words[start..<(words.count - 1)].joined(separator: " ")
                for stem in Plurals.stems(last) {
                    for form in Plurals.forms(of: stem) { keys.insert(head.isEmpty ? form : head + " " + form) }
                }
            }
        }
        return keys
    }

    /// `words(text).joined(separator: " ")` for a folded description that is plain ASCII and no
    /// longer than a name is read (the bytes a list's search text holds), written into `key`;
    /// false for anything else, which then takes `words` itself.
    static func asciiKey(_ text: some Collection<UInt8>, into key: inout [UInt8]) -> Bool {
        key.removeAll(keepingCapacity: true)
        guard text.count <= Ingredient.maxName else { return false }
        var gap = false
        for b in text {
            guard b < 0x80 else { return false }
            let folded = (0x41...0x5A).contains(b) ? b | 0x20 : b
            if (0x61...0x7A).contains(folded) || (0x30...0x39).contains(folded) {
                if gap, !key.isEmpty { key.append(0x20) }
                gap = false
                key.append(folded)
            } else {
                gap = true
            }
        }
        return true
    }

    /// Of `descriptions` (in their order), those written as one of `keys`.
    static func written(as keys: Set<String>, among descriptions: [String]) -> [Int] {
        var key: [UInt8] = []
        return descriptions.indices.filter { i in
            NameMatcher.asciiKey(descriptions[i].utf8, into: &key) ? keys.contains(String(decoding: key, as: UTF8.self))
                : keys.contains(NameMatcher.words(descriptions[i]).joined(separator: " "))
        }
    }

    /// The phrase with its last word replaced by each stem it may be the plural of.
    static func stemKeys(_ words: [String]) -> [String] {
        guard let last = words.last else { return [] }
        let head = words.dropLast().joined(separator: " ")
        return Plurals.stems(last).map { head.isEmpty ? $0 : head + " " + $0 }
    }
}

/// Singular stems of a folded word, by the regular plurals of English and German and a few
/// irregular ones (data). A word is one of its own stems; two words name the same thing when
/// their stems meet ("tomatoes" and "tomato" in "tomato", "Tomaten" and "Tomate" in "tomate").
enum Plurals {
    /// Plurals no rule reaches, folded.
    static let irregular: [String: String] = [
        "eier": "ei", "krauter": "kraut", "blatter": "blatt", "huhner": "huhn", "geese": "goose",
        "mice": "mouse", "teeth": "tooth", "feet": "foot", "brote": "brot", "wurste": "wurst",
    ]

    /// Every word `stems` gives `stem` for: each rule of `stems` undone, kept where it holds.
    static func forms(of stem: String) -> [String] {
        var forms = [stem, stem + "s", stem + "es", stem + "n", stem + "e"]
        if stem.hasSuffix("y") { forms.append(stem.dropLast() + "ies") }
        if stem.hasSuffix("f") { forms.append(stem.dropLast() + "ves") }
        if stem.hasSuffix("fe") { forms.append(stem.dropLast(2) + "ves") }
        forms += irregular.filter { $0.value == stem }.map(\.key)
        return forms.filter { stems($0).contains(stem) }
    }

    static func stems(_ w: String) -> Set<String> {
        var out: Set<String> = [w]
        if let s = irregular[w] { out.insert(s) }
        guard w.count >= 3 else { return out }
        func drop(_ n: Int, add: String = "") { out.insert(String(w.dropLast(n)) + add) }
        // English.
        if w.hasSuffix("ies"), w.count > 4 { drop(3, add: "y") }
        if w.hasSuffix("ves") { drop(3, add: "f"); drop(3, add: "fe"); drop(1) }
        if w.hasSuffix("oes") || w.hasSuffix("ses") || w.hasSuffix("xes") || w.hasSuffix("zes")
            || w.hasSuffix("ches") || w.hasSuffix("shes") { drop(2) }
        if w.hasSuffix("s"), !w.hasSuffix("ss"), !w.hasSuffix("us"), !w.hasSuffix("is") { drop(1) }
        // German: Zwiebeln, Tomaten, Möhren → -n; Pilze, Nüsse → -e.
        if w.hasSuffix("en") || w.hasSuffix("ln") || w.hasSuffix("rn") { drop(1) }
        if w.hasSuffix("e"), w.count > 4 { drop(1) }
        return out
    }
}
