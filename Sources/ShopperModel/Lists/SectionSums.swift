import Foundation

/// A list's items per section and in all, and its costs as far as they were summed.
struct SectionSums {
    /// Items shown, in all.
    var items = 0
    /// False inside `ListProjection.apply`: the model already holds every new item while some rows
    /// still await their edit, so a cost summed then is not kept (the deltas still to come would
    /// count it twice).
    var keepsCosts = true
    /// Items per section; a section with none has no header.
    var counts: [SectionKey: Int] = [:]
    /// Costs summed so far: nil key for the whole list. Absent means not yet summed.
    var costs: [SectionKey?: CostSum] = [:]

    /// The cost of one section's items of `rows`, or of all (nil), summed on first use and kept
    /// (when `keepsCosts`).
    mutating func cost(of section: SectionKey?, in rows: GapArray<RowKey>) -> CostSum {
        if let c = costs[section] { return c }
        var sum = CostSum.zero
        var i = 0
        if let section {
            let header = RowKey.header(section)
            let h = rows.lowerBound { $0 < header }
            guard h < rows.count, rows[h] == header else { return .zero }
            i = h + 1
        }
        while i < rows.count, !(section != nil && rows[i].section != section) {
            sum.units += Int128(rows[i].lineCost)
            i += 1
        }
        if keepsCosts { costs[section] = sum }
        return sum
    }

    /// Keeps the sums already made up to date; ones not made yet stay unmade.
    mutating func adjust(_ section: SectionKey, by delta: CostSum) {
        guard !costs.isEmpty else { return }
        if let c = costs[nil] { costs[nil] = c + delta }
        if let c = costs[section] { costs[section] = c + delta }
    }
}
