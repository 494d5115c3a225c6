import ShopperModel

/// What a sync does with a task the server no longer has: a pure function of what is known here,
/// table-tested without a server (RemovalDecisionTests), as `TaskOutcome` is for tasks that came.
enum RemovalOutcome: Equatable {
    /// No record names the address: nothing here stood for it.
    case ignore
    /// The record's item is gone from this list (deleted, or moved to another): only the record goes.
    case forgetRecord
    /// The item was edited here since it was last synced: the edit wins, and it goes back up.
    case sendAgain
    /// The server lost many tasks at once (a restore, a new account): the item stays and goes back
    /// up, counted so the sync can say so.
    case keepFromBulkDeletion
    /// Deleted there and unchanged here: it goes here too.
    case deleteHere
}

/// What is known here of one task gone from the server, as `RemovalOutcome.decide` reads it.
struct RemovalFacts: Equatable {
    /// A record of the address names an item.
    var recorded = false
    /// That item is on this list now.
    var itemHere = false
    /// Its revision is newer than the one last synced.
    var editedHere = false
    /// This pull's removals are a bulk loss (`SyncEngine.bulkShare`): none is taken at its word.
    var bulkLoss = false
}

extension RemovalFacts {
    /// Whether `removed` of the `known` tasks, gone at once, are a bulk loss (a restore, a replaced
    /// account), not edits: at least `SyncEngine.bulkMinimum`, and more than `bulkShare` of them.
    static func bulkLoss(removed: Int, known: Int) -> Bool {
        removed >= SyncEngine.bulkMinimum && Double(removed) > SyncEngine.bulkShare * Double(known)
    }
}

extension RemovalOutcome {
    static func decide(_ f: RemovalFacts) -> RemovalOutcome {
        guard f.recorded else { return .ignore }
        guard f.itemHere else { return .forgetRecord }
        if f.bulkLoss { return .keepFromBulkDeletion }
        return f.editedHere ? .sendAgain : .deleteHere
    }
}
