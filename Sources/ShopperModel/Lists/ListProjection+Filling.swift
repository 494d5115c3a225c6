import Foundation

/// A large list's rows built in two parts (issue 38: every interaction inside a frame). In the
/// frame of a list or store switch: one pass over the entries that counts and sums every section
/// exactly and keeps the first rows in order, all a view shows then. The rest is placed later, a
/// slice at a time (`fillMore`, from the view's idle moments), from the entries as they were at
/// that pass: whatever reads past the first rows, or changes them, finishes the fill first, so a
/// change that arrives meanwhile is applied to exactly the rows it was made against.
extension ListProjection {
    /// Items a slice of `fillMore` visits: about a millisecond.
    public static let fillSlice = 16_384

    /// Whether some rows still wait for `fillMore`.
    public var isFilling: Bool { fill != nil }

    /// Places up to `budget` more rows; false once every row is in place (nothing left to do).
    public func fillMore(budget: Int = fillSlice) -> Bool {
        guard let f = fill else { return false }
        guard f.step(budget: budget) else { return true }
        install(f)
        return false
    }

    /// Every row in place now: for whatever needs rows past the first ones.
    func finishFill() {
        guard let f = fill else { return }
        while !f.step(budget: .max) {}
        install(f)
    }

    private func install(_ f: RowFill) {
        // The first rows, shown meanwhile, are the first of the whole.
        assert(rows.indices.allSatisfy { rows[$0] == f.keys[$0] }, "the first rows differ from the filled ones")
        fill = nil
        rows = Self.rowArray(f.keys)
    }

    /// Whether a rebuild now may leave rows to `fillMore`: a list long enough to be worth it, with no
    /// search (a search tests the texts, which may change before the fill ends).
    var fillsLater: Bool { query == nil && model.items.count >= fillFrom }

    /// `rebuild`, in the frame's part: counts and sums exact, the first `firstRows` items and their
    /// headers in `rows`, the rest left to `fill` (nothing left when they are all).
    func rebuildFirstRows() {
        fill = nil
        let sections = sectionKeys, kind = kind, items = model.items, limit = firstRows
        let hidden = kind == .shopping && !showsOtherShops ? model.hiddenHere : []
        var counts: [SectionKey: Int] = [:], sums: [SectionKey: CostSum] = [:]
        var count = 0, total = CostSum.zero
        var section = SectionKey.end, inSection = 0, sectionSum = CostSum.zero
        // The first rows: candidates below the last kept one, cut back to `limit` when twice that.
        var best: [RowKey] = [], bar: RowKey?
        best.reserveCapacity(2 * limit)
        func endSection() {
            guard inSection > 0 else { return }
            counts[section, default: 0] += inSection
            sums[section, default: .zero].units += sectionSum.units
            total.units += sectionSum.units
        }
        items.forEach { id, entry in
            guard kind.contains(entry), hidden.isEmpty || !hidden.contains(id) else { return }
            let k = key(id, entry, sections: sections)
            if k.section != section {
                endSection()
                (section, inSection, sectionSum) = (k.section, 0, .zero)
            }
            inSection += 1
            count += 1
            sectionSum.units += Int128(k.lineCost)
            if bar.map({ k < $0 }) ?? true {
                best.append(k)
                if best.count == 2 * limit {
                    best.sort()
                    best.removeLast(limit)
                    bar = best.last
                }
            }
        }
        endSection()
        best.sort()
        if best.count > limit { best.removeLast(best.count - limit) }
        var first: [RowKey] = []
        for k in best {
            if sectioning.hasHeaders, first.last?.section != k.section { first.append(.header(k.section)) }
            first.append(k)
        }
        rows = Self.rowArray(first)
        itemCount = count
        sectionCounts = counts
        costs = sums.reduce(into: [nil: total]) { $0[$1.key] = $1.value }
        guard count > best.count else { return }
        fill = RowFill(items: items, hidden: hidden, kind: kind, sections: sections, headers: sectioning.hasHeaders, counts: counts)
    }
}

/// The rows of a list placed a slice at a time, from the entries as they were when the fill began
/// (a copy that costs nothing until the model changes its own): as `placedBySection` places them
/// all at once.
final class RowFill {
    let items: ItemTable
    let hidden: Set<ItemID>
    let kind: ListKind
    let sections: SectionKeys
    let order: [SectionKey]
    let headers: Bool
    /// Rows once all are placed.
    let total: Int
    /// Where each section's rows go next, by its place in `order`.
    var next: [Int] = []
    var starts: [Int] = []
    var slot: [SectionKey: Int] = [:]
    var keys: [RowKey] = []
    /// The next slot of `items` to visit; nil once all were placed.
    var cursor: Int? = 0
    /// Sections sorted so far (those whose rows came out of order).
    var sorted = 0

    init(items: ItemTable, hidden: Set<ItemID>, kind: ListKind, sections: SectionKeys, headers: Bool, counts: [SectionKey: Int]) {
        self.items = items
        self.hidden = hidden
        self.kind = kind
        self.sections = sections
        self.headers = headers
        order = counts.keys.sorted()
        var at = 0
        for (n, s) in order.enumerated() {
            slot[s] = n
            starts.append(at)
            at += counts[s]! + (headers ? 1 : 0)
        }
        total = at
        next = starts.map { $0 + (headers ? 1 : 0) }
        keys = [RowKey](repeating: .header(.end), count: at)
        if headers { for (n, s) in order.enumerated() { keys[starts[n]] = .header(s) } }
    }

    /// Does about `budget` items' work; true once every row is in place and sorted.
    func step(budget: Int) -> Bool {
        if let at = cursor {
            let (items, hidden, kind, sections) = (items, hidden, kind, sections)
            var next = self.next, keys = self.keys
            self.keys = []  // one owner while rows are written: no copy
            cursor = items.forEach(fromSlot: at, slots: budget) { id, entry in
                guard kind.contains(entry), hidden.isEmpty || !hidden.contains(id) else { return }
                let k = RowKey(section: sections.key(for: entry), position: entry.position, id: id.raw,
                               lineCost: entry.lineCost, flags: entry.flags)
                let n = slot[k.section]!
                keys[next[n]] = k
                next[n] += 1
            }
            (self.next, self.keys) = (next, keys)
            return false
        }
        var work = 0
        while sorted < order.count, work < budget {
            let range = (starts[sorted] + (headers ? 1 : 0))..<next[sorted]
            keys.withUnsafeMutableBufferPointer { b in
                var run = UnsafeMutableBufferPointer(rebasing: b[range])
                if !zip(run, run.dropFirst()).allSatisfy({ $0 < $1 }) { run.sort() }
            }
            work += range.count
            sorted += 1
        }
        return sorted == order.count
    }
}
