import Foundation
import ShopperModel

/// The recipes' place: chosen in the sidebar (or Ctrl+6), it takes the content's place; a list
/// chosen there brings the lists back. Recipes are typed or pasted (Ctrl+Shift+V), kept in the
/// store for every list, opened to cook for any number, deleted with Undo.
extension MainWindow {
    func wireRecipes() {
        recipes.listsButton.onClicked { [weak self] in
            guard let self else { return }
            lists.showSidebar(current: model.list)
        }
        lists.frame.onFoldedChanged { [weak self] folded in self?.recipes.folded(folded) }
        recipes.folded(lists.frame.folded)
        sidebar.onRecipes = { [weak self] in
            self?.showRecipes()
            self?.lists.showContent()
        }
    }

    /// The recipes in the content's place, the keyboard on their list.
    func showRecipes() {
        let page = recipes.page
        if page.onDelete == nil { page.onDelete = { [weak self] id in self?.deleteRecipe(id) } }
        reloadRecipes()
        lists.places.visibleName = ListsPane.recipesPlace
        sidebar.highlightRecipes()
        _ = page.listView.widget.grabFocus()
    }

    /// The lists back in the content's place (a list chosen in the sidebar).
    func showLists() {
        guard lists.isShowingRecipes else { return }
        lists.places.visibleName = ListsPane.listsPlace
        sidebar.highlightList(model.list)
    }
}

extension MainWindow {
    /// The recipes kept, read again into the page (when it is built).
    func reloadRecipes() {
        guard let page = recipes.builtPage else { return }
        do {
            page.show(try model.recipes().map { RecipesPage.Kept(id: $0.id.raw, draft: $0.draft) })
        } catch {
            report(error)
        }
    }

    /// Paste a Recipe…: the dialog over the window; Save keeps the recipe and opens it.
    func pasteRecipe() {
        showRecipes()
        let dialog = RecipePasteDialog(parent: window, numbers: UserLocale.current.numbers,
                                       read: { RecipeText.read($0) ?? RecipeDraft(title: "") }) { [weak self] draft in
            guard let self else { return }
            do {
                let id = try model.addRecipe(draft)
                reloadRecipes()
                recipes.page.open(id: id.raw)
                toast.show(L("“{recipe}” is kept with your recipes", ["recipe": draft.capped.title]), actionTitle: L("Undo"), action: undoAction())
            } catch {
                report(error)
            }
        }
        dialog.window.onCloseRequest { [weak self] in
            self?.dialogs.recipePaste = nil
            return false
        }
        dialogs.recipePaste = dialog
        dialog.present()
    }

    /// Deletes a recipe, with Undo (its meals on the plan go with it, and come back with it).
    func deleteRecipe(_ raw: Int64) {
        guard let recipe = try? model.recipe(RecipeID(raw)) else { return }
        if attempt({ try model.deleteRecipe(recipe.id) }) {
            reloadRecipes()
            toast.show(L("Deleted “{recipe}”", ["recipe": recipe.title]), actionTitle: L("Undo"), action: undoAction())
        }
    }
}
