import Foundation
import ShopperModel

/// What the recipes need of the window beyond the common services: the content's place (the
/// recipes', or the lists' back), a list shown (where a recipe's ingredients went) and the
/// window's commands, which follow the plan's changes.
@MainActor
protocol RecipesHost: WindowServices {
    /// The recipes' place in the content's place, marked in the sidebar.
    func showRecipesPlace()
    /// The lists back in the content's place (a list chosen in the sidebar).
    func showLists()
    /// The list `id`, read from the store (its own model).
    func showList(_ id: ListID)
    /// A page of the list shown.
    func show(_ kind: ListKind)
    func updateActions()
}

/// The household's recipes and the week's plan: the recipes' place (`RecipesPlace`: the Recipes
/// page and the Week's Plan), its four dialogs (a recipe's text, Add to List…, Plan a Meal,
/// Always at Home) and the import's progress, each one at a time and let go when closed. Recipes
/// are typed or pasted (Ctrl+Shift+V), kept in the store for every list, opened to cook for any
/// number, deleted with Undo.
@MainActor
final class RecipesController {
    unowned let host: any RecipesHost
    /// The place's widgets: its header and its two pages, each built when first shown.
    let place: RecipesPlace
    /// A recipe's text (pasted, edited, or read by the helper) being checked before it is kept.
    var pasteDialog: RecipePasteDialog?
    /// A recipe being read by the helper (one at a time).
    var importProgress: RecipeImportProgress?
    /// Asked on Save when the book has the recipe already.
    var duplicateDialog: RecipeDuplicateDialog?
    /// Add to List… of a recipe, or of the week.
    var addDialog: RecipeAddDialog?
    var mealDialog: MealDialog?
    var staplesWindow: StaplesWindow?

    init(host: any RecipesHost) {
        self.host = host
        place = RecipesPlace(numbers: UserLocale.current.numbers)
        place.onWeekShown = { [weak self] in self?.reloadWeek() }
    }

    /// The recipes in the content's place, the keyboard on their list.
    func show() {
        let page = place.page
        if page.host == nil { page.host = self }
        reloadRecipes()
        host.showRecipesPlace()
        _ = page.list.listView.widget.grabFocus()
    }

    /// Ctrl+F in the recipes' place: the recipes' search.
    func search() {
        place.showRecipes()
        place.page.focusSearch()
    }

    /// The week's plan in the content's place, the keyboard on Add the Week to the List….
    func showWeek() {
        show()
        place.showWeek()
        reloadWeek()
        place.week.focus()
    }

    /// An undo or redo of a recipe kept or deleted, here or by another process.
    func bookChanged() {
        reloadRecipes()
        reloadWeek()
    }

    /// The recipes kept, read again into the page (when it is built).
    func reloadRecipes() {
        guard let page = place.builtPage else { return }
        do {
            page.show(try host.model.recipes.recipeSummaries().map {
                    RecipesPage.Kept(
                        id: $0.id.raw, title: $0.title, servings: $0.servings, ingredientCount: $0.ingredientCount)
            })
        } catch {
            host.report(error)
        }
    }

    /// Deletes a recipe, with Undo (its meals on the plan go with it, and come back with it).
    func delete(_ id: RecipeID) {
        guard let recipe = try? host.model.recipes.recipe(id) else { return }
        if host.attempt({ try host.model.recipes.deleteRecipe(recipe.id) }) {
            reloadRecipes()
            host.sayDone(L("Deleted “{recipe}”", ["recipe": recipe.title]))
        }
    }

    /// Each list's model for a preview: the one shown, else opened once per dialog (sharing the
    /// window's undo history, so an add made there is a step Ctrl+Z takes back).
    func listModels() -> ((ListID) -> ShoppingModel?)? {
        let store = host.model.store
        let undo = host.model.undo
        var opened: [ListID: ShoppingModel] = [:]
        return { [weak self] list in
            if list == self?.host.model.list { return self?.host.model }
            if let m = opened[list] { return m }
            let m = try? ShoppingModel.opening(list, in: store, undo: undo)
            opened[list] = m
            return m
        }
    }

