import Foundation
import ShopperModel
import ShopperSync

/// Sharing the list shown: the Share dialog, the status under the totals, Stop Sharing, and what a
/// sync says (a value that lost to another device's, with Undo).
extension MainWindow {
    func wireSharing() {
        sharing.onFinished = { [weak self] outcomes in self?.syncFinished(outcomes) }
        sharing.isActive = { [weak self] in self?.window.isActive ?? false }
        syncStatus.widget.css("dim-label")
        syncStatus.widget.css("caption")
        syncStatus.wrap()
        syncStatus.xalign(0.5)
        updateSyncStatus()
    }

    /// What the shown list's sharing is doing; hidden for a list not shared.
    func updateSyncStatus() {
        let status = sharing.status(of: model.list)
        syncStatus.widget.visible = status.state != .notShared
        syncStatus.text = status.text
        syncStatus.widget.tooltip(status.detail ?? "")
        syncStatus.widget.accessibleLabel(L("Sync status: {status}", ["status": status.text]))
        updateActions()
    }

    func syncFinished(_ outcomes: [SyncController.Outcome]) {
        updateSyncStatus()
        // Also after a failure part-way: the values were replaced when the changes came in.
        let losses = outcomes.flatMap { o in o.report.lost.map { (o.list, $0) } }
        if losses.count == 1, let (list, loss) = losses.first {
            showLoss(loss, on: list)
        } else if losses.count > 1 {
            // One message for all (a toast shows one at a time), and one Undo for all.
            toast.show(N("{n} value was replaced by a later edit on another device", "{n} values were replaced by later edits on other devices", losses.count),
                       actionTitle: L("Undo"), action: { [weak self] in
                for (list, loss) in losses { self?.restore(loss, on: list) }
            }, seconds: 10)
        }
    }

    /// "“Bread”: notes “from B” kept, “from A” replaced", with Undo putting the lost value back
    /// (as one more change, which the next sync sends).
    func showLoss(_ loss: SyncReport.Loss, on list: ShoppingList) {
        let text = L("“{item}”: {field} “{kept}” kept, “{lost}” replaced", ["item": loss.description, "field": loss.value.field.title, "kept": loss.value.kept, "lost": loss.value.lost])
        toast.show(text, actionTitle: L("Undo"), action: { [weak self] in self?.restore(loss, on: list) }, seconds: 10)
    }

    /// Puts a lost value back, as one more change (on the list shown; another list's loss waits).
    private func restore(_ loss: SyncReport.Loss, on list: ShoppingList) {
        guard list.id == model.list, let item = model.item(loss.item) else { return }
        if loss.value.field == .stores {
            attempt { try model.setOnlyAt(item.id, named: loss.value.lostStores) }
            return
        }
        let restored = loss.value.restored(in: item, at: Date())
        attempt { try model.update(item.id, restored.fields) }
        if restored.inCart != item.inCart {
            attempt { try restored.inCart ? model.tick(item.id) : model.untick(item.id) }
        }
        if restored.needed != (model.item(item.id)?.needed ?? item.needed) {
            attempt { try model.setNeeded(item.id, restored.needed) }
        }
    }

    // MARK: Share List…

    /// Step one: the account (one already in use offered first, its password from the keyring).
    /// Then the server's task lists are found, off the main loop. After a failure the dialog comes
    /// back with what was typed, the password too, and the problem in the user's words.
    func shareList(server: String = "", user: String = "", password: String = "", problem: String? = nil) {
        guard let list = currentList else { return }
        let account = server.isEmpty && user.isEmpty ? sharing.accounts.first : nil
        let (server, user) = account.map { ($0.server, $0.user) } ?? (server, user)
        let body = problem ?? L("Anyone with this account sees and changes the list, in Shopper or in a CalDAV task app (Nextcloud Tasks, tasks.org with DAVx5, Thunderbird).")
        let dialog = MessageDialog(parent: window, heading: L("Share “{list}”", ["list": list.name]), body: body)
        let rows = ListBox()
        rows.widget.css("boxed-list")
        let serverRow = EntryRow(title: L("Server Address"))
        let userRow = EntryRow(title: L("User Name"))
        let passwordRow = PasswordEntryRow(title: L("Password"))
        serverRow.text = server
        userRow.text = user
        passwordRow.text = password
        // Filled only while the dialog asks, and for the account it still shows: a password found
        // after the dialog answered would stay in the row, one for another server would go there.
        let open = Flag(true)
        if let account {
            Self.fillPassword(passwordRow, from: account) { open.on && serverRow.text == account.server && userRow.text == account.user }
        }
        for row in [serverRow.row, userRow.row, passwordRow.row] { rows.append(row) }
        for row in [serverRow, userRow] { row.activatesDefault(true) }
        passwordRow.activatesDefault(true)
        dialog.extraChild(rows.widget)
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("connect", L("Connect"), suggested: true)
        dialog.closeResponse("cancel")
        let filled: @MainActor @Sendable () -> Bool = {
            !serverRow.text.trimmingCharacters(in: .whitespaces).isEmpty && !userRow.text.isEmpty && !passwordRow.text.isEmpty
        }
        for row in [serverRow.row, userRow.row, passwordRow.row] { row.on("changed") { dialog.setEnabled("connect", filled()) } }
        dialog.setEnabled("connect", filled())
        dialog.onResponse { [weak self] response in
            open.on = false
            let password = passwordRow.text
            passwordRow.clear()
            guard response == "connect" else { return }
            self?.findCollections(list: list, server: serverRow.text, user: userRow.text, password: password)
        }
        dialog.widget.nameButtons(icons: [:])
        dialog.present()
        _ = (server.isEmpty ? serverRow.row : passwordRow.row).grabFocus()
    }

