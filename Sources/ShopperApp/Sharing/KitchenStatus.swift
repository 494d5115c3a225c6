import Foundation
import ShopperModel
import ShopperSyncModel

/// What the Share Recipes and Plan dialog, `shopper share --status` and `shopper sync` say of the
/// household's kitchen shared: where it is, and how its last sync went. The same words as a
/// list's status (`SyncStatus`), so a person reads the two alike.
enum KitchenStatus {
    /// The kitchen's name in a line of the command line's output, beside a list's name.
    static var name: String { L("Recipes and plan") }

    /// "“Meals” and “Recipes” on dav.example.org as alice".
    static func place(_ b: KitchenBinding) -> String {
        L("“{meals}” and “{recipes}” on {server} as {user}",
          ["meals": b.meals.name, "recipes": b.recipes.name, "server": host(b.server), "user": b.user])
    }

    /// "Synced at 14:05", "Offline: dav.example.org is not answering", "Not synced: …";
    /// "Syncing…" while a sync runs. `detail`: the whole problem, for a tooltip.
    static func text(_ b: KitchenBinding, syncing: Bool = false,
                     timeText: (Date) -> String = SharingCommands.timeText) -> (text: String, detail: String?) {
        if syncing { return (L("Syncing…"), nil) }
        if let problem = b.problem {
            if b.offline {
                let line = b.problemLine ?? L("{host} is not answering", ["host": host(b.server)])
                return (L("Offline: {problem}", ["problem": line]), problem)
            }
            return (L("Not synced: {problem}", ["problem": b.problemLine ?? problem]), problem)
        }
        guard let last = b.lastSync else { return (L("Not synced yet"), nil) }
        let synced = L("Synced at {time}", ["time": timeText(last)])
        return (b.notice.map { synced + ". " + $0 } ?? synced, nil)
    }

    /// One sync's line, as `shopper sync` prints it ("Recipes and plan: synced (2 received, …).");
    /// the problem instead when it failed.
    static func line(_ report: SyncReport, problem: String?) -> String {
        if let problem { return L("{list}: {problem}", ["list": name, "problem": problem]) }
        return L("{list}: {summary}.", ["list": name, "summary": SharingCommands.summary(report)])
    }

    /// Whether a sync brought anything here: the plan and the recipes are read again then.
    static func broughtChanges(_ report: SyncReport) -> Bool {
        report.received > 0 || report.deletedHere > 0
    }

    /// The server's host alone ("dav.example.org"): the whole address is in the binding.
    private static func host(_ server: String) -> String { URL(string: server)?.host ?? server }
}
