/// Items read from the store before a scroll reaches them. A row not in memory is read with the 63
/// after it (`item(_:at:)`), in the frame that first shows it: one frame in 64 of a steady scroll
/// waited for SQLite, and those frames were a scroll's slowest. A view calls `readAhead` between
/// frames, after binding rows near `index`, so that the next read happens there.
extension ListProjection {
    /// Rows from `index` within which the items ahead (and behind, for a scroll up) should be in
    /// memory: more than a screenful, so a fast scroll does not outrun it between two frames.
    public static let readAheadRows = 48

    /// Reads the items `readAheadRows` before and after `index` not in memory yet, each with its
    /// neighbours (`rowsPerRead`, the side away from `index`). Returns the items read.
    @discardableResult
    public func readAhead(around index: Int) -> Int {
        guard index >= 0, index < rows.count else { return 0 }
        let ahead = min(index + Self.readAheadRows, rows.count - 1)
        let behind = max(index - Self.readAheadRows, 0)
        return read(rows: ahead..<min(ahead + Self.rowsPerRead, rows.count))
            + read(rows: max(behind - Self.rowsPerRead + 1, 0)..<(behind + 1))
    }

    /// The items on `range` not in memory, in one query.
    private func read(rows range: Range<Int>) -> Int {
        let ids = rows[range].lazy.filter { !$0.isHeader }.map { ItemID($0.id) }
        let model = model
        let missing = Array(ids.filter { model.cachedItem($0) == nil })
        guard !missing.isEmpty else { return 0 }
        model.prefetch(missing)
        return missing.count
    }
}
