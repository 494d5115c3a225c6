import Foundation
import ShopperModel

/// What the Recipes page needs of whoever shows it (the recipes controller): a recipe's whole
/// text, its search texts, and what is done with the recipe open.
@MainActor
protocol RecipesPageHost: AnyObject {
    /// A recipe's whole text, to open it.
    func draft(of id: Int64) -> RecipeDraft?
    /// Recipes' search texts (`Recipes.recipeSearchTexts`) after an id, up to a count, and the
    /// last id read (nil once all are read).
    func searchTexts(after: Int64, limit: Int) -> (texts: [Int64: String], last: Int64?)
    func delete(recipe id: Int64)
    /// Add to List… on the recipe open, for the servings shown.
    func addToList(recipe id: Int64, servings: Int)
    /// Plan… on the recipe open, for the servings shown.
    func plan(recipe id: Int64, servings: Int)
    func edit(recipe id: Int64)
}

/// The household's recipes: a search, every recipe in a recycling list (titles and what each
/// needs), and the one opened beside it (or over it at phone width). Shows what it is given
/// (`show`), summaries only: a recipe's lines are asked for when it is opened (`draft`) and for
/// search when a search is first typed (`searchTexts`). The window keeps them and does what its
/// buttons ask.
@MainActor
final class RecipesPage {
    /// A recipe kept, by its identity in the store: what its row shows.
    struct Kept: Equatable {
        let id: Int64
        let title: String
        let servings: Int?
        let ingredientCount: Int
    }

    let root = Box(.vertical)
    private let body = Leaflet()
    private let listSide = Box(.vertical)
    let search = Entry(placeholder: L("Search Recipes"))
    private var all: [Kept] = []
    /// The recipes found, in their recycling list.
    private(set) var list: RecipeList!
    private lazy var emptyState = LazyStatusPage(
        in: listSide, icon: "accessories-text-editor-symbolic", title: L("No Recipes Yet"),
        description: L(
            "Paste a recipe (its title, its ingredients, then its method) with the + button, or press Ctrl+Shift+V. Open it to cook for any number: the amounts follow."
        ))
    let detail: RecipeDetail
    /// The recipe open, by identity.
    private(set) var openID: Int64?
    var entries: [Kept] { list.entries }
    /// Set by the recipes controller: recipes' texts, and what the recipe open's buttons do.
    weak var host: (any RecipesPageHost)?
    /// The recipes' search texts, read while the page is idle.
    private var texts: RecipeSearchTexts!
    /// The page's first frame was drawn.
    private var drawn = false

    init(numbers: NumberConvention) {
        detail = RecipeDetail(numbers: numbers)
        texts = RecipeSearchTexts { [weak self] after, limit in
            self?.host?.searchTexts(after: after, limit: limit) ?? ([:], nil)
        }
        search.widget.accessibleLabel(L("Search Recipes"))
        search.widget.margins(12)
        search.onChanged { [weak self] in self?.filter() }
        // Enter opens the first recipe found, as a search's Enter does in GNOME's apps.
        search.onActivate { [weak self] in self?.open(0) }
        listSide.append(search.widget)
        listSide.append(recipeList().widget)
        listSide.widget.sizeRequest(width: 280)
        body.append(listSide.widget, name: "recipes")
        body.appendSeparator()
        detail.root.widget.expand(h: true, v: true)
        body.append(detail.root.widget, name: "recipe")
        body.visibleName = "recipes"
        body.widget.expand(h: true, v: true)
        body.onFoldedChanged { [weak self] folded in
            self?.detail.showBack(folded)
            if !folded { self?.detail.showPlaceholder() }
        }
        detail.showBack(body.folded)
        // Whether the leaflet folds is known once it has a width: at phone width, never made.
        body.widget.afterFirstFrame { [weak self] in
            guard let self, !body.folded else { return }
            detail.showPlaceholder()
        }
        detail.host = self
        root.append(body.widget)
    }

    private func recipeList() -> ScrolledWindow {
        list = RecipeList(firstScreenful: Self.firstScreenful)
        list.listView.widget.afterFirstFrame { [weak self] in
            MainLoop.idle {
                self?.list.showAll()
                self?.drawn = true
                self?.texts.readWhenIdle()
            }
        }
        list.listView.onActivate { [weak self] i in self?.open(i) }
        return list.scroller
    }

