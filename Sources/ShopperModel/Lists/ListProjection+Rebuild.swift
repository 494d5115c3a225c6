import Foundation

/// Building the rows again (a new filter, sections or a large change), and narrowing them as a
/// search is typed, announcing only the span that changed.
extension ListProjection {
    /// Rebuilds the rows (new filter or sections) and announces only the span between the rows
    /// that stayed at the start and at the end, so a view keeps those rows' widgets. Rows that
    /// stayed but show something new (`changed` items, headers' and the end row's totals) are
    /// refreshed in place.
    func reset(changed: Set<Int> = [], narrowing: Bool = false) {
        // A rebuild now is also the one that waited (`holdRebuilds`), and narrows nothing: the
        // rows it would narrow are from before.
        var changed = changed, narrowing = narrowing
        if let held = hold.take() {
            changed.formUnion(held)
            narrowing = false
        }
        if narrowing {
            finishFill()
            return announceNarrowing(narrow())
        }
        if fillsLater { return resetFirstRows(changed: changed) }
        finishFill()
        let old = (0..<announcer.announced).map(identity)
        rebuild()
        let new = (0..<count).map(identity)
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
            tail += 1
        }
        if old.count - head - tail > 0 || new.count - head - tail > 0 {
            announcer.onRowsChanged?(head, old.count - head - tail, new.count - head - tail)
        }
        announcer.announced = count
        // Headers and the end row that stayed may show new totals.
        let kept = Set(new.prefix(head) + new.suffix(tail)).filter { $0 < 0 || changed.contains($0) }
        if !kept.isEmpty { announcer.onContentChanged?(kept) }
    }

    /// `reset` of a list built in two parts: the rows after the first ones are unknown until
    /// filled, so only the rows that stayed at the start are kept; the rest is announced anew.
    func resetFirstRows(changed: Set<Int>) {
        // The new first rows are at most `firstRows` items and as many headers: no more can stay.
        let old = (0..<min(announcer.announced, rows.count, 2 * tuning.firstRows)).map(identity)
        rebuildFirstRows()
        var head = 0
        while head < old.count, head < rows.count, old[head] == identity(at: head) { head += 1 }
        let announced = announcer.announced
        if announced - head > 0 || count - head > 0 { announcer.onRowsChanged?(head, announced - head, count - head) }
        announcer.announced = count
        let kept = Set((0..<head).map(identity)).filter { $0 < 0 || changed.contains($0) }
        if !kept.isEmpty { announcer.onContentChanged?(kept) }
    }

    /// Called with no fill under way (`reset` finishes it first).
    func rebuild() {
        sums.costs = [:]
        if search.readsText { model.searches.prepareAllSearchTexts() }
        let hidden = kind == .shopping && !showsOtherShops ? model.shops.hiddenHere : []
        let (keys, counts, count) = RowMatching.built(
            items: model.items.table, texts: model.searches.texts, query: query, needles: search.needles, kind: kind,
            hidden: hidden,
            sections: sectionKeys, headers: sectioning.hasHeaders, aisles: model.shops.sectionAisles.names.count)
        rows = Self.rowArray(keys)
        sums.items = count
        sums.counts = counts
    }

    /// Narrowing only removes rows, and `narrow` knows which: the span from the first row it dropped
    /// to the last is announced as replaced, with no pass over the rows to compare identities (at a
    /// million rows that pass was most of a keystroke).
    func announceNarrowing(_ dropped: ClosedRange<Int>?) {
        let old = announcer.announced
        announcer.announced = count
        if let dropped {
            // The end row stays with the last item, and goes with it.
            let tail = isEmpty ? 0 : old - 1 - dropped.upperBound
            let head = isEmpty ? 0 : dropped.lowerBound
            announcer.onRowsChanged?(head, old - head - tail, count - head - tail)
        }
        guard !isEmpty else { return }
        // Headers and the end row that stayed show new totals (refreshing one that was announced
        // anew costs nothing: it is bound afresh anyway).
        announcer.onContentChanged?(Set(sums.counts.keys.map { -(Int($0) + 2) } + [-1]))
    }

    /// `rebuild` for a query that narrows the last: the rows shown, filtered in place, and the
    /// headers of the sections left. Returns the first and last row it dropped, nil for none.
    func narrow() -> ClosedRange<Int>? {
        sums.costs = [:]
        // Rows shown are on this list already: only the query is tested, against the folded texts
        // and what each row keeps (no item read). The rows kept are moved down in place: no
        // second array, no reference counting per row.
        // Texts not made yet (typed before the idle slices finished) first: the pass only reads.
        if search.readsText { model.searches.prepareAllSearchTexts() }
        // The pass runs on the rows moved out to a local (no copy: the property lets go of them)
        // and on the column's bytes: at a million rows, checks of exclusive access to the
        // properties, row by row, cost more than the matching.
        var rows = self.rows.takeElements()
        let (counts, kept, dropped) = RowMatching.narrowed(
            &rows, query: query, needles: search.needles, texts: model.searches.texts,
            items: model.items.table, byIDAbove: tuning.narrowingByIDAbove)
        self.rows = Self.rowArray(rows)
        sums.items = kept
        sums.counts = counts
        return dropped
    }

    func lowerBound(_ k: RowKey) -> Int { rows.lowerBound { $0 < k } }

    func find(_ k: RowKey) -> Int? {
        let i = lowerBound(k)
        return i < rows.count && rows[i] == k ? i : nil
    }
}
