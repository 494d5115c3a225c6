/// The descriptions of the known items by their match key (case and accents folded), in byte order:
/// the add bar finds the item a typed line names, and the few descriptions that complete what is
/// typed, by binary search, however long the list. Made on first use; follows the model's changes.
public final class DescriptionIndex {
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

    public init(model: ShoppingModel) {
        self.model = model
        rebuild()
        observer = model.observe { [weak self] change in self?.follow(change) }
    }

    deinit { model.removeObserver(observer) }

    /// The item known by `key` (a `ShoppingModel.matchKey`); the oldest, should two share it.
    public func item(withKey key: String) -> ItemID? {
        let i = lowerBound(Entry(key: key, id: ItemID(.min)))
        return i < entries.count && entries[i].key.utf8.elementsEqual(key.utf8) ? entries[i].id : nil
    }

    /// Up to `limit` items whose description starts with `text` (ignoring case and accents), in
    /// alphabetical order of their keys.
    public func completions(of text: String, limit: Int) -> [ItemID] {
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

    private func rebuild() {
        entries = []
        entries.reserveCapacity(model.items.count)
        model.forEachSearchText { id, _, text in
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
            let entry = Entry(key: String(model.matchKey(of: id)), id: id)
            entries.insert(entry, at: lowerBound(entry))
        }
    }

    private func lowerBound(_ e: Entry) -> Int { entries.lowerBound { $0 < e } }
}
