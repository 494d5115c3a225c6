import Foundation
import ShopperModel

/// The recipes' place: chosen in the sidebar (or Ctrl+6), it takes the content's place; a list
/// chosen there brings the lists back. Recipes are typed or pasted (Ctrl+Shift+V), kept in the
/// store for every list, opened to cook for any number, deleted with Undo.
extension MainWindow {
    func wireRecipes() {
        recipes.onListsButton = { [weak self] in
            guard let self else { return }
            lists.showSidebar(current: model.list)
        }
        lists.frame.onFoldedChanged { [weak self] folded in self?.recipes.folded(folded) }
        recipes.folded(lists.frame.folded)
        recipes.onWeekShown = { [weak self] in self?.reloadWeek() }
        sidebar.onRecipes = { [weak self] in
            self?.showRecipes()
            self?.lists.showContent()
        }
    }

    /// The recipes in the content's place, the keyboard on their list.
    func showRecipes() {
        let page = recipes.page
        if page.onDelete == nil {
            page.onDelete = { [weak self] id in self?.deleteRecipe(id) }
            page.onAddToList = { [weak self] id, servings in self?.chooseListForRecipe(RecipeID(id), servings: servings) }
            page.onPlan = { [weak self] id, servings in self?.planRecipe(RecipeID(id), servings: servings) }
            page.onEdit = { [weak self] id in self?.editRecipe(RecipeID(id)) }
            page.draft = { [weak self] id in (try? self?.model.recipes.recipe(RecipeID(id)))??.draft }
            page.searchTexts = { [weak self] after, limit in
                guard let self else { return ([:], nil) }
                do {
                    let (texts, last) = try model.recipes.recipeSearchTexts(after: RecipeID(after), limit: limit)
                    return (Dictionary(texts.map { ($0.key.raw, $0.value) }, uniquingKeysWith: { a, _ in a }), last?.raw)
                } catch {
                    report(error)
                    return ([:], nil)
                }
            }
        }
        reloadRecipes()
        lists.places.visibleName = ListsPane.recipesPlace
        pageStack.switcherBar.widget.visible = false
        recipes.barPlace.widget.visible = true
        // A toast stands below the place's foot (Add the Week to the List…), not over it.
        toast.room = recipes.root.widget
        sidebar.highlightRecipes()
        _ = page.listView.widget.grabFocus()
    }

    /// The week's plan in the content's place, the keyboard on Add the Week to the List….
    func showWeekPlan() {
        showRecipes()
        recipes.showWeek()
        reloadWeek()
        recipes.week.focus()
    }

    /// The lists back in the content's place (a list chosen in the sidebar).
    func showLists() {
        guard lists.isShowingRecipes else { return }
        lists.places.visibleName = ListsPane.listsPlace
        recipes.barPlace.widget.visible = false
        pageStack.switcherBar.widget.visible = true
        toast.room = pageStack.stack.widget
        sidebar.highlightList(model.list)
    }
}

extension MainWindow {
    /// The recipes kept, read again into the page (when it is built).
    func reloadRecipes() {
        guard let page = recipes.builtPage else { return }
        do {
            page.show(try model.recipes.recipeSummaries().map {
                RecipesPage.Kept(id: $0.id.raw, title: $0.title, servings: $0.servings, ingredientCount: $0.ingredientCount)
            })
        } catch {
            report(error)
        }
    }

    /// Deletes a recipe, with Undo (its meals on the plan go with it, and come back with it).
    func deleteRecipe(_ raw: Int64) {
        guard let recipe = try? model.recipes.recipe(RecipeID(raw)) else { return }
        if attempt({ try model.recipes.deleteRecipe(recipe.id) }) {
            reloadRecipes()
            toast.show(L("Deleted “{recipe}”", ["recipe": recipe.title]), actionTitle: L("Undo"), action: undoAction())
        }
    }
}

extension MainWindow {
    /// Each list's model for a preview: the one shown, else opened once per dialog (sharing the
    /// window's undo history, so an add made there is a step Ctrl+Z takes back).
    func listModels() -> ((ListID) -> ShoppingModel?)? {
        let store = model.store
        let undo = model.undo
        var opened: [ListID: ShoppingModel] = [:]
        return { [weak self] list in
            if list == self?.model.list { return self?.model }
            if let m = opened[list] { return m }
            let m = try? ShoppingModel.opening(list, in: store, undo: undo)
            opened[list] = m
            return m
        }
    }

    /// Add to List…: the dialog with its preview; Add merges the recipe into the list chosen (one
    /// undo step) and shows that list's shopping list, where the merged items stand in their aisles.
    func chooseListForRecipe(_ id: RecipeID, servings: Int) {
        recipeAddDialog(id, servings: servings)?.present()
    }

    /// The dialog built, its preview worked out, not yet shown (the benchmark times the two apart:
    /// showing a new window is GTK realizing and styling it, a cost of its own).
    func recipeAddDialog(_ id: RecipeID, servings: Int) -> RecipeAddDialog? {
        guard let recipe = try? model.recipes.recipe(id), let models = listModels() else { return nil }
        let dialog = RecipeAddDialog(heading: L("Add “{recipe}” to a List", ["recipe": recipe.title]),
                                     body: N("For {n} serving: each ingredient is merged into what the list already needs.",
                                             "For {n} servings: each ingredient is merged into what the list already needs.", servings),
                                     lists: model.lists.all, current: model.list, parent: window, model: models, changes: { try $0.plan.previewRecipe(id, servings: servings) },
           onAdd: { [weak self] list in self?.addRecipe(recipe, servings: servings, to: list) })
        dialog.dialog.onResponse { [weak self] _ in self?.dialogs.recipeAdd = nil }
        dialogs.recipeAdd = dialog
        return dialog
    }

    /// What Add to List's button does (the benchmark's add too).
    func addRecipe(_ recipe: Recipe, servings: Int, to list: ListID) {
        showList(list)
        guard model.list == list else { return }
        var changes: [RecipeChange] = []
        let before = model.undo.latestID
        guard attempt({ changes = try model.plan.addRecipeToList(recipe.id, servings: servings) }) else { return }
        showLists()
        show(.shopping)
        // Every line a staple or a heading: nothing was added, and there is nothing to undo.
        guard let undo = undoAction(ifNewSince: before) else { return }
        let listName = currentList?.name ?? ""
        let added = changes.filter { if case .staple = $0.kind { false } else if case .heading = $0.kind { false } else { true } }.count
        toast.show(N("“{recipe}”: {n} ingredient on “{list}”", "“{recipe}”: {n} ingredients on “{list}”", added,
                     ["recipe": recipe.title, "list": listName]), actionTitle: L("Undo"), action: undo)
    }
}

extension MainWindow {
    /// Always at Home…: the staples' window, one at a time, brought to the front when open.
    func manageStaples() {
        if let open = dialogs.staples {
            open.window.present()
            return
        }
        let store = model.store
        let staples = StaplesWindow(parent: window, store: store)
        staples.onError = { [weak self] error in self?.report(error) }
        staples.onClosed = { [weak self] in self?.dialogs.staples = nil }
        dialogs.staples = staples
        staples.window.present()
    }

    /// The recipes' menu: getting a recipe in, the staples, and the application's items (the
    /// lists' main menu is in their header, which the recipes' place covers).
    static func recipesMenu() -> Menu { menu([[.pasteRecipe, .importRecipe], [.manageStaples], [.preferences, .shortcuts, .about]]) }
}
