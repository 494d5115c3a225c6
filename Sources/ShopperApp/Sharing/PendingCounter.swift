import Foundation
import ShopperModel

/// The changes waiting to be sent, per shared list, as last counted (the status's "3 changes
/// waiting"). Counting visits every item of the list (37–50 ms at 100,000 items), and the status is
/// brought up to date after every tick on a shared list: so the count is made on a worker thread,
/// never in the frame that answers the tick, and shown when it comes. One count per list at a time;
/// one asked for meanwhile runs right after it, so the last count follows the last change.
@MainActor
final class PendingCounter {
    private let store: Store?
    private var counts: [ListID: Int] = [:]
    private var counting: Set<ListID> = []
    private var again: Set<ListID> = []
    /// Hears a list whose count came in different from the one before.
    var onChange: ((ListID) -> Void)?
    /// For tests: the counts made so far, and whether any was made on the main thread.
    private(set) var made = 0
    private(set) var madeOnMainThread = false

    init(store: Store?) {
        self.store = store
    }

    /// The last count; nil before the first has come.
    func count(of list: ListID) -> Int? { counts[list] }

    /// Lets go of the counts of all lists but `keeping`: those of lists no longer shared, and after
    /// a sync (which sent what was waiting) those of lists not shown, counted again when shown.
    func forget(keeping: Set<ListID>) {
        counts = counts.filter { keeping.contains($0.key) }
    }

    /// Counts `list` again, on a worker thread.
    func recount(_ list: ListID) {
        guard let store else { return }
        guard !counting.contains(list) else {
            again.insert(list)
            return
        }
        counting.insert(list)
        Thread.detachNewThread {
            let n = store.syncTables.syncPendingCount(list)
            let onMain = Thread.isMainThread
            MainLoop.post { [weak self] in self?.counted(list, n, onMain: onMain) }
        }
    }

    private func counted(_ list: ListID, _ n: Int, onMain: Bool) {
        made += 1
        madeOnMainThread = madeOnMainThread || onMain
        counting.remove(list)
        let changed = counts[list] != n
        counts[list] = n
        if again.remove(list) != nil { recount(list) }
        if changed { onChange?(list) }
    }
}
