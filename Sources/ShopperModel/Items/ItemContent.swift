/// Whole items, for the rows on screen and the items an operation changes: read from the store a
/// few at a time and kept in a bounded cache, so memory follows what is shown.
final class ItemContent {
    private let store: Store
    /// With the revision each was read or written at.
    private var cache: [ItemID: (item: Item, revision: Int64)] = [:]
    /// Inside a write: reads go through the write's connection (see `StoreReader`).
    var writer: StoreReader?

    /// Items kept at most: several screens of rows, so scrolling back and forth reads little.
    static let defaultLimit = 4096
    private let limit: Int

    /// The list whose items scans read.
    let scope: ListScope

    init(store: Store, limit: Int = defaultLimit, scope: ListScope = ListScope(.first)) {
        self.store = store
        self.limit = limit
        self.scope = scope
    }

    /// The item as of `revision`. Read from the store when the cache lacks it; if another process
    /// wrote it since, that newer version (the model reads the news soon). nil when the store has
    /// no such item any more; an error when it cannot be read (an operation must not go on without
    /// the item it changes).
    func item(_ id: ItemID, revision: Int64) throws(StoreError) -> Item? {
        if let hit = cache[id], hit.revision == revision { return hit.item }
        try read([id])
        return cache[id]?.item
    }

    /// The item as of `revision` if cached; never reads.
    func cached(_ id: ItemID, revision: Int64) -> Item? {
        cache[id].flatMap { $0.revision == revision ? $0.item : nil }
    }

    /// Reads those of `ids` not cached at `revision(id)` in one go: a screen of rows is one read.
    func prefetch(_ ids: some Sequence<ItemID>, revision: (ItemID) -> Int64?) throws(StoreError) {
        let missing = ids.filter { id in cache[id].map { $0.revision != revision(id) } ?? true }
        if !missing.isEmpty { try read(missing) }
    }

    /// The item as now written at `revision` (nil: deleted).
    func put(_ id: ItemID, _ item: Item?, revision: Int64) {
        guard let item else { cache[id] = nil; return }
        if cache[id] == nil { makeRoom() }
        cache[id] = (item, revision)
    }

    /// Every item, in order of id, to `body` (from the store in one scan, not through the cache).
    func forEach(after id: ItemID = ItemID(0), limit: Int = .max, _ body: (Item, Int64) throws -> Void)
        throws(StoreError) -> ItemID?
    {
        if let writer { return try rethrowing { try writer.eachItem(after: id, limit: limit, body) } }
        return try store.reading(scope) { try $0.eachItem(after: id, limit: limit, body) }
    }

    /// Up to `limit` items' search text fields with an id above `id`, in order of id (see
    /// `StoreReader.eachSearchText`). Returns the last
    /// id read, nil for none.
    func forEachSearchText(after id: ItemID, limit: Int, _ texts: inout SearchTexts, keep: (ItemID) -> Bool)
        throws(StoreError) -> ItemID?
    {
        return try store.reading(scope) { reader in
            try reader.eachSearchText(after: id, limit: limit) { id, description, aisle, notes, _ in
                if keep(id) { texts.set(id, description: description, aisle: aisle, notes: notes) }
            }
        }
    }

    private func read(_ ids: [ItemID]) throws(StoreError) {
        let found: [(item: Item, revision: Int64)]
        if let writer {
            found = try rethrowing { try writer.items(ids) }
        } else {
            found = try store.reading { try $0.items(ids) }
        }
        for (item, revision) in found {
            if cache[item.id] == nil { makeRoom() }
            cache[item.id] = (item, revision)
        }
    }

    /// A full cache is emptied, not trimmed one by one: rows shown again are read again in one go.
    private func makeRoom() {
        if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
    }

    private func rethrowing<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do { return try body() } catch let e as StoreError { throw e } catch {
            throw .writeFailed(reason: StoreOpening.reason(error))
        }
    }
}
