/// Items read from the store before a scroll reaches them. A row not in memory is read with the 63
/// after it (`item(_:at:)`), in the frame that first shows it: one frame in 64 of a steady scroll
/// waited for SQLite, and those frames were a scroll's slowest. A view calls `readAhead` between
/// frames, after binding rows near `index`, so that the next read happens there.
extension ListProjection {
    /// Rows from `index`, each way, that should be in memory: more than a screenful, so a fast
    /// scroll does not outrun it between two frames.
    static let readAheadRows = 48

    /// Whether a scroll from the row at `last` to the row at `index`, in one frame, outran a read
    /// ahead: it moved further than one reads (`readAheadRows` and a read's worth on), so what a
    /// read around `index` would read is passed before it is shown (a scrollbar dragged, a fling).
    /// A view waits for the scroll to stop instead. No `last`: nothing to outrun.
    package static func outruns(from last: Int?, to index: Int) -> Bool {
        guard let last else { return false }
        return abs(index - last) > readAheadRows + rowsPerRead
    }

    /// Reads the items not in memory on the rows after `index` (and, for a scroll up, before it),
    /// when any of the `readAheadRows` nearest is missing: those and the rest of a read's worth
    /// beyond them (`rowsPerRead`), in one query a side. Returns the items read.
    @discardableResult
    package func readAhead(around index: Int) -> Int {
        guard index >= 0, rows.count > 0 else { return 0 }
        let i = min(index, rows.count - 1)  // the end row: the rows above it
        let span = Self.readAheadRows + Self.rowsPerRead
        return read(rows: (i + 1)..<min(i + 1 + span, rows.count), nearest: Self.readAheadRows)
            + read(rows: max(i - span, 0)..<i, nearest: -Self.readAheadRows)
    }

    /// The items on `range` not in memory, in one query, if one is missing among the `nearest`
    /// rows at its start (or, negative, at its end).
    private func read(rows range: Range<Int>, nearest: Int) -> Int {
        let model = model
        let ids = Array(itemIDs(onRows: range))
        let near = nearest >= 0 ? ids.prefix(nearest) : ids.suffix(-nearest)
        guard near.contains(where: { model.items.cachedItem($0) == nil }) else { return 0 }
        let missing = ids.filter { model.items.cachedItem($0) == nil }
        model.items.prefetch(missing)
        return missing.count
    }
}