    /// The keyring's password for an account in use, into the row once found (a locked keyring may
    /// ask first: never on the main loop).
    private static func fillPassword(_ row: PasswordEntryRow, from account: SyncController.Account,
                                     stillWanted: @escaping @MainActor () -> Bool) {
        Thread.detachNewThread {
            guard let password = try? Keyring.password(server: account.server, user: account.user) else { return }
            MainLoop.post { if stillWanted(), row.text.isEmpty { row.text = password } }
        }
    }

    /// A yes or no that closures share (whether a dialog still asks).
    @MainActor final class Flag {
        var on: Bool
        init(_ on: Bool) { self.on = on }
    }

    private func findCollections(list: ShoppingList, server: String, user: String, password: String) {
        syncStatus.widget.visible = true
        syncStatus.text = L("Connecting to {server}…", ["server": server])
        Thread.detachNewThread {
            let found = Result { () throws(SyncError) in try Sharing.collections(server: server, user: user, password: password) }
            MainLoop.post { [weak self] in
                guard let self else { return }
                switch found {
                case .success(let (_, collections)): chooseCollection(list: list, collections, server: server, user: user, password: password)
                case .failure(let e):
                    updateSyncStatus()
                    shareList(server: server, user: user, password: password, problem: L("Could not connect: {problem}.", ["problem": e.description]))
                }
            }
        }
    }

    /// Step two: which of the server's task lists; one named as the list is offered first.
    private func chooseCollection(list: ShoppingList, _ found: [RemoteCollection], server: String, user: String, password: String) {
        updateSyncStatus()
        let newTitle = L("New Task List “{list}”", ["list": list.name])
        // A task list another list here is shared with is not offered: two lists on one task list
        // would each take the other's items.
        let inUse = sharing.listsSharedWith(found, except: list.id, names: model.lists)
        let found = found.filter { inUse[$0.url] == nil }
        let sameName = found.firstIndex { SearchQuery.fold($0.name) == SearchQuery.fold(list.name) }
        var body = L("The list's items go to this task list on the server, and its tasks come here.")
        if !inUse.isEmpty {
            body += " " + L("Task lists already shared with another list are not offered: {lists}.",
                            ["lists": inUse.values.sorted().joined(separator: ", ")])
        }
        let dialog = MessageDialog(parent: window, heading: L("Choose a Task List"), body: body)
        // The choice under the row's title, with the whole width: beside it, the title wrapped a
        // letter a line at a phone's width.
        let choice = ComboRow(title: L("Task List"), subtitle: "", choices: [newTitle] + found.map(\.name), valueAsSubtitle: true)
        choice.selected = sameName.map { $0 + 1 } ?? 0
        let rows = ListBox()
        rows.widget.css("boxed-list")
        rows.append(choice.row)
        dialog.extraChild(rows.widget)
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("share", L("Share"), suggested: true)
        dialog.closeResponse("cancel")
        dialog.onResponse { [weak self] response in
            guard response == "share", let self else { return }
            let target: Sharing.Target = choice.selected == 0 ? .new(name: list.name) : .existing(found[choice.selected - 1])
            startSharing(list: list, target: target, server: server, user: user, password: password)
        }
        dialog.widget.nameButtons(icons: [:])
        dialog.present()
        _ = choice.row.grabFocus()
    }

    private func startSharing(list: ShoppingList, target: Sharing.Target, server: String, user: String, password: String) {
        guard let path = model.store?.path else { return }
        syncStatus.widget.visible = true
        syncStatus.text = L("Syncing…")
        Thread.detachNewThread {
            let outcome = Result { () throws(SyncError) -> SyncReport in
                let store: Store
                do { store = try Store(path: path) } catch { throw .store(error.localizedDescription) }
                return try Sharing.share(store: store, list: list, server: server, user: user, password: password, target: target)
            }
            MainLoop.post { [weak self] in
                guard let self else { return }
                sharing.reload()
                updateSyncStatus()
                switch outcome {
                case .success: toast.show(L("“{list}” is shared.", ["list": list.name]))
                case .failure(let e): toast.show(L("Sharing “{list}” failed: {problem}", ["list": list.name, "problem": e.description]), seconds: 10)
                }
                sharing.start()
            }
        }
    }

    // MARK: Stop Sharing

    func stopSharing() {
        guard let list = currentList, let store = model.store else { return }
        let dialog = MessageDialog(parent: window, heading: L("Stop Sharing “{list}”?", ["list": list.name]),
                                   body: L("Its items stay here and on the server; changes are no longer exchanged."))
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("stop", L("Stop Sharing"), suggested: true)
        dialog.closeResponse("cancel")
        dialog.onResponse { [weak self] response in
            guard response == "stop", let self else { return }
            if attempt({ try Sharing.stop(store: store, list: list.id) }) {
                sharing.reload()
                updateSyncStatus()
                toast.show(L("“{list}” is no longer shared.", ["list": list.name]))
            }
        }
        dialog.widget.nameButtons(icons: [:])
        dialog.present()
    }
}
