import ShopperModel

/// What the search needs of the window beyond the common services: the list shown (searched),
/// a list or the lists' place shown (a result opened), the totals and the actions (they follow
/// the search), and the pages hidden while every list's results stand in for them.
@MainActor
protocol SearchHost: WindowServices {
    var currentListPage: ListPage? { get }
    var currentPage: ListPage { get }
    func showList(_ id: ListID)
    func show(_ kind: ListKind)
    func showLists()
    func updateTotals()
    func updateActions()
    func showPages(_ shown: Bool)
}

/// Searching: the search bar, All Lists and Save Search (`SearchPanel`), the saved searches' page
/// (built into the page stack when first shown), a result of another list opened, and what GNOME
/// Shell's overview opens in the window (`ShellSearch`).
@MainActor
final class SearchController {
    unowned let host: any SearchHost
    private let pages: PageStack
    /// The bar, its buttons, and every list's results.
    let panel: SearchPanel

    init(host: any SearchHost, pages: PageStack) {
        self.host = host
        self.pages = pages
        panel = SearchPanel(window: host.window)
        panel.host = self
    }

    /// The saved searches, built into the stack's Searches page when it is first shown.
    var savedSearches: SavedSearchesPage {
        if let built = pages.searches { return built }
        let searches = SavedSearchesPage(model: host.model)
        pages.place(searches)
        wire(searches)
        return searches
    }

    /// Ctrl+F: the bar open on a list (All Items from the Searches page: it acts on a list).
    func begin() {
        if host.currentListPage == nil { host.show(.all) }
        panel.bar.isOpen = true
        panel.bar.entry.grabFocus()
    }

    /// How many items every list's search found, while one is open (the totals say it).
    var allListsResults: Int? { panel.allSearch == nil ? nil : panel.found.count }

    /// Whether a search's words are typed (Save Search… is enabled).
    var hasWords: Bool { !panel.bar.text.trimmingCharacters(in: .whitespaces).isEmpty }

    private func wire(_ searches: SavedSearchesPage) {
        searches.onRun = { [weak self] search in self?.run(search) }
        searches.onDelete = { [weak self] search in
            guard let self else { return }
            if host.attempt({ try host.model.searches.deleteSearch(search.id) }) {
                host.sayDone(L("Deleted search “{name}”", ["name": search.name]))
            }
        }
        searches.onError = { [weak self] error in self?.host.report(error) }
    }

    func beginSave() { panel.beginSave() }

    /// Closes an open search (which clears it) and puts the focus on the list; false when no
    /// search was open, so the key goes on.
    func close() -> Bool {
        guard panel.close() else { return false }
        _ = host.currentListPage?.focusRows()
        return true
    }

    /// Applies the search text to the list on screen.
    func apply() { panel.apply() }

    func run(_ saved: SavedSearch) {
        host.show(.all)
        panel.bar.isOpen = true
        panel.bar.text = saved.query
        apply()
    }

    /// Opens a result: its list on All Items, the search kept (so the item is among the rows), the
    /// item selected.
    func openFound(_ index: Int) {
        guard index < panel.found.count else { return }
        openFound(panel.found[index])
    }

    private func openFound(_ found: AllListsSearch.Found) {
        panel.allListsButton.active = false
        host.showList(found.list.id)
        host.show(.all)
        apply()
        host.currentPage.select(found.item.id)
    }

    /// An item found in the overview: its list on All Items, any search closed, the item selected.
    func openItem(_ id: ItemID, in list: ListID) {
        host.showLists()
        _ = panel.close()
        host.showList(list)
        host.show(.all)
        host.currentPage.select(id)
    }

    /// The overview's "more results": the search bar open with its words, over every list.
    func searchEverywhere(_ text: String) {
        host.showLists()
        host.show(.all)
        panel.bar.isOpen = true
        panel.bar.text = text
        panel.allListsButton.active = true
        apply()
    }
}

extension SearchController: SearchPanelHost {
    var searchedPage: ListPage? { host.currentListPage }
    var searchedModel: ShoppingModel { host.model }

    func searchApplied() {
        host.updateTotals()
        host.updateActions()
    }

    func open(_ found: AllListsSearch.Found) { openFound(found) }
    func allListsShown(_ on: Bool) { host.showPages(!on) }
    func searchSaved(as name: String) { host.sayDone(L("Saved search “{name}”", ["name": name])) }
    func searchFailed(_ error: Error) { host.report(error) }
}
