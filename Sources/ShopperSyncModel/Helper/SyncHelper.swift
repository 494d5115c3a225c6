import ShopperModel

/// Sharing as the window and the command line ask for it: each call runs `shopper-sync` (see
/// `HelperCommand`) and gives back its answer in this process's types. Blocking: call it off the
/// main loop.
package enum SyncHelper {
    /// A list's sync: what it did (also when it failed part-way: values replaced before the
    /// failure are said, and can be put back), and the problem if any, in the user's words.
    package struct Outcome: Sendable {
        package let list: ListID
        package let report: SyncReport
        package let problem: String?
    }

    /// Syncs `lists` (every shared list for none), one outcome each, in order. `waiting`: a sync of
    /// one of them runs in another process, and this one waits for it.
    /// The kitchen (recipes and plan), when shared, is synced first: `kitchen` hears its report
    /// and problem.
    package static func sync(store: String, lists: [ListID], waiting: ((ListID) -> Void)? = nil,
                             kitchen: ((SyncReport, String?) -> Void)? = nil) throws(HelperProcess.Failure)
        -> [Outcome] {
        var outcomes: [Outcome] = []
        var failure: String?
        try HelperProcess.run(.sync(store: store, lists: lists), input: nil) { reply in
            if reply.kitchen == true {
                kitchen?(reply.report ?? SyncReport(), reply.error)
            } else if reply.waiting == true {
                reply.list.map { waiting?(ListID($0)) }
            } else if let list = reply.list {
                outcomes.append(Outcome(list: ListID(list), report: reply.report ?? SyncReport(), problem: reply.error))
            } else if let error = reply.error {
                failure = error
            }
        }
        if let failure { throw HelperProcess.Failure(description: failure) }
        // Every list named gets its outcome; one missing is no success.
        if !lists.isEmpty, lists.contains(where: { l in !outcomes.contains { $0.list == l } }) {
            throw HelperProcess.Failure(description: L("the sharing helper gave no answer"))
        }
        return outcomes
    }

    /// The account's task lists (on its own server only).
    package static func collections(server: String, user: String,
                                    password: String) throws(HelperProcess.Failure) -> [RemoteCollection] {
        let reply = try single(.collections(server: server, user: user), input: password)
        return reply.found ?? []
    }

    /// Shares the list and runs its first sync.
    package static func share(store: String, list: ListID, server: String, user: String, password: String,
                              target: ShareTarget) throws(HelperProcess.Failure) -> SyncReport {
        try single(.share(store: store, list: list, server: server, user: user, target: target), input: password).report
            ?? SyncReport()
    }

    package static func stop(store: String, list: ListID) throws(HelperProcess.Failure) {
        _ = try single(.stop(store: store, list: list), input: nil)
    }

    /// Shares the household's recipes and plan on the account and runs the first sync.
    package static func shareKitchen(store: String, server: String, user: String,
                                     password: String) throws(HelperProcess.Failure) -> SyncReport {
        try single(.shareKitchen(store: store, server: server, user: user), input: password).report ?? SyncReport()
    }

    package static func stopKitchen(store: String) throws(HelperProcess.Failure) {
        _ = try single(.stopKitchen(store: store), input: nil)
    }

    /// The keyring's password for the account; nil when it has none or cannot say.
    package static func password(server: String, user: String) -> String? {
        (try? single(.password(server: server, user: user), input: nil))?.password
    }

    /// The one reply of a command that answers once; its error thrown.
    private static func single(_ command: HelperCommand, input: String?) throws(HelperProcess.Failure) -> HelperReply {
        var last: HelperReply?
        try HelperProcess.run(command, input: input) { last = $0 }
        guard let reply = last else { throw HelperProcess.Failure(description: L("the sharing helper gave no answer")) }
        if let error = reply.error { throw HelperProcess.Failure(description: error) }
        return reply
    }
}
