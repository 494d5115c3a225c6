import Foundation

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
