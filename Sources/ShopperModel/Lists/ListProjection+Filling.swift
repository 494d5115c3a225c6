import Foundation

/// A large list's rows built in two parts (issue 38: every interaction inside a frame). In the
/// frame of a list or store switch: one pass over the entries that counts and sums every section
/// exactly and keeps the first rows in order, all a view shows then. The rest is placed later, a
/// slice at a time (`fillMore`, from the view's idle moments), from the entries as they were at
/// that pass: whatever reads past the first rows, or changes them, finishes the fill first, so a
/// change that arrives meanwhile is applied to exactly the rows it was made against.
extension ListProjection {
    /// Whether some rows still wait for `fillMore`.
    package var isFilling: Bool { filling.isUnderWay }

    /// Places a slice more rows, for an idle moment; false once every row is in place.
    package func fillMore() -> Bool { fillMore(budget: RowFilling.slice) }

    /// Places about `budget` more rows; false once every row is in place (nothing left to do).
    func fillMore(budget: Int) -> Bool {
        guard filling.isUnderWay else { return false }
        guard let keys = filling.step(budget: budget) else { return true }
        install(keys)
        return false
    }

    /// For tests: where the rows are written (the fill's buffer while there is one).
    var rowsAddress: Int { filling.address ?? rows.storageAddress }

    /// Every row in place now: for whatever needs rows past the first ones.
    func finishFill() {
        guard let keys = filling.finish() else { return }
        install(keys)
    }

    /// A change of `changed` items is about to be taken into memory. One that `apply` will take row
    /// by row has every row placed first: placed now, from the entries as they still are, the fill
    /// lets go of them, and the model's write does not copy its whole table.
    func changeComing(_ changed: Int, sectionsMove: Bool) {
        // With a rebuild waiting, the rows are made anew from the model as it will be: a fill
        // under way is let go of then (the write copies the table it holds; the rare change
        // between a store switch and the next idle moment).
        guard filling.isUnderWay, !hold.isWaiting, !sectionsMove, !rebuilds(changing: changed) else { return }
        finishFill()
    }

    private func install(_ keys: [RowKey]) {
        // The first rows, shown meanwhile, are the first of the whole.
        assert(rows.indices.allSatisfy { rows[$0] == keys[$0] }, "the first rows differ from the filled ones")
        rows = Self.rowArray(keys)
    }

    /// Whether a rebuild now may leave rows to `fillMore`: a list long enough to be worth it, with no
    /// search (a search tests the texts, which may change before the fill ends).
    var fillsLater: Bool { query == nil && model.items.table.count >= tuning.fillFrom }

    /// `rebuild`, in the frame's part: counts and sums exact, the first `firstRows` items and their
    /// headers in `rows`, the rest left to `filling` (nothing left when they are all).
    func rebuildFirstRows() {
        // The buffer the rows before these were in, for the fill to write into: at a million rows a
        // new one was most of a store switch (every page of it faulted in and set, the old unmapped).
        let spare = filling.abandon() ?? rows.takeStorage()
        let hidden = kind == .shopping && !showsOtherShops ? model.shops.hiddenHere : []
        let source = RowSource(items: model.items.table, hidden: hidden, kind: kind, sections: sectionKeys)
        let first = filling.begin(source, headers: sectioning.hasHeaders, limit: tuning.firstRows,
                                  aisles: model.shops.sectionAisles.names.count, reusing: consume spare)
        rows = Self.rowArray(first.rows)
        (sums.items, sums.counts, sums.costs) = (first.count, first.counts, first.costs)
    }
}
