import Foundation
import ShopperModel
import ShopperSyncModel

/// Sharing the household's recipes and the week's plan, as a person does it: the account (one a
/// list is shared with offered first, its password from the keyring), then the share itself off
/// the main loop, with a turning wheel: the helper finds or makes the "Meals" calendar and the
/// "Recipes" collection and runs the first sync. When sharing failed before the kitchen was bound,
/// the account step comes back with what was typed and the problem in one sentence; bound, only
/// the first sync failed, and where it is shared is said with the problem as its status. The flow
/// lives as long as one of its dialogs or its worker holds it.
@MainActor
final class KitchenShareDialog {
    private let parent: Window
    private let account: SyncController.Account?
    private let storePath: String
    /// Shared (its first sync's problem, if any): `watching` says whether the wheel was still shown
    /// (else the person hid it, and a toast says it instead of a dialog).
    private let done: @MainActor (_ watching: Bool, _ problem: String?) -> Void
    /// Not shared, after the wheel was hidden: the problem, in the user's words.
    private let failedUnseen: @MainActor (String) -> Void
    /// Whether the kitchen is bound now, read again (a share whose first sync failed is bound).
    private let bound: @MainActor () -> Bool
    /// The wheel while the helper shares; nil once hidden or over.
    private(set) var progress: MessageDialog?

    init(parent: Window, offering account: SyncController.Account?, storePath: String,
         bound: @escaping @MainActor () -> Bool, done: @escaping @MainActor (Bool, String?) -> Void,
         failedUnseen: @escaping @MainActor (String) -> Void) {
        self.parent = parent
        self.account = account
        self.storePath = storePath
        self.bound = bound
        self.done = done
        self.failedUnseen = failedUnseen
    }

    static var heading: String { L("Share Recipes and Plan") }

    /// The account step; after a failure, with what was typed and the problem instead of the
    /// explanation.
    func ask(typed: AccountDialog.Typed = .init(server: "", user: "", password: ""), problem: String? = nil) {
        let body =
            problem
            ?? L(
                "The meals go to a “Meals” calendar that every calendar app shows, and the recipes to a “Recipes” collection; anyone with this account sees and changes them."
            )
        let offered = typed.server.isEmpty && typed.user.isEmpty ? account : nil
        AccountDialog.ask(parent: parent, heading: Self.heading, body: body, offered: offered, typed: typed) { typed in
            self.share(typed)
        }
    }

    /// The share, on a worker thread; the wheel meanwhile, which Hide puts away (the share goes on).
    private func share(_ typed: AccountDialog.Typed) {
        let wheel = MessageDialog.working(
            parent: parent, heading: Self.heading, body: L("Connecting to {server}…", ["server": typed.server]),
            label: L("Sharing the recipes and plan"))
        wheel.addResponse("hide", L("Hide"))
        wheel.closeResponse("hide")
        wheel.onResponse { [weak self] _ in self?.progress = nil }
        wheel.widget.nameButtons(icons: [:])
        progress = wheel
        wheel.present()
        let path = storePath
        Thread.detachNewThread {
            let outcome = Result { () throws(HelperProcess.Failure) -> SyncReport in
                try SyncHelper.shareKitchen(store: path, server: typed.server, user: typed.user,
                                            password: typed.password)
            }
            MainLoop.post { self.shared(outcome, typed: typed) }
        }
    }

    private func shared(_ outcome: Result<SyncReport, HelperProcess.Failure>, typed: AccountDialog.Typed) {
        let watching = progress != nil
        progress?.destroy()
        progress = nil
        switch outcome {
        case .success: done(watching, nil)
        case .failure(let e) where bound(): done(watching, e.description)
        case .failure(let e) where watching:
            ask(typed: typed, problem: L("Could not share: {problem}.", ["problem": Self.sentence(e.description)]))
        case .failure(let e): failedUnseen(e.description)
        }
    }

    /// The helper's words as the middle of a sentence: no full stop of its own before the dialog's.
    static func sentence(_ problem: String) -> String {
        var s = problem.trimmingCharacters(in: .whitespacesAndNewlines)
        while s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
