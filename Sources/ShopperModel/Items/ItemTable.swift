/// What the model keeps in memory of every item: enough to place it in a list, count it, filter it
/// and sum it, and the revision a write of it must expect. No strings: its text and the rest come
/// from the store for the rows on screen (`ItemContent`), so memory follows what is shown, not what
/// is stored. 32 bytes an item.
struct ItemEntry: Equatable, Sendable {
    /// The store's revision this process last read or wrote the item at.
    var revision: Int64
    var position: Int64
    /// `Item.lineCost` in `CostSum` units (a line's cost is at most 10^18 of them: it fits).
    var lineCost: Int64
    /// The item's aisle as an `AisleNames` number; -1 for none.
    var aisle: Int32
    var flags: UInt8

    enum Flags {
        static let present: UInt8 = 1, needed: UInt8 = 2, inCart: UInt8 = 4, priced: UInt8 = 8
        static let all: UInt8 = present | needed | inCart | priced
    }

    var needed: Bool { flags & Flags.needed != 0 }
    var inCart: Bool { flags & Flags.inCart != 0 }
    /// Whether the item has a price (a line without one costs nothing, and is not "over" any cost).
    var priced: Bool { flags & Flags.priced != 0 }
    /// The line cost as filters read it: nil without a price.
    var pricedCost: CostSum? { priced ? CostSum(units: Int128(lineCost)) : nil }

    init(revision: Int64, position: Int64, lineCost: Int64, aisle: Int32, needed: Bool, inCart: Bool, priced: Bool) {
        self.revision = revision
        self.position = position
        self.lineCost = lineCost
        self.aisle = aisle
        flags = Flags.present | (needed ? Flags.needed : 0) | (inCart ? Flags.inCart : 0) | (priced ? Flags.priced : 0)
    }

    /// An item's entry, its aisle numbered by the caller (`AisleNames`). Lines past the bound of
    /// items read from the store (`ItemColumns`; the app's own are bounded far below it) are
    /// clamped, not trapped, should one ever get here.
    init(_ item: Item, revision: Int64, aisle: Int32) {
        self.init(revision: revision, position: item.position, lineCost: Int64(clamping: item.lineCost.units),
                  aisle: aisle, needed: item.needed, inCart: item.inCart, priced: item.priceAmount != nil)
    }

    fileprivate static let absent = ItemEntry(revision: 0, position: 0, lineCost: 0, aisle: -1, flags: 0)
    /// As stored (`EntryCheckpoint`), the flags checked by the caller.
    init(revision: Int64, position: Int64, lineCost: Int64, aisle: Int32, flags: UInt8) {
        self.revision = revision
        self.position = position
        self.lineCost = lineCost
        self.aisle = aisle
        self.flags = flags
    }
    fileprivate var isPresent: Bool { flags & Flags.present != 0 }
}

/// Aisle names as items spell them, each given a number once (names that differ only in case are
/// one aisle, as in `AisleOrder`): an entry keeps the number, not the string, and a list's sections
/// map numbers to their place in the aisle order.
struct AisleNames: Sendable {
    private var numbers: [String: Int32] = [:]
    /// By number: the first spelling seen.
    private(set) var names: [String] = []
    /// Exact spellings already seen, so a load of a million items lowercases each spelling once.
    private var spellings: [String: Int32] = [:]

    init() {}

    /// Whether an item has had this aisle (in any case) since this process started.
    func knows(_ name: String) -> Bool { spellings[name] != nil || numbers[name.lowercased()] != nil }

    /// Takes in the names `other` numbered (from later ids than this one's) and returns, by
    /// `other`'s number, the number each now has here. Names new here are numbered in `other`'s
    /// order, so two halves of a load number aisles as one pass over every item would.
    mutating func merge(_ other: AisleNames) -> [Int32] {
        let renumbered = other.names.map { number(of: $0) }
        for (spelling, n) in other.spellings where spellings[spelling] == nil {
            spellings[spelling] = renumbered[Int(n)]
        }
        return renumbered
    }

    mutating func number(of name: String?) -> Int32 {
        guard let name else { return -1 }
        if let n = spellings[name] { return n }
        let folded = name.lowercased()
        let n = numbers[folded] ?? {
            let n = Int32(names.count)
            names.append(name)
            numbers[folded] = n
            return n
        }()
        spellings[name] = n
        return n
    }
}

