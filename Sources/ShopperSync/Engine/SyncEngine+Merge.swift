import Foundation
import ShopperModel
import ShopperSyncModel

/// Writing the server's changes into the list: each task's outcome decided (`TaskOutcome`), then
/// carried out into one write with the tasks' records.
extension SyncEngine {
    /// Writes the server's changes into the list with their records, in one transaction; tried
    /// again from a fresh read when the window wrote one of the items meanwhile.
    func merge(_ tasks: [RemoteTask], removed: [String], holdDeletions: Bool, token: String?) throws(SyncError) {
        for attempt in 1...Self.mergeAttempts {
            var pending = SyncReport()
            do {
                try Self.storeCall { () throws(StoreError) in
                    try store.syncTables.applySync(list) { ids throws(StoreError) in
                        var pass = try MergePass(engine: self, tasks: tasks, removed: removed, ids: ids)
                        for task in tasks { try pass.take(task) }
                        pass.remove(removed, hold: holdDeletions)
                        ids = pass.ids
                        pending = pass.report
                        var b = binding
                        b.syncToken = token
                        pass.write.binding = b
                        return pass.write
                    }
                }
                binding.syncToken = token
                report.received += pending.received
                report.deletedHere += pending.deletedHere
                report.lost += pending.lost
                report.keptFromBulkDeletion += pending.keptFromBulkDeletion
                report.arrive(from: pending)
                return
            } catch .storeConflict where attempt < Self.mergeAttempts {
                continue
            }
        }
    }

    /// Tries of a merge whose items the window wrote meanwhile, before the sync gives up.
    static let mergeAttempts = 5

    /// The item on this list that a UID of this device's names, when no task stands for it yet.
    func ownUpload(_ uid: String) throws(StoreError) -> (item: Item, revision: Int64)? {
        let prefix = binding.uidPrefix + "-"
        guard uid.hasPrefix(prefix), let raw = Int64(uid.dropFirst(prefix.count)) else { return nil }
        let id = ItemID(raw)
        guard let found = try store.items([id])[id], found.item.list == list,
              try store.syncTables.syncRecords(list, items: [id]).isEmpty else { return nil }
        return found
    }
}

/// One merge's reads and its write, built a task at a time.
struct MergePass {
    let engine: SyncEngine
    var ids: IDSource
    var write: SyncWrite
    var report = SyncReport()
    let recorded: RecordedTasks
    /// The stores each item is sold only at, by name (they travel by name).
    var names: [ItemID: [String]]
    let shops: [Shop]
    var position: Int64
    let stamp: Date
    /// Items here no task stands for, by folded description: read once, when a task is new here.
    var unsynced: [String: (item: Item, revision: Int64)]?
    /// Where new tasks without an aisle go (`AislePlacer`), once read.
    var placed: AislePlacer?

    init(engine: SyncEngine, tasks: [SyncEngine.RemoteTask], removed: [String], ids: IDSource) throws(StoreError) {
        let store = engine.store, list = engine.list
        self.engine = engine
        self.ids = ids
        write = SyncWrite(list: list)
        let records = try store.syncTables.syncRecords(
            list, hrefs: tasks.map(\.href) + removed, uids: tasks.map(\.fields.uid))
        recorded = RecordedTasks(records: records, items: try store.items(records.map(\.item)), list: list)
        names = try store.shopTables.shopNames(of: records.map(\.item))
        shops = try store.shopTables.shops()
        position = try store.lastPosition(of: list)
        stamp = engine.now()
    }

    mutating func take(_ task: SyncEngine.RemoteTask) throws(StoreError) {
        let record = recorded.record(of: task)
        let here = recorded.itemHere(of: record)
        switch TaskOutcome.decide(try facts(task, record: record, here: here)) {
        case .merge: mergeHere(task, record: record!, local: here!)
        case .stillDeletingHere: return
        case .reclaimOwnUpload(let id): try reclaim(task, id)
        case .adoptSameDescription: try adopt(task)
        case .create: create(task, record: record)
        }
    }

    private mutating func facts(_ task: SyncEngine.RemoteTask, record: SyncRecord?,
                                here: (item: Item, revision: Int64)?) throws(StoreError) -> TaskFacts {
        var f = TaskFacts(recorded: record != nil, recordedItemHere: here != nil)
        if let record {
            f.unchangedThere = Self.base(of: record, remote: task.shared) == task.shared
            return f
        }
        if let own = try engine.ownUpload(task.fields.uid), write.changes.items[own.item.id] == nil {
            f.ownUpload = own.item.id
        }
        guard f.ownUpload == nil else { return f }
        if unsynced == nil { unsynced = try engine.store.syncTables.unsyncedItems(on: engine.list) }
        if let same = unsynced?[SearchQuery.fold(task.shared.description)], write.changes.items[same.item.id] == nil {
            f.sameDescription = same.item.id
        }
        return f
    }

    /// What both sides last agreed on: the recorded base, or, when the server's task reads as the
    /// upload this desktop sent last (its answer lost to a kill or a failure), that upload.
    static func base(of record: SyncRecord, remote: SharedItem) -> SharedItem? {
        if let sent = shared(record.sent), sent == remote { return sent }
        return shared(record.base)
    }

    static func shared(_ text: String?) -> SharedItem? {
        text.flatMap { try? ICalTask(text: $0) }.flatMap { TaskMapping.item(from: $0.fields) }
    }
}

/// What the store knows of the tasks a merge sees: their records (by href, and by UID for a task
/// that moved on the server) and the items those records stand for.
struct RecordedTasks {
    private let byHref: [String: SyncRecord]
    private let byUID: [String: SyncRecord]
    private let items: [ItemID: (item: Item, revision: Int64)]
    /// The list merged: an item the record names that is on another list now is not here.
    private let list: ListID

    init(records: [SyncRecord], items: [ItemID: (item: Item, revision: Int64)], list: ListID) {
        byHref = Dictionary(records.map { ($0.href, $0) }, uniquingKeysWith: { a, _ in a })
        byUID = Dictionary(records.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
        self.items = items
        self.list = list
    }

    func record(of task: SyncEngine.RemoteTask) -> SyncRecord? { byHref[task.href] ?? byUID[task.fields.uid] }

    func record(href: String) -> SyncRecord? { byHref[href] }

    /// The item a record stands for, when it is on the list merged.
    func itemHere(of record: SyncRecord?) -> (item: Item, revision: Int64)? {
        record.flatMap { items[$0.item] }.flatMap { $0.item.list == list ? $0 : nil }
    }

    /// Whether the store holds the item (on whatever list).
    func hasItem(_ id: ItemID) -> Bool { items[id] != nil }
}
