/// The words of a list's descriptions, each with the aisles of the items that have it: where a new
/// item sharing a word goes ("Eggs" beside "Free-range eggs", "All-purpose flour" beside "Flour").
/// Made in one pass over the list's search texts and kept while the list does not change, so each
/// new item costs a dictionary read a word, not a pass over the list.
struct ListWords: Sendable {
    /// An aisle's items having a word: how many, and the shortest (it reads best in a message).
    struct Hit: Sendable {
        var count: Int
        var like: ItemID
        var length: Int
    }

    /// By word (`ShoppingModel.words`), by aisle number (`AisleNames`).
    private var byWord: [String: [Int32: Hit]] = [:]

    /// Adds an item's folded description, filed under aisle number `aisle`.
    mutating func add(_ folded: String, id: ItemID, aisle: Int32) {
        for word in Self.words(folded) {
            var hits = byWord[word] ?? [:]
            if var hit = hits[aisle] {
                hit.count += 1
                if folded.count < hit.length { (hit.like, hit.length) = (id, folded.count) }
                hits[aisle] = hit
            } else {
                hits[aisle] = Hit(count: 1, like: id, length: folded.count)
            }
            byWord[word] = hits
        }
    }

    /// The aisle number of the items sharing the most words with `description`, and the shortest
    /// of them; nil when none does, or two aisles do equally.
    func suggestion(for description: String) -> (aisle: Int32, like: ItemID)? {
        var score: [Int32: Hit] = [:]
        for word in Self.words(description) {
            for (aisle, hit) in byWord[word] ?? [:] {
                var s = score[aisle] ?? Hit(count: 0, like: hit.like, length: hit.length)
                s.count += hit.count
                if hit.length < s.length { (s.like, s.length) = (hit.like, hit.length) }
                score[aisle] = s
            }
        }
        let ranked = score.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
        guard let best = ranked.first, ranked.count == 1 || ranked[1].value.count < best.value.count else { return nil }
        return (best.key, best.value.like)
    }

    /// A description's words that say what it is: folded, three letters or more, a plural "s"
    /// taken off, and without the words that only describe ("ground", "fresh", "large", "red":
    /// ground cumin does not go beside ground beef).
    static func words(_ text: String) -> Set<String> {
        ShoppingModel.words(text).filter { !NameMatcher.describing.contains($0) }
    }
}
