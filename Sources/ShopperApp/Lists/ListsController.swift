import Foundation
import ShopperModel

/// What the lists need of the window beyond the common services: a list shown (its own model),
/// the lists' place back, the page of the list shown, the add bar, the recipes' place.
@MainActor
protocol ListsHost: WindowServices {
    func showList(_ id: ListID)
    func showLists()
    func showRecipes()
    var currentListPage: ListPage? { get }
    func focusAddBar()
}

/// The user's lists: the sidebar (`ListsPane`), switching between them, and making, renaming,
/// deleting, restoring and moving lists and items between them, each with Undo; Recently Deleted
/// while it is open. Undo and Redo of any step, on the list it was made on (shown first).
@MainActor
final class ListsController {
    unowned let host: any ListsHost
    /// The sidebar beside the content, the content's places (the lists', the recipes').
    let pane = ListsPane()
    private(set) var recentlyDeletedWindow: RecentlyDeletedWindow?

    init(host: any ListsHost) {
        self.host = host
        wire()
    }

    private func wire() {
        // GTK gives a new window's focus to its first focusable widget, the main menu's button:
        // the first key (Ctrl+Z after a restart) showed its ring there. The list takes it instead,
        // nothing selected nor scrolled (a list switched to selects its first row; a start does not).
        host.window.widget.afterFirstFrame { [weak self] in
            guard let self, host.window.focusedTextField == nil, !pane.isShowingRecipes else { return }
            _ = host.currentListPage?.listView.widget.grabFocus()
        }
        pane.sidebar.onOpen = { [weak self] id in
            guard let self else { return }
            host.showList(id)
            host.showLists()
            pane.showContent()
            _ = host.currentListPage?.focusRows()
        }
        pane.sidebar.onMove = { [weak self] id, index in
            self?.host.attempt { try self?.host.model.lists.moveList(id, to: index) }
        }
        pane.sidebar.onDropItem = { [weak self] item, list in self?.move(item, toList: list) ?? false }
        pane.sidebar.onMenu = { [weak self] list, x, y in self?.showListMenu(list, x: x, y: y) }
        pane.sidebar.onRecipes = { [weak self] in
            self?.host.showRecipes()
            self?.pane.showContent()
        }
        pane.listsButton.onClicked { [weak self] in self?.showSidebar() }
    }

    /// The lists and their counts in the sidebar, the one shown marked.
    func showCounts() { pane.sidebar.update(host.model.lists.all, current: host.model.list) }

    /// The sidebar over the content (a phone's Lists button), the list shown focused.
    func showSidebar() { pane.showSidebar(current: host.model.list) }

    /// A list's menu in the sidebar: the list is opened first, since its commands act on the list
    /// shown (as the main menu's do).
    private func showListMenu(_ id: ListID, x: Double, y: Double) {
        host.showList(id)
        let menu = Menu()
        for action in [AppAction.renameList, .deleteList] { menu.append(action.title, action: action.detailedName) }
        pane.popUp(menu, x: x, y: y)
    }

    /// Ctrl+Page Down / Page Up and Alt+1…9.
    func switchTo(_ target: String?) {
        let lists = host.model.lists.all
        guard let here = lists.firstIndex(where: { $0.id == host.model.list }) else { return }
        let index: Int? = switch target {
        case "next": (here + 1) % lists.count
        case "previous": (here + lists.count - 1) % lists.count
        default: Int(target ?? "").map { $0 - 1 }
        }
        guard let index, lists.indices.contains(index) else { return }
        host.showList(lists[index].id)
        _ = host.currentListPage?.focusRows()
    }

    func new() {
        askListName(heading: L("New List"), name: "", answer: L("Create")) { [weak self] name in
            guard let self else { return }
            var made: ListID?
            host.attempt { made = try host.model.lists.createList(named: name) }
            if let made {
                host.showList(made)
                host.focusAddBar()
            }
        }
    }

    func rename() {
        guard let list = host.currentList else { return }
        askListName(heading: L("Rename List"), name: list.name, answer: L("Rename")) { [weak self] name in
            self?.host.attempt { try self?.host.model.lists.renameList(list.id, to: name) }
        }
    }

    /// Deleted at once, with Undo in the toast (and Ctrl+Z): the items wait in the store until the
    /// next start. The next list (or the one before) is shown.
    func deleteShown() {
        guard let list = host.currentList, host.model.lists.all.count > 1 else { return }
        let lists = host.model.lists.all
        let here = lists.firstIndex { $0.id == list.id } ?? 0
        let next = lists[here + 1 < lists.count ? here + 1 : here - 1].id
        // The next list first, then the deletion from there: deleted while shown, the list would be
        // left for the first list and then for the next (two reads of a list).
        host.showList(next)
        guard host.attempt({ try host.model.lists.deleteList(list.id) }) else { return }
        host.sayDone(L("Deleted the list “{list}”", ["list": list.name]))
    }

    /// Recently Deleted: the lists deleted in the last week, each to restore.
    func showRecentlyDeleted() {
        if let open = recentlyDeletedWindow {
            open.window.present()
            return
        }
        let deleted: [ShoppingList]
        do { deleted = try host.model.lists.deletedLists() } catch {
            host.report(error)
            return
        }
        let dialog = RecentlyDeletedWindow(parent: host.window, deleted: deleted)
        dialog.onRestore = { [weak self] list in self?.restore(list) }
        dialog.onClosed = { [weak self] in self?.recentlyDeletedWindow = nil }
        recentlyDeletedWindow = dialog
        dialog.present()
    }

