/// The items in memory by id, each with the revision this process last read or wrote it at.
///
/// Ids are the store's rowids, handed out in order from 1, so they are dense: a table indexed by id
/// costs each item and nothing more. A dictionary costs about twice that, since its capacity is a
/// power of two kept at most three quarters full (at a million items, 336 MB of items against
/// 160). An id far past the number of items (a store whose early items were deleted) waits in a
/// dictionary until the items catch up with it, so the empty slots never outnumber the items.
public struct ItemTable {
    /// Indexed by id; slot 0 is never used (rowids start at 1).
    private var slots: ContiguousArray<Item?> = []
    private var slotRevisions: ContiguousArray<Int64> = []
    private var far: [ItemID: (item: Item, revision: Int64)] = [:]
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    public subscript(id: ItemID) -> Item? {
        let r = id.raw
        return r >= 0 && r < slots.count ? slots[Int(r)] : far[id]?.item
    }

    /// The revision `id` was last read or written at; nil when it is not in memory.
    public func revision(of id: ItemID) -> Int64? {
        let r = id.raw
        if r >= 0 && r < slots.count { return slots[Int(r)] == nil ? nil : slotRevisions[Int(r)] }
        return far[id]?.revision
    }

    /// Puts `item` in (replacing what `id` held), or takes `id` out when `item` is nil.
    public mutating func set(_ id: ItemID, to item: Item?, revision: Int64) {
        // A load reads ids in order: the next id goes on the end, with no empty slot made first.
        if let item, id.raw == Int64(slots.count), id.raw > 0, far.isEmpty {
            slots.append(item)
            slotRevisions.append(revision)
            count += 1
            return
        }
        let had = self[id] != nil
        count += (item == nil ? 0 : 1) - (had ? 1 : 0)
        let r = id.raw
        if r >= 0 && r < slots.count {
            slots[Int(r)] = item
            slotRevisions[Int(r)] = revision
        } else if let item, r >= 0, r < Self.denseLimit(count) {
            grow(to: Int(r) + 1)
            slots[Int(r)] = item
            slotRevisions[Int(r)] = revision
        } else {
            far[id] = item.map { ($0, revision) }
        }
    }

    /// Room for ids up to `maxID` (the store's highest), so a load does not copy the table as it
    /// grows (for a moment, both copies were in memory). Room never used costs address space, not
    /// memory.
    public mutating func reserveCapacity(maxID: Int) {
        let n = Swift.min(maxID + 1, 1 << 22)
        slots.reserveCapacity(n)
        slotRevisions.reserveCapacity(n)
    }

    /// Every item, in no particular order (as a dictionary's).
    public var values: Values { Values(slots: slots, far: far) }

    public var keys: LazyMapSequence<Values, ItemID> { values.lazy.map(\.id) }

    public struct Values: Sequence {
        fileprivate let slots: ContiguousArray<Item?>
        fileprivate let far: [ItemID: (item: Item, revision: Int64)]

        public func makeIterator() -> Iterator { Iterator(slots: slots.makeIterator(), far: far.values.makeIterator()) }
        public var underestimatedCount: Int { far.count }

        public struct Iterator: IteratorProtocol {
            fileprivate var slots: IndexingIterator<ContiguousArray<Item?>>
            fileprivate var far: Dictionary<ItemID, (item: Item, revision: Int64)>.Values.Iterator

            public mutating func next() -> Item? {
                while let slot = slots.next() {
                    if let item = slot { return item }
                }
                return far.next()?.item
            }
        }
    }

    /// Ids below this are kept in slots: empty slots stay fewer than items (and a small table has
    /// room to start).
    private static func denseLimit(_ count: Int) -> Int64 { Int64(Swift.max(1024, 2 * count)) }

    private mutating func grow(to n: Int) {
        let old = slots.count
        // One slot at a time: no sequence made for the usual one or two.
        for _ in old..<n {
            slots.append(nil)
            slotRevisions.append(0)
        }
        guard !far.isEmpty else { return }
        // Far ids now in range move to their slots.
        for (id, entry) in far where id.raw < Int64(n) && id.raw >= Int64(old) {
            far[id] = nil
            slots[Int(id.raw)] = entry.item
            slotRevisions[Int(id.raw)] = entry.revision
        }
    }
}
