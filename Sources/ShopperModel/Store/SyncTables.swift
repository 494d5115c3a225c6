import Foundation
internal import GRDB

/// A list shared with a CalDAV collection: where, as whom, and how far the last sync got. The
/// password is never here (it is in the keyring).
package struct SyncBinding: Equatable, Sendable {
    package var list: ListID
    /// The address the user gave, which also names the keyring entry.
    package var server: String
    package var user: String
    /// The collection's URL.
    package var collection: String
    package var collectionName: String
    /// Starts every UID this device gives a task, so a UID is known before its first upload (an
    /// upload cut off and tried again finds its task instead of making a second).
    package var uidPrefix: String
    /// The server's sync-collection token; nil before the first sync or when it has none.
    package var syncToken: String?
    package var lastSync: Date?
    /// Why the last sync failed, for the status; nil when it did not.
    package var problem: String?
    /// The problem in a few words, for the status line ("the server was too slow"); nil: `problem`.
    package var problemLine: String?
    /// The problem is the server out of reach (or failing for now): changes wait, nothing to fix.
    package var offline: Bool
    /// Something the last sync did not do and the user should know (items skipped, deletions held).
    package var notice: String?

    package init(list: ListID, server: String, user: String, collection: String, collectionName: String,
                uidPrefix: String = UUID().uuidString.lowercased(), syncToken: String? = nil, lastSync: Date? = nil,
                problem: String? = nil, offline: Bool = false, notice: String? = nil) {
        self.list = list
        self.server = server
        self.user = user
        self.collection = collection
        self.collectionName = collectionName
        self.uidPrefix = uidPrefix
        self.syncToken = syncToken
        self.lastSync = lastSync
        self.problem = problem
        self.offline = offline
        self.notice = notice
    }
}

/// What one item is on the server, as of the last sync.
package struct SyncRecord: Equatable, Sendable {
    package var item: ItemID
    package var uid: String
    /// The task's address, relative to the server (as WebDAV gives it).
    package var href: String
    package var etag: String?
    /// The iCalendar text both sides last agreed on; nil when the task was never read or written.
    package var base: String?
    /// The item's revision `base` matches; an item written since has changes to send. Negative:
    /// it has changes to send whatever its revision.
    package var syncedRevision: Int64
    /// The text of an upload sent (or about to be) whose answer has not been recorded: when the
    /// server's task reads as this, the server took it, and it is what both sides agree on.
    package var sent: String?

    package init(
        item: ItemID, uid: String, href: String, etag: String?, base: String?, syncedRevision: Int64,
        sent: String? = nil
    ) {
        self.item = item
        self.uid = uid
        self.href = href
        self.etag = etag
        self.base = base
        self.syncedRevision = syncedRevision
        self.sent = sent
    }

    package static let unsent: Int64 = -1
}

/// A list's local changes not yet on the server.
package struct SyncPending: Sendable {
    /// Items new or written since their last sync, with their revision and record (nil: new).
    package var changed: [(item: Item, revision: Int64, record: SyncRecord?)] = []
    /// Tasks whose item was deleted or moved to another list.
    package var gone: [SyncRecord] = []
    package var count: Int { changed.count + gone.count }
}

/// A sync's write of items and of their records, in one transaction.
package struct SyncWrite: Sendable {
    package var changes: ChangeSet
    /// The revision each written item was read at (nil: must not exist), as `Store.write` checks.
    package var expected: [ItemID: Int64?] = [:]
    /// Records to keep. `clean` ones are marked as in sync with the item as this write leaves it.
    package var records: [(record: SyncRecord, clean: Bool)] = []
    package var removedRecords: [ItemID] = []
    package var binding: SyncBinding?

    package init(list: ListID) { changes = ChangeSet(list: list) }
}

