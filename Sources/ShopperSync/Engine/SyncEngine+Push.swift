import Foundation
import ShopperModel
import ShopperSyncModel

/// Sending this device's changes: each upload's and deletion's next step decided from the server's
/// answer (`UploadStep`, `DeletionStep`), then carried out here.
extension SyncEngine {
    /// Whether anything was sent.
    func push() throws(SyncError) -> Bool {
        let pending = try Self.storeCall { () throws(StoreError) in try store.syncTables.syncPending(list) }
        defer { try? flush() }
        for start in stride(from: 0, to: pending.changed.count, by: 100) {
            let batch = pending.changed[start..<min(start + 100, pending.changed.count)]
            // The batch's shops read in one query, and each item's task made once: kept as sent
            // (an edit of a task the server has), then sent.
            let shops = try Self.storeCall { () throws(StoreError) in
                try store.shopTables.shopNames(of: batch.map(\.item.id))
            }
            var uploads: [Upload] = []
            for (item, _, record) in batch {
                // A record an earlier release saved with an address outside the task list: uploaded
                // afresh at an address of its own, never written there.
                let inside = record.map { collection.member($0.href) != nil } ?? true
                if !inside, let record { report.skip(record.href, why: L("an address outside the task list")) }
                uploads.append(try upload(item, record: inside ? record : nil, shops: shops[item.id] ?? []))
            }
            try keepSent(uploads)
            for ((item, revision, _), prepared) in zip(batch, uploads) {
                try send(item, revision: revision, record: prepared.record, prepared: prepared)
            }
        }
        for record in pending.gone {
            guard collection.member(record.href) != nil else {
                report.skip(record.href, why: L("an address outside the task list"))
                try forget(record)
                continue
            }
            try sendDeletion(record)
        }
        try flush()
        return pending.count > 0
    }

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

    /// What an upload of an item sends: the task as both sides last agreed, patched with the item.
    struct Upload {
        let record: SyncRecord?
        let uid: String
        let href: String
        let text: String
    }

    /// The upload of `item`, its shops read unless given.
    private func upload(_ item: Item, record: SyncRecord?, shops: [String]? = nil) throws(SyncError) -> Upload {
        let uid = record?.uid ?? "\(binding.uidPrefix)-\(item.id.raw)"
        let href = record?.href ?? collection.href(forUID: uid)
        let task = (record?.base).flatMap { try? ICalTask(text: $0) } ?? ICalTask(newUID: uid)
        var stores = shops ?? []
        if shops == nil {
            stores = try Self.storeCall { () throws(StoreError) in
                try store.shopTables.shopNames(of: [item.id])[item.id] ?? []
            }
        }
        // LAST-MODIFIED is when the item was edited, not when it was sent: "the later edit wins"
        // compares edits, whichever device synced first.
        task.patch(TaskMapping.task(for: SharedItem(item, stores: stores), uid: uid, by: by), now: item.updatedAt)
        return Upload(record: record, uid: uid, href: href, text: task.text)
    }

    /// The edits of tasks the server has about to be sent, kept first (one transaction for the
    /// batch): a sync killed after the server took one, before its answer was recorded, finds it
    /// again as this desktop's own (`MergePass.base`), not as another's edit. New tasks need none:
    /// their UID names this desktop (`ownUpload`).
    private func keepSent(_ uploads: [Upload]) throws(SyncError) {
        let records = uploads.compactMap { u -> SyncRecord? in
            guard var r = u.record, r.base != nil else { return nil }
            r.sent = u.text
            return r
        }
        guard !records.isEmpty else { return }
        try Self.storeCall { () throws(StoreError) in try store.syncTables.saveSyncRecords(list, records) }
    }

