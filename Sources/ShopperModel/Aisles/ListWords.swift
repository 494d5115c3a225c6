/// The list's items by the word that says what each is, with their aisles: where a new item goes
/// when the list has one of the same kind ("All-purpose flour" beside "Flour", "Eggs" beside
/// "Free-range eggs"). Made in one pass over the list's search texts and kept while the list does
/// not change, so each new item costs a dictionary read, not a pass over the list.
///
/// The rule: a list's item is of the new item's kind when its name ends in the same word and
/// every word of its name is in the new item's, leaving out words that only describe ("fresh",
/// "large", "free-range"). So "Chili powder" is not beside "Baking powder", "Canned tomatoes" not
/// beside "Ripe tomatoes", "Chicken" not beside "Chicken stock".
struct ListWords: Sendable {
    /// A list item: its folded name (its words are read only when a new item ends as it does),
    /// aisle number and id.
    struct Named: Sendable {
        let aisle: Int32
        let id: ItemID
        let name: String
    }

    /// By last word.
    private var byHead: [String: [Named]] = [:]

    /// Adds an item's folded description, filed under aisle number `aisle`.
    mutating func add(_ folded: String, id: ItemID, aisle: Int32) {
        // Only the last word is read now: a pass over a long list makes no set or array an item.
        for w in folded.utf8.split(whereSeparator: Self.separates).reversed() {
            guard let word = Self.word(w) else { continue }
            byHead[word, default: []].append(Named(aisle: aisle, id: id, name: folded))
            return
        }
    }

    /// The aisle number of most of the list's items of the new item's kind, and the shortest of
    /// them (it reads best in a message) with its folded name; nil when none is, or two aisles
    /// have as many.
    func suggestion(for description: String) -> (aisle: Int32, like: ItemID, name: String)? {
        let words = Self.words(description)
        guard let head = words.last, let named = byHead[head] else { return nil }
        let all = Set(words)
        var score: [Int32: (count: Int, like: Named)] = [:]
        for n in named where Self.words(n.name, folded: true).allSatisfy(all.contains) {
            let s = score[n.aisle]
            let shortest = s.map { $0.like.name.count <= n.name.count ? $0.like : n } ?? n
            score[n.aisle] = ((s?.count ?? 0) + 1, shortest)
        }
        let ranked = score.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
        guard let best = ranked.first, ranked.count == 1 || ranked[1].value.count < best.value.count else { return nil }
        return (best.key, best.value.like.id, best.value.like.name)
    }

    /// A name's words in order: folded, three letters or more, a plural "s" taken off, and
    /// without the words that only describe. Words that make another product stay ("canned",
    /// "frozen", "dried", "chopped" tomatoes, "sliced" bread).
    static func words(_ text: String, folded: Bool = false) -> [String] {
        (folded ? text : ShoppingModel.matchKey(text)).utf8.split(whereSeparator: separates).compactMap(word)
    }

    /// Bytes, not Characters: a pass over a long list splits no graphemes. Folded text is nearly
    /// all ASCII; a byte of any other character counts as a letter.
    private static func word(_ w: Substring.UTF8View) -> String? {
        guard w.count >= 3 else { return nil }
        let word = w.count > 3 && w.last == UInt8(ascii: "s") ? String(Substring(w.dropLast())) : String(Substring(w))
        return describing.contains(word) ? nil : word
    }

    private static func separates(_ b: UInt8) -> Bool {
        b < 0x80 && !(b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
            && !(b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            && !(b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }

    private static let describing = NameMatcher.describing.subtracting([
        "canned", "tinned", "frozen", "dried", "dry", "tk", "chopped", "crushed", "diced",
        "sliced", "grated", "shredded", "minced", "cooked"
    ])
}
