import Foundation
import ShopperModel
import ShopperSyncModel

/// Sharing the list shown: the Share dialog, the status under the totals, Stop Sharing, and what a
/// sync says (a value that lost to another device's, with Undo).
extension MainWindow {
    func wireSharing() {
        sharing.onFinished = { [weak self] outcomes in self?.syncFinished(outcomes) }
        sharing.isActive = { [weak self] in self?.window.isActive ?? false }
        sharing.pending.onChange = { [weak self] list in
            if list == self?.model.list { self?.showSyncStatus() }
        }
        updateSyncStatus()
    }

    /// After anything that may change the shown list's sharing: its status now, and its changes
    /// waiting counted again (shown when counted).
    func updateSyncStatus() {
        sharing.recountPending(model.list)
        showSyncStatus()
    }

    /// What the shown list's sharing is doing; hidden for a list not shared.
    func showSyncStatus() {
        let status = sharing.status(of: model.list)
        syncStatus.widget.visible = status.state != .notShared
        syncStatus.text = status.text
        syncStatus.widget.tooltip(status.detail ?? "")
        syncStatus.widget.accessibleLabel(L("Sync status: {status}", ["status": status.text]))
        updateActions()
    }

    func syncFinished(_ outcomes: [SyncController.Outcome]) {
        // What the other lists had waiting was sent or not: counted again when shown.
        if !outcomes.isEmpty { sharing.pending.forget(keeping: [model.list]) }
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
        guard list.id == model.list, let item = model.items.item(loss.item) else { return }
        if loss.value.field == .stores {
            attempt { try model.shops.setOnlyAt(item.id, named: loss.value.lostStores) }
            return
        }
        let restored = loss.value.restored(in: item, at: Date())
        attempt { try model.items.update(item.id, restored.fields) }
        if restored.inCart != item.inCart {
            attempt { try restored.inCart ? model.items.tick(item.id) : model.items.untick(item.id) }
        }
        if restored.needed != (model.items.item(item.id)?.needed ?? item.needed) {
            attempt { try model.items.setNeeded(item.id, restored.needed) }
        }
    }

    // MARK: Share List…

    /// The Share dialog (`ShareDialog`, beside its controller in Sharing/), for the list shown;
    /// the status under the totals says how it goes.
    func shareList() {
        guard let list = currentList else { return }
        ShareDialog(list: list, parent: window, sharing: sharing, lists: model.lists.all, storePath: model.store.path,
                    progress: { [weak self] text in self?.showSharingProgress(text) },
                    done: { [weak self] outcome in self?.shared(list, outcome) }).ask()
    }

    /// "Connecting to …", "Syncing…" while the dialog works; nil: the list's own status again.
    private func showSharingProgress(_ text: String?) {
        guard let text else { return updateSyncStatus() }
        syncStatus.widget.visible = true
        syncStatus.text = text
    }

    private func shared(_ list: ShoppingList, _ outcome: Result<SyncReport, HelperProcess.Failure>) {
        sharing.reload()
        updateSyncStatus()
        switch outcome {
        case .success: toast.show(L("“{list}” is shared.", ["list": list.name]))
        case .failure(let e): toast.show(L("Sharing “{list}” failed: {problem}", ["list": list.name, "problem": e.description]), seconds: 10)
        }
        sharing.start()
    }

    // MARK: Stop Sharing

    func stopSharing() {
        guard let list = currentList else { return }
        let path = model.store.path
        let dialog = MessageDialog(parent: window, heading: L("Stop Sharing “{list}”?", ["list": list.name]),
                                   body: L("Its items stay here and on the server; changes are no longer exchanged."))
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("stop", L("Stop Sharing"), suggested: true)
        dialog.closeResponse("cancel")
        dialog.onResponse { [weak self] response in
            guard response == "stop", let self else { return }
            // Off the main loop: the helper forgets the password in the keyring, over D-Bus.
            Thread.detachNewThread {
                let outcome = Result { () throws(HelperProcess.Failure) in try SyncHelper.stop(store: path, list: list.id) }
                MainLoop.post { [weak self] in self?.stopped(list, outcome) }
            }
        }
        dialog.widget.nameButtons(icons: [:])
        dialog.present()
    }

    private func stopped(_ list: ShoppingList, _ outcome: Result<Void, HelperProcess.Failure>) {
        sharing.reload()
        updateSyncStatus()
        switch outcome {
        case .success: toast.show(L("“{list}” is no longer shared.", ["list": list.name]))
        case .failure(let e): report(e)
        }
    }
}
