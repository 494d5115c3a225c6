import Synchronization

/// The search texts of a run of items in order of id, made on a worker thread from the store's own
/// read (its reader connections run beside the window's). At a million items, making every text
/// takes about half a second: on the main thread, in idle slices, that was half a second of the
/// main thread's time after start-up, and a search typed in it first made whatever was left (89 ms
/// for 200,000 items, in the first keystroke).
public struct SearchTextSlice: Sendable {
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
public struct SearchTextReader: Sendable {
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
    public func run(sliceSize size: Int, _ each: (SearchTextSlice) -> Void) throws(StoreError) {
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

extension ShoppingModel {
    /// A reader for a worker thread, to make the search texts not made yet; nil once all are made,
    /// or while one is out.
    public func searchTextReader() -> SearchTextReader? {
        guard !texts.complete, textReader == nil else { return nil }
        let reader = SearchTextReader(store: store, scope: content.scope, after: texts.madeUpTo, stopped: .init())
        textReader = reader
        return reader
    }

    /// Takes the texts of a slice the reader made. An item memory changed since the slice read it
    /// has its text made again here; one memory does not hold (another process's, not read yet) is
    /// left for its news. Returns whether the reader should go on.
    @discardableResult
    public func take(_ slice: SearchTextSlice) -> Bool {
        guard let reader = textReader else { return false }
        // Slices come in order from where the reader started; a search typed meanwhile may have made
        // texts past this one (`prepareAllSearchTexts`), and then those are kept.
        guard !texts.complete, slice.after <= texts.madeUpTo else { return stopReading(reader) }
        var made = texts
        texts = SearchTexts()
        slice.bytes.withUnsafeBufferPointer { column in
            var start = 0
            for (id, revision, end) in slice.items {
                defer { start = end }
                guard id > made.madeUpTo, !made.has(id), let entry = items[id] else { continue }
                if entry.revision == revision {
                    made.adopt(id, UnsafeBufferPointer(rebasing: column[start..<end]))
                    textsFromReader += 1
                } else if let item = item(id) {
                    made.set(item)
                }
            }
        }
        if let last = slice.last { made.madeUpTo = max(made.madeUpTo, last) }
        if slice.reachedEnd { made.complete = true }
        texts = made
        return texts.complete ? stopReading(reader) : true
    }

    /// The reader could not read (its error is the next search's to meet): the texts left are made
    /// when a search needs them.
    public func searchTextReaderFailed() { stopSearchTexts() }

    /// The window let go of this model (another list shown): its reader stops after the slice it
    /// is reading, rather than read every text of a list no longer shown and hand each slice to
    /// the main loop (holding this model until the last).
    public func stopSearchTexts() {
        if let reader = textReader { _ = stopReading(reader) }
    }

    private func stopReading(_ reader: SearchTextReader) -> Bool {
        reader.stopped.set()
        textReader = nil
        return false
    }
}
