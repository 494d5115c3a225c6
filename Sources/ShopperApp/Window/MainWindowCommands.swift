import Foundation
import ShopperModel

/// The window's commands as GActions ("win.…", from the `AppAction` table): menus, keys, buttons
/// and D-Bus all reach them the same way, and each is enabled only when it can act, instead of
/// every handler guarding itself.
extension MainWindow {
    func installActions() {
        let actions = ActionMap(window)
        for action in AppAction.allCases where action.scope == .win {
            // The store is a choice: its menu marks the one the list is shopped at.
            if action == .chooseStore {
                actions.addChoice(action.rawValue, state: "\(model.shops.currentShop.raw)") { [weak self] argument in
                    self?.run(action, argument)
                }
                continue
            }
            actions.add(action.rawValue, stringParameter: action.takesString) { [weak self] argument in
                self?.run(action, argument)
            }
        }
        updateActions()
    }

    private func run(_ action: AppAction, _ argument: String?) {
        // What acts on the lists brings them back first when the recipes are shown (Ctrl+F
        // searches the recipes there instead).
        if [.showList, .switchList, .addItem, .finishShopping, .importItems, .exportItems].contains(action) { showLists() }
        let selected = currentListPage?.selectedItem
        switch action {
        case .showList: showPage(argument)
        // In the recipes' place, Ctrl+F searches the recipes, as it searches whatever is shown.
        case .search where lists.isShowingRecipes:
            recipes.showRecipes()
            recipes.page.focusSearch()
        // From the Searches page, searching and adding go to All Items (they act on a list).
        case .search:
            if currentListPage == nil { show(.all) }
            searchBar.isOpen = true
            searchBar.entry.grabFocus()
        case .saveSearch: beginSaveSearch()
        case .switchList: switchList(argument)
        case .newList: newList()
        case .renameList: renameList()
        case .deleteList: deleteList()
        case .recentlyDeleted: showRecentlyDeleted()
        case .moveToList: moveSelected(toList: argument)
        case .shareList: shareList()
        case .syncNow: sharing.sync()
        case .stopSharing: stopSharing()
        case .chooseStore: chooseShop(argument)
        case .manageStores: manageShops()
        case .showRecipes: showRecipes()
        case .pasteRecipe: pasteRecipe()
        case .showWeekPlan: showWeekPlan()
        case .importRecipe: importRecipe()
        case .manageStaples: manageStaples()
        case .addItem:
            if currentListPage == nil { show(.all) }
            addBar.focus()
        // GTK runs application shortcuts before the focused widget sees the key, so Ctrl+Z typed in
        // a text field reaches this action while the list can undo: it goes to the field instead,
        // whose own history it is, even when that history is empty.
        case .undo: if let field = window.focusedTextField { field.activateAction("text.undo") } else { undo() }
        case .redo: if let field = window.focusedTextField { field.activateAction("text.redo") } else { redo() }
        case .finishShopping: finishShopping()
        case .importItems: chooseImport()
        case .exportItems: chooseExport()
        case .shortcuts: showShortcuts()
        case .close: window.close()
        case .tick: if let id = selected { currentPage.act(.tick, on: id) }
        case .untick: if let id = selected { currentPage.act(.untick, on: id) }
        case .pick: if let id = selected { currentPage.act(.toggleNeeded, on: id) }
        case .edit: if let id = selected { openEditor(id) }
        case .delete: if let id = selected { delete(id) }
        case .moveUp: currentListPage?.moveSelected(by: -1)
        case .moveDown: currentListPage?.moveSelected(by: 1)
        case .preferences, .about, .quit, .addLine: break  // application actions
        }
    }

    /// A page of the list (`AppAction.pages`), the keyboard on its rows.
    private func showPage(_ name: String?) {
        guard let name, AppAction.pages.contains(name) else { return }
        // Built before it is shown: the stack moves keyboard focus into the page it shows, and
        // an empty place would leave the focus nowhere.
        if let kind = ListKind(rawValue: name) { _ = page(kind) } else if name == AppAction.tripsPage { _ = trips } else { _ = searches }
        stack.visibleName = name
        // On to the list's rows at every width: the stack leaves the focus where it was, on a
        // phone often the bottom switcher's button, where Down did nothing and Space switched
        // back. An empty list leaves it there (its explanation says what to do).
        if let page = currentListPage { _ = page.focusRows() }
        else if name == AppAction.tripsPage { trips.focus() } else { _ = searches.focusRows() }
    }

