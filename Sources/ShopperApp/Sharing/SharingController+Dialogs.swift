import Foundation
import ShopperModel
import ShopperSyncModel

/// Share List… and Stop Sharing, for the list shown; the status line says how they go.
extension SharingController {
    /// The Share dialog (`ShareDialog`), for the list shown.
    func share() {
        guard let list = host.currentList else { return }
        ShareDialog(list: list, parent: host.window, sharing: syncs, lists: host.model.lists.all,
                    storePath: host.model.store.path,
                    progress: { [weak self] text in self?.say(status: text) },
                    done: { [weak self] outcome in self?.shared(list, outcome) }).ask()
    }

    private func shared(_ list: ShoppingList, _ outcome: Result<SyncReport, HelperProcess.Failure>) {
        sharingChanged()
        switch outcome {
        case .success: host.toast.show(L("“{list}” is shared.", ["list": list.name]))
        case .failure(let e):
            host.toast.show(L("Sharing “{list}” failed: {problem}", ["list": list.name, "problem": e.description]),
                            seconds: 10)
        }
        syncs.start()
    }

    /// Stop Sharing, once confirmed: the helper forgets the binding and the password.
    func stop() {
        guard let list = host.currentList else { return }
        let path = host.model.store.path
        let dialog = MessageDialog(parent: host.window, heading: L("Stop Sharing “{list}”?", ["list": list.name]),
                                   body: L("Its items stay here and on the server; changes are no longer exchanged."))
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("stop", L("Stop Sharing"), suggested: true)
        dialog.closeResponse("cancel")
        dialog.onResponse { [weak self] response in
            guard response == "stop", let self else { return }
            // Off the main loop: the helper forgets the password in the keyring, over D-Bus.
            Thread.detachNewThread {
                let outcome = Result { () throws(HelperProcess.Failure) in
                    try SyncHelper.stop(store: path, list: list.id)
                }
                MainLoop.post { [weak self] in self?.stopped(list, outcome) }
            }
        }
        dialog.widget.nameButtons(icons: [:])
        dialog.present()
    }

    private func stopped(_ list: ShoppingList, _ outcome: Result<Void, HelperProcess.Failure>) {
        sharingChanged()
        switch outcome {
        case .success: host.toast.show(L("“{list}” is no longer shared.", ["list": list.name]))
        case .failure(let e): host.report(e)
        }
    }

    /// A list shared or no longer: the bindings read again, the status and the commands follow.
    private func sharingChanged() {
        syncs.reload()
        listShownChanged()
        host.updateActions()
    }
}
