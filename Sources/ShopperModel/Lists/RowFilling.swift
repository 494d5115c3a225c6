import Foundation

/// The rows past a list's first ones while they are placed a slice at a time (`fillMore`), and the
/// buffers fills made.
struct RowFilling {
    private var fill: RowFill?
    /// Buffers a fill allocated for its rows rather than taking the rows' before: a store switch
    /// should make none (tests read it).
    private(set) var buffersMade = 0

    var isUnderWay: Bool { fill != nil }
    /// Rows once all are placed, while a fill is under way.
    var total: Int? { fill?.total }
    /// Where the fill writes its rows, while one is under way.
    var address: Int? { fill.map { f in f.keys.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } } }

    /// Items a slice of `ListProjection.fillMore` visits: about a millisecond.
    static let slice = 16_384

    /// The first rows of `source` (the first `limit` items and their headers) and every section's
    /// count and cost, in one pass; the rest, if any, left to a fill that writes into `spare`.
    mutating func begin(_ source: RowSource, headers: Bool, limit: Int, aisles: Int,
                        reusing spare: consuming [RowKey]) -> FirstRows {
        let (first, counts, costs, count, placed) = SectionTally.firstRows(
            of: source, headers: headers, limit: limit, aisles: aisles)
        if count > placed {
            let f = RowFill(source, headers: headers, counts: counts, reusing: consume spare)
            if f.madeBuffer { buffersMade += 1 }
            fill = f
        }
        return FirstRows(rows: first, counts: counts, costs: costs, count: count)
    }

    /// What a rebuild's first part shows: its rows, and the sections' exact counts and costs.
    struct FirstRows {
        let rows: [RowKey]
        let counts: [SectionKey: Int]
        let costs: [SectionKey?: CostSum]
        let count: Int
    }

    /// Lets go of a fill under way, returning its rows' buffer for the next one to write into.
    mutating func abandon() -> [RowKey]? {
        defer { fill = nil }
        return fill?.takeKeys()
    }

    /// Places about `budget` more rows: every row, in order, once all are in place (the fill ends).
    mutating func step(budget: Int) -> [RowKey]? {
        guard let f = fill, f.step(budget: budget) else { return nil }
        fill = nil
        return f.takeKeys()
    }

    /// Every row placed now, in order; nil when no fill was under way.
    mutating func finish() -> [RowKey]? {
        guard let f = fill else { return nil }
        while !f.step(budget: .max) {}
        fill = nil
        return f.takeKeys()
    }
}
