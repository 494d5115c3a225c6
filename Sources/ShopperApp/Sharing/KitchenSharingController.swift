import Foundation
import ShopperModel
import ShopperSyncModel

/// What sharing the recipes and plan needs of the window beyond the common services: the plan
/// and the recipes read again after a sync brought changes, and its commands (Sync Now) following
/// whether the kitchen is shared.
@MainActor
protocol KitchenSharingHost: WindowServices {
    func kitchenChanged()
    func updateActions()
}

/// Share Recipes and Plan…: the household's recipes and the week's plan shared over CalDAV on an
/// account (`KitchenShareDialog`), or, once shared, where and how the last sync went
/// (`KitchenSharedDialog`) with Stop Sharing Recipes and Plan. The syncs are the lists' own
/// (`SyncController`): the helper syncs the kitchen first in each, also when no list is shared.
@MainActor
final class KitchenSharingController {
    unowned let host: any KitchenSharingHost
    private let syncs: SyncController
    private let storePath: String
    /// The shared dialog while it is open: its status follows the syncs.
    private(set) var sharedDialog: KitchenSharedDialog?
    /// The account step and the share's wheel, while they run.
    private(set) var flow: KitchenShareDialog?

    init(host: any KitchenSharingHost, syncs: SyncController, storePath: String) {
        self.host = host
        self.syncs = syncs
        self.storePath = storePath
        syncs.kitchen.onSynced = { [weak self] outcome in self?.synced(outcome) }
    }

    var isShared: Bool { syncs.kitchen.isShared }

    /// Share Recipes and Plan…: the account step, or where they are shared when they are.
    func open() {
        syncs.reload()
        if let binding = syncs.kitchen.binding { return showShared(binding) }
        let flow = KitchenShareDialog(
            parent: host.window, offering: syncs.accounts.first, storePath: storePath,
            bound: { [weak self] in
                self?.syncs.reload()
                return self?.isShared ?? false
            },
            done: { [weak self] watching, problem in self?.shared(watching: watching, problem: problem) },
            failedUnseen: { [weak self] problem in
                self?.flow = nil
                self?.host.toast.show(L("Sharing the recipes and plan failed: {problem}", ["problem": problem]),
                                      seconds: 10)
            })
        self.flow = flow
        flow.ask()
    }

    /// A recipe or a meal changed here: synced when the user pauses, when the kitchen is shared.
    func changed() {
        if isShared { syncs.changed() }
    }

    private func showShared(_ binding: KitchenBinding) {
        let dialog = KitchenSharedDialog(parent: host.window, binding: binding, syncing: syncs.running) {
            [weak self] in self?.stop()
        }
        dialog.dialog.onResponse { [weak self] _ in self?.sharedDialog = nil }
        sharedDialog = dialog
        dialog.present()
    }

    /// Shared; `problem`: its first sync failed (the shared dialog's status says why).
    private func shared(watching: Bool, problem: String?) {
        flow = nil
        syncs.reload()
        host.updateActions()
        // The first sync brought the household's recipes and meals.
        host.kitchenChanged()
        guard let binding = syncs.kitchen.binding else { return }
        if watching { return showShared(binding) }
        let text = problem.map {
            L("The recipes and the week’s plan are shared; their first sync failed: {problem}", ["problem": $0])
        }
        host.toast.show(text ?? L("The recipes and the week’s plan are shared."), seconds: problem == nil ? 5 : 10)
    }

    /// Stop Sharing Recipes and Plan: the helper forgets the binding; every recipe and meal stays
    /// here (and on the server).
    private func stop() {
        let path = storePath
        Thread.detachNewThread {
            let outcome = Result { () throws(HelperProcess.Failure) in try SyncHelper.stopKitchen(store: path) }
            MainLoop.post { [weak self] in self?.stopped(outcome) }
        }
    }

    private func stopped(_ outcome: Result<Void, HelperProcess.Failure>) {
        syncs.reload()
        host.updateActions()
        // The calendar's notes went with the binding.
        host.kitchenChanged()
        switch outcome {
        case .success: host.toast.show(L("The recipes and plan are no longer shared; they stay here."))
        case .failure(let e): host.report(e)
        }
    }

    /// A sync ended: the open dialog's status follows, and the plan is read again when it brought
    /// changes (the plan's notes are not the model's, so no change of the model says so).
    private func synced(_ outcome: KitchenSyncState.Outcome) {
        if let binding = syncs.kitchen.binding { sharedDialog?.update(binding, syncing: false) }
        if outcome.problem == nil, KitchenStatus.broughtChanges(outcome.report) { host.kitchenChanged() }
    }
}