    /// A deleted list back, shown, with Undo in the toast (and Ctrl+Z).
    func restore(_ list: ShoppingList) {
        // A stale Recently Deleted (the list came back by Ctrl+Z meanwhile) restores nothing, and
        // must not offer an Undo of some other step.
        var restored = false
        guard host.attempt({ restored = try host.model.lists.restoreList(list.id) }), restored else { return }
        let undo = host.undoAction()
        host.showList(list.id)
        host.toast.show(L("Restored the list “{list}”", ["list": list.name]), actionTitle: L("Undo"), action: undo)
    }

    /// The selected item to another list (Move to List in its menu).
    func moveSelected(toList target: String?) {
        guard let id = host.currentListPage?.selectedItem, let raw = Int64(target ?? "") else { return }
        move(id, toList: ListID(raw))
    }

    /// An item to another list, with Undo; the list shown stays. False when it could not go (the
    /// list it is on already, or one gone).
    @discardableResult
    func move(_ id: ItemID, toList target: ListID) -> Bool {
        guard target != host.model.list, let to = host.model.lists.all.first(where: { $0.id == target }),
              let name = host.model.items.item(id)?.description else { return false }
        guard host.attempt({ try host.model.lists.moveItems([id], to: to.id) }) else { return false }
        host.sayDone(L("Moved “{item}” to {list}", ["item": name, "list": to.name]))
        return true
    }

    /// Undoes the latest step; with `step`, only if that step is still the latest.
    func undo(step: Int?) {
        guard host.model.undo.canUndo else {
            if step == nil { host.toast.show(L("Nothing to undo")) }
            return
        }
        let entry = host.model.undo.undoStack.last
        guard step == nil || entry?.id == step else { return }
        let changed = entry?.itemIDs ?? []
        showListOf(entry)
        let before = host.model.lists.all
        host.attempt {
            if let name = try host.model.core.undoLast(step: step) {
                showListBroughtBack(by: entry, before: before)
                revealChanged(changed)
                // A long import is not redone (its items are not held): no Redo to offer.
                if entry?.imported != nil { host.toast.show(L("Undid {step}", ["step": name])) }
                else {
                    host.toast.show(L("Undid {step}", ["step": name]), actionTitle: L("Redo")) { [weak self] in
                        self?.redo()
                    }
                }
            }
        }
    }

    func redo() {
        guard host.model.undo.canRedo else { return host.toast.show(L("Nothing to redo")) }
        let entry = host.model.undo.redoStack.last
        let changed = entry?.itemIDs ?? []
        showListOf(entry)
        let before = host.model.lists.all
        host.attempt {
            if let name = try host.model.core.redoLast() {
                showListBroughtBack(by: entry, before: before)
                revealChanged(changed)
                host.toast.show(L("Redid {step}", ["step": name]))
            }
        }
    }

    /// After an undo or a redo: the changed item on the list shown, in view (a step of one item; a
    /// step of many, such as an import, leaves the list where it is).
    private func revealChanged(_ ids: Set<ItemID>) {
        guard ids.count == 1, let id = ids.first, let page = host.currentListPage,
              page.projection.index(of: id) != nil else { return }
        page.reveal(id)
    }

    /// A step made on another list is undone there: that list is shown first. A step on the lists
    /// alone is undone wherever the user is; a list it brings back is then shown.
    func showListOf(_ entry: UndoHistory.Entry?) {
        guard let entry, !entry.onListsOnly, entry.list != host.model.list,
              host.model.lists.all.contains(where: { $0.id == entry.list }) else { return }
        host.showList(entry.list)
    }

    func showListBroughtBack(by entry: UndoHistory.Entry?, before: [ShoppingList]) {
        guard let entry, entry.onListsOnly else { return }
        if let back = host.model.lists.all.first(where: { l in
            entry.listIDs.contains(l.id) && !before.contains { $0.id == l.id }
        }) {
            host.showList(back.id)
        }
    }

    /// A name for a list, asked in a small dialog (Enter answers, Escape cancels).
    private func askListName(
        heading: String, name: String, answer: String, _ done: @escaping @MainActor (String) -> Void
    ) {
        let dialog = MessageDialog(parent: host.window, heading: heading, body: "")
        let entry = Entry()
        entry.text = name
        entry.widget.accessibleLabel(L("List name"))
        entry.activatesDefault(true)
        dialog.extraChild(entry.widget)
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("ok", answer, suggested: true)
        dialog.closeResponse("cancel")
        let named: @MainActor @Sendable () -> Bool = {
            !entry.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        entry.onChanged { dialog.setEnabled("ok", named()) }
        dialog.setEnabled("ok", named())
        dialog.onResponse { response in if response == "ok" { done(entry.text) } }
        // libadwaita 1.2 names its response buttons twice ("Cancel Cancel").
        dialog.widget.nameButtons(icons: [:])
        dialog.present()
        _ = entry.widget.grabFocus()
    }
}
