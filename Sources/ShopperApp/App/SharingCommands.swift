import Foundation
import Glibc
import ShopperModel
import ShopperSyncModel

/// `shopper share` and `shopper sync`: sharing driven from scripts (and the tests). The network
/// part runs in the sharing helper (`SyncHelper`), as the window's does.
@MainActor
enum SharingCommands {
    static func share(server: String, user: String, list name: String?, paths: AppPaths) throws -> String {
        let store = try Store(path: paths.storeFile)
        let list = try Self.list(name, in: store)
        let password = try readPassword(
            prompt: L("Password for {user} at {server}: ", ["user": user, "server": server]))
        let report = try SyncHelper.share(
            store: store.path, list: list.id, server: server, user: user, password: password, target: .sameNameOrNew)
        let collection = try store.syncTables.syncBinding(for: list.id)?.collectionName ?? ""
        return L(
            "“{list}” is shared with “{collection}”: {summary}.",
            ["list": list.name, "collection": collection, "summary": summary(report)])
    }

    static func stop(list name: String?, paths: AppPaths) throws -> String {
        let store = try Store(path: paths.storeFile)
        let list = try Self.list(name, in: store)
        guard try store.syncTables.syncBinding(for: list.id) != nil else {
            return L("“{list}” was not shared.", ["list": list.name])
        }
        try SyncHelper.stop(store: store.path, list: list.id)
        return L("“{list}” is no longer shared; its items stay here.", ["list": list.name])
    }

    /// One line a shared list: its name, where it is shared (two lists on two servers are told
    /// apart), then what its sync status says ("Syncing…" while a sync runs in any process).
    static func status(list name: String?, paths: AppPaths) throws -> String {
        let store = try Store(path: paths.storeFile, access: .readOnly)
        let lists = try name.map { [try Self.list($0, in: store)] } ?? store.lists()
        // The recipes and plan first, when shared: `shopper sync` syncs them first too.
        var out = name == nil ? kitchenStatus(store) : ""
        for list in lists {
            let binding = try? store.syncTables.syncBinding(for: list.id)
            if binding == nil && name == nil { continue }
            let syncing = binding != nil && SyncLockFile.isHeld(paths.storeFile, list.id)
            let status = SyncStatus.of(
                binding, pending: binding == nil ? 0 : store.syncTables.syncPendingCount(list.id), syncing: syncing,
                timeText: timeText)
            let place = binding.map {
                L(
                    "{user} on {server}, task list “{tasks}”",
                    ["user": $0.user, "server": $0.server, "tasks": $0.collectionName])
            }
            out += ([list.name] + (place.map { [$0] } ?? []) + [status.text]).joined(separator: "\t") + "\n"
        }
        return out.isEmpty ? L("No list is shared.") + "\n" : out
    }

    /// Syncs through the running window when there is one (its status and toasts follow), else here.
    static func sync(list name: String?, paths: AppPaths) throws -> String {
        switch DBusMethod.call(appID: AppInfo.id, interface: SyncService.interface, method: SyncService.method,
                               name ?? "", timeoutMS: SyncService.timeoutMS) {
        case .reply(let message): return message
        case .failed(let message): throw AddLineService.Failed(message: message)
        case .noAnswer(let why):
            throw AddLineService.Failed(message: L("the running Shopper did not answer ({reason})", ["reason": why]))
        case .noInstance: break
        }
        let store = try Store(path: paths.storeFile)
        return try syncNow(store: store, list: name)
    }

    /// Syncs the lists named (all shared lists for nil): one line each. Throws the first failure
    /// after every list was tried.
    nonisolated static func syncNow(store: Store, list name: String?) throws -> String {
        let lists = try store.lists()
        var targets = try store.syncTables.syncBindings().compactMap { b in lists.first { $0.id == b.list } }
        if let name {
            guard let list = ShoppingList.named(name, in: lists) else {
                throw UnknownList(name: name, known: lists.map(\.name))
            }
            guard targets.contains(where: { $0.id == list.id }) else {
                throw AddLineService.Failed(
                    message: L(
                        "“{list}” is not shared (shopper share URL USER --list NAME shares it)", ["list": list.name]))
            }
            targets = [list]
        }
        // The helper syncs the recipes and plan first whenever they are shared, whatever lists
        // are asked (none: every shared list).
        let kitchenShared = ((try? store.kitchenTables.binding()) ?? nil) != nil
        guard !targets.isEmpty || kitchenShared else { return L("No list is shared.") }
        var kitchen: KitchenSyncState.Outcome?
        let outcomes = try SyncHelper.sync(store: store.path, lists: targets.map(\.id), waiting: { id in
            let name = targets.first { $0.id == id }?.name ?? ""
            FileHandle.standardError.write(
                Data((L("shopper: a sync of “{list}” is running; waiting for it to end…", ["list": name]) + "\n").utf8))
        }, kitchen: { kitchen = KitchenSyncState.Outcome(report: $0, problem: $1) })
        var lines: [String] = []
        var failure: Error?
        if let k = kitchen {
            let line = KitchenStatus.line(k.report, problem: k.problem)
            if k.problem == nil { lines.append(line) } else { failure = AddLineService.Failed(message: line) }
        }
        for o in outcomes {
            guard let list = targets.first(where: { $0.id == o.list }) else { continue }
            if let problem = o.problem {
                failure =
                    failure
                    ?? AddLineService.Failed(message: L("{list}: {problem}", ["list": list.name, "problem": problem]))
            } else {
                lines.append(L("{list}: {summary}.", ["list": list.name, "summary": summary(o.report)]))
            }
        }
        if let failure { throw failure }
        return lines.joined(separator: "\n")
    }

