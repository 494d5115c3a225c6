import Foundation
internal import GRDB

/// A list's entries to keep as its checkpoint (`EntryCheckpoint`), taken from a model that is done
/// with them (the window's, as it leaves the list or quits). The table is the model's own: a copy
/// that costs nothing while nobody changes it.
public struct CheckpointJob: Sendable {
    let store: Store
    let list: ListID
    let table: ItemTable
    let aisles: [String]
    /// Everything the store held up to this revision is in `table`.
    let revision: Int64

    /// Writes the checkpoint, on any thread. A checkpoint not written (the disk full, the store
    /// busy for half a minute) only means the list is read whole next time: nothing to tell anyone.
    public func run() {
        try? store.writeCheckpoint(self)
    }
}

extension Store {
    /// One checkpoint written at a time in this process: two of one list would each take the
    /// other's parts for leftovers.
    private static let checkpointing = NSLock()

    /// Writes `job` as its list's checkpoint: the parts, each in a transaction of its own (another
    /// process's write, or this one's next tick, waits a millisecond at most), then the header
    /// naming them in one more, which removes every other generation's parts (leftovers of a write
    /// that was cut off). A store opened read-only, or of a schema before checkpoints, writes none.
    func writeCheckpoint(_ job: CheckpointJob) throws(StoreError) {
        guard access == .readWrite, let db else { return }
        Self.checkpointing.lock()
        defer { Self.checkpointing.unlock() }
        do {
            guard try db.read({ try $0.tableExists("entry_checkpoint") }) else { return }
            let generation = Int64.random(in: 1...Int64.max)
            var parts: Int64 = 0
            var cursor: Int? = 0, bytes: [UInt8] = []
            let partBytes = EntryCheckpoint.partEntries * EntryCheckpoint.recordSize
            while let at = cursor {
                cursor = job.table.forEach(fromSlot: at, slots: EntryCheckpoint.partEntries) { id, entry in
                    EntryCheckpoint.append(id, entry, to: &bytes)
                }
                // Full parts now, the rest with the next slots' (the last pass brings the far ids).
                var from = 0
                while bytes.count - from >= partBytes || (cursor == nil && from < bytes.count) {
                    let data = Data(bytes[from..<min(bytes.count, from + partBytes)])
                    try db.write { db in
                        try db.execute(sql: "INSERT INTO entry_checkpoint_part (list_id, generation, part, data) VALUES (?, ?, ?, ?)",
                                       arguments: [job.list.raw, generation, parts, data])
                    }
                    from += data.count
                    parts += 1
                }
                bytes.removeFirst(from)
            }
            try db.write { db in try Self.name(generation, parts: parts, of: job, db) }
        } catch let e as StoreError {
            throw e
        } catch {
            throw .writeFailed(reason: Self.reason(error))
        }
    }

    /// The checkpoint's last transaction: the header names `generation`, unless its parts are not
    /// all there (another process's header took them for leftovers meanwhile).
    private static func name(_ generation: Int64, parts: Int64, of job: CheckpointJob, _ db: Database) throws {
        let written = try Int64.fetchOne(db, sql: "SELECT count(*) FROM entry_checkpoint_part WHERE list_id = ? AND generation = ?",
                                         arguments: [job.list.raw, generation]) ?? 0
        guard written == parts else {
            try db.execute(sql: "DELETE FROM entry_checkpoint_part WHERE list_id = ? AND generation = ?", arguments: [job.list.raw, generation])
            return
        }
        try db.execute(sql: """
            INSERT OR REPLACE INTO entry_checkpoint (list_id, generation, revision, format, schema, entries, parts, aisles)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [job.list.raw, generation, job.revision, EntryCheckpoint.format, Schema.latest,
                             job.table.count, parts, EntryCheckpoint.aislesText(job.aisles)])
        try db.execute(sql: "DELETE FROM entry_checkpoint_part WHERE list_id = ? AND generation != ?", arguments: [job.list.raw, generation])
    }

    /// Parts no checkpoint names: a write cut off (the process killed, the disk full) before its
    /// header; a list's checkpoint is otherwise replaced only when it is worth writing again.
    /// At the window's start, beside the other purges (a write of this process's is not under way).
    static func purgeCheckpointLeftovers(_ db: Database) throws {
        guard try db.tableExists("entry_checkpoint") else { return }
        try db.execute(sql: """
            DELETE FROM entry_checkpoint_part WHERE NOT EXISTS (SELECT 1 FROM entry_checkpoint c
                WHERE c.list_id = entry_checkpoint_part.list_id AND c.generation = entry_checkpoint_part.generation)
            """)
    }
}
