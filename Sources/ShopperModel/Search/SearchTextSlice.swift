import Synchronization

/// The search texts of a run of items in order of id, made on a worker thread from the store's own
/// read (its reader connections run beside the window's). At a million items, making every text
/// takes about half a second: on the main thread, in idle slices, that was half a second of the
/// main thread's time after start-up, and a search typed in it first made whatever was left (89 ms
/// for 200,000 items, in the first keystroke).
package struct SearchTextSlice: Sendable {
    /// The slice covers the items with an id above `after`, up to `last` (nil: none were left).
    let after: ItemID
    let last: ItemID?
    /// Fewer items than asked for were left: every item up to the store's last has its text.
    let reachedEnd: Bool
    /// The texts, one after another; each item's ends where the next one's starts.
    let bytes: [UInt8]
    /// Per item: id, the revision it was read at and where its text ends in `bytes`.
    let items: [(id: ItemID, revision: Int64, end: Int)]
}

/// Makes `SearchTextSlice`s on any thread, one after another, until the last item or until the
/// model stops it.
package struct SearchTextReader: Sendable {
    let store: Store
    /// The list whose items it reads.
    let scope: ListScope
    /// Where the first slice starts.
    let after: ItemID
    let stopped: StopFlag

    /// Set by the model once it needs no more slices (a search made the rest itself first).
    final class StopFlag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func set() { value.store(true, ordering: .relaxed) }
    }

    /// Reads slice after slice of `size` items to `each`, from `after` to the last item or until
    /// the model stops it; each slice in a read transaction of its own, so none holds the file long.
    package func run(sliceSize size: Int, _ each: (SearchTextSlice) -> Void) throws(StoreError) {
        var from = after
        while !stopped.isSet {
            let slice = try slice(after: from, limit: size)
            each(slice)
            guard let last = slice.last, !slice.reachedEnd else { return }
            from = last
        }
    }

    /// Up to `limit` items after `after`, read in one read transaction.
    func slice(after: ItemID, limit: Int) throws(StoreError) -> SearchTextSlice {
        var bytes: [UInt8] = []
        var items: [(id: ItemID, revision: Int64, end: Int)] = []
        items.reserveCapacity(limit)
        let last = try store.reading(scope) { reader in
            try reader.eachSearchText(after: after, limit: limit) { id, description, aisle, notes, revision in
                SearchTexts.appendFolded(description, aisle, notes, to: &bytes)
                items.append((id, revision, bytes.count))
            }
        }
        return SearchTextSlice(after: after, last: last, reachedEnd: items.count < limit, bytes: bytes, items: items)
    }
}
