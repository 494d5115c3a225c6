import Foundation
import ShopperModel
import ShopperSyncModel

/// Sharing a list, as a person does it: the account (one already in use offered first, its
/// password from the keyring), then which of the server's task lists, then the first sync, each
/// off the main loop. After a failure the account step comes back with what was typed, the
/// password too, and the problem in the user's words. The flow lives as long as one of its
/// dialogs or workers holds it.
@MainActor
final class ShareDialog {
    private let list: ShoppingList
    private let parent: Window
    private let sharing: SyncController
    private let lists: [ShoppingList]
    private let storePath: String?
    /// What the window's status line says meanwhile (nil: its own status again).
    private let progress: @MainActor (String?) -> Void
    private let done: @MainActor (Result<SyncReport, HelperProcess.Failure>) -> Void

    init(list: ShoppingList, parent: Window, sharing: SyncController, lists: [ShoppingList], storePath: String?,
        progress: @escaping @MainActor (String?) -> Void,
        done: @escaping @MainActor (Result<SyncReport, HelperProcess.Failure>) -> Void
    ) {
        self.list = list
        self.parent = parent
        self.sharing = sharing
        self.lists = lists
        self.storePath = storePath
        self.progress = progress
        self.done = done
    }

    /// Step one: the account (one already in use offered first, its password from the keyring).
    /// Then the server's task lists are found, off the main loop. After a failure the dialog comes
    /// back with what was typed, the password too, and the problem in the user's words.
    func ask(server: String = "", user: String = "", password: String = "", problem: String? = nil) {
        let account = server.isEmpty && user.isEmpty ? sharing.accounts.first : nil
        let body =
            problem
            ?? L(
                "Anyone with this account sees and changes the list, in Shopper or in a CalDAV task app (Nextcloud Tasks, tasks.org with DAVx5, Thunderbird)."
            )
        AccountDialog.ask(
            parent: parent, heading: L("Share “{list}”", ["list": list.name]), body: body, offered: account,
            typed: .init(server: server, user: user, password: password)
        ) { typed in
            self.findCollections(server: typed.server, user: typed.user, password: typed.password)
        }
    }

    private func findCollections(server: String, user: String, password: String) {
        progress(L("Connecting to {server}…", ["server": server]))
        Thread.detachNewThread {
            let found = Result { () throws(HelperProcess.Failure) in
                try SyncHelper.collections(server: server, user: user, password: password)
            }
            MainLoop.post {
                switch found {
                case .success(let collections):
                    self.chooseCollection(collections, server: server, user: user, password: password)
                case .failure(let e):
                    self.progress(nil)
                    self.ask(
                        server: server, user: user, password: password,
                        problem: L("Could not connect: {problem}.", ["problem": e.description]))
                }
            }
        }
    }

    /// Step two: which of the server's task lists; one named as the list is offered first.
    private func chooseCollection(_ found: [RemoteCollection], server: String, user: String, password: String) {
        progress(nil)
        let newTitle = L("New Task List “{list}”", ["list": list.name])
        // A task list another list here is shared with is not offered: two lists on one task list
        // would each take the other's items.
        let inUse = sharing.listsSharedWith(found, except: list.id, names: lists)
        let found = found.filter { inUse[$0.url] == nil }
        let sameName = found.firstIndex { SearchQuery.fold($0.name) == SearchQuery.fold(list.name) }
        var body = L("The list's items go to this task list on the server, and its tasks come here.")
        // Recipes are kept for the household on this computer only: say so before it is shared.
        body += " " + L("Recipes and the week’s plan stay on this computer; the items they add go with the list.")
        if !inUse.isEmpty {
            body += " " + L("Task lists already shared with another list are not offered: {lists}.",
                            ["lists": inUse.values.sorted().joined(separator: ", ")])
        }
        let dialog = MessageDialog(parent: parent, heading: L("Choose a Task List"), body: body)
        // The choice under the row's title, with the whole width: beside it, the title wrapped a
        // letter a line at a phone's width.
        let choice = ComboRow(
            title: L("Task List"), subtitle: "", choices: [newTitle] + found.map(\.name), valueAsSubtitle: true)
        choice.selected = sameName.map { $0 + 1 } ?? 0
        let rows = ListBox()
        rows.widget.css("boxed-list")
        rows.append(choice.row)
        dialog.extraChild(rows.widget)
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("share", L("Share"), suggested: true)
        dialog.closeResponse("cancel")
        dialog.onResponse { response in
            guard response == "share" else { return }
            let target: ShareTarget =
                choice.selected == 0 ? .new(name: self.list.name) : .existing(found[choice.selected - 1])
            self.startSharing(target: target, server: server, user: user, password: password)
        }
        dialog.widget.nameButtons(icons: [:])
        dialog.present()
        _ = choice.row.grabFocus()
    }

    private func startSharing(target: ShareTarget, server: String, user: String, password: String) {
        guard let path = storePath else { return }
        progress(L("Syncing…"))
        let list = list
        Thread.detachNewThread {
            let outcome = Result { () throws(HelperProcess.Failure) -> SyncReport in
                try SyncHelper.share(
                    store: path, list: list.id, server: server, user: user, password: password, target: target)
            }
            MainLoop.post { self.done(outcome) }
        }
    }
}