/// A list's binding to its shared collection and each task's record (sync_binding, sync_item):
/// what a sync reads and writes besides the items.
package struct SyncTables: Sendable {
    let store: Store

    package func syncBinding(for list: ListID) throws(StoreError) -> SyncBinding? {
        try syncBindings(where: "list_id = \(list.raw)").first
    }

    /// The bindings of every list, those of lists in Recently Deleted too (which may come back).
    package func allSyncBindings() throws(StoreError) -> [SyncBinding] { try syncBindings(where: "1") }

    /// The bindings of lists not deleted.
    package func syncBindings() throws(StoreError) -> [SyncBinding] {
        try syncBindings(where: "list_id IN (SELECT id FROM shopping_list WHERE NOT deleted)")
    }

    private func syncBindings(where condition: String) throws(StoreError) -> [SyncBinding] {
        try store.read { db in
            guard try db.tableExists("sync_binding") else { return [] }
            // A file before v8, opened read-only, has no short line.
            let line =
                try db.columns(in: "sync_binding").contains { $0.name == "problem_line" } ? "problem_line" : "NULL"
            return try Row.fetchAll(db, sql: """
                SELECT list_id, server, user, collection, collection_name, uid_prefix, sync_token, last_sync, problem, \
                offline, notice, \(line)
                FROM sync_binding WHERE \(condition) ORDER BY list_id
                """).map { r in
                var b = SyncBinding(
                    list: ListID(r[0]), server: r[1], user: r[2], collection: r[3], collectionName: r[4],
                                    uidPrefix: r[5], syncToken: r[6], lastSync: (r[7] as Int64?).map(StoreTime.date),
                                    problem: r[8], offline: r[9], notice: r[10])
                b.problemLine = r[11]
                return b
            }
        }
    }

    /// Binds a list to its collection (sharing starts).
    package func createSyncBinding(_ b: SyncBinding) throws(StoreError) {
        try writeSyncState { db in try Self.save(b, db) }
    }

    /// Keeps a sync's progress in the list's binding; nothing when the binding is gone (sharing
    /// stopped meanwhile: a sync that ends after Stop Sharing must not bring it back).
    package func saveSyncBinding(_ b: SyncBinding) throws(StoreError) {
        try writeSyncState { db in if try Self.isShared(b.list, db) { try Self.save(b, db) } }
    }

    /// Forgets the list's binding and records; its items stay.
    package func stopSharing(_ list: ListID) throws(StoreError) {
        try writeSyncState { db in
            try db.execute(sql: "DELETE FROM sync_item WHERE list_id = ?; DELETE FROM sync_binding WHERE list_id = ?",
                           arguments: [list.raw, list.raw])
        }
    }

    /// Every task's address and ETag on the list's collection, as of the last sync.
    package func syncETags(_ list: ListID) throws(StoreError) -> [String: String?] {
        try store.read { db in
            var out: [String: String?] = [:]
            for r in try Row.fetchAll(
                db, sql: "SELECT href, etag FROM sync_item WHERE list_id = ?", arguments: [list.raw])
            {
                out[r[0]] = .some(r[1])
            }
            return out
        }
    }

    /// The records of the tasks at `hrefs`, and of the items `uids` name, by href and by uid.
    package func syncRecords(_ list: ListID, hrefs: [String] = [], uids: [String] = [], items: [ItemID] = [])
        throws(StoreError) -> [SyncRecord]
    {
        try store.read { db in
            var out: [SyncRecord] = []
            for (column, values) in [("href", hrefs.map { $0 as any DatabaseValueConvertible }),
                                     ("uid", uids.map { $0 as any DatabaseValueConvertible }),
                                     ("item_id", items.map { $0.raw as any DatabaseValueConvertible })] {
                for v in values {
                    out += try Row.fetchAll(db, sql: "\(Self.recordSelect) WHERE list_id = ? AND \(column) = ?",
                                            arguments: [list.raw, v]).map(Self.record)
                }
            }
            return out
        }
    }

    /// Items on the list written since their last sync (or never synced), and tasks whose item left.
    package func syncPending(_ list: ListID) throws(StoreError) -> SyncPending {
        try store.read { db in
            var p = SyncPending()
            var records: [ItemID: SyncRecord] = [:]
            try db.eachRow("""
                SELECT \(ItemColumns.names.map { "i." + $0 }.joined(separator: ", ")), i.revision,
                       s.item_id IS NOT NULL, s.uid, s.href, s.etag, s.base, s.synced_revision, s.sent
                FROM item i LEFT JOIN sync_item s ON s.list_id = ?1 AND s.item_id = i.id
                WHERE i.list_id = ?1 AND (s.item_id IS NULL OR i.revision > s.synced_revision)
                """, arguments: [list.raw]) { row throws in
                let item = try ItemColumns.item(row)
                let base = Int32(ItemColumns.revisionIndex)
                if row.int(base + 1) != 0 {
                    records[item.id] = SyncRecord(
                        item: item.id, uid: row.text(base + 2) ?? "", href: row.text(base + 3) ?? "",
                        etag: row.text(base + 4), base: row.text(base + 5), syncedRevision: row.int(base + 6),
                                                  sent: row.text(base + 7))
                }
                p.changed.append((item, row.number(base) ?? 0, records[item.id]))
            }
            p.gone = try Row.fetchAll(db, sql: """
                \(Self.recordSelect.replacingOccurrences(of: "FROM sync_item", with: "FROM sync_item s"))
                WHERE s.list_id = ? AND NOT EXISTS (SELECT 1 FROM item i WHERE i.id = s.item_id AND i.list_id = \
                s.list_id)
                """, arguments: [list.raw]).map(Self.record)
            return p
        }
    }

    /// How many changes wait to be sent: the status's "3 changes waiting".
    package func syncPendingCount(_ list: ListID) -> Int {
        (try? syncPending(list).count) ?? 0
    }

    /// The items on `list` that no task stands for yet, by folded description (case and accents
    /// ignored; the first of a name): a first sync links each to the server's task of that name
    /// instead of adding a second.
    package func unsyncedItems(on list: ListID) throws(StoreError) -> [String: (item: Item, revision: Int64)] {
        try store.read { db in
            var found: [String: (item: Item, revision: Int64)] = [:]
            try db.eachRow("""
                SELECT \(ItemColumns.names.map { "i." + $0 }.joined(separator: ", ")), i.revision
                FROM item i WHERE i.list_id = ? AND NOT EXISTS (SELECT 1 FROM sync_item s WHERE s.list_id = i.list_id \
                AND s.item_id = i.id)
                ORDER BY i.id
                """, arguments: [list.raw]) { row throws in
                let item = try ItemColumns.item(row)
                let key = SearchQuery.fold(item.description)
                if found[key] == nil { found[key] = (item, row.number(Int32(ItemColumns.revisionIndex)) ?? 0) }
            }
            return found
        }
    }

    /// Writes items and their records in one transaction: a sync cut off half-way leaves either
    /// both or neither, so no task is ever taken in twice.
    @discardableResult
    package func applySync(_ list: ListID, _ build: (inout IDSource) throws(StoreError) -> SyncWrite) throws(StoreError)
        -> Int64
    {
        var written = SyncWrite(list: list)
        let (_, commit) = try store.write(seen: 0, knownAisles: [], list: list, { ids, _ throws(StoreError) in
            written = try build(&ids)
            // The last check of a task's numbers before they are items: a task read wrong must not
            // be stored as something else (a quantity of 10^9, five decimals cut to four).
            for case let item?? in written.changes.items.values {
                if let problem = item.fields.beyondBounds { throw .writeFailed(reason: problem) }
            }
            return (written.changes, written.expected)
        }, alongside: { db, revision in
            // Sharing stopped while this sync ran: none of its writes are kept.
                guard try Self.isShared(list, db) else {
                    throw StoreError.writeFailed(reason: L("the list is no longer shared"))
                }
            let current = try db.cachedStatement(sql: "SELECT revision FROM item WHERE id = ?")
            for (record, clean) in written.records {
                var r = record
                if clean { r.syncedRevision = try Int64.fetchOne(current, arguments: [r.item.raw]) ?? revision }
                try Self.save(r, list: list, db)
            }
            for id in written.removedRecords {
                    try db.execute(
                        sql: "DELETE FROM sync_item WHERE list_id = ? AND item_id = ?", arguments: [list.raw, id.raw])
            }
            if let b = written.binding { try Self.save(b, db) }
        })
        return commit.revision
    }

    /// Records alone (after an upload): no item is written.
    package func saveSyncRecords(_ list: ListID, _ records: [SyncRecord], removing: [ItemID] = []) throws(StoreError) {
        try writeSyncState { db in
            guard try Self.isShared(list, db) else { return }
            for r in records { try Self.save(r, list: list, db) }
            for id in removing {
                try db.execute(
                    sql: "DELETE FROM sync_item WHERE list_id = ? AND item_id = ?", arguments: [list.raw, id.raw])
            }
        }
    }

    // MARK: Rows

    private static func isShared(_ list: ListID, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM sync_binding WHERE list_id = ?)", arguments: [list.raw]) ?? false
    }

    private static let recordSelect = "SELECT item_id, uid, href, etag, base, synced_revision, sent FROM sync_item"

    private static func record(_ r: Row) -> SyncRecord {
        SyncRecord(item: ItemID(r[0]), uid: r[1], href: r[2], etag: r[3], base: r[4], syncedRevision: r[5], sent: r[6])
    }

    private static func save(_ r: SyncRecord, list: ListID, _ db: Database) throws {
        // A task at an address another item held (the server reused it) takes it over.
        try db.execute(
            sql: "DELETE FROM sync_item WHERE list_id = ? AND href = ? AND item_id <> ?",
            arguments: [list.raw, r.href, r.item.raw])
        try db.execute(sql: """
            INSERT OR REPLACE INTO sync_item (list_id, item_id, uid, href, etag, base, synced_revision, sent)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [list.raw, r.item.raw, r.uid, r.href, r.etag, r.base, r.syncedRevision, r.sent])
    }

    private static func save(_ b: SyncBinding, _ db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO sync_binding (list_id, server, user, collection, collection_name, uid_prefix, \
            sync_token, last_sync,
                                                 problem, offline, notice, problem_line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [b.list.raw, b.server, b.user, b.collection, b.collectionName, b.uidPrefix, b.syncToken,
                             b.lastSync.map(StoreTime.millis), b.problem, b.offline, b.notice, b.problemLine])
    }

    private func writeSyncState(_ body: (Database) throws -> Void) throws(StoreError) {
        guard store.access == .readWrite, let db = store.db else { throw .readOnly(path: store.path) }
        do { try db.write(body) } catch let e as StoreError { throw e } catch {
            throw .writeFailed(reason: StoreOpening.reason(error))
        }
    }
}
