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
            if action == .chooseShop {
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
        if [.showList, .switchList, .addItem, .finishShopping, .importItems, .exportItems].contains(action) {
            showLists()
        }
        if features.run(action, argument) { return }
        switch action {
        case .showList: showPage(argument)
        // In the recipes' place, Ctrl+F searches the recipes, as it searches whatever is shown.
        case .search where lists.pane.isShowingRecipes: recipes.search()
        // From the Searches page, searching and adding go to All Items (they act on a list).
        case .search: search.begin()
        case .saveSearch: search.beginSave()
        case .switchList: lists.switchTo(argument)
        case .newList: lists.new()
        case .renameList: lists.rename()
        case .deleteList: lists.deleteShown()
        case .recentlyDeleted: lists.showRecentlyDeleted()
        case .moveToList: lists.moveSelected(toList: argument)
        case .showRecipes: recipes.show()
        case .pasteRecipe: recipes.paste()
        case .showWeekPlan: recipes.showWeek()
        case .importRecipe: recipes.importRecipe()
        case .manageStaples: recipes.manageStaples()
        case .addItem:
            if currentListPage == nil { show(.all) }
            strip.addBar.focus()
        // GTK runs application shortcuts before the focused widget sees the key, so Ctrl+Z typed in
        // a text field reaches this action while the list can undo: it goes to the field instead,
        // whose own history it is, even when that history is empty.
        case .undo: if let field = window.focusedTextField { field.activateAction("text.undo") } else { undo() }
        case .redo: if let field = window.focusedTextField { field.activateAction("text.redo") } else { redo() }
        case .shortcuts: ShortcutsWindowXML.present(over: window)
        case .close: window.close()
        case .tick, .untick, .pick, .edit, .delete, .moveUp, .moveDown: items.run(action, on: currentListPage)
        case .preferences, .about, .quit, .addLine: break  // application actions
        // The shops', sharing's, files' and trips' own (`WindowFeatures.run`).
        case .shareList, .syncNow, .stopSharing, .shareKitchen, .chooseShop, .manageShops, .finishShopping,
             .importItems, .exportItems:
            break
        }
    }

    /// A page of the list (`AppAction.pages`), the keyboard on its rows.
    private func showPage(_ name: String?) {
        guard let name, AppAction.pages.contains(name) else { return }
        // Built before it is shown: the stack moves keyboard focus into the page it shows, and
        // an empty place would leave the focus nowhere.
        if let kind = ListKind(rawValue: name) { _ = page(kind) }
        else if name == AppAction.tripsPage { _ = features.trips.page } else { _ = search.savedSearches }
        pageStack.visibleName = name
        // On to the list's rows at every width: the stack leaves the focus where it was, on a
        // phone often the bottom switcher's button, where Down did nothing and Space switched
        // back. An empty list leaves it there (its explanation says what to do).
        if let page = currentListPage { _ = page.focusRows() }
        else if name == AppAction.tripsPage { features.trips.page.focus() }
        else { _ = search.savedSearches.focusRows() }
    }

    /// When each window action can act (`AppAction.isEnabled(in:)`). Called after anything it
    /// depends on changes.
    func isEnabled(_ action: AppAction) -> Bool { action.isEnabled(in: commandState) }

    private var commandState: CommandState {
        let editing = items.isEditing, page = editing ? nil : currentListPage
        return CommandState(editing: editing, list: page?.kind, selected: page?.selectedItem != nil,
                            listCount: model.lists.all.count, hasStore: model.store != nil,
                            shared: features.sharing.isListShownShared, kitchenShared: features.kitchen.isShared,
                            inCart: model.items.totals.inCart.count, searchWords: search.hasWords)
    }

    /// For tests: how many times the actions were brought up to date (once per change).
    static var actionUpdates = 0

    func updateActions() {
        guard !pageStack.isGone else { return }
        Self.actionUpdates += 1
        let actions = ActionMap(window), state = commandState
        for action in AppAction.allCases where action.scope == .win {
            actions.setEnabled(action.rawValue, action.isEnabled(in: state))
        }
    }
}
