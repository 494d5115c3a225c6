import Foundation

/// Items and their cost per section, and in all: kept by the aisle sections' numbers (and the
/// price bands'), not hashed per row, which was most of a pass over the entries. A class over
/// buffers of its own: held in arrays, a test of unique ownership per row and array was half of a
/// pass, and a closure around buffers lent by them one call per row.
final class SectionTally {
    private let aisles: Int
    private let counts: UnsafeMutableBufferPointer<Int>
    private let sums: UnsafeMutableBufferPointer<Int128>
    /// Sections past the aisles (No Aisle), by key.
    private var others: [SectionKey: (count: Int, sum: Int128)] = [:]

    /// A list's first rows (the first `limit` items in order shown, with their headers when
    /// `headers`) and every item's count and cost per section, in one pass over `items`: the
    /// candidates below the last kept one, cut back to `limit` whenever there are twice that.
    static func firstRows(of source: RowSource, headers: Bool, limit: Int, aisles: Int)
        -> (first: [RowKey], counts: [SectionKey: Int], costs: [SectionKey?: CostSum], count: Int, placed: Int) {
        let tally = SectionTally(aisles: aisles)
        var best: [RowKey] = [], bar: RowKey?
        best.reserveCapacity(2 * limit)
        source.items.forEach { id, entry in
            guard let k = source.row(id, entry) else { return }
            tally.add(k)
            if bar.map({ k < $0 }) ?? true {
                best.append(k)
                if best.count == 2 * limit {
                    best.sort()
                    best.removeLast(limit)
                    bar = best.last
                }
            }
        }
        let (counts, costs, count) = tally.result()
        best.sort()
        if best.count > limit { best.removeLast(best.count - limit) }
        var first: [RowKey] = []
        for k in best {
            if headers, first.last?.section != k.section { first.append(.header(k.section)) }
            first.append(k)
        }
        return (first, counts, costs, count, best.count)
    }

    init(aisles: Int) {
        self.aisles = max(aisles, 2)
        counts = .allocate(capacity: self.aisles)
        counts.initialize(repeating: 0)
        sums = .allocate(capacity: self.aisles)
        sums.initialize(repeating: 0)
    }

    deinit {
        counts.deallocate()
        sums.deallocate()
    }

    @inline(__always) func add(_ k: RowKey) {
        guard k.section >= 0, Int(k.section) < aisles else { return addOther(k) }
        counts[Int(k.section)] += 1
        sums[Int(k.section)] += Int128(truncatingIfNeeded: k.lineCost)
    }

    private func addOther(_ k: RowKey) {
        others[k.section, default: (0, 0)].count += 1
        others[k.section, default: (0, 0)].sum += Int128(truncatingIfNeeded: k.lineCost)
    }

    /// Items per section (those with any), costs per section and in all (nil), and the items.
    func result() -> ([SectionKey: Int], [SectionKey?: CostSum], Int) {
        var counts: [SectionKey: Int] = [:], costs: [SectionKey?: CostSum] = [:]
        var all = 0, total: Int128 = 0
        for s in self.counts.indices where self.counts[s] > 0 {
            counts[SectionKey(s)] = self.counts[s]
            costs[SectionKey(s)] = CostSum(units: sums[s])
        }
        for (s, c) in others {
            counts[s] = c.count
            costs[s] = CostSum(units: c.sum)
        }
        for (s, n) in counts {
            all += n
            total += costs[s]!.units
        }
        costs[nil] = CostSum(units: total)
        return (counts, costs, all)
    }
}