    /// The recipes kept, the search applied; the one open stays open while it is still there.
    func show(_ recipes: [Kept]) {
        all = recipes
        texts.restart()
        // Not before the page's first frame: an idle slice then would come before it.
        if drawn { texts.readWhenIdle() }
        filter()
        if let id = openID {
            if all.contains(where: { $0.id == id }), let d = host?.draft(of: id) {
                detail.show(d, servings: detail.servings.value)
            } else {
                closeRecipe()
            }
        }
    }

    /// The search: every word in the title, a tag or an ingredient, case and accents aside.
    private func filter() {
        let query = search.text
        if query.trimmingCharacters(in: .whitespaces).isEmpty {
            list.show(all, firstScreenful: Self.firstScreenful, drawn: drawn)
        } else {
            texts.readAll()
            list.show(all.filter { texts.matches($0.id, query) }, firstScreenful: Self.firstScreenful, drawn: drawn)
        }
        list.listView.widget.visible = !entries.isEmpty || !all.isEmpty
        // Made only when there is nothing to show: hidden, it was measured with the page all the same.
        emptyState.shown = all.isEmpty
    }

    func open(_ i: Int) {
        guard i < entries.count, let d = host?.draft(of: entries[i].id) else { return }
        openID = entries[i].id
        detail.show(d)
        body.visibleName = "recipe"
        _ = detail.servings.spin.widget.grabFocus()
    }

    /// Opens the recipe `id` (one just saved).
    func open(id: Int64) {
        search.text = ""
        if let i = entries.firstIndex(where: { $0.id == id }) { open(i) }
    }

    /// Rows that fill the window (`Screenful`); never more than GTK builds anyway.
    static var firstScreenful: Int { min(Screenful.rows(ofHeight: RecipeRow.minHeight), RowListModel.gtkWindow) }

    /// Ctrl+F: the search, in view (at phone width the list comes back over the recipe open).
    func focusSearch() {
        body.visibleName = "recipes"
        _ = search.widget.grabFocus()
    }

    fileprivate func closeRecipe() {
        let was = openID
        openID = nil
        detail.clear()
        // Beside the list, "No Recipe Open" takes its place (made now if a recipe was open since
        // the window was widened).
        if !body.folded { detail.showPlaceholder() }
        body.visibleName = "recipes"
        if let was, let i = entries.firstIndex(where: { $0.id == was }) { list.listView.scrollTo(i) }
    }
}

/// A recipe in the list: its title, and how many it serves and what it needs.
@MainActor
struct RecipeRow {
    let root: Widget
    /// No row is lower: a title and a caption under it, and the margins.
    static let minHeight = 48
    init() {
        let words = Box(.vertical, spacing: 2)
        let title = Label(), subtitle = Label()
        title.xalign(0)
        title.ellipsize()
        subtitle.xalign(0)
        subtitle.ellipsize()
        subtitle.widget.css("dim-label")
        subtitle.widget.css("caption")
        words.append(title.widget)
        words.append(subtitle.widget)
        words.widget.margins(8)
        root = words.widget
    }
    init(wrapping w: Widget) { root = w }

    func show(_ recipe: RecipesPage.Kept) {
        let title = Label(wrapping: root.firstChild!), subtitle = Label(wrapping: root.firstChild!.nextSibling!)
        title.text = recipe.title
        let lines = N("{n} ingredient", "{n} ingredients", recipe.ingredientCount)
        subtitle.text = recipe.servings.map { N("Serves {n}", "Serves {n}", $0) + " · " + lines } ?? lines
        root.accessibleLabel(title.text + ", " + subtitle.text)
    }
}

extension RecipesPage: RecipeDetailHost {
    func recipeBack() { closeRecipe() }

    func recipeDelete() {
        guard let id = openID else { return }
        host?.delete(recipe: id)
    }

    func recipeAddToList(servings: Int) {
        guard let id = openID else { return }
        host?.addToList(recipe: id, servings: servings)
    }

    func recipePlan(servings: Int) {
        guard let id = openID else { return }
        host?.plan(recipe: id, servings: servings)
    }

    func recipeEdit() {
        guard let id = openID else { return }
        host?.edit(recipe: id)
    }
}
