import Foundation

/// A list's entries kept in the store when the window is done with them (`EntryCheckpoint`), so
/// that opening the list again costs what changed since, not what the list holds.
extension Items {
    /// Lists below this many items are read whole in a millisecond: no checkpoint is kept of them.
    static let checkpointFrom = 4096

    /// Whether the entries came from a checkpoint (and the news since), not a whole read.
    var readFromCheckpoint: Bool { changedSinceCheckpoint != nil }

    /// The checkpoint to write of this model's entries, when one is worth it: the list is large,
    /// and its entries were read whole or have changed by more than the news a checkpoint is read
    /// with (`EntryLoad.newsLimit`); for a list now too small to keep one that still has one (read
    /// from it, or passed over: it shrank while another process wrote), its removal. nil otherwise (and for a store
    /// opened read-only). Run it on any thread, once this model will not change again (the window has let go of it, or
    /// is quitting): the job holds the entries as they are, and a later change here would copy them.
    package func checkpointJob() -> CheckpointJob? {
        let (store, list) = (core.store, core.list)
        guard store.access == .readWrite else { return nil }
        guard table.count >= Self.checkpointFrom else {
            guard readFromCheckpoint || store.checkpointTables.hasCheckpoint(of: list) else { return nil }
            return CheckpointJob(store: store, list: list, table: nil, aisles: [], revision: 0)
        }
        if let changed = changedSinceCheckpoint, changed < EntryLoad.newsLimit(listItems: table.count) { return nil }
        return CheckpointJob(
            store: store, list: list, table: table, aisles: model.aisles.aisleNames.names, revision: core.seenRevision)
    }
}
