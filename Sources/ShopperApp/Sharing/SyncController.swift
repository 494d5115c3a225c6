import Foundation
import ShopperModel
import ShopperSyncModel

/// When the window syncs its shared lists, and with what outcome. A sync runs on a worker thread
/// (the helper writes the store itself), so the main loop is never blocked; when it ends,
/// `onFinished` has the window read what it wrote at once, not on the next poll. One sync at a time: one asked for
/// meanwhile runs right after. Syncs: on their own (`SyncSchedule`), on Sync Now and on `shopper sync`. The sync itself
/// runs in the sharing helper (`SyncHelper`): the window never loads the network libraries.
@MainActor
final class SyncController {
    /// One list's outcome.
    struct Outcome: Sendable {
        let list: ShoppingList
        /// The problem, in the user's words; nil when it synced.
        let problem: String?
        /// What the sync did, also when it failed part-way (values replaced before the failure).
        let report: SyncReport
    }

    private let storePath: String
    /// For the status: bindings, and the changes waiting. The window's own store: a second,
    /// read-only connection held open beside the writers made other processes' writes fail with
    /// "database disk image is malformed" (the concurrency harness found it).
    private let reader: Store?
    private(set) var running = false
    private var again = false
    private var waiting: [(String?, (Result<String, Error>) -> Void)] = []
    /// The callers of the sync running now.
    private var inFlight: [(String?, (Result<String, Error>) -> Void)] = []
    private var bindings: [ListID: SyncBinding] = [:]
    /// The changes waiting per shared list, counted on a worker thread.
    let pending: PendingCounter
    /// Hears a sync begin (the status says so).
    var onStarted: (() -> Void)?
    /// Hears every sync's end with its outcomes, and the kitchen's report when it synced: the model
    /// reads what it wrote, the window's status, toasts and notifications follow.
    var onFinished: (([Outcome], SyncReport?) -> Void)?
    /// The recipes and plan, when shared: synced first in every sync (by the helper).
    let kitchen = KitchenSyncState()
    /// When the lists sync on their own: at start, after a change, every 30 s (5 minutes without focus), on the
    /// network's return.
    private(set) lazy var schedule = SyncSchedule { [weak self] in self?.sync() }

    init(store: Store?, storePath: String) {
        self.storePath = store?.path ?? storePath
        reader = store
        pending = PendingCounter(store: store)
        reload()
    }

    /// Reads the bindings again (after sharing starts or stops, or another process's sync).
    func reload() {
        bindings = Dictionary(
            ((try? reader?.syncTables.syncBindings()) ?? []).map { ($0.list, $0) }, uniquingKeysWith: { a, _ in a })
        pending.forget(keeping: Set(bindings.keys))
        kitchen.reload(from: reader)
    }

    /// Whether anything syncs: a list, or the recipes and plan.
    private var anythingShared: Bool { !bindings.isEmpty || kitchen.isShared }

    func isShared(_ list: ListID) -> Bool { bindings[list] != nil }

    /// An account lists are shared with here.
    struct Account: Equatable, Sendable {
        let server: String
        let user: String
    }

    /// The accounts in use, the one synced last first: the Share dialog offers it.
    var accounts: [Account] {
        var seen: [Account] = []
        for b in bindings.values.sorted(by: { ($0.lastSync ?? .distantPast) > ($1.lastSync ?? .distantPast) }) {
            let a = Account(server: b.server, user: b.user)
            if !seen.contains(a) { seen.append(a) }
        }
        return seen
    }

    /// Of `found`, the task lists another list here is shared with: each collection's URL, with
    /// “Task list” (for “List”) to say so.
    func listsSharedWith(_ found: [RemoteCollection], except list: ListID, names: [ShoppingList]) -> [String: String] {
        var inUse: [String: String] = [:]
        for c in found {
            guard let b = bindings.values.first(where: { $0.collection == c.url && $0.list != list }),
                  let other = names.first(where: { $0.id == b.list }) else { continue }
            inUse[c.url] = L("“{tasks}” (for “{list}”)", ["tasks": c.name, "list": other.name])
        }
        return inUse
    }

    /// The list's status, with its changes waiting as last counted (`pending`).
    func status(of list: ListID) -> SyncStatus {
        let b = bindings[list]
        let waiting = b == nil ? 0 : pending.count(of: list)
        return SyncStatus.of(b, pending: waiting, syncing: running, timeText: SharingCommands.timeText)
    }

