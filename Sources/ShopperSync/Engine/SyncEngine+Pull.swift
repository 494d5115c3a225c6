import Foundation
import ShopperModel
import ShopperSyncModel

/// Taking in the server's changes, whatever the server sends: only addresses inside the task
/// list, a few hundred tasks in memory at a time (each batch merged in a transaction of its own,
/// the token saved with the last), and a task that cannot be read skipped and named.
extension SyncEngine {
    struct RemoteTask {
        let href: String
        let etag: String?
        let text: String
        let fields: TaskFields
        let shared: SharedItem
    }

    /// Tasks merged in one transaction: what a sync holds in memory at once.
    static let mergeBatch = 200

    func pull() throws(SyncError) {
        let known = try Self.storeCall { () throws(StoreError) in try store.syncTables.syncETags(list) }
        let (all, removed, token) = try serverChanges(known: known)
        // Our own uploads come back with the ETag we already hold.
        let changed = all.filter { href, etag in etag == nil || known[href] != etag }
        let held = RemovalFacts.bulkLoss(removed: removed.count, known: known.count)
        let hrefs = changed.keys.sorted()
        var start = 0
        repeat {
            let part = Array(hrefs[start..<min(start + Self.mergeBatch, hrefs.count)])
            start += Self.mergeBatch
            var tasks: [RemoteTask] = []
            try collection.fetch(part, skip: { href, why in report.skip(href, why: why) }) {
                fetched throws(SyncError) in
                if let task = remoteTask(href: fetched.href, etag: fetched.etag, text: fetched.text) {
                    tasks.append(task)
                }
            }
            // Removals and the new token go with the last batch: a sync cut off before it reads the
            // same changes again, and the batches merged already are known by then.
            let last = start >= hrefs.count
            try merge(tasks, removed: last ? removed : [], holdDeletions: held, token: last ? token : binding.syncToken)
        } while start < hrefs.count
    }

    /// What changed there (sync-collection, or the whole listing compared with the ETags last
    /// seen), without the addresses outside the task list, which are named and left alone.
    /// Removals are only of addresses inside the task list: a record an earlier release saved
    /// under an address now refused is not "gone from the server" (its item would be deleted here).
    private func serverChanges(known: [String: String?]) throws(SyncError) -> (
        changed: [String: String?], removed: [String], token: String?
    ) {
        let (changed, removed, token) = try listedChanges(known: known)
        return (changed, removed.filter { collection.member($0) != nil }, token)
    }

    private func listedChanges(known: [String: String?]) throws(SyncError) -> (
        changed: [String: String?], removed: [String], token: String?
    ) {
        var outside: [String] = []
        defer { for href in outside { report.skip(href, why: L("an address outside the task list")) } }
        switch try collection.changes(since: binding.syncToken) {
        case .success(let c):
            outside = c.outside
            // From no token the answer is every task there is: what is not in it is gone.
            let removed = binding.syncToken == nil ? known.keys.filter { c.changed[$0] == nil } : c.removed
            return (c.changed, removed, c.token)
        case .failure:
            // No token, or one refused: compare every ETag with the last ones seen.
            let all = try collection.listing(outside: &outside)
            return (
                all.filter { href, etag in etag == nil || known[href] != etag }, known.keys.filter { all[$0] == nil },
                nil
            )
        }
    }

    /// A task as this list reads it; nil (and named in the report) when it cannot be, or for an
    /// event in a calendar that also holds tasks.
    func remoteTask(href: String, etag: String?, text: String) -> RemoteTask? {
        do {
            let task = try ICalTask(text: text)
            let fields = task.fields
            guard let shared = TaskMapping.item(from: fields) else {
                report.skip(href, why: L("no summary"))
                return nil
            }
            if TaskMapping.exceedsLimits(fields) { report.limited.append(shared.description) }
            return RemoteTask(href: href, etag: etag, text: task.text, fields: fields, shared: shared)
        } catch .noTask {
            return nil
        } catch {
            report.skip(Self.summary(ofBroken: text) ?? href, why: L("not iCalendar that can be read"))
            return nil
        }
    }

    /// The summary of a task that failed to parse, to name it; nil when none can be seen.
    static func summary(ofBroken text: String) -> String? {
        text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("SUMMARY:") }.map {
            String($0.dropFirst(8).prefix(80))
        }
    }
}
