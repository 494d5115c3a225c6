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
    /// Records of uploads, saved a hundred at a time (one transaction each, not one an upload). An
    /// upload whose record a crash lost is found again by its UID at the next sync (`ownUpload`).
    var unsaved: [SyncRecord] = []
    /// The name this desktop's changes go up with (X-SHOPPER-BY): the one set for the household,
    /// else the account's user.
    let by: String
    /// No sync of this list has ended yet: everything the server has is new here, and no word of
    /// it is said (`SyncReport.arrivals`). Read once: the token is saved batch by batch.
    let firstSync: Bool

    /// Items the server dropped all at once beyond this share (and at least `bulkMinimum`) are a
    /// restore or a replaced account, not edits: they are kept, and said.
    static let bulkShare = 0.5
    static let bulkMinimum = 5

    init(store: Store, binding: SyncBinding, password: String, now: @escaping () -> Date = Date.init) throws(SyncError)
    {
        guard let server = URL(string: binding.server), let url = URL(string: binding.collection) else {
            throw .network(.badAddress(binding.collection))
        }
        self.store = store
        self.list = binding.list
        self.binding = binding
        self.now = now
        by = ((try? store.kitchenTables.sharingName()) ?? nil) ?? binding.user
        firstSync = binding.syncToken == nil && binding.lastSync == nil
        let http = try HTTPTransport(server: server, user: binding.user, password: password)
        guard HTTPTransport.sameServer(url, server) else {
            throw .network(.redirectedElsewhere(to: url.host ?? binding.collection))
        }
        collection = CalDAVCollection(http: http, url: url)
    }

    /// Syncs `list` once, with the password from the keyring. The outcome is kept in the binding
    /// (time, or the problem), for every window and `shopper share --status` to read.
    static func sync(store: Store, list: ListID, now: @escaping () -> Date = Date.init,
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
                    [
                        "count": "\(report.limited.count)",
                        "names": report.limited.prefix(3).map { "“\($0)”" }.joined(separator: ", ")
                    ]))
        }
        if report.keptFromBulkDeletion > 0 {
            parts.append(
                L(
                    "the server's copy had lost {count} items at once (restored from a backup, or a new account?); they are kept here and were sent back. Delete them here if they were meant to go.",
                           ["count": "\(report.keptFromBulkDeletion)"]))
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    // MARK: Store errors

    static func storeCall<T>(_ body: () throws(StoreError) -> T) throws(SyncError) -> T {
        do { return try body() } catch .conflict { throw .storeConflict } catch {
            throw .store(error.errorDescription ?? "\(error)")
        }
    }
}

extension SharedItem {
    func with(position: Int64?) -> SharedItem {
        var s = self
        if s.position == nil { s.position = position }
        return s
    }
}
