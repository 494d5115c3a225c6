import Foundation
import ShopperModel

/// The main window: the three lists switched from the header, the trip's totals and the add entry
/// in the gradient header strip, the detail editor sliding in over the lists, and an in-window
/// notification for undo and errors.
@MainActor
final class MainWindow: ShopsHost, SharingHost, RecipesHost, ListsHost, FilesHost, TripsHost, SearchHost,
                        ItemsHost, KitchenSharingHost {
    let window: Window
    /// The list shown; another list gets a model of its own when it is opened (`showList`), and
    /// this one is let go: a list not shown costs nothing beyond its row in the sidebar.
    private(set) var model: ShoppingModel
    private var modelObserver = 0
    let preferences: Preferences
    // The window is a composition: each part below owns its widgets and state; the window wires
    // them to the model (the extensions MainWindow+<Role>.swift, one role each), and each feature
    // (shops, sharing, recipes) asks the window only what its host protocol names.
    /// The totals, the sync status and the add bar in the gradient strip.
    let strip: SummaryStrip
    /// The search bar, Save Search…, every list's results and the saved searches.
    private(set) lazy var search = SearchController(host: self, pages: pageStack)
    /// The lists, the saved searches and the trips, each built when first shown.
    let pageStack = PageStack()
    /// A row's actions, the item editor sliding in over the lists' column (the strip, the search,
    /// the pages), a line added.
    private(set) lazy var items = ItemsController(
        host: self,
        place: EditorPlace(
            over: WindowLayout.listsColumn(
                strip, search.panel,
                                                  pageStack).widget), addBar: strip.addBar)
    let toast = InAppNotification()
    /// The sidebar of lists beside the content (folded away at phone width), and what is done to lists.
    private(set) lazy var lists = ListsController(host: self)
    /// The shops, sharing, import and export, and the trips: made once the lists' column is placed.
    private(set) var features: WindowFeatures!
    /// The household's recipes and the week's plan, in the content's place when chosen in the sidebar.
    private(set) lazy var recipes = RecipesController(host: self)

    init(application: Application, model: ShoppingModel, preferences: Preferences, paths: AppPaths) {
        self.model = model
        self.preferences = preferences
        window = WindowLayout.window(application, minimumWidth: Self.minimumWidth)
        strip = SummaryStrip(addBar: AddBar(model: model), money: preferences.money)
        // The features take the window as their host: placed once it is made.
        let content = WindowLayout.content(items.place, toast, pageStack, lists.pane)
        lists.pane.place(content: content.widget)
        features = WindowFeatures(host: self, pages: pageStack, paths: paths)
        strip.place(status: features.sharing.statusLine.widget)
        lists.pane.add(recipes: recipes.place.root.widget)
        content.append(recipes.place.barPlace.widget)
        pageStack.follow(window)
        WindowLayout.header(lists.pane, title: pageStack.switcherTitle.widget, shopButton: features.shops.headerButton)
        window.content(lists.pane.frame.widget)
        followSize()
        wire()
        listsChanged()
        updateTotals()
    }

    /// What follows the window's size (the add bar's example, the header's shop, the pages'
    /// switchers and first screenful), the Recipes header built after the first frame, and Escape
    /// closing the search from anywhere in the lists' column.
    private func followSize() {
        strip.addBar.follow(window)
        // Out of the first frame's way, and out of Recipes' own first frame's too (built when
        // shown, it put 3–4 ms on opening Recipes).
        window.widget.afterFirstFrame { [recipes = recipes.place] in MainLoop.idle { recipes.prepare() } }
        for size in ["notify::default-width", "notify::maximized", "notify::fullscreened"] {
            window.widget.onPointer(size) { [weak self] _ in self?.features.shops.widthChanged() }
        }
        window.onShownSize { [weak self] width, height in self?.follow(width: width, height: height) }
        let escape = ShortcutController(first: false)
        escape.add("Escape") { [weak self] in self?.search.close() ?? false }
        items.place.lists.add(escape.controller)
    }

    static let minimumWidth: Int32 = 360

    /// The list shown; nil while the saved searches or the trips are.
    var currentListPage: ListPage? { pageStack.visibleList.map(page) }
    var currentPage: ListPage { currentListPage ?? page(.all) }
    func builtPage(_ kind: ListKind) -> ListPage? { pageStack.lists[kind] }

    /// The list, built into its place in the stack on first use with the preferences of the moment.
    func page(_ kind: ListKind) -> ListPage {
        if let built = builtPage(kind) {
            built.catchUp()
            return built
        }
        let page = ListPage(kind: kind, model: model, options: preferences.display, sectioning: preferences.sectioning,
                            money: money, emptyButtonTitle: kind == .all ? L("Load Sample List") : nil)
        pageStack.place(page, as: kind)
        if kind == .shopping { features.shops.placeBar(under: page) }
        if kind == .all { page.emptyState.action = { [weak self] in self?.features.files.loadSampleList() } }
        items.wire(page)
        return page
    }

    func show(_ kind: ListKind) {
        _ = page(kind)  // before it is shown: see `run(.showList)`
        pageStack.visibleName = kind.rawValue
    }
    func present() {
        // Before it first shows, the size it asks for; after, the size it has (`onShownSize`).
        if !window.widget.isMapped { follow(width: window.defaultWidth, height: window.defaultHeight) }
        window.present()
    }

    /// What depends on the window's size: how many rows a page builds for its first frame, and
    /// where the pages are switched from.
    private func follow(width: Int32, height: Int32) {
        Screenful.window(height: height)
        pageStack.placeSwitchers(windowWidth: width)
    }

    private func wire() {
        let addBar = strip.addBar
        addBar.onAdded = { [weak self] outcome in self?.items.added(outcome) }
        addBar.onPasteLines = { [weak self] text in self?.features.files.preview(.pasted(text)) }
        addBar.onError = { [weak self] error in self?.report(error) }
        addBar.onLeave = { [weak self] in self?.currentPage.focusRows() ?? false }
        pageStack.onPageChanged { [weak self] in self?.pageChanged() }
        lists.pane.onFolded = { [weak self] folded in self?.recipes.place.folded(folded) }
        recipes.place.onListsButton = { [weak self] in self?.lists.showSidebar() }
        features.shops.update(menu: true)
        preferences.observe { [weak self] in self?.applyPreferences() }
        installActions()
        observeModel()
        followArrivals()
    }

    private func pageChanged() {
        if pageStack.visibleName == AppAction.searchesPage { _ = search.savedSearches }
        if isTripsShown { _ = features.trips.page }
        // The add bar and the search act on a list: on the Searches and Trips pages they would
        // do nothing (a search open stays, hidden, for the list the user comes back to).
        let onList = currentListPage != nil
        strip.addBar.show(onList)
        search.panel.follow(onList: onList, window: window)
        search.apply()
        updateTotals()
        updateActions()
    }

    /// The model's news: the actions it enables, and the lists with their counts.
    func observeModel() {
        modelObserver = model.core.observe { [weak self] change in
            guard let self else { return }
            // Read again whole (a long import, or its undo): every page starts afresh from it,
            // once this change has been told to all.
            if change.listReread {
                MainLoop.idle { [weak self] in if let self, !pageStack.isGone { replaceModel(with: model) } }
            }
            updateActions()
            // The lists' change brings the sharing status up to date; an edit that leaves the
            // counts alone (a price) may still be a change to send (`WindowFeatures.modelChanged`).
            if change.listsChanged { listsChanged() }
            if change.searchesChanged { updateTotals() }
            // An undo or redo of a recipe kept or deleted, here or by another process.
            if change.recipesChanged { recipes.bookChanged() }
            features.modelChanged(change)
        }
    }

    /// Every list sorted again by `change` (a shop chosen): see `PageStack.reorder`.
    func reorderPages(fromTop: Bool, by change: () throws -> Void) throws {
        try pageStack.reorder(fromTop: fromTop, by: change)
    }
    func showInTitle(shop: String) { pageStack.showInTitle(shop: shop) }
    /// A kitchen sync brought changes (or sharing it began or stopped): the recipes and the plan,
    /// with the calendar's notes, read again.
    func kitchenChanged() { recipes.bookChanged() }
    /// The user's locale and chosen currency, as the strip says its totals in.
    var money: MoneyFormat { strip.money }
    var isTripsShown: Bool { pageStack.visibleName == AppAction.tripsPage }
    func showPages(_ shown: Bool) { pageStack.show(shown) }

    /// Takes `new` as the list shown, every part that showed the old one made again for it (pages
    /// and editor when next needed), the search kept.
    func replaceModel(with new: ShoppingModel) {
        if items.isEditing { items.closeEditor() }
        // An all-lists search was made from the list left: it ends (a result opened ends it first).
        search.panel.listChanged()
        model.core.removeObserver(modelObserver)
        model.searches.stopSearchTexts()
        // Opened again, the list left reads its entries back from this (`EntryCheckpoint`).
        CheckpointWriter.later(model.items.checkpointJob())
        pageStack.show(new, shown: currentListPage)
        items.place.drop()
        model = new
        strip.addBar.model = new
        observeModel()
        if pageStack.visibleName == AppAction.searchesPage { _ = search.savedSearches }
        search.apply()
        listsChanged()
        features.shops.update(menu: true)
        updateTotals()
        updateActions()
    }

    private func applyPreferences() {
        let newMoney = preferences.money
        let moneyChanged = newMoney.currencyCode != money.currencyCode
        if moneyChanged {
            strip.money = newMoney
            items.place.editor?.money = newMoney
            pageStack.trips?.setMoney(newMoney)
        }
        pageStack.follow(preferences, money: moneyChanged ? newMoney : nil)
        updateTotals()  // the currency, or costs turned on or off
    }

    func updateTotals() {
        let shown: SummaryStrip.Shown
        if let found = search.allListsResults {
            shown = .allListsResults(found)
        } else if let page = currentListPage {
            shown = .list(page, hidesOtherShops: builtPage(.shopping)?.projection.showsOtherShops != true)
        } else if isTripsShown, let page = pageStack.trips {
            shown = .trips(page)
        } else {
            shown = .savedSearches(model.searches.savedSearches.count)
        }
        strip.sayTotals(of: shown, model: model, showCost: preferences.display.showCost)
    }
}
