import Foundation
import ShopperModel

/// The list shown: its own model (another list shown, another model), its name in the title and
/// the sidebar, and the content's place, the lists' or the recipes'.
extension MainWindow {
    /// After lists or their counts changed (here or in another process): the sidebar, the title,
    /// and another list shown should this one have gone.
    func listsChanged() {
        guard let current = currentList else {
            if let first = model.lists.all.first { showList(first.id) }
            return
        }
        lists.showCounts()
        features.sharing.listShownChanged()
        window.title = L("{list} – Shopper", ["list": current.name])
        pageStack.showInTitle(list: current.name)
    }

    /// The recipes' place in the content's place (`RecipesController.show`).
    func showRecipesPlace() {
        lists.pane.showRecipesPlace()
        pageStack.showBottomSwitcher(false)
        recipes.place.showBottomBar(true)
        // A toast stands below the place's foot (Add the Week to the List…), not over it.
        toast.room = recipes.place.root.widget
    }

    /// The lists back in the content's place (a list chosen in the sidebar).
    func showLists() {
        guard lists.pane.isShowingRecipes else { return }
        lists.pane.showListsPlace(current: model.list)
        recipes.place.showBottomBar(false)
        pageStack.showBottomSwitcher(true)
        toast.room = pageStack.room
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

    /// Undoes the latest step; with `step`, only if that step is still the latest (on the list it was
    /// made on, shown first: `ListsController`).
    func undo(step: Int? = nil) { lists.undo(step: step) }
    func redo() { lists.redo() }
    func focusAddBar() { strip.addBar.focus() }
    func showRecipes() { recipes.show() }
}
