import ShopperModel
import ShopperSyncModel

/// The word a merge keeps of each change another device made (`SyncReport.arrivals`), for the
/// person to hear of it: none in a first sync, which brings everything, and none for this
/// desktop's own uploads coming back (their task is the base already: no change there).
extension MergePass {
    /// Another device's change to `what` on this list, by whoever the task names.
    mutating func arrived(_ kind: Arrival.Kind?, _ what: String, task: SyncEngine.RemoteTask?) {
        guard let kind, !engine.firstSync else { return }
        report.arrive(Arrival(kind: kind, what: what, by: task.flatMap { TaskMapping.by(of: $0.fields) },
                              list: engine.list))
    }
}
