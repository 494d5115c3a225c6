import Foundation
import ShopperModel

/// What the window and `shopper share --status` say of a shared list.
public struct SyncStatus: Equatable, Sendable {
    public enum State: Equatable, Sendable { case notShared, syncing, synced, offline, problem }
    public let state: State
    public let text: String
    /// More of the problem than the line says, for a tooltip.
    public var detail: String?

    public init(state: State, text: String, detail: String? = nil) {
        self.state = state
        self.text = text
        self.detail = detail
    }

    /// `syncing`: a sync is running now. Times in the user's own clock, as "14:05".
    public static func of(_ binding: SyncBinding?, pending: Int, syncing: Bool, timeText: (Date) -> String) -> SyncStatus {
        guard let b = binding else { return SyncStatus(state: .notShared, text: L("Not shared")) }
        if syncing { return SyncStatus(state: .syncing, text: L("Syncing…")) }
        let waiting = N("{n} change waiting", "{n} changes waiting", pending)
        if let problem = b.problem {
            if b.offline {
                // The problem in a few words ("the server answered 503 …", "… is not answering");
                // its whole description goes to the tooltip: the line stays short.
                let line = b.problemLine ?? L("{host} is not answering", ["host": URL(string: b.server)?.host ?? b.server])
                return SyncStatus(state: .offline, text: L("Offline: {problem}; {waiting}", ["problem": line, "waiting": waiting]),
                                  detail: problem)
            }
            let text = L("Not synced: {problem}", ["problem": b.problemLine ?? problem])
            return SyncStatus(state: .problem, text: pending > 0 ? text + " (" + waiting + ")" : text, detail: problem)
        }
        guard let last = b.lastSync else { return SyncStatus(state: .offline, text: L("Not synced yet, {waiting}", ["waiting": waiting])) }
        var text = L("Synced at {time}", ["time": timeText(last)])
        if pending > 0 { text += " (" + waiting + ")" }
        if let notice = b.notice { text += ". " + notice }
        return SyncStatus(state: .synced, text: text)
    }
}