    /// Counts the list's changes waiting again, off the main thread, when it is shared
    /// (`pending.onChange` hears the new count).
    func recountPending(_ list: ListID) {
        if bindings[list] != nil { pending.recount(list) }
    }

    /// Starts the timers and the network watch (once), and syncs now.
    func start() { schedule.start() }

    /// A change here: synced when the user pauses (`SyncSchedule.soon`), when a list is shared (or
    /// the recipes and plan are: a recipe or a meal changed).
    func changed() {
        guard anythingShared else { return }
        schedule.soon()
    }

    /// Syncs the list named (every shared list for nil) and tells `done` how it went.
    func sync(list: String? = nil, done: ((Result<String, Error>) -> Void)? = nil) {
        if let done { waiting.append((list, done)) }
        guard !running else { again = true; return }
        reload()
        guard anythingShared || !waiting.isEmpty else { return }
        running = true
        onStarted?()
        let path = storePath
        inFlight = waiting
        waiting = []
        // Only lists named, when every caller named one.
        let names = inFlight.allSatisfy { $0.0 != nil } ? inFlight.compactMap(\.0) : []
        // The lists to sync, read here from the window's own connection: a second connection
        // opened and closed on the worker is one more way to lose the window's locks.
        var failure: String?
        var targets: [ShoppingList] = []
        do {
            let lists = try reader?.lists() ?? []
            targets = try (reader?.syncTables.syncBindings() ?? []).compactMap { b in lists.first { $0.id == b.list } }
        } catch { failure = error.localizedDescription }
        if !names.isEmpty {
            targets = targets.filter { t in names.contains { ShoppingList.named($0, in: [t]) != nil } }
            if targets.isEmpty && failure == nil { failure = L("no shared list is named “{list}”", ["list": names[0]]) }
        }
        let (chosen, unsynced) = (targets, failure)
        // With no list to sync the helper still runs for the kitchen: it syncs it first, whatever
        // lists are asked (none asked: every shared list, of which there is none here).
        let runs = !chosen.isEmpty || (kitchen.isShared && unsynced == nil)
        Thread.detachNewThread {
            var outcomes: [Outcome] = []
            var problem = unsynced
            var kitchenSynced: KitchenSyncState.Outcome?
            do {
                let synced = !runs ? [] : try SyncHelper.sync(store: path, lists: chosen.map(\.id), kitchen: {
                    kitchenSynced = KitchenSyncState.Outcome(report: $0, problem: $1)
                })
                outcomes = synced.compactMap { o in
                    chosen.first { $0.id == o.list }.map { Outcome(list: $0, problem: o.problem, report: o.report) }
                }
            } catch {
                problem = error.localizedDescription
            }
            let (result, kitchenOutcome) = (problem, kitchenSynced)
            MainLoop.post { [weak self] in self?.finished(outcomes, kitchen: kitchenOutcome, failure: result) }
        }
    }

    private func finished(_ outcomes: [Outcome], kitchen synced: KitchenSyncState.Outcome?, failure: String?) {
        running = false
        let asked = inFlight
        inFlight = []
        reload()
        // The kitchen's line first: the helper synced it first.
        let lines = synced.map { [KitchenStatus.line($0.report, problem: $0.problem)] } ?? []
        let text = (lines + outcomes.map { o -> String in
            if let problem = o.problem { L("{list}: {problem}", ["list": o.list.name, "problem": problem]) }
            else { L("{list}: {summary}.", ["list": o.list.name, "summary": SharingCommands.summary(o.report)]) }
        }).joined(separator: "\n")
        let failed = failure ?? (outcomes.contains { $0.problem != nil } || synced?.problem != nil ? text : nil)
        // The window first (its rows read what the sync wrote), then whoever waits for the answer
        // (`shopper sync`): told it is done, it finds the window showing it.
        onFinished?(outcomes, synced?.report)
        if let synced { kitchen.onSynced?(synced) }
        for (_, done) in asked {
            if let failed {
                done(.failure(AddLineService.Failed(message: failed)))
            } else {
                done(.success(text.isEmpty ? L("No list is shared.") : text))
            }
        }
        if again {
            again = false
            sync()
        }
    }
}