    /// When each window action can act. Called after anything it depends on changes.
    func isEnabled(_ action: AppAction) -> Bool {
        let page = isEditing ? nil : currentListPage
        let selected = page?.selectedItem != nil
        switch action {
        case .tick: return selected && page?.kind == .shopping
        case .untick: return selected && page?.kind == .cart
        case .pick: return selected && page?.kind == .all
        case .edit, .delete, .moveUp, .moveDown: return selected
        case .moveToList: return selected && model.lists.all.count > 1
        case .switchList: return !isEditing && model.lists.all.count > 1
        case .deleteList: return !isEditing && model.lists.all.count > 1
        case .newList, .renameList, .recentlyDeleted, .chooseStore, .manageStores, .showRecipes, .pasteRecipe, .showWeekPlan, .importRecipe: return !isEditing
        case .manageStaples: return !isEditing
        case .shareList: return !isEditing && !sharing.isShared(model.list)
        case .syncNow, .stopSharing: return sharing.isShared(model.list)
        // Enabled with nothing to take back: Ctrl+Z then says so (as GNOME's apps do) instead of
        // doing nothing, the key unhandled.
        case .undo, .redo: return !isEditing
        case .finishShopping: return !isEditing && model.items.totals.inCart.count > 0
        case .saveSearch: return !isEditing && !searchBar.text.trimmingCharacters(in: .whitespaces).isEmpty
        case .showList, .search, .addItem, .importItems, .exportItems: return !isEditing
        case .shortcuts, .close, .preferences, .about, .quit, .addLine: return true
        }
    }

    func updateActions() {
        guard !isGone else { return }
        let actions = ActionMap(window)
        for action in AppAction.allCases where action.scope == .win {
            actions.setEnabled(action.rawValue, isEnabled(action))
        }
    }

    /// The main menu (F10): files, the trip, the app.
    static func mainMenu() -> Menu {
        menu([[.newList, .renameList, .deleteList, .recentlyDeleted], [.shareList, .syncNow, .stopSharing], [.importItems, .exportItems],
              [.manageStores, .manageStaples, .finishShopping], [.preferences, .shortcuts, .about]])
    }

    /// A menu of actions by their titles, a section a group.
    static func menu(_ groups: [[AppAction]]) -> Menu {
        let menu = Menu()
        for group in groups {
            let section = Menu()
            for action in group { section.append(action.title, action: action.detailedName) }
            menu.appendSection(section)
        }
        return menu
    }

    /// A row's menu (right click, Shift+F10, Menu): what can be done to the item on that list, in
    /// words that say what happens to it, each with its key.
    static func rowMenu(for kind: ListKind, needed: Bool = false, otherLists: [ShoppingList] = []) -> Menu {
        let menu = Menu()
        func add(_ a: AppAction, _ title: String? = nil, to section: Menu) {
            section.append(title ?? a.title, action: a.detailedName, accel: a.accelerators.first?.keys.first)
        }
        let first = Menu()
        switch kind {
        case .all: add(.pick, needed ? L("Take Off the Shopping List") : L("Put on the Shopping List"), to: first)
        case .shopping: add(.tick, to: first)
        case .cart: add(.untick, to: first)
        }
        add(.edit, to: first)
        menu.appendSection(first)
        let moves = Menu()
        for a in [AppAction.moveUp, .moveDown] { add(a, to: moves) }
        // Each other list by name, in the sidebar's order.
        if !otherLists.isEmpty {
            let lists = Menu()
            for list in otherLists { lists.append(list.name, action: AppAction.moveToList.detailedName, target: "\(list.id.raw)") }
            moves.appendSubmenu(AppAction.moveToList.title, lists)
        }
        menu.appendSection(moves)
        let last = Menu()
        add(.delete, to: last)
        menu.appendSection(last)
        return menu
    }
}
