import Foundation

/// A large list's rows built in two parts (issue 38: every interaction inside a frame). In the
/// frame of a list or store switch: one pass over the entries that counts and sums every section
/// exactly and keeps the first rows in order, all a view shows then. The rest is placed later, a
/// slice at a time (`fillMore`, from the view's idle moments), from the entries as they were at
/// that pass: whatever reads past the first rows, or changes them, finishes the fill first, so a
/// change that arrives meanwhile is applied to exactly the rows it was made against.
extension ListProjection {
    /// Items a slice of `fillMore` visits: about a millisecond.
    static let fillSlice = 16_384

    /// Whether some rows still wait for `fillMore`.
    package var isFilling: Bool { filling.isUnderWay }

    /// Places a slice more rows, for an idle moment; false once every row is in place.
    package func fillMore() -> Bool { fillMore(budget: Self.fillSlice) }

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
        let (first, counts, costs, count, placed) = SectionTally.firstRows(
            of: source, headers: sectioning.hasHeaders, limit: tuning.firstRows,
            aisles: model.shops.sectionAisles.names.count)
        rows = Self.rowArray(first)
        (sums.items, sums.counts, sums.costs) = (count, counts, costs)
        guard count > placed else { return }
        let f = RowFill(source, headers: sectioning.hasHeaders, counts: counts, reusing: consume spare)
        filling.start(f)
    }
}

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

/// The rows of a list placed a slice at a time, from the entries as they were when the fill began
/// (a copy that costs nothing until the model changes its own): as `placedBySection` places them
/// all at once.
final class RowFill {
    let source: RowSource
    let order: [SectionKey]
    let headers: Bool
    /// Rows once all are placed.
    let total: Int
    /// Where each section's rows go next, by its place in `order`.
    var next: [Int] = []
    var starts: [Int] = []
    let slots: SectionSlots
    var keys: [RowKey] = []
    /// The next slot of `items` to visit; nil once all were placed.
    var cursor: Int? = 0
    /// Sections sorted so far (those whose rows came out of order).
    var sorted = 0
    /// Whether the rows' buffer was allocated here rather than handed on (`RowFilling.buffersMade`).
    let madeBuffer: Bool

    /// `spare`: a buffer to write the rows into, whatever it holds (every slot is written before it
    /// is read); a new one is made when it is too small, or far larger than the rows (let go of).
    init(_ source: RowSource, headers: Bool, counts: [SectionKey: Int], reusing spare: consuming [RowKey] = []) {
        self.source = source
        self.headers = headers
        order = counts.keys.sorted()
        slots = SectionSlots(order)
        var at = 0
        for s in order {
            starts.append(at)
            at += counts[s]! + (headers ? 1 : 0)
        }
        total = at
        next = starts.map { $0 + (headers ? 1 : 0) }
        madeBuffer = spare.capacity < at || spare.capacity > 2 * at + 4096
        if madeBuffer {
            _ = consume spare  // let go of before the new one is made
            keys = Self.newRoom(for: at)
        } else {
            keys = Self.room(for: at, in: consume spare)
        }
        if headers { for (n, s) in order.enumerated() { keys[starts[n]] = .header(s) } }
    }

    /// `count` slots for the rows, new and not set: `step` writes every slot before anything reads
    /// it (a row key is plain bits), so the pages are faulted in by the idle slices that fill them.
    /// At a million rows, the buffer set in the frame was a third of a list switch.
    private static func newRoom(for count: Int) -> [RowKey] {
        [RowKey](unsafeUninitializedCapacity: count) { _, written in written = count }
    }

    /// `count` slots in `spare`, which has room for them: no allocation, its pages in memory already.
    private static func room(for count: Int, in spare: consuming [RowKey]) -> [RowKey] {
        if spare.count > count {
            spare.removeLast(spare.count - count)
        } else {
            spare.append(contentsOf: repeatElement(.header(.end), count: count - spare.count))
        }
        return spare
    }

    /// The rows' buffer, leaving none: the fill is abandoned, and the next one writes into it.
    func takeKeys() -> [RowKey] {
        defer { keys = [] }
        return keys
    }

    /// Does about `budget` items' work; true once every row is in place and sorted.
    func step(budget: Int) -> Bool {
        if let at = cursor {
            let (source, slots) = (source, slots)
            var next = self.next, keys = self.keys
            self.keys = []  // one owner while rows are written: no copy
            cursor = source.items.forEach(fromSlot: at, slots: budget) { id, entry in
                guard let k = source.row(id, entry) else { return }
                let n = slots[k.section]
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

/// Each section's place among a list's sections, sorted. Aisle sections are small numbers, found
/// in a table with no hashing (a hash per row was two fifths of a fill); the few others (No
/// Aisle) by key.
struct SectionSlots {
    private var table: [Int] = []
    private var others: [SectionKey: Int] = [:]

    init(_ sorted: [SectionKey]) {
        let small = sorted.filter { $0 >= 0 && $0 < 4096 }
        table = [Int](repeating: -1, count: Int(small.last ?? -1) + 1)
        for (n, s) in sorted.enumerated() {
            if s >= 0, Int(s) < table.count { table[Int(s)] = n } else { others[s] = n }
        }
    }

    /// The place of `section`, which is one of the list's.
    @inline(__always) subscript(section: SectionKey) -> Int {
        let n = section >= 0 && Int(section) < table.count ? table[Int(section)] : others[section] ?? -1
        precondition(n >= 0, "a row of section \(section), which the list does not have")
        return n
    }
}

/// The entries a list's rows are made from, as they were when a pass over them began (a copy that
/// costs nothing until the model changes its own), and which of them the list shows.
struct RowSource {
    let items: ItemTable
    /// Items the shopping list leaves out as sold only at other shops.
    let hidden: Set<ItemID>
    let kind: ListKind
    let sections: SectionKeys

    /// The row of an entry; nil when the list leaves it out.
    @inline(__always) func row(_ id: ItemID, _ entry: ItemEntry) -> RowKey? {
        guard kind.contains(entry), hidden.isEmpty || !hidden.contains(id) else { return nil }
        return RowKey(section: sections.key(for: entry), position: entry.position, id: id.raw,
                      lineCost: entry.lineCost, flags: entry.flags)
    }
}
