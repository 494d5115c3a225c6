import Foundation
import ShopperModel

/// Writes lists' checkpoints (`CheckpointJob`, `EntryCheckpoint`): the list the window leaves, on a
/// thread of its own (a write a part at a time: the window's next tick waits a millisecond at
/// most), and the list shown when the app quits, after any still being written.
enum CheckpointWriter {
    private static let queue = DispatchQueue(label: "shopper.checkpoints", qos: .utility)

    /// `job`, if any, written off the main thread.
    static func later(_ job: CheckpointJob?) {
        guard let job else { return }
        queue.async { job.run() }
    }

    /// Waits for those under way, then writes `job`: for the app's last moments.
    static func now(_ job: CheckpointJob?) {
        queue.sync { job?.run() }
    }
}
