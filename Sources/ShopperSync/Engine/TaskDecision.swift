import ShopperModel
import ShopperSyncModel

/// What a sync does with one task from the server: a pure function of what is known here, so the
/// choice is table-tested without a server (TaskDecisionTests), as `FieldMerge` is.
enum TaskOutcome: Equatable {
    /// A record names an item on this list: merged field by field with it.
    case merge
    /// Deleted here and unchanged there: left alone; the upload step deletes it there.
    case stillDeletingHere
    /// This device's own upload whose record was lost (an answer that never came, a kill): its UID
    /// names the item, which takes the task back.
    case reclaimOwnUpload(ItemID)
    /// An item here of the same description that no task stands for yet (a first sync): merged
    /// with the task rather than doubled.
    case adoptSameDescription(ItemID)
    /// New there, or deleted here and edited there (it comes back): a new item.
    case create
}

/// What is known here of one task, as `TaskOutcome.decide` reads it.
struct TaskFacts: Equatable {
    /// A record of the task (by its address, or its UID) names an item.
    var recorded = false
    /// That item is on this list now.
    var recordedItemHere = false
    /// The task is as both sides last agreed (its base): nothing changed there.
    var unchangedThere = false
    /// The item this device's UID names, with no task yet and not taken by this write.
    var ownUpload: ItemID?
    /// An item of the same description with no task yet, not taken by this write.
    var sameDescription: ItemID?
}

extension TaskOutcome {
    static func decide(_ f: TaskFacts) -> TaskOutcome {
        if f.recorded {
            if f.recordedItemHere { return .merge }
            return f.unchangedThere ? .stillDeletingHere : .create
        }
        if let own = f.ownUpload { return .reclaimOwnUpload(own) }
        if let same = f.sameDescription { return .adoptSameDescription(same) }
        return .create
    }
}
