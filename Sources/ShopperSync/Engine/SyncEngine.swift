import Foundation
import Glibc
import ShopperModel
import ShopperSyncModel

/// One sync of one shared list: take in what changed on the server, merging field by field with
/// what changed here, then send what changed here. Synchronous, on the caller's thread (a worker,
/// never the main loop's). Each step is written so a sync cut off anywhere resumes without a
/// duplicate: a task's address is known before it is first sent, and items are written together
/// with their records in one transaction.
package final class SyncEngine {
    let store: Store
    let list: ListID
    var binding: SyncBinding
    let collection: CalDAVCollection
    var report = SyncReport()
    let now: () -> Date

    /// Items the server dropped all at once beyond this share (and at least `bulkMinimum`) are a
    /// restore or a replaced account, not edits: they are kept, and said.
    static let bulkShare = 0.5
    static let bulkMinimum = 5

    init(store: Store, binding: SyncBinding, password: String, now: @escaping () -> Date = Date.init) throws(SyncError) {
        guard let server = URL(string: binding.server), let url = URL(string: binding.collection) else {
            throw .badAddress(binding.collection)
        }
        self.store = store
        self.list = binding.list
        self.binding = binding
        self.now = now
        let http = try HTTPClient(server: server, user: binding.user, password: password)
        guard HTTPClient.sameServer(url, server) else { throw .redirectElsewhere(to: url.host ?? binding.collection) }
        collection = CalDAVCollection(http: http, url: url)
    }

    /// Syncs `list` once, with the password from the keyring. The outcome is kept in the binding
    /// (time, or the problem), for every window and `shopper share --status` to read.
    package static func sync(store: Store, list: ListID, now: @escaping () -> Date = Date.init,
                            waiting: (@Sendable () -> Void)? = nil) throws(SyncError) -> SyncReport {
        let (report, error) = syncReporting(store: store, list: list, now: now, waiting: waiting)
        if let error { throw error }
        return report
    }

    /// `sync`, with what was done before a failure: values a merge replaced are committed by then,
    /// and the window must still say so (and offer them back) when the upload after it fails.
    package static func syncReporting(store: Store, list: ListID, now: @escaping () -> Date = Date.init,
                                     waiting: (@Sendable () -> Void)? = nil) -> (SyncReport, SyncError?) {
        let binding: SyncBinding
        do {
            guard let b = try storeCall({ () throws(StoreError) in try store.syncTables.syncBinding(for: list) }) else {
                return (SyncReport(), .store(L("the list is not shared")))
            }
            binding = b
        } catch {
            return (SyncReport(), error)
        }
        let lock: SyncLock
        do { lock = try SyncLock(store.path, list, waiting: waiting) } catch { return (SyncReport(), error) }
        defer { lock.release() }
        var engine: SyncEngine?
        do {
            let password = try Keyring.password(server: binding.server, user: binding.user)
            engine = try SyncEngine(store: store, binding: binding, password: password, now: now)
            return (try engine!.run(), nil)
        } catch {
            var b = (try? store.syncTables.syncBinding(for: list)) ?? binding
            b.problem = error.description
            b.problemLine = error.statusLine
            b.offline = error.isOffline
            try? store.syncTables.saveSyncBinding(b)
            return (engine?.report ?? SyncReport(), error)
        }
    }

    func run() throws(SyncError) -> SyncReport {
        try pull()
        // After uploads, the changes are read once more: the token then covers them (a server
        // need not report the removal of a task made after the token held), and whatever another
        // device sent meanwhile is merged now rather than at the next sync.
        if try push() { try pull() }
        binding.lastSync = now()
        binding.problem = nil
        binding.problemLine = nil
        binding.offline = false
        binding.notice = notice()
        try Self.storeCall { () throws(StoreError) in try store.syncTables.saveSyncBinding(binding) }
        report.requests = collection.http.requests
        // Done, except what the server refused every time: it waits, and the sync says why.
        if report.notSent > 0 { throw .changesRefused(count: report.notSent) }
        return report
    }

    private func notice() -> String? {
        var parts: [String] = []
        if !report.skipped.isEmpty {
            let named = report.skipped.prefix(3).map { L("{task} ({why})", ["task": $0.name, "why": $0.why]) }
            parts.append(L("{count} tasks on the server were left alone: {names}",
                           ["count": "\(report.skipped.count)", "names": named.joined(separator: ", ")]))
        }
        if !report.limited.isEmpty {
            parts.append(L("{count} tasks brought more than an item keeps, and were cut: {names}",
                           ["count": "\(report.limited.count)", "names": report.limited.prefix(3).map { "“\($0)”" }.joined(separator: ", ")]))
        }
        if report.keptFromBulkDeletion > 0 {
            parts.append(L("the server's copy had lost {count} items at once (restored from a backup, or a new account?); they are kept here and were sent back. Delete them here if they were meant to go.",
                           ["count": "\(report.keptFromBulkDeletion)"]))
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    // MARK: Sending this device's changes

    /// Whether anything was sent.
    private func push() throws(SyncError) -> Bool {
        let pending = try Self.storeCall { () throws(StoreError) in try store.syncTables.syncPending(list) }
        defer { try? flush() }
        for start in stride(from: 0, to: pending.changed.count, by: 100) {
            let batch = pending.changed[start..<min(start + 100, pending.changed.count)]
            try keepSent(batch.compactMap { change in change.record.map { (change.item, $0) } })
            for (item, revision, record) in batch {
                // A record an earlier release saved with an address outside the task list: uploaded
                // afresh at an address of its own, never written there.
                let inside = record.map { collection.member($0.href) != nil } ?? true
                if !inside, let record { report.skip(record.href, why: L("an address outside the task list")) }
                try send(item, revision: revision, record: inside ? record : nil)
            }
        }
        for record in pending.gone {
            guard collection.member(record.href) != nil else {
                report.skip(record.href, why: L("an address outside the task list"))
                try Self.storeCall { () throws(StoreError) in try store.syncTables.saveSyncRecords(list, [], removing: [record.item]) }
                continue
            }
            try sendDeletion(record)
        }
        try flush()
        return pending.count > 0
    }

    /// Records of uploads, saved a hundred at a time (one transaction each, not one an upload). An
    /// upload whose record a crash lost is found again by its UID at the next sync (`ownUpload`).
    private var unsaved: [SyncRecord] = []

    private func keep(_ record: SyncRecord) throws(SyncError) {
        unsaved.append(record)
        if unsaved.count >= 100 { try flush() }
    }

    private func flush() throws(SyncError) {
        guard !unsaved.isEmpty else { return }
        let records = unsaved
        unsaved = []
        try Self.storeCall { () throws(StoreError) in try store.syncTables.saveSyncRecords(list, records) }
    }

    /// What an upload of `item` sends: the task as both sides last agreed, patched with the item.
    private func upload(_ item: Item, record: SyncRecord?) throws(SyncError) -> (uid: String, href: String, text: String) {
        let uid = record?.uid ?? "\(binding.uidPrefix)-\(item.id.raw)"
        let href = record?.href ?? collection.href(forUID: uid)
        let task = (record?.base).flatMap { try? ICalTask(text: $0) } ?? ICalTask(newUID: uid)
        // LAST-MODIFIED is when the item was edited, not when it was sent: "the later edit wins"
        // compares edits, whichever device synced first.
        let stores = try Self.storeCall { () throws(StoreError) in try store.shopTables.storeNames(of: [item.id])[item.id] ?? [] }
        task.patch(TaskMapping.task(for: SharedItem(item, stores: stores), uid: uid), now: item.updatedAt)
        return (uid, href, task.text)
    }

    /// The edits of tasks the server has about to be sent, kept first (one transaction for the
    /// batch): a sync killed after the server took one, before its answer was recorded, finds it
    /// again as this desktop's own (`MergePass.base`), not as another's edit. New tasks need none:
    /// their UID names this desktop (`ownUpload`).
    private func keepSent(_ edits: [(item: Item, record: SyncRecord)]) throws(SyncError) {
        var records: [SyncRecord] = []
        for (item, record) in edits where record.base != nil && collection.member(record.href) != nil {
            var r = record
            r.sent = try upload(item, record: record).text
            records.append(r)
        }
        guard !records.isEmpty else { return }
        try Self.storeCall { () throws(StoreError) in try store.syncTables.saveSyncRecords(list, records) }
    }

    private func send(_ item: Item, revision: Int64, record: SyncRecord?, attempts: Int = 4) throws(SyncError) {
        let (uid, href, text) = try upload(item, record: record)
        switch try collection.put(href, text, etag: record?.base == nil ? nil : record?.etag) {
        case .done(let etag):
            report.sent += 1
            try keep(SyncRecord(item: item.id, uid: uid, href: href, etag: etag, base: text, syncedRevision: revision))
        case .notFound:
            // Deleted there while edited here: the edit wins, as a new upload.
            guard attempts > 0 else { report.notSent += 1; return }
            try send(item, revision: revision, record: nil, attempts: attempts - 1)
        case .preconditionFailed:
            // Changed there (or already there, after an upload cut off): merge what is there now.
            try flush()
            guard attempts > 0, let current = try collection.get(href) else {
                if attempts > 0 { try send(item, revision: revision, record: nil, attempts: attempts - 1) } else { report.notSent += 1 }
                return
            }
            try merge([remoteTask(href: href, etag: current.etag, text: current.text)].compactMap { $0 },
                      removed: [], holdDeletions: false, token: binding.syncToken)
            let again = try Self.storeCall { () throws(StoreError) in try store.syncTables.syncRecords(list, items: [item.id]).first }
            let now = try Self.storeCall { () throws(StoreError) in try store.items([item.id])[item.id] }
            guard let again, let now, now.item.list == list, now.revision > again.syncedRevision else { return }
            try send(now.item, revision: now.revision, record: again, attempts: attempts - 1)
        }
    }

    private func sendDeletion(_ record: SyncRecord, retried: Bool = false) throws(SyncError) {
        let elsewhere = try Self.storeCall { () throws(StoreError) in try store.items([record.item])[record.item] } != nil
        // Moved to another list: it goes from this one whatever was done to it there.
        switch try collection.delete(record.href, etag: elsewhere ? nil : record.etag) {
        case .done, .notFound:
            report.deletedThere += 1
            try Self.storeCall { () throws(StoreError) in try store.syncTables.saveSyncRecords(list, [], removing: [record.item]) }
        case .preconditionFailed:
            // Edited there after it was deleted here: the edit wins, and it comes back here.
            try flush()
            guard !retried else { report.notSent += 1; return }
            guard let current = try collection.get(record.href), let task = remoteTask(href: record.href, etag: current.etag, text: current.text) else {
                try Self.storeCall { () throws(StoreError) in try store.syncTables.saveSyncRecords(list, [], removing: [record.item]) }
                return
            }
            let base = record.base.flatMap { try? ICalTask(text: $0) }.flatMap { TaskMapping.item(from: $0.fields) }
            if base == task.shared {
                // Only rewritten there (a server may refold a task), not edited: the deletion stands.
                var again = record
                again.etag = current.etag
                return try sendDeletion(again, retried: true)
            }
            try merge([task], removed: [], holdDeletions: false, token: binding.syncToken)
        }
    }

    // MARK: Store errors

    static func storeCall<T>(_ body: () throws(StoreError) -> T) throws(SyncError) -> T {
        do { return try body() } catch .conflict { throw .storeConflict } catch { throw .store(error.errorDescription ?? "\(error)") }
    }
}

extension SharedItem {
    func with(position: Int64?) -> SharedItem {
        var s = self
        if s.position == nil { s.position = position }
        return s
    }
}