/// The entries of the items by id.
///
/// Ids are the store's rowids, handed out in order from 1, so they are dense: a table indexed by id
/// costs each item and nothing more. A dictionary costs about twice that, since its capacity is a
/// power of two kept at most three quarters full. An id far past the number of items (a store
/// whose early items were deleted) waits in a dictionary until the items catch up with it, so the
/// empty slots never outnumber the items.
package struct ItemTable: Sendable {
    /// Indexed by id; slot 0 is never used (rowids start at 1).
    private var slots: ContiguousArray<ItemEntry> = []
    private var far: [ItemID: ItemEntry] = [:]
    package private(set) var count = 0

    package init() {}

    var isEmpty: Bool { count == 0 }

    subscript(id: ItemID) -> ItemEntry? {
        let r = id.raw
        if r >= 0 && r < slots.count {
            let e = slots[Int(r)]
            return e.isPresent ? e : nil
        }
        return far[id]
    }

    /// The revision `id` was last read or written at; nil when it is not in memory.
    func revision(of id: ItemID) -> Int64? { self[id]?.revision }

    /// Puts `entry` in (replacing what `id` held), or takes `id` out when `entry` is nil.
    mutating func set(_ id: ItemID, to entry: ItemEntry?) {
        // A load reads ids in order: the next id goes on the end, with no empty slot made first.
        if let entry, id.raw == Int64(slots.count), id.raw > 0, far.isEmpty {
            slots.append(entry)
            count += 1
            return
        }
        let had = self[id] != nil
        count += (entry == nil ? 0 : 1) - (had ? 1 : 0)
        let r = id.raw
        if r >= 0 && r < slots.count {
            slots[Int(r)] = entry ?? .absent
        } else if let entry, r >= 0, r < Self.denseLimit(count) {
            grow(to: Int(r) + 1)
            slots[Int(r)] = entry
        } else {
            far[id] = entry
        }
    }

    /// Room for ids up to `maxID` (the store's highest), so a load does not copy the table as it
    /// grows (for a moment, both copies were in memory). Room never used costs address space, not
    /// memory.
    mutating func reserveCapacity(maxID: Int) {
        slots.reserveCapacity(Swift.max(0, Swift.min(maxID, (1 << 22) - 1) + 1))
    }

    /// For a load split between threads (`EntryLoad`): an empty table gets a slot for every id
    /// up to `maxID`, each absent, and `fill` writes entries straight into them. Threads may write
    /// at once so long as their ids differ: the slots do not move while `fill` runs. Afterwards the
    /// table counts what was written, and is made anew should most slots have stayed empty.
    mutating func fill(maxID: Int, _ fill: (UnsafeMutableBufferPointer<ItemEntry>) throws -> Void) rethrows {
        precondition(slots.isEmpty && far.isEmpty, "fill starts from an empty table")
        slots = ContiguousArray(repeating: .absent, count: maxID + 1)
        try slots.withUnsafeMutableBufferPointer { try fill($0) }
        count = slots.withUnsafeBufferPointer { $0.reduce(0) { $0 + ($1.isPresent ? 1 : 0) } }
        if Int64(slots.count) > Self.denseLimit(count) {
            // A store whose early items were deleted: the empty slots would outnumber the items.
            let sparse = self
            self = ItemTable()
            sparse.forEach { set($0, to: $1) }
        }
    }

    /// Every item's id and entry, in order of id.
    func forEach(_ body: (ItemID, ItemEntry) throws -> Void) rethrows {
        try slots.withUnsafeBufferPointer { slots in
            for r in slots.indices where slots[r].isPresent { try body(ItemID(Int64(r)), slots[r]) }
        }
        for id in far.keys.sorted() { try body(id, far[id]!) }
    }

    /// `forEach` in parts, for a pass spread over idle moments: the entries of up to `slots` slots
    /// from `start`, in order of id. Returns where the next part starts; nil once every entry was
    /// visited (the far ones, few, with the last part).
    func forEach(fromSlot start: Int, slots limit: Int, _ body: (ItemID, ItemEntry) -> Void) -> Int? {
        let end = limit >= slots.count - start ? slots.count : start + limit
        slots.withUnsafeBufferPointer { slots in
            for r in start..<Swift.max(start, end) where slots[r].isPresent { body(ItemID(Int64(r)), slots[r]) }
        }
        guard end >= slots.count else { return end }
        for id in far.keys.sorted() { body(id, far[id]!) }
        return nil
    }

    /// For tests: where the slots are (a write to a table shared with a copy moves them).
    var slotsAddress: Int { slots.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } }

    /// Every id, in order.
    var ids: [ItemID] {
        var ids: [ItemID] = []
        ids.reserveCapacity(count)
        forEach { id, _ in ids.append(id) }
        return ids
    }

    /// Ids below this are kept in slots: empty slots stay fewer than items (and a small table has
    /// room to start).
    private static func denseLimit(_ count: Int) -> Int64 { Int64(Swift.max(1024, 2 * count)) }

    private mutating func grow(to n: Int) {
        let old = slots.count
        // One slot at a time: no sequence made for the usual one or two.
        for _ in old..<n { slots.append(.absent) }
        guard !far.isEmpty else { return }
        // Far ids now in range move to their slots.
        for (id, entry) in far where id.raw < Int64(n) && id.raw >= Int64(old) {
            far[id] = nil
            slots[Int(id.raw)] = entry
        }
    }
}