    nonisolated static func summary(_ r: SyncReport) -> String {
        var s = L("synced ({received} received, {sent} sent, {deleted} deleted)",
                  ["received": "\(r.received)", "sent": "\(r.sent)", "deleted": "\(r.deletedHere + r.deletedThere)"])
        for loss in r.lost {
            s +=
                "; "
                + L(
                    "“{item}”: {field} “{kept}” kept, “{lost}” replaced",
                    [
                        "item": loss.description, "field": loss.value.field.title, "kept": loss.value.kept,
                        "lost": loss.value.lost
                    ])
        }
        if !r.skipped.isEmpty { s += "; " + L("{count} unreadable tasks skipped", ["count": "\(r.skipped.count)"]) }
        if r.keptFromBulkDeletion > 0 {
            s +=
                "; "
                + L("{count} items the server lost were kept and sent back", ["count": "\(r.keptFromBulkDeletion)"])
        }
        // For `make bench`, which counts what a sync costs.
        if ProcessInfo.processInfo.environment["SHOPPER_SYNC_REQUESTS"] != nil { s += "; \(r.requests) requests" }
        return s
    }

    nonisolated static func timeText(_ date: Date) -> String {
        let f = DateFormatter()
        f.timeZone = .current
        f.dateFormat = Calendar.current.isDateInToday(date) ? "HH:mm" : "yyyy-MM-dd HH:mm"
        return f.string(from: date)
    }

    private static func list(_ name: String?, in store: Store) throws -> ShoppingList {
        let lists = try store.lists()
        guard let name else {
            guard let first = lists.first else { throw UnknownList(name: "", known: []) }
            return first
        }
        guard let list = ShoppingList.named(name, in: lists) else {
            throw UnknownList(name: name, known: lists.map(\.name))
        }
        return list
    }

    /// From standard input: typed without echo at a terminal, else the first line of what is piped.
    static func readPassword(prompt: String) throws -> String {
        var line: String?
        if isatty(0) != 0 {
            FileHandle.standardError.write(Data(prompt.utf8))
            var old = termios()
            tcgetattr(0, &old)
            var quiet = old
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(0, TCSANOW, &quiet)
            line = readLine(strippingNewline: true)
            tcsetattr(0, TCSANOW, &old)
            FileHandle.standardError.write(Data("\n".utf8))
        } else {
            line = readLine(strippingNewline: true)
        }
        guard let password = line, !password.isEmpty else {
            throw AddLineService.Failed(message: L("share needs the password on standard input; nothing was changed"))
        }
        return password
    }
}

/// `shopper sync` talking to the running window.
enum SyncService {
    static let interface = "io.github.shopperapp.Shopper.Sharing"
    static let method = "Sync"
    static let timeoutMS: Int32 = 300_000
}

/// `shopper share --kitchen`: the household's recipes and the week's plan, shared on an account
/// as a list is (the password read the same way), or no longer.
extension SharingCommands {
    static func shareKitchen(server: String, user: String, paths: AppPaths) throws -> String {
        let store = try Store(path: paths.storeFile)
        let password = try readPassword(
            prompt: L("Password for {user} at {server}: ", ["user": user, "server": server]))
        let report = try SyncHelper.shareKitchen(store: store.path, server: server, user: user, password: password)
        guard let binding = try store.kitchenTables.binding() else {
            return L("The recipes and the week’s plan are shared: {summary}.", ["summary": summary(report)])
        }
        return L("The recipes and the week’s plan are shared with {place}: {summary}.",
                 ["place": KitchenStatus.place(binding), "summary": summary(report)])
    }

    static func stopKitchen(paths: AppPaths) throws -> String {
        let store = try Store(path: paths.storeFile)
        guard try store.kitchenTables.binding() != nil else { return L("The recipes and plan were not shared.") }
        try SyncHelper.stopKitchen(store: store.path)
        return L("The recipes and plan are no longer shared; they stay here.")
    }

    /// The kitchen's line of `share --status`, when shared: its name, where, and its last sync.
    static func kitchenStatus(_ store: Store) -> String {
        guard let binding = (try? store.kitchenTables.binding()) ?? nil else { return "" }
        return [KitchenStatus.name, KitchenStatus.place(binding), KitchenStatus.text(binding).text]
            .joined(separator: "\t") + "\n"
    }
}
