import Foundation
import ShopperModel

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
    private final class Shown { var entries: [Kept] = [] }
    private let shown = Shown()
    private var all: [Kept] = []
    private let rowModel: RowListModel
    private(set) var listView: ListView!
    /// The list's scroller (the benchmark scrolls it).
    private(set) var scroller: ScrolledWindow!
    private lazy var emptyState = LazyStatusPage(
        in: listSide, icon: "accessories-text-editor-symbolic", title: L("No Recipes Yet"),
        description: L("Paste a recipe (its title, its ingredients, then its method) with the + button, or press Ctrl+Shift+V. Open it to cook for any number: the amounts follow."))
    let detail: RecipeDetail
    /// The recipe open, by identity.
    private(set) var openID: Int64?
    var entries: [Kept] { shown.entries }
    var onDelete: (@MainActor (Int64) -> Void)?
    /// Add to List… on the recipe open, for the servings shown.
    var onAddToList: (@MainActor (Int64, Int) -> Void)?
    /// Plan… on the recipe open, for the servings shown.
    var onPlan: (@MainActor (Int64, Int) -> Void)?
    var onEdit: (@MainActor (Int64) -> Void)?
    /// A recipe's whole text, to open it.
    var draft: @MainActor (Int64) -> RecipeDraft? = { _ in nil }
    /// Recipes' search texts (`Recipes.recipeSearchTexts`) after an id, up to a count, and
    /// the last id read (nil once all are read): read in idle slices after the page's first frame
    /// and after each `show`, so that a search's first key finds them made (read whole there, it
    /// was 16-28 ms of a 45 ms key); whatever is left, at the first key.
    var searchTexts: @MainActor (_ after: Int64, _ limit: Int) -> (texts: [Int64: String], last: Int64?) = { _, _ in ([:], nil) }
    private var texts: [Int64: String] = [:]
    /// Where the next slice of texts starts; nil once every text is read.
    private var textsAfter: Int64? = 0
    /// Counts `show`s: a slice scheduled before the last one is dropped.
    private var textsRound = 0
    static let textsSlice = 100
    /// The page's first frame was drawn.
    private var drawn = false

    init(numbers: NumberConvention) {
        detail = RecipeDetail(numbers: numbers)
        rowModel = RowListModel(count: { [weak shown] in shown?.entries.count ?? 0 }, identity: { $0 + 1 })
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
        detail.onBack = { [weak self] in self?.closeRecipe() }
        detail.onDelete = { [weak self] in
            guard let self, let id = openID else { return }
            onDelete?(id)
        }
        detail.onAddToList = { [weak self] servings in
            guard let self, let id = openID else { return }
            onAddToList?(id, servings)
        }
        detail.onEdit = { [weak self] in
            guard let self, let id = openID else { return }
            onEdit?(id)
        }
        detail.onPlan = { [weak self] servings in
            guard let self, let id = openID else { return }
            onPlan?(id, servings)
        }
        root.append(body.widget)
    }

    private func recipeList() -> ScrolledWindow {
        let factory = ListItemFactory(setup: { item in
            item.child = RecipeRow().root
        }, bind: { [weak self] item in
            guard let self, let child = item.child, let object = item.object else { return }
            let i = RowListModel.identity(of: object) - 1
            guard i >= 0, i < entries.count else { return }
            RecipeRow(wrapping: child).show(entries[i])
        })
        // The first frame builds the rows a window can show; the rest follow it (see `ListPage`).
        rowModel.showFirst(Self.firstScreenful)
        listView = ListView(model: rowModel, factory: factory)
        listView.widget.afterFirstFrame { [weak self] in
            MainLoop.idle {
                self?.rowModel.showAll()
                self?.drawn = true
                self?.readTextsWhenIdle()
            }
        }
        listView.activateOnSingleClick()
        listView.widget.css("navigation-sidebar")
        listView.widget.accessibleLabel(L("Recipes"))
        listView.onActivate { [weak self] i in self?.open(i) }
        scroller = ScrolledWindow()
        scroller.child(listView.widget)
        scroller.widget.expand(h: true, v: true)
        return scroller
    }

    /// The recipes kept, the search applied; the one open stays open while it is still there.
    func show(_ recipes: [Kept]) {
        all = recipes
        texts = [:]
        textsAfter = 0
        textsRound += 1
        // Not before the page's first frame: an idle slice then would come before it.
        if drawn { readTextsWhenIdle() }
        filter()
        if let id = openID {
            if all.contains(where: { $0.id == id }), let d = draft(id) { detail.show(d, servings: detail.servings.value) } else { closeRecipe() }
        }
    }

    /// The search: every word in the title, a tag or an ingredient, case and accents aside.
    private func filter() {
        let old = entries.count
        let query = search.text
        if query.trimmingCharacters(in: .whitespaces).isEmpty {
            shown.entries = all
        } else {
            while textsAfter != nil { readTexts(limit: Int(Int32.max)) }
            shown.entries = all.filter { texts[$0.id].map { Recipes.recipeText($0, matches: query) } ?? false }
        }
        // Told in two steps, a screenful back first (see `RowListModel.itemsChanged`): a search's
        // first frame then builds the rows it shows, not GTK's whole window of them.
        rowModel.itemsChanged(position: 0, removed: old, added: entries.count, inTwoSteps: true, thenFirst: Self.firstScreenful)
        if rowModel.isLimited, drawn {
            listView.widget.afterNextFrame { [weak self] _ in MainLoop.idle { self?.rowModel.showAll() } }
        }
        listView.widget.visible = !entries.isEmpty || !all.isEmpty
        // Made only when there is nothing to show: hidden, it was measured with the page all the same.
        emptyState.shown = all.isEmpty
    }

    /// One slice of search texts now, the next in the next idle moment, until all are read.
    private func readTextsWhenIdle() {
        let round = textsRound
        MainLoop.idle { [weak self] in
            guard let self, round == textsRound, textsAfter != nil else { return }
            readTexts(limit: Self.textsSlice)
            readTextsWhenIdle()
        }
    }

    private func readTexts(limit: Int) {
        guard let after = textsAfter else { return }
        let (more, last) = searchTexts(after, limit)
        texts.merge(more) { _, new in new }
        textsAfter = last
    }

    func open(_ i: Int) {
        guard i < entries.count, let d = draft(entries[i].id) else { return }
        openID = entries[i].id
        detail.show(d)
        body.visibleName = "recipe"
        _ = detail.servings.widget.grabFocus()
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

    private func closeRecipe() {
        let was = openID
        openID = nil
        detail.clear()
        // Beside the list, "No Recipe Open" takes its place (made now if a recipe was open since
        // the window was widened).
        if !body.folded { detail.showPlaceholder() }
        body.visibleName = "recipes"
        if let was, let i = entries.firstIndex(where: { $0.id == was }) { listView.scrollTo(i) }
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
