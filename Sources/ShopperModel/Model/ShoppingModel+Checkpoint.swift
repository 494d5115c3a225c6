import Foundation

/// A list's entries kept in the store when the window is done with them (`EntryCheckpoint`), so
/// that opening the list again costs what changed since, not what the list holds.
extension ShoppingModel {
    /// Lists below this many items are read whole in a millisecond: no checkpoint is kept of them.
    static let checkpointFrom = 4096

    /// The checkpoint to write of this model's entries, when one is worth it: the list is large,
    /// and its entries were read whole or have changed by more than an eighth since their
    /// checkpoint. nil otherwise (and for a store opened read-only). Run it on any thread,
    /// once this model will not change again (the window has let go of it, or is quitting): the
    /// job holds the entries as they are, and a later change here would copy them all.
    public func checkpointJob() -> CheckpointJob? {
        guard let store, store.access == .readWrite, items.count >= Self.checkpointFrom else { return nil }
        if let checkpoint, checkpoint.changed < EntryLoad.newsLimit(listItems: items.count) { return nil }
        return CheckpointJob(store: store, list: list, table: items, aisles: aisleNames.names, revision: seenRevision)
    }
}
