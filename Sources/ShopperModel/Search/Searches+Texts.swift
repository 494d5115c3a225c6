import Foundation

/// The folded texts search reads: made in idle slices after the first frame, or at once for an
/// item edited.
extension Searches {
    /// What `SearchQuery` matches words against, for the item as it is now.
    func searchText(of id: ItemID) -> String {
        makeSearchText(of: id)
        return texts.string(of: id) ?? ""
    }

    /// Makes the item's search text if it has none yet (one row bound before the idle slices
    /// reached it), with no String made.
    func makeSearchText(of id: ItemID) {
        guard !texts.has(id), let item = model.items.item(id) else { return }
        texts.set(item)
    }

    /// Makes the search texts of up to `budget` items that have none yet, in order of id, so the
    /// first keystroke of a search finds them ready; for an idle moment (a list calls it in slices
    /// after its first frame). Returns whether items without text remain.
    func prepareSearch(budget: Int) -> Bool {
        guard !texts.complete else { return false }
        // Made into a local and put back: the scan calls back per item.
        var made = texts
        texts = SearchTexts()
        defer { texts = made }
        var count = 0
        let table = model.items.table
        // The store may be ahead of memory (another process's write not read yet): an item memory
        // does not hold yet gets its text when the news is read.
        do {
            let last = try model.items.content.forEachSearchText(after: made.madeUpTo, limit: budget, &made) { id in
                count += 1
                return table[id] != nil
            }
            if let last { made.madeUpTo = last }
        } catch {
            // Not complete, and no more slices for now: a search made later tries again.
            return false
        }
        if count < budget { made.complete = true }
        return !made.complete
    }

    /// Makes every search text not made yet: a search typed before the idle slices finished.
    func prepareAllSearchTexts() {
        while prepareSearch(budget: 65_536) {}
    }

    /// Every item's id and search text (all made first), in order of id.
    func forEachSearchText(_ body: (ItemID, ItemEntry, UnsafeBufferPointer<UInt8>) -> Void) {
        prepareAllSearchTexts()
        let texts = self.texts
        texts.bytes.withUnsafeBufferPointer { column in
            model.items.table.forEach { id, entry in body(id, entry, SearchTexts.text(texts.span(of: id), in: column)) }
        }
    }

    /// An item's text follows it into memory (`Items.replaceInMemory`): texts made stay right; one
    /// not made yet waits for the scan (or a search's need).
    func itemChanged(_ id: ItemID, to new: Item?) {
        if let new {
            if texts.complete || id <= texts.madeUpTo || texts.has(id) { texts.set(new) }
        } else {
            texts.remove(id)
        }
    }

    /// A reader for a worker thread, to make the search texts not made yet; nil once all are made,
    /// or while one is out.
    package func searchTextReader() -> SearchTextReader? {
        guard !texts.complete, textReader == nil else { return nil }
        let reader = SearchTextReader(
            store: core.store, scope: model.items.content.scope, after: texts.madeUpTo, stopped: .init())
        textReader = reader
        return reader
    }

    /// Takes the texts of a slice the reader made. An item memory changed since the slice read it
    /// has its text made again here; one memory does not hold (another process's, not read yet) is
    /// left for its news. Returns whether the reader should go on.
    @discardableResult
    package func take(_ slice: SearchTextSlice) -> Bool {
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
                guard id > made.madeUpTo, !made.has(id), let entry = model.items[id] else { continue }
                if entry.revision == revision {
                    made.adopt(id, UnsafeBufferPointer(rebasing: column[start..<end]))
                    textsFromReader += 1
                } else if let item = model.items.item(id) {
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
    package func searchTextReaderFailed() { stopSearchTexts() }

    /// The window let go of this model (another list shown): its reader stops after the slice it
    /// is reading, rather than read every text of a list no longer shown and hand each slice to
    /// the main loop (holding this model until the last).
    package func stopSearchTexts() {
        if let reader = textReader { _ = stopReading(reader) }
    }

    private func stopReading(_ reader: SearchTextReader) -> Bool {
        reader.stopped.set()
        textReader = nil
        return false
    }
}
