import Foundation
import ShopperModel

/// What the window and `shopper share --status` say of a shared list.
package struct SyncStatus: Equatable, Sendable {
    package enum State: Equatable, Sendable { case notShared, syncing, synced, offline, problem }
    package let state: State
    package let text: String
    /// More of the problem than the line says, for a tooltip.
    package var detail: String?

    init(state: State, text: String, detail: String? = nil) {
        self.state = state
        self.text = text
        self.detail = detail
    }

    /// `syncing`: a sync is running now. `pending`: the changes waiting to be sent; nil while not
    /// counted yet (the window counts off the main thread), which leaves their part out. Times in
    /// the user's own clock, as "14:05".
    package static func of(_ binding: SyncBinding?, pending: Int?, syncing: Bool, timeText: (Date) -> String)
        -> SyncStatus
    {
        guard let b = binding else { return SyncStatus(state: .notShared, text: L("Not shared")) }
        if syncing { return SyncStatus(state: .syncing, text: L("Syncing…")) }
        let waiting = pending.map { N("{n} change waiting", "{n} changes waiting", $0) }
        // " (3 changes waiting)" after a status, when any are.
        let after = (pending ?? 0) > 0 ? waiting.map { " (" + $0 + ")" } ?? "" : ""
        if let problem = b.problem {
            if b.offline {
                // The problem in a few words ("the server answered 503 …", "… is not answering");
                // its whole description goes to the tooltip: the line stays short.
                let line =
                    b.problemLine ?? L("{host} is not answering", ["host": URL(string: b.server)?.host ?? b.server])
                let text = waiting.map { L("Offline: {problem}; {waiting}", ["problem": line, "waiting": $0]) }
                    ?? L("Offline: {problem}", ["problem": line])
                return SyncStatus(state: .offline, text: text, detail: problem)
            }
            let text = L("Not synced: {problem}", ["problem": b.problemLine ?? problem])
            return SyncStatus(state: .problem, text: text + after, detail: problem)
        }
        guard let last = b.lastSync else {
            return SyncStatus(
                state: .offline,
                text: waiting.map { L("Not synced yet, {waiting}", ["waiting": $0]) } ?? L("Not synced yet"))
        }
        var text = L("Synced at {time}", ["time": timeText(last)]) + after
        if let notice = b.notice { text += ". " + notice }
        return SyncStatus(state: .synced, text: text)
    }
}