    /// Add to List…: the dialog with its preview; Add merges the recipe into the list chosen (one
    /// undo step) and shows that list's shopping list, where the merged items stand in their aisles.
    func chooseList(for id: RecipeID, servings: Int) {
        makeAddDialog(id, servings: servings)?.present()
    }

    /// The dialog built, its preview worked out, not yet shown (the benchmark times the two apart:
    /// showing a new window is GTK realizing and styling it, a cost of its own).
    func makeAddDialog(_ id: RecipeID, servings: Int) -> RecipeAddDialog? {
        let model = host.model
        guard let recipe = try? model.recipes.recipe(id), let models = listModels() else { return nil }
        let dialog = RecipeAddDialog(heading: L("Add “{recipe}” to a List", ["recipe": recipe.title]),
            body: N(
                "For {n} serving: each ingredient is merged into what the list already needs.",
                "For {n} servings: each ingredient is merged into what the list already needs.", servings),
                                     lists: model.lists.all, current: model.list, parent: host.window, model: models,
                                     changes: { try $0.plan.previewRecipe(id, servings: servings) },
                                     onAdd: { [weak self] list in self?.add(recipe, servings: servings, to: list) })
        dialog.dialog.onResponse { [weak self] _ in self?.addDialog = nil }
        addDialog = dialog
        return dialog
    }

    /// What Add to List's button does (the benchmark's add too).
    func add(_ recipe: Recipe, servings: Int, to list: ListID) {
        host.showList(list)
        guard host.model.list == list else { return }
        var changes: [RecipeChange] = []
        let before = host.model.undo.latestID
        guard host.attempt({ changes = try host.model.plan.addRecipeToList(recipe.id, servings: servings) }) else {
            return
        }
        host.showLists()
        host.show(.shopping)
        // Every line a staple or a heading: nothing was added, and there is nothing to undo.
        guard let undo = host.undoAction(ifNewSince: before) else { return }
        let listName = host.currentList?.name ?? ""
        let added = changes.filter {
            if case .staple = $0.kind { false } else if case .heading = $0.kind { false } else { true }
        }.count
        host.toast.show(N("“{recipe}”: {n} ingredient on “{list}”", "“{recipe}”: {n} ingredients on “{list}”", added,
                          ["recipe": recipe.title, "list": listName]), actionTitle: L("Undo"), action: undo)
    }

    /// Always at Home…: the staples' window, one at a time, brought to the front when open.
    func manageStaples() {
        if let open = staplesWindow {
            open.window.present()
            return
        }
        let store = host.model.store
        let staples = StaplesWindow(parent: host.window, store: store)
        staples.onError = { [weak self] error in self?.host.report(error) }
        staples.onClosed = { [weak self] in self?.staplesWindow = nil }
        staplesWindow = staples
        staples.window.present()
    }
}

extension RecipesController: RecipesPageHost {
    func draft(of id: Int64) -> RecipeDraft? { (try? host.model.recipes.recipe(RecipeID(id)))??.draft }

    func searchTexts(after: Int64, limit: Int) -> (texts: [Int64: String], last: Int64?) {
        do {
            let (texts, last) = try host.model.recipes.recipeSearchTexts(after: RecipeID(after), limit: limit)
            return (Dictionary(texts.map { ($0.key.raw, $0.value) }, uniquingKeysWith: { a, _ in a }), last?.raw)
        } catch {
            host.report(error)
            return ([:], nil)
        }
    }

    func delete(recipe id: Int64) { delete(RecipeID(id)) }
    func addToList(recipe id: Int64, servings: Int) { chooseList(for: RecipeID(id), servings: servings) }
    func plan(recipe id: Int64, servings: Int) { plan(RecipeID(id), servings: servings) }
    func edit(recipe id: Int64) { edit(RecipeID(id)) }
}
