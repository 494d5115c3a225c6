import Foundation

/// The folded texts search reads: made in idle slices after the first frame, or at once for an
/// item edited.
extension ShoppingModel {
    /// What `SearchQuery` matches words against, for the item as it is now.
    func searchText(of id: ItemID) -> String {
        makeSearchText(of: id)
        return texts.string(of: id) ?? ""
    }

    /// Makes the item's search text if it has none yet (one row bound before the idle slices
    /// reached it), with no String made.
    func makeSearchText(of id: ItemID) {
        guard !texts.has(id), let item = item(id) else { return }
        texts.set(item)
    }

    /// Makes the search texts of up to `budget` items that have none yet, in order of id, so the
    /// first keystroke of a search finds them ready; for an idle moment (a list calls it in slices
    /// after its first frame). Returns whether items without text remain.
    public func prepareSearch(budget: Int) -> Bool {
        guard !texts.complete else { return false }
        // Made into a local and put back: the scan calls back per item.
        var made = texts
        texts = SearchTexts()
        defer { texts = made }
        var count = 0
        let table = items
        // The store may be ahead of memory (another process's write not read yet): an item memory
        // does not hold yet gets its text when the news is read.
        do {
            let last = try content.forEachSearchText(after: made.madeUpTo, limit: budget, &made) { id in
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
            items.forEach { id, entry in body(id, entry, SearchTexts.text(texts.span(of: id), in: column)) }
        }
    }
}
