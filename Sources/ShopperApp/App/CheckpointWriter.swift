import Foundation
import ShopperModel

/// Writes lists' checkpoints (`CheckpointJob`, `EntryCheckpoint`) on a thread of their own: the
/// list the window leaves (a part a transaction: the window's next tick waits for a part at
/// most), and, as the app quits, the list shown, after those still waiting.
enum CheckpointWriter {
    private static let queue = DispatchQueue(label: "shopper.checkpoints", qos: .utility)
    /// The newest job of each list not yet begun: a list left again before its write began is
    /// written once, from its newest entries, and no older table waits in memory meanwhile.
    nonisolated(unsafe) private static var waiting: [ListID: CheckpointJob] = [:]
    private static let lock = NSLock()

    /// `job`, if any, written off the main thread.
    static func later(_ job: CheckpointJob?) {
        guard let job else { return }
        let list = job.list
        let queued = lock.withLock { waiting.updateValue(job, forKey: list) != nil }
        guard !queued else { return }
        // The block holds the list, not the job: a newer job replaces this one's table while it waits.
        queue.async { lock.withLock { waiting.removeValue(forKey: list) }?.run() }
    }

    /// Waits for those waiting or under way, then writes `job` (on the calling thread): for the
    /// app's last moments.
    static func now(_ job: CheckpointJob?) {
        queue.sync { job?.run() }
    }

    /// The store's checkpoints of lists gone and parts of writes cut off, removed off the main thread.
    static func tidy(_ store: Store?) {
        guard let store else { return }
        queue.async { store.checkpointTables.tidyCheckpoints() }
    }
}
