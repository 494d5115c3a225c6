import Foundation
internal import GRDB

/// A list's checkpoint to write (`EntryCheckpoint`), taken from a model that is done with its
/// entries (the window's, as it leaves the list or quits); or, for a list now too small to keep
/// one, the old checkpoint to remove. The table is the model's own: a copy that costs nothing
/// while nobody changes it.
package struct CheckpointJob: Sendable {
    let store: Store
    package let list: ListID
    /// nil: the list's checkpoint is removed.
    let table: ItemTable?
    let aisles: [String]
    /// Everything the store held up to this revision is in `table`.
    let revision: Int64

    /// Writes (or removes) the checkpoint, on any thread. One not written (the disk full, the
    /// store busy for half a minute) only means the list is read whole next time: nothing to tell.
    package func run() {
        try? store.checkpointTables.writeCheckpoint(self)
    }
}

/// The checkpoints of lists' entries (entry_checkpoint, entry_checkpoint_part): written after the
/// model is done with a list, read at its next opening (`EntryLoad+Checkpoint`).
package struct CheckpointTables: Sendable {
    let store: Store

    /// One checkpoint written at a time in this process: two of one list would each take the
    /// other's parts for leftovers.
    private static let checkpointing = NSLock()

    /// Writes `job` as its list's checkpoint: the parts, each in a transaction of its own, then the
    /// header naming them in one more, then the other generations' parts (an older checkpoint, a
    /// write cut off) a part a transaction: another process's write, or this one's next tick,
    /// never waits for more than a part. A store opened read-only, or of a schema before
    /// checkpoints, writes none.
    func writeCheckpoint(_ job: CheckpointJob) throws(StoreError) {
        guard store.access == .readWrite, let db = store.db else { return }
        Self.checkpointing.lock()
        defer { Self.checkpointing.unlock() }
        do {
            guard try db.read({ try $0.tableExists("entry_checkpoint") }) else { return }
            guard let table = job.table else {
                try db.write { db in
                    try db.execute(sql: "DELETE FROM entry_checkpoint WHERE list_id = ?", arguments: [job.list.raw])
                }
                return try Self.dropParts(db, list: job.list)
            }
            let generation = Int64.random(in: 1...Int64.max)
            var parts: Int64 = 0
            var cursor: Int? = 0, bytes: [UInt8] = []
            while let at = cursor {
                cursor = table.forEach(fromSlot: at, slots: EntryCheckpoint.partEntries) { id, entry in
                    EntryCheckpoint.append(id, entry, to: &bytes)
                }
                // Full parts now, the rest with the next slots' (the last pass brings the far ids).
                var from = 0
                while bytes.count - from >= EntryCheckpoint.partBytes || (cursor == nil && from < bytes.count) {
                    let data = Data(bytes[from..<min(bytes.count, from + EntryCheckpoint.partBytes)])
                    let checksum = data.withUnsafeBytes(EntryCheckpoint.checksum)
                    try db.write { db in
                        try db.execute(
                            sql:
                                "INSERT INTO entry_checkpoint_part (list_id, generation, part, data, checksum) VALUES (?, ?, ?, ?, ?)",
                                       arguments: [job.list.raw, generation, parts, data, checksum])
                    }
                    from += data.count
                    parts += 1
                }
                bytes.removeFirst(from)
            }
            try db.write { db in try Self.name(generation, parts: parts, of: job, entries: table.count, db) }
            try Self.dropParts(db, list: job.list)
        } catch let e as StoreError {
            throw e
        } catch {
            throw .writeFailed(reason: StoreOpening.reason(error))
        }
    }

    /// The checkpoint's header names `generation`, unless its parts are not all there (another
    /// process's write took them for leftovers meanwhile).
    private static func name(_ generation: Int64, parts: Int64, of job: CheckpointJob, entries: Int, _ db: Database)
        throws
    {
        let written =
            try Int64.fetchOne(
                db, sql: "SELECT count(*) FROM entry_checkpoint_part WHERE list_id = ? AND generation = ?",
                                         arguments: [job.list.raw, generation]) ?? 0
        guard written == parts else { return }
        try db.execute(sql: """
            INSERT OR REPLACE INTO entry_checkpoint (list_id, generation, revision, format, schema, entries, parts, \
            aisles)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [job.list.raw, generation, job.revision, EntryCheckpoint.format, Schema.latest,
                             entries, parts, EntryCheckpoint.aislesText(job.aisles)])
    }

    /// Removes the parts of `list` (of every list: nil) that no header names, a part a transaction;
    /// when there are none, no write at all (it would wait for any other process's).
    private static func dropParts(_ db: any DatabaseWriter, list: ListID?) throws {
        let leftover = """
            SELECT p.rowid FROM entry_checkpoint_part p
            WHERE \(list.map { "p.list_id = \($0.raw) AND " } ?? "")NOT EXISTS (SELECT 1 FROM entry_checkpoint c
                WHERE c.list_id = p.list_id AND c.generation = p.generation) LIMIT 1
            """
        guard try db.read({ try Int64.fetchOne($0, sql: leftover) }) != nil else { return }
        while try db.write({ db in
            try db.execute(sql: "DELETE FROM entry_checkpoint_part WHERE rowid = (\(leftover))")
            return db.changesCount > 0
        }) {}
    }

    /// Whether `list` has a checkpoint, usable or not (a read of one row by its key).
    func hasCheckpoint(of list: ListID) -> Bool {
        (try? store.read { db in
            try db.tableExists("entry_checkpoint")
                && Int64.fetchOne(
                    db, sql: "SELECT list_id FROM entry_checkpoint WHERE list_id = ?", arguments: [list.raw]) != nil
        }) ?? false
    }

    /// Checkpoints of lists the store no longer has (an undone New List, a list purged), and parts
    /// no checkpoint names (a write cut off by the process's end), removed: for a moment after the
    /// window's first frame, off the main thread. Errors are left for the next start.
    package func tidyCheckpoints() {
        guard store.access == .readWrite, let db = store.db else { return }
        Self.checkpointing.lock()
        defer { Self.checkpointing.unlock() }
        _ = try? {
            guard try db.read({ try $0.tableExists("entry_checkpoint") && $0.tableExists("entry_checkpoint_part") })
            else { return }
            let gone = "FROM entry_checkpoint WHERE list_id NOT IN (SELECT id FROM shopping_list)"
            if try db.read({ try Bool.fetchOne($0, sql: "SELECT EXISTS (SELECT 1 \(gone))") }) == true {
                try db.write { db in try db.execute(sql: "DELETE \(gone)") }
            }
            try Self.dropParts(db, list: nil)
        }()
    }
}
