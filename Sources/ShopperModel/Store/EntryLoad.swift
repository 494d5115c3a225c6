import Foundation

/// What a model starts from: every item's entry, the trip's totals and the rest of the store, read
/// in one pass, or, for a large store, in two halves on two threads at once (at a million items
/// the read is most of start-up, and a second core is otherwise idle then).
struct EntryLoad {
    var table = ItemTable()
    var sums = TripTotals()
    var lastPosition: Int64 = 0
    var names = AisleNames()
    var contents = StoreContents()
    /// Whether the two halves' read was kept (for tests: a split that fell back to one pass, or
    /// never happened, must not pass for one that worked).
    var readInHalves = false
    /// When read from a checkpoint: how many items the news since it brought.
    var checkpointNews: Int?

    /// Stores whose highest id is at least this are read in two halves. The read runs while GTK
    /// starts (about 200 ms here) and is in the way of the first frame only once it takes longer,
    /// from about a quarter of a million items; below that a second thread only competes with GTK's
    /// start for the cores (first frame at 100k: 332 ms read in one pass, 357 in two).
    static let splitFrom = 262_144
    /// The same for a list opened while the app runs (another list shown): the second core is idle
    /// then, and the read is all that stands between the key press and the list.
    static let splitWhileRunningFrom = 32_768

    /// `between`, for tests: run after the lower half's read and before the upper half's starts
    /// (which then waits for it), as another process's write may come between them.
    static func read(_ store: Store, scope: ListScope = ListScope(.first, byIndex: false), listItems: Int? = nil,
        splitFrom: Int = splitFrom, between: (@Sendable () -> Void)? = nil, checkpoint: Bool = true
    ) throws(StoreError) -> EntryLoad {
        if checkpoint, let load = try fromCheckpoint(store, list: scope.list, listItems: listItems ?? 0) { return load }
        let maxID = store.itemCount()
        // The split gives the table a slot for every id up to the highest, so only a store whose ids
        // are mostly in use is split: one item with id 5,000,000,000 (another program's) would
        // otherwise be 160 GB of slots. Counting reads an index: 7 ms at a million items.
        // The list's own count (kept by the store's triggers) says how many ids it holds.
        if maxID >= splitFrom, 2 * (listItems ?? store.storedItems()) >= maxID,
           let load = try inTwo(store, scope: scope, maxID: maxID, between: between) { return load }
        return try inOne(store, scope: scope, maxID: maxID)
    }

    private static func inOne(_ store: Store, scope: ListScope, maxID: Int) throws(StoreError) -> EntryLoad {
        // Read into locals, then kept: a closure's access to a captured struct's fields costs more
        // per item (a tenth of reading a million items, measured on the model's own properties).
        var table = ItemTable(), sums = TripTotals(), last: Int64 = 0, names = AisleNames()
        table.reserveCapacity(maxID: maxID)
        let contents = try store.loadEntries(aisles: &names, scope: scope) { id, entry in
            table.set(id, to: entry)
            sums.add(entry)
            last = max(last, entry.position)
        }
        return EntryLoad(table: table, sums: sums, lastPosition: last, names: names, contents: contents)
    }

    /// The ids up to the middle are read on this thread, the rest on another, each in its own read
    /// transaction, straight into the table's slots. nil when the two reads saw different revisions
    /// (another process wrote between their starts): the caller reads again in one pass.
    private static func inTwo(_ store: Store, scope: ListScope, maxID: Int, between: (@Sendable () -> Void)?)
        throws(StoreError) -> EntryLoad?
    {
        let middle = Int64(maxID / 2)
        let lower = Half(ids: Int64.min...middle, scope: scope, maxID: maxID)
        let upper = Half(ids: (middle + 1)...Int64.max, scope: scope, maxID: maxID)
        var table = ItemTable()
        var renumbered: [Int32] = []
        var names = AisleNames()
        table.fill(maxID: maxID) { slots in
            let shared = Slots(buffer: slots)
            let lowerDone = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                if let between {
                    lowerDone.wait()
                    between()
                }
                upper.read(store, into: shared)
            }
            lower.read(store, into: shared)
            lowerDone.signal()
            upper.done.wait()
            guard case .success = lower.contents, case .success = upper.contents else { return }
            // Aisles as one pass numbers them: the lower half's first, then those new in the upper.
            names = lower.names
            renumbered = names.merge(upper.names)
            guard renumbered != Array(0..<Int32(renumbered.count)) else { return }
            for r in Int(middle + 1)..<slots.count where slots[r].aisle >= 0 {
                slots[r].aisle = renumbered[Int(slots[r].aisle)]
            }
        }
        // A damaged row in the lower half is the one a single pass would have named first.
        let contents = try lower.contents!.get()
        guard try upper.contents!.get().revision == contents.revision else { return nil }
        for (id, entry) in lower.outside { table.set(id, to: entry) }
        for (id, var entry) in upper.outside {
            if entry.aisle >= 0, !renumbered.isEmpty { entry.aisle = renumbered[Int(entry.aisle)] }
            table.set(id, to: entry)
        }
        var sums = lower.sums
        sums.add(upper.sums)
        return EntryLoad(table: table, sums: sums, lastPosition: max(lower.last, upper.last), names: names,
                         contents: contents, readInHalves: true)
    }

    /// The table's slots, written by both threads at different ids while `ItemTable.fill` holds them.
    private struct Slots: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<ItemEntry>
    }

    /// One half's read. Written only by the thread that reads it, and read by the other only after
    /// `done` (hence unchecked).
    private final class Half: @unchecked Sendable {
        let ids: ClosedRange<Int64>
        let scope: ListScope
        let maxID: Int
        var sums = TripTotals(), last: Int64 = 0, names = AisleNames()
        /// Entries with no slot: ids below 1 (another program's) or past `maxID` (written since).
        var outside: [(ItemID, ItemEntry)] = []
        var contents: Result<StoreContents, StoreError>?
        let done = DispatchSemaphore(value: 0)

        init(ids: ClosedRange<Int64>, scope: ListScope, maxID: Int) {
            self.ids = ids
            self.scope = scope
            self.maxID = maxID
        }

        func read(_ store: Store, into slots: Slots) {
            var sums = TripTotals(), last: Int64 = 0, names = AisleNames(), outside: [(ItemID, ItemEntry)] = []
            let maxID = Int64(maxID), buffer = slots.buffer
            contents = Result { () throws(StoreError) in
                try store.loadEntries(aisles: &names, scope: scope, ids: ids) { id, entry in
                    if id.raw >= 1 && id.raw <= maxID {
                        buffer[Int(id.raw)] = entry
                    } else {
                        outside.append((id, entry))
                    }
                    sums.add(entry)
                    last = max(last, entry.position)
                }
            }
            (self.sums, self.last, self.names, self.outside) = (sums, last, names, outside)
            done.signal()
        }
    }
}
