/// The descriptions of the known items by their match key (case and accents folded), in byte order:
/// the add bar finds the item a typed line names, and the few descriptions that complete what is
/// typed, by binary search, however long the list. Made on first use; follows the model's changes.
package final class DescriptionIndex {
    private struct Entry {
        let key: String
        let id: ItemID
        /// Byte order: every key with a given prefix is in one run.
        static func < (a: Entry, b: Entry) -> Bool {
            a.key.utf8.elementsEqual(b.key.utf8) ? a.id < b.id : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
        }
    }

    private var entries: [Entry] = []
    private let model: ShoppingModel
    private var observer = 0

    package init(model: ShoppingModel) {
        self.model = model
        rebuild()
        observer = model.core.observe { [weak self] change in self?.follow(change) }
    }

    deinit { model.core.removeObserver(observer) }

    /// The item known by `key` (a `ShoppingModel.matchKey`); the oldest, should two share it.
    package func item(withKey key: String) -> ItemID? {
        let i = lowerBound(Entry(key: key, id: ItemID(.min)))
        return i < entries.count && entries[i].key.utf8.elementsEqual(key.utf8) ? entries[i].id : nil
    }

    /// Up to `limit` items whose description starts with `text` (ignoring case and accents), in
    /// alphabetical order of their keys.
    package func completions(of text: String, limit: Int) -> [ItemID] {
        let prefix = ShoppingModel.matchKey(text)
        guard !prefix.isEmpty else { return [] }
        var i = lowerBound(Entry(key: prefix, id: ItemID(.min)))
        var found: [ItemID] = []
        while i < entries.count, found.count < limit, entries[i].key.utf8.starts(with: prefix.utf8) {
            found.append(entries[i].id)
            i += 1
        }
        return found
    }

    /// A known item whose key is one edit from `key` (one letter added, dropped, changed, or two
    /// side by side swapped), other than `excluding`: "bananaz" finds "bananas". Keys of four
    /// letters or more only: shorter words are one edit from too much. Only keys that start with
    /// the same letter are looked at (a run of the index, found by binary search): the first
    /// letter is the one people least often mistype, and the cost stays a fraction of the list.
    package func nearMiss(of key: String, excluding: ItemID? = nil) -> ItemID? {
        let typed = Array(key.unicodeScalars)
        guard typed.count >= Self.nearMissMinimum, let first = key.unicodeScalars.first else { return nil }
        let initial = String(first)
        var i = lowerBound(Entry(key: initial, id: ItemID(.min)))
        while i < entries.count, entries[i].key.unicodeScalars.first == first {
            let e = entries[i]
            i += 1
            guard e.id != excluding, abs(e.key.unicodeScalars.count - typed.count) <= 1,
                  Self.oneEditApart(typed, Array(e.key.unicodeScalars)) else { continue }
            return e.id
        }
        return nil
    }

    /// Shortest key a near miss is looked for.
    static let nearMissMinimum = 4

    /// Whether `a` and `b` differ by exactly one insertion, deletion, substitution or transposition
    /// of neighbours (Damerau–Levenshtein distance 1).
    static func oneEditApart(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        guard a != b, abs(a.count - b.count) <= 1 else { return false }
        var i = 0
        while i < a.count, i < b.count, a[i] == b[i] { i += 1 }
        // From the first difference: the rest must match after skipping one side's letter, both
        // letters, or the swapped pair.
        if a.count == b.count {
            if a[(i + 1)...] == b[(i + 1)...] { return true }
            return i + 1 < a.count && a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]
        }
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        return long[(i + 1)...] == short[i...]
    }

    private func rebuild() {
        entries = []
        entries.reserveCapacity(model.items.table.count)
        model.searches.forEachSearchText { id, _, text in
            entries.append(Entry(key: String(decoding: SearchTexts.description(in: text), as: UTF8.self), id: id))
        }
        entries.sort(by: <)
    }

    /// One binary search and one array edit per changed item; a large change (an import) sorts
    /// everything again instead.
    private func follow(_ change: ModelChange) {
        guard change.items.count <= max(256, entries.count / 16) else { return rebuild() }
        // Changed by another process while not cached: the old key is not known, so these are
        // looked for by id, all in one pass.
        var unknown = Set<ItemID>()
        for (id, c) in change.items where c.old != nil {
            if let old = c.oldItem {
                // The old version is no longer in memory: its key is made from its own description.
                let i = lowerBound(Entry(key: ShoppingModel.matchKey(old.description), id: id))
                if i < entries.count, entries[i].id == id { entries.remove(at: i); continue }
            }
            unknown.insert(id)
        }
        if !unknown.isEmpty { entries.removeAll { unknown.contains($0.id) } }
        for (id, c) in change.items where c.new != nil {
            let entry = Entry(key: String(model.items.matchKey(of: id)), id: id)
            entries.insert(entry, at: lowerBound(entry))
        }
    }

    private func lowerBound(_ e: Entry) -> Int { entries.lowerBound { $0 < e } }
}