    /// Uploads `item` and carries out each `UploadStep` its answers lead to.
    private func send(_ item: Item, revision: Int64, record: SyncRecord?, prepared: Upload? = nil,
                      attempts: Int = 4) throws(SyncError) {
        let made: Upload
        if let prepared { made = prepared } else { made = try upload(item, record: record) }
        let (uid, href, text) = (made.uid, made.href, made.text)
        let reply = try collection.put(href, text, etag: record?.base == nil ? nil : record?.etag)
        // Changed there: the records kept so far are saved before anything is merged.
        if reply == .preconditionFailed { try flush() }
        var facts = UploadFacts(reply: reply, attemptsLeft: attempts)
        var current: (etag: String?, text: String)?
        var newer: (item: Item, revision: Int64, record: SyncRecord)?
        while true {
            switch UploadStep.decide(facts) {
            case .keepRecord:
                guard case .done(let etag) = reply else { return }
                report.sent += 1
                return try keep(SyncRecord(item: item.id, uid: uid, href: href, etag: etag, base: text,
                                           syncedRevision: revision))
            case .sendAsNew:
                return try send(item, revision: revision, record: nil, attempts: attempts - 1)
            case .readCurrent:
                current = try collection.get(href)
                facts.current = current == nil ? .gone : .there
            case .merge:
                let task = current.flatMap { remoteTask(href: href, etag: $0.etag, text: $0.text) }
                try merge([task].compactMap { $0 }, removed: [], holdDeletions: false, token: binding.syncToken)
                newer = try newerHere(item.id)
                facts.current = .merged(newerHere: newer != nil)
            case .sendMerged:
                guard let newer else { return }
                return try send(newer.item, revision: newer.revision, record: newer.record, attempts: attempts - 1)
            case .settled:
                return
            case .giveUp:
                report.notSent += 1
                return
            }
        }
    }

    /// The item on this list with its record, when it changed here since the record was synced.
    private func newerHere(_ id: ItemID) throws(SyncError) -> (item: Item, revision: Int64, record: SyncRecord)? {
        let record = try Self.storeCall { () throws(StoreError) in
            try store.syncTables.syncRecords(list, items: [id]).first
        }
        let now = try Self.storeCall { () throws(StoreError) in try store.items([id])[id] }
        guard let record, let now, now.item.list == list, now.revision > record.syncedRevision else { return nil }
        return (now.item, now.revision, record)
    }

    /// Deletes the task of `record` there and carries out each `DeletionStep` its answers lead to.
    private func sendDeletion(_ record: SyncRecord, retried: Bool = false) throws(SyncError) {
        let movedAway = try Self.storeCall { () throws(StoreError) in
            try store.items([record.item])[record.item]
        } != nil
        var facts = DeletionFacts(movedAway: movedAway, retried: retried)
        var task: RemoteTask?
        var etag: String?
        while true {
            switch DeletionStep.decide(facts) {
            case .send(let ifMatch):
                facts.reply = try collection.delete(record.href, etag: ifMatch ? record.etag : nil)
                // Changed there: the records kept so far are saved before anything is merged.
                if facts.reply == .preconditionFailed { try flush() }
            case .forget:
                report.deletedThere += 1
                return try forget(record)
            case .readCurrent:
                let current = try collection.get(record.href)
                task = current.flatMap { remoteTask(href: record.href, etag: $0.etag, text: $0.text) }
                etag = current?.etag
                let base = MergePass.shared(record.base)
                facts.current = task.map { base == $0.shared ? .rewritten : .there } ?? .gone
            case .dropRecord:
                return try forget(record)
            case .deleteAgain:
                var again = record
                again.etag = etag
                return try sendDeletion(again, retried: true)
            case .merge:
                return try merge([task].compactMap { $0 }, removed: [], holdDeletions: false, token: binding.syncToken)
            case .giveUp:
                report.notSent += 1
                return
            }
        }
    }

    private func forget(_ record: SyncRecord) throws(SyncError) {
        try Self.storeCall { () throws(StoreError) in
            try store.syncTables.saveSyncRecords(list, [], removing: [record.item])
        }
    }
}
