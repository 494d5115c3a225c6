import Foundation
import ShopperModel
import ShopperSyncModel

/// What sharing needs of the window beyond the common services: its commands (Share, Sync Now,
/// Stop Sharing) follow whether the list shown is shared.
@MainActor
protocol SharingHost: WindowServices {
    func updateActions()
    /// Whether to notify of others' changes (`Preferences.Key.notifyChanges`).
    var preferences: Preferences { get }
    /// The list or the plan shown: its notification goes once seen.
    var arrivalPlace: ArrivalPlace { get }
}

/// Sharing the list shown: the Share dialog, the status line under the totals, Stop Sharing, the
/// syncs (`SyncController`) and what a sync says (a value that lost to another device's, with
/// Undo). A sync's changes reach the rows when it ends: the model reads the news then.
@MainActor
final class SharingController {
    unowned let host: any SharingHost
    /// When the lists sync, and how it went.
    let syncs: SyncController
    /// "Synced at 14:05 (1 change waiting)"; hidden for a list not shared. The window places it.
    let statusLine = Label()
    /// A desktop notification when a sync brings others' changes while the window is in the background.
    private(set) lazy var notices = ArrivalNotifier(host: host)

    init(host: any SharingHost, store: Store?, storePath: String) {
        self.host = host
        syncs = SyncController(store: store, storePath: storePath)
        statusLine.widget.css("dim-label")
        statusLine.widget.css("caption")
        statusLine.wrap()
        statusLine.xalign(0.5)
        syncs.onStarted = { [weak self] in self?.listShownChanged() }
        syncs.onFinished = { [weak self] outcomes, kitchen in self?.finished(outcomes, kitchen: kitchen) }
        syncs.schedule.isActive = { [weak self] in self?.host.window.isActive ?? false }
        syncs.pending.onChange = { [weak self] list in
            if list == self?.host.model.list { self?.showStatus() }
        }
        // The list shown is told by the window once it is composed (`MainWindow.listsChanged`).
    }

    /// What the status line says now.
    var statusText: String { statusLine.text }

    /// Whether the list shown is shared (Share, or Sync Now and Stop Sharing).
    var isListShownShared: Bool { syncs.isShared(host.model.list) }

    /// Starts the syncs' timers (once the window is drawn), and syncs now.
    func start() { syncs.start() }

    /// Sync Now (`list`: one named by `shopper sync`).
    func sync(list: String? = nil, done: ((Result<String, Error>) -> Void)? = nil) {
        syncs.sync(list: list, done: done)
    }

    /// A change to items here: synced when the user pauses.
    func itemsChanged() { syncs.changed() }

    /// After anything that may change the shown list's sharing (another list shown, its counts
    /// changed): its status now, and its changes waiting counted again (shown when counted).
    func listShownChanged() {
        syncs.recountPending(host.model.list)
        showStatus()
        notices.looked()
    }

    /// What the shown list's sharing is doing; hidden for a list not shared.
    private func showStatus() {
        let status = syncs.status(of: host.model.list)
        statusLine.widget.visible = status.state != .notShared
        statusLine.text = status.text
        statusLine.widget.tooltip(status.detail ?? "")
        statusLine.widget.accessibleLabel(L("Sync status: {status}", ["status": status.text]))
    }

    /// "Connecting to …", "Syncing…" while the Share dialog works; nil: the list's own status again.
    func say(status text: String?) {
        guard let text else { return listShownChanged() }
        statusLine.widget.visible = true
        statusLine.text = text
    }

    /// A sync ended (`SyncController.onFinished`): what it wrote is read now, then its losses said,
    /// and others' changes too when the window is in the background.
    func finished(_ outcomes: [SyncController.Outcome], kitchen: SyncReport? = nil) {
        // The helper wrote the store: the rows follow now, not on the application's next poll
        // (which stays for other processes). A change read tells the window's actions itself.
        var changed = false
        host.attempt { changed = try host.model.core.refreshIfChangedElsewhere() }
        // What the other lists had waiting was sent or not: counted again when shown.
        if !outcomes.isEmpty { syncs.pending.forget(keeping: [host.model.list]) }
        listShownChanged()
        // The bindings were read again: a list may have been shared or unshared meanwhile.
        if !changed { host.updateActions() }
        // Also after a failure part-way: the values were replaced when the changes came in.
        let losses = outcomes.flatMap { o in o.report.lost.map { (o.list, $0) } }
        if losses.count == 1, let (list, loss) = losses.first {
            showLoss(loss, on: list)
        } else if losses.count > 1 {
            // One message for all (a toast shows one at a time), and one Undo for all.
            host.toast.show(N("{n} value was replaced by a later edit on another device",
                              "{n} values were replaced by later edits on other devices", losses.count),
                            actionTitle: L("Undo"), action: { [weak self] in
                for (list, loss) in losses { self?.restore(loss, on: list) }
            }, seconds: 10)
        }
        notices.heard(outcomes, kitchen: kitchen)
    }

    /// "“Bread”: notes “from B” kept, “from A” replaced", with Undo putting the lost value back
    /// (as one more change, which the next sync sends).
    func showLoss(_ loss: SyncReport.Loss, on list: ShoppingList) {
        let text = L("“{item}”: {field} “{kept}” kept, “{lost}” replaced", ["item": loss.description,
                     "field": loss.value.field.title, "kept": loss.value.kept, "lost": loss.value.lost])
        host.toast.show(text, actionTitle: L("Undo"), action: { [weak self] in self?.restore(loss, on: list) },
                        seconds: 10)
    }

    /// Puts a lost value back, as one more change (on the list shown; another list's loss waits).
    private func restore(_ loss: SyncReport.Loss, on list: ShoppingList) {
        let model = host.model
        guard list.id == model.list, let item = model.items.item(loss.item) else { return }
        if loss.value.field == .stores {
            host.attempt { try model.shops.setOnlyAt(item.id, named: loss.value.lostStores) }
            return
        }
        let restored = loss.value.restored(in: item, at: Date())
        host.attempt { try model.items.update(item.id, restored.fields) }
        if restored.inCart != item.inCart {
            host.attempt { try restored.inCart ? model.items.tick(item.id) : model.items.untick(item.id) }
        }
        if restored.needed != (model.items.item(item.id)?.needed ?? item.needed) {
            host.attempt { try model.items.setNeeded(item.id, restored.needed) }
        }
    }
}
