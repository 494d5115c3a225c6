import Foundation
import ShopperModel

/// The user's lists: the sidebar, switching between them (one model per list shown), and making,
/// renaming, deleting and moving lists and items between them, each with Undo.
extension MainWindow {
    func wireLists() {
        // GTK gives a new window's focus to its first focusable widget, the main menu's button:
        // the first key (Ctrl+Z after a restart) showed its ring there. The list takes it instead,
        // nothing selected nor scrolled (a list switched to selects its first row; a start does not).
        window.widget.afterFirstFrame { [weak self] in
            guard let self, window.focusedTextField == nil, !lists.isShowingRecipes else { return }
            _ = currentListPage?.listView.widget.grabFocus()
        }
        sidebar.onOpen = { [weak self] id in
            guard let self else { return }
            showList(id)
            showLists()
            lists.showContent()
            _ = currentListPage?.focusRows()
        }
        sidebar.onMove = { [weak self] id, index in self?.attempt { try self?.model.lists.moveList(id, to: index) } }
        sidebar.onDropItem = { [weak self] item, list in self?.move(item, toList: list) ?? false }
        sidebar.onMenu = { [weak self] list, x, y in self?.showListMenu(list, x: x, y: y) }
        lists.listsButton.onClicked { [weak self] in
            guard let self else { return }
            lists.showSidebar(current: model.list)
        }
        listsChanged()
    }

    /// A list's menu in the sidebar: the list is opened first, since its commands act on the list
    /// shown (as the main menu's do).
    private func showListMenu(_ id: ListID, x: Double, y: Double) {
        showList(id)
        let menu = Menu()
        for action in [AppAction.renameList, .deleteList] { menu.append(action.title, action: action.detailedName) }
        lists.popUp(menu, x: x, y: y)
    }

    /// The list shown now, as the sidebar has it.
    var currentList: ShoppingList? { model.lists.all.first { $0.id == model.list } }

    /// After lists or their counts changed (here or in another process): the sidebar, the title,
    /// and another list shown should this one have gone.
    func listsChanged() {
        guard let current = currentList else {
            if let first = model.lists.all.first { showList(first.id) }
            return
        }
        sidebar.update(model.lists.all, current: model.list)
        updateSyncStatus()
        window.title = L("{list} – Shopper", ["list": current.name])
        pageStack.switcherTitle.title(current.name)
    }

    /// Shows the list `id`: its own model, read from the store (the old one let go), the same page.
    func showList(_ id: ListID) {
        let store = model.store
        guard id != model.list else { return }
        do {
            replaceModel(with: try ShoppingModel.opening(id, in: store, undo: model.undo))
            preferences.set(.lastList, "\(id.raw)")
        } catch {
            report(error)
        }
    }

    /// Ctrl+Page Down / Page Up and Alt+1…9.
    func switchList(_ target: String?) {
        let lists = model.lists.all
        guard let here = lists.firstIndex(where: { $0.id == model.list }) else { return }
        let index: Int? = switch target {
        case "next": (here + 1) % lists.count
        case "previous": (here + lists.count - 1) % lists.count
        default: Int(target ?? "").map { $0 - 1 }
        }
        guard let index, lists.indices.contains(index) else { return }
        showList(lists[index].id)
        _ = currentListPage?.focusRows()
    }

    func newList() {
        askListName(heading: L("New List"), name: "", answer: L("Create")) { [weak self] name in
            guard let self else { return }
            var made: ListID?
            attempt { made = try model.lists.createList(named: name) }
            if let made {
                showList(made)
                addBar.focus()
            }
        }
    }

    func renameList() {
        guard let list = currentList else { return }
        askListName(heading: L("Rename List"), name: list.name, answer: L("Rename")) { [weak self] name in
            self?.attempt { try self?.model.lists.renameList(list.id, to: name) }
        }
    }

