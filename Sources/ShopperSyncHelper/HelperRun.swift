import Foundation
import ShopperModel
import ShopperSync
import ShopperSyncModel

/// Each command, done and answered.
struct HelperRun {
    let password: String

    func run(_ command: HelperCommand) {
        switch command {
        case .sync(let path, let lists): sync(path, lists)
        case .collections(let server, let user):
            do {
                let (home, found) = try Sharing.collections(server: server, user: user, password: password)
                say(HelperReply(home: home, found: found))
            } catch { say(HelperReply(error: error.description)) }
        case .share(let path, let list, let server, let user, let target): share(path, list, server, user, target)
        case .stop(let path, let list):
            do {
                try Sharing.stop(store: Store(path: path), list: list)
                say(HelperReply())
            } catch { say(HelperReply(error: Self.words(error))) }
        case .password(let server, let user):
            do { say(HelperReply(password: try Keyring.password(server: server, user: user))) } catch {
                say(HelperReply(error: error.description))
            }
        case .shareKitchen(let path, let server, let user):
            do {
                let report = try KitchenSharing.share(
                    store: Store(path: path), server: server, user: user, password: password)
                say(HelperReply(kitchen: true, report: report))
            } catch { say(HelperReply(kitchen: true, error: Self.kitchenWords(error))) }
        case .stopKitchen(let path):
            do {
                try KitchenSharing.stop(store: Store(path: path))
                say(HelperReply(kitchen: true))
            } catch { say(HelperReply(kitchen: true, error: Self.kitchenWords(error))) }
        case .recipes(let source):
            do { say(HelperReply(recipes: try RecipeImport.drafts(from: source))) } catch {
                say(HelperReply(error: error.description))
            }
        }
    }

    /// One reply per list, as each ends (the window shows what it can as soon as it can).
    private func sync(_ path: String, _ lists: [ListID]) {
        let store: Store
        let targets: [ListID]
        do {
            store = try Store(path: path)
            targets = lists.isEmpty ? try store.syncTables.syncBindings().map(\.list) : lists
        } catch { return say(HelperReply(error: Self.words(error))) }
        // The kitchen first: a meal taken off elsewhere takes its share off a list here, which the
        // list's sync then sends on in the same run.
        if (try? store.kitchenTables.binding()) != nil {
            let (report, error) = KitchenSync.syncReporting(store: store)
            say(HelperReply(kitchen: true, report: report, error: error?.kitchenDescription))
        }
        for list in targets {
            let (report, error) = SyncEngine.syncReporting(
                store: store, list: list, waiting: { say(HelperReply(waiting: true, list: list)) })
            say(HelperReply(list: list, report: report, error: error?.description))
        }
    }

    private func share(_ path: String, _ id: ListID, _ server: String, _ user: String, _ target: ShareTarget) {
        do {
            let store = try Store(path: path)
            guard let list = try store.lists().first(where: { $0.id == id }) else {
                return say(HelperReply(error: L("the list was deleted meanwhile")))
            }
            let report = try Sharing.share(
                store: store, list: list, server: server, user: user, password: password, target: target)
            say(HelperReply(list: id, report: report))
        } catch { say(HelperReply(list: id, error: Self.words(error))) }
    }

    /// The same, for the kitchen's share and stop.
    private static func kitchenWords(_ error: Error) -> String {
        (error as? SyncError)?.kitchenDescription ?? words(error)
    }

    /// A store's or a sync's problem, as the user reads it.
    private static func words(_ error: Error) -> String {
        (error as? SyncError)?.description ?? (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
}

/// One JSON line on standard output, written at once (the window waits for it).
private func say(_ reply: HelperReply) {
    guard var line = try? JSONEncoder().encode(reply) else { return }
    line.append(UInt8(ascii: "\n"))
    if reply.recipes != nil || reply.error != nil { HelperLimits.answering() }
    FileHandle.standardOutput.write(line)
}
