import Foundation

/// Following the model: each change's items placed, moved or taken out of the rows, the sections'
/// totals kept, and views told of exactly what changed.
extension ListProjection {
    /// Whether the shopping list leaves the item out: sold only at other shops than the one the
    /// list is shopped at, unless the user opened those (`showsOtherShops`).
    func hides(_ id: ItemID) -> Bool {
        kind == .shopping && !showsOtherShops && !model.shops.hiddenHere.isEmpty && model.shops.hiddenHere.contains(id)
    }


    /// How many items this list leaves out as sold only at other shops (0 while they are shown).
    package var hiddenForOtherShops: Int { kind == .shopping && !showsOtherShops ? model.shops.hiddenForOtherShops : 0 }

    /// Whether the item belongs on this list, as memory holds it now. (An older version of an item
    /// was on the list if its row is: see `apply`.)
    func includes(_ id: ItemID, _ entry: ItemEntry) -> Bool {
        guard kind.contains(entry), !hides(id) else { return false }
        guard let query else { return true }
        if search.readsText { model.searches.makeSearchText(of: id) }
        let texts = model.searches.texts
        return texts.bytes.withUnsafeBufferPointer { column in
            RowMatching.rowMatches(key(id, entry), query, search.needles, texts: texts, in: column)
        }
    }

    func key(_ id: ItemID, _ entry: ItemEntry, sections: SectionKeys? = nil) -> RowKey {
        RowKey(section: (sections ?? sectionKeys).key(for: entry), position: entry.position,
               id: id.raw, lineCost: entry.lineCost, flags: entry.flags)
    }

    var sectionKeys: SectionKeys { sections.keys(aisles: model.shops.sectionAisles, names: model.aisles.aisleNames) }

    /// Applies one model change. Each row edit is announced as soon as it is made, so whoever
    /// listens (GTK) always sees a count and rows that agree with what it was told.
    func apply(_ change: ModelChange) {
        sums.keepsCosts = false
        defer { sums.keepsCosts = true }
        let changed = change.items.keys.lazy.map { Int($0.raw) }
        // A rebuild waits (`holdRebuilds`): it reads the model as it is then, this change too.
        if hold.absorbs(changed) { return }
        // A big change (an import, finishing a long trip) is one rebuild and one announcement:
        // row by row it is an array edit and a view update per item, quadratic in the list.
        let shopsMove = change.shopsChanged && (sectioning == .aisle || kind == .shopping)
        if (change.aislesReordered && sectioning == .aisle) || shopsMove || rebuilds(changing: change.items.count) {
            if !hold.holdsBack(Set(changed)) { reset(changed: Set(changed)) }
            return
        }
        // The change was made against every row, the ones still to be placed too (a rebuild
        // above starts from the entries as they are now, and leaves any fill begun before).
        finishFill()
        var touched = Set<SectionKey>()
        var refreshed = Set<Int>()
        for (id, c) in change.items {
            // The old version was shown if its row is here: no second search of text no longer held.
            let oldKey = c.old.map { key(id, $0) }
            let oldIn = oldKey.map { find($0) != nil } ?? false
            let newIn = c.new.map { includes(id, $0) } ?? false
            let newKey = c.new.map { key(id, $0) }
            if oldIn, newIn, let oldKey, let newKey, oldKey == newKey, let i = find(newKey) {
                sums.adjust(newKey.section, by: CostSum(units: Int128(newKey.lineCost) - Int128(rows[i].lineCost)))
                // What the row keeps of the item follows it.
                rows[i] = newKey
                refreshed.insert(Int(id.raw))
                touched.insert(newKey.section)
                continue
            }
            if oldIn, let oldKey {
                announcer.announce(remove(oldKey), count: count, isEmpty: isEmpty)
                touched.insert(oldKey.section)
            }
            if newIn, let newKey {
                announcer.announce(insert(newKey), count: count, isEmpty: isEmpty)
                touched.insert(newKey.section)
            }
        }
        guard !touched.isEmpty, !isEmpty else { return }
        // Header and end rows show totals.
        if sectioning.hasHeaders {
            for s in touched where sums.counts[s] != nil { refreshed.insert(-(Int(s) + 2)) }
        }
        refreshed.insert(-1)
        announcer.onContentChanged?(refreshed)
    }

    /// For a list not on screen: a change that rebuilds every row (a store switch re-sorts each
    /// list by its aisles) waits for `catchUp`, so the list shown is rebuilt alone in the frame.
    /// Until then this one keeps the rows it had, as its view was told them.
    package func holdRebuilds() { hold.start() }

    /// Stops holding rebuilds and makes the one that waits, if any: true when it did.
    @discardableResult package func catchUp() -> Bool {
        guard hold.stop() else { return false }
        reset()
        return true
    }

    /// Makes the search texts of up to `budget` items that have none yet, so that the first
    /// keystroke of a search finds them ready; for an idle moment (a list calls it in slices after
    /// its first frame). Returns whether items without text remain. The texts are the model's,
    /// shared by every list.
    func prepareSearch(budget: Int) -> Bool { model.searches.prepareSearch(budget: budget) }


    /// Changes of more items than this (or an eighth of the rows) rebuild instead.
    static let rebuildThreshold = 256

    /// Whether a change of `changed` items is a rebuild rather than row edits (the rows placed so
    /// far counted, as `apply` counts them before it places the rest).
    func rebuilds(changing changed: Int) -> Bool { changed > max(Self.rebuildThreshold, rows.count / 8) }


    func insert(_ k: RowKey) -> (Int, Int, Int) {
        var i = lowerBound(k)
        var added = 1
        if sectioning.hasHeaders && sums.counts[k.section, default: 0] == 0 {
            rows.insert(.header(k.section), at: i)
            i += 1
            added = 2
        }
        rows.insert(k, at: i)
        sums.items += 1
        sums.counts[k.section, default: 0] += 1
        sums.adjust(k.section, by: CostSum(units: Int128(k.lineCost)))
        return (i - (added - 1), 0, added)
    }

    func remove(_ k: RowKey) -> (Int, Int, Int) {
        let i = find(k)!
        rows.remove(at: i)
        sums.items -= 1
        sums.counts[k.section, default: 0] -= 1
        sums.adjust(k.section, by: .zero - CostSum(units: Int128(k.lineCost)))
        if sums.counts[k.section] == 0 {
            sums.counts[k.section] = nil
            sums.costs[k.section] = nil
        }
        if sectioning.hasHeaders && sums.counts[k.section] == nil {
            rows.remove(at: i - 1)
            return (i - 1, 2, 0)
        }
        return (i, 1, 0)
    }

    func sectionTotals(_ s: SectionKey) -> Totals {
        Totals(count: sums.counts[s] ?? 0, sum: cost(of: s))
    }

    /// The cost of one section's items, or of all (nil), summed on first use (not kept inside
    /// `apply`: see `SectionSums.keepsCosts`).
    func cost(of section: SectionKey?) -> CostSum { sums.cost(of: section, in: rows) }
}