    /// Deleted at once, with Undo in the toast (and Ctrl+Z): the items wait in the store until the
    /// next start. The next list (or the one before) is shown.
    func deleteList() {
        guard let list = currentList, model.lists.all.count > 1 else { return }
        let lists = model.lists.all
        let here = lists.firstIndex { $0.id == list.id } ?? 0
        let next = lists[here + 1 < lists.count ? here + 1 : here - 1].id
        // The next list first, then the deletion from there: deleted while shown, the list would be
        // left for the first list and then for the next (two reads of a list).
        showList(next)
        guard attempt({ try model.lists.deleteList(list.id) }) else { return }
        toast.show(L("Deleted the list “{list}”", ["list": list.name]), actionTitle: L("Undo"), action: undoAction())
    }

    /// Recently Deleted: the lists deleted in the last week, each to restore.
    func showRecentlyDeleted() {
        if let open = dialogs.recentlyDeleted {
            open.window.present()
            return
        }
        let deleted: [ShoppingList]
        do { deleted = try model.lists.deletedLists() } catch {
            report(error)
            return
        }
        let dialog = RecentlyDeletedWindow(parent: window, deleted: deleted)
        dialog.onRestore = { [weak self] list in self?.restoreList(list) }
        dialog.onClosed = { [weak self] in self?.dialogs.recentlyDeleted = nil }
        dialogs.recentlyDeleted = dialog
        dialog.present()
    }

    /// A deleted list back, shown, with Undo in the toast (and Ctrl+Z).
    func restoreList(_ list: ShoppingList) {
        // A stale Recently Deleted (the list came back by Ctrl+Z meanwhile) restores nothing, and
        // must not offer an Undo of some other step.
        var restored = false
        guard attempt({ restored = try model.lists.restoreList(list.id) }), restored else { return }
        let undo = undoAction()
        showList(list.id)
        toast.show(L("Restored the list “{list}”", ["list": list.name]), actionTitle: L("Undo"), action: undo)
    }

    /// The selected item to another list (Move to List in its menu).
    func moveSelected(toList target: String?) {
        guard let id = currentListPage?.selectedItem, let raw = Int64(target ?? "") else { return }
        move(id, toList: ListID(raw))
    }

    /// An item to another list, with Undo; the list shown stays. False when it could not go (the
    /// list it is on already, or one gone).
    @discardableResult
    func move(_ id: ItemID, toList target: ListID) -> Bool {
        guard target != model.list, let to = model.lists.all.first(where: { $0.id == target }),
              let name = model.items.item(id)?.description else { return false }
        guard attempt({ try model.lists.moveItems([id], to: to.id) }) else { return false }
        toast.show(L("Moved “{item}” to {list}", ["item": name, "list": to.name]), actionTitle: L("Undo"), action: undoAction())
        return true
    }

    /// A step made on another list is undone there: that list is shown first. A step on the lists
    /// alone is undone wherever the user is; a list it brings back is then shown.
    func showListOf(_ entry: UndoHistory.Entry?) {
        guard let entry, !entry.onListsOnly, entry.list != model.list,
              model.lists.all.contains(where: { $0.id == entry.list }) else { return }
        showList(entry.list)
    }

    func showListBroughtBack(by entry: UndoHistory.Entry?, before: [ShoppingList]) {
        guard let entry, entry.onListsOnly else { return }
        if let back = model.lists.all.first(where: { l in entry.listIDs.contains(l.id) && !before.contains { $0.id == l.id } }) {
            showList(back.id)
        }
    }

    /// A name for a list, asked in a small dialog (Enter answers, Escape cancels).
    private func askListName(heading: String, name: String, answer: String, _ done: @escaping @MainActor (String) -> Void) {
        let dialog = MessageDialog(parent: window, heading: heading, body: "")
        let entry = Entry()
        entry.text = name
        entry.widget.accessibleLabel(L("List name"))
        entry.activatesDefault(true)
        dialog.extraChild(entry.widget)
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("ok", answer, suggested: true)
        dialog.closeResponse("cancel")
        let named: @MainActor @Sendable () -> Bool = { !entry.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        entry.onChanged { dialog.setEnabled("ok", named()) }
        dialog.setEnabled("ok", named())
        dialog.onResponse { response in if response == "ok" { done(entry.text) } }
        // libadwaita 1.2 names its response buttons twice ("Cancel Cancel").
        dialog.widget.nameButtons(icons: [:])
        dialog.present()
        _ = entry.widget.grabFocus()
    }
}
