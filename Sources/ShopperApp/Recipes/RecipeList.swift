import ShopperModel

/// The recipes found, in a recycling list whose first frame builds a screenful (each row a
/// recipe's title, and how many it serves and what it needs).
@MainActor
final class RecipeList {
    /// What the list shows, in a box of its own: the row model reads it (weakly) from GTK's calls.
    private final class Shown { var entries: [RecipesPage.Kept] = [] }
    private let shown = Shown()
    private let rowModel: RowListModel
    let listView: ListView
    /// The list's scroller (the benchmark scrolls it).
    let scroller = ScrolledWindow()

    var entries: [RecipesPage.Kept] { shown.entries }

    init(firstScreenful: Int) {
        rowModel = RowListModel(count: { [weak shown] in shown?.entries.count ?? 0 }, identity: { $0 + 1 })
        let factory = ListItemFactory(setup: { item in
            item.child = RecipeRow().root
        }, bind: { [weak shown] item in
            guard let entries = shown?.entries, let child = item.child, let object = item.object else { return }
            let i = RowListModel.identity(of: object) - 1
            guard i >= 0, i < entries.count else { return }
            RecipeRow(wrapping: child).show(entries[i])
        })
        // The first frame builds the rows a window can show; the rest follow it (see `ListPage`).
        rowModel.showFirst(firstScreenful)
        listView = ListView(model: rowModel, factory: factory)
        listView.activateOnSingleClick()
        listView.widget.css("navigation-sidebar")
        listView.widget.accessibleLabel(L("Recipes"))
        scroller.child(listView.widget)
        scroller.widget.expand(h: true, v: true)
    }

    func showAll() { rowModel.showAll() }

    /// Shows `entries` in place of the recipes shown. Told in two steps, a screenful back first
    /// (see `RowListModel.itemsChanged`): a search's first frame then builds the rows it shows,
    /// not GTK's whole window of them; after the page's first frame (`drawn`) the rest follow.
    func show(_ entries: [RecipesPage.Kept], firstScreenful: Int, drawn: Bool) {
        let old = shown.entries.count
        shown.entries = entries
        rowModel.itemsChanged(position: 0, removed: old, added: entries.count, inTwoSteps: true,
                              thenFirst: firstScreenful)
        if rowModel.isLimited, drawn {
            listView.widget.afterNextFrame { [rowModel] _ in MainLoop.idle { rowModel.showAll() } }
        }
    }
}

/// The recipes' search texts, read in idle slices after the page's first frame and after each new
/// set of recipes, so that a search's first key finds them made (read whole there, it was 16-28 ms
/// of a 45 ms key); whatever is left, at the first key.
@MainActor
final class RecipeSearchTexts {
    private let read: @MainActor (_ after: Int64, _ limit: Int) -> (texts: [Int64: String], last: Int64?)
    private var texts: [Int64: String] = [:]
    /// Where the next slice of texts starts; nil once every text is read.
    private var after: Int64? = 0
    /// Counts restarts: a slice scheduled before the last one is dropped.
    private var round = 0
    static let slice = 100

    init(read: @escaping @MainActor (_ after: Int64, _ limit: Int) -> (texts: [Int64: String], last: Int64?)) {
        self.read = read
    }

    /// Another set of recipes: their texts are read again from the first.
    func restart() {
        texts = [:]
        after = 0
        round += 1
    }

    /// One slice of search texts now, the next in the next idle moment, until all are read.
    func readWhenIdle() {
        let current = round
        MainLoop.idle { [weak self] in
            guard let self, current == round, after != nil else { return }
            readSlice(limit: Self.slice)
            readWhenIdle()
        }
    }

    /// Every text not read yet, now (a search typed).
    func readAll() {
        while after != nil { readSlice(limit: Int(Int32.max)) }
    }

    /// Whether the recipe's text has every word of `query`.
    func matches(_ id: Int64, _ query: String) -> Bool {
        texts[id].map { Recipes.recipeText($0, matches: query) } ?? false
    }

    private func readSlice(limit: Int) {
        guard let from = after else { return }
        let (more, last) = read(from, limit)
        texts.merge(more) { _, new in new }
        after = last
    }
}
