import Foundation
import ShopperModel

/// The main window: the three lists switched from the header, the trip's totals and the add entry
/// in the gradient header strip, the detail editor sliding in over the lists, and an in-window
/// notification for undo and errors.
@MainActor
final class MainWindow {
    let window: Window
    /// The list shown; another list gets a model of its own when it is opened (`showList`), and
    /// this one is let go: a list not shown costs nothing beyond its row in the sidebar.
    private(set) var model: ShoppingModel
    private var modelObserver = 0
    /// Whether pages left behind are being caught up (`catchUpPagesAfterNextFrame`).
    private var catchingUp = false
    /// The window is destroyed: an idle queued before (a page's catch-up, a model read again)
    /// must not reach its actions or widgets, which GTK has let go of.
    private(set) var isGone = false
    /// The user's locale and chosen currency; follows the preference live.
    private(set) var money: MoneyFormat
    let preferences: Preferences
    let paths: AppPaths
    // The window is a composition: each part below owns its widgets and state; the window wires
    // them to the model (the extensions MainWindow<Role>.swift, one role each).
    /// The sidebar of lists beside the content, folded away at phone width.
    let lists: ListsPane
    /// The totals, the sync status and the add bar in the gradient strip.
    let strip: SummaryStrip
    /// The search bar, Save Search… and every list's results.
    let search: SearchPanel
    /// The lists, the saved searches and the trips, each built when first shown.
    let pageStack = PageStack()
    /// The item editor, sliding in over the pages.
    let editorPlace: EditorPlace
    let toast = InAppNotification()
    /// The store the list is shopped at, in the header, and the bar for other stores' items.
    let shopPicker = StorePicker()
    let sharing: SyncController
    let dialogs = OpenDialogs()
    /// The household's recipes, in the content's place when chosen in the sidebar.
    let recipes: RecipesPlace

    init(application: Application, model: ShoppingModel, preferences: Preferences, paths: AppPaths) {
        self.model = model
        self.preferences = preferences
        self.paths = paths
        sharing = SyncController(store: model.store, storePath: paths.storeFile)
        money = preferences.money
        window = Window(application: application)
        window.title = AppInfo.name
        // Room for the sidebar of lists beside a list (it folds away below about 560 px).
        window.defaultSize(800, 720)
        // The list page made below builds the rows of the height the window opens at.
        Screenful.window(height: window.defaultHeight)
        // A phone's width (Phosh: 360 px) is the narrowest the window may be.
        window.minimumSize(Self.minimumWidth, 480)
        window.widget.css("shopper")
        search = SearchPanel(window: window)
        strip = SummaryStrip(addBar: AddBar(model: model))
        strip.addBar.money = money
        let column = Self.listsColumn(strip, search, pageStack)
        editorPlace = EditorPlace(over: column.widget)
        recipes = RecipesPlace(numbers: UserLocale.current.numbers)
        let (content, places, header) = Self.content(editorPlace, toast, pageStack, recipes)
        lists = ListsPane(content: content, places: places, header: header)
        layOut(column)
        wire()
        wireLists()
        wireShops()
        wireRecipes()
        updateTotals()
        window.widget.on("destroy") { [weak self] in self?.isGone = true }
    }

    /// The lists' column: the summary strip, the search and its results, the pages.
    private static func listsColumn(_ strip: SummaryStrip, _ search: SearchPanel, _ pages: PageStack) -> Box {
        let column = Box(.vertical)
        // The colour below the rows, where a tall toast's room (InAppNotification.fitRoom) shows it.
        column.widget.css("lists")
        for part in [strip.root.widget, search.bar.widget, search.resultsView.widget, pages.stack.widget] { column.append(part) }
        return column
    }

    /// The content beside the sidebar: under the toasts, the lists' place (its header, filled in
    /// `layOut`, and the editor over the lists) or the recipes'; below them, out of the toasts' way,
    /// the bottom switcher of the place shown (a narrow window).
    private static func content(_ editorPlace: EditorPlace, _ toast: InAppNotification, _ pages: PageStack,
                                _ recipes: RecipesPlace) -> (Widget, ViewStack, HeaderBar) {
        toast.room = pages.stack.widget
        let header = HeaderBar()
        let lists = Box(.vertical)
        editorPlace.body.widget.expand(v: true)
        for part in [header.widget, editorPlace.body.widget] { lists.append(part) }
        let places = ViewStack()
        places.add(lists.widget, name: ListsPane.listsPlace, title: L("Lists"), icon: "view-list-symbolic")
        places.add(recipes.root.widget, name: ListsPane.recipesPlace, title: L("Recipes"), icon: "accessories-text-editor-symbolic")
        places.visibleName = ListsPane.listsPlace
        toast.overlay.child(places.widget)
        toast.overlay.widget.expand(h: true, v: true)
        let content = Box(.vertical)
        recipes.barPlace.widget.visible = false
        for part in [toast.overlay.widget, pages.switcherBar.widget, recipes.barPlace.widget] { content.append(part) }
        content.widget.expand(h: true, v: true)
        return (content.widget, places, header)
    }

    /// The header over the content (switcher, main menu, Lists button, store), the frame as the
    /// window's content, and Escape closing the search anywhere in the lists' column.
    private func layOut(_ column: Box) {
        let header = lists.contentHeader
        header.titleWidget(pageStack.switcherTitle.widget)
        header.packEnd(MenuButton(icon: "open-menu-symbolic", accessibleLabel: L("Main Menu"), menu: Self.mainMenu()).widget)
        header.packStart(lists.listsButton.widget)
        header.packStart(shopButton.widget)
        window.content(lists.frame.widget)
        followSize(of: column)
    }

    /// The add bar's example as long as the width allows, at start and as the window is resized;
    /// the header's store follows the width; Escape closes the search from anywhere in `column`.
    private func followSize(of column: Box) {
        window.widget.afterFirstFrame { [addBar, recipes] in
            // In an idle too: what it changes shows in the next frame either way.
            MainLoop.idle { addBar.fitPlaceholder() }
            // Ready before the first keystroke, but not in the first frame's way.
            MainLoop.idle { addBar.prepareCompletion() }
            // The Recipes place's header, out of the first frame's way, and out of its own first
            // frame's too (built when shown, it put 3–4 ms on opening Recipes).
            MainLoop.idle { recipes.prepare() }
        }
        for size in ["notify::default-width", "notify::maximized", "notify::fullscreened"] {
            window.widget.onPointer(size) { [weak self, window, addBar] _ in
                window.afterNextFrame { _ in addBar.fitPlaceholder() }
                self?.headerWidthChanged()
            }
        }
        window.onShownSize { [weak self] width, height in self?.follow(width: width, height: height) }
        let escape = ShortcutController(first: false)
        escape.add("Escape") { [weak self] in self?.closeSearch() ?? false }
        column.widget.add(escape.controller)
    }

    static let searchesPage = PageStack.searchesName
    static let minimumWidth: Int32 = 360
    /// Whether the lists are switched from the bottom bar (a narrow window).
    var isBottomSwitcherShown: Bool { pageStack.switcherBar.reveal }

    // The parts by the names the window's extensions and the tests know them.
    var stack: ViewStack { pageStack.stack }
    var builtPages: [ListKind: ListPage] { pageStack.lists }
    /// The lists built so far, in tab order: a list is built when first shown (or first needed).
    var pages: [ListPage] { ListKind.allCases.compactMap { builtPages[$0] } }
    var builtSearches: SavedSearchesPage? { pageStack.searches }
    var builtTrips: TripsPage? { pageStack.trips }
    var builtEditor: ItemEditor? { editorPlace.editor }
    var sidebar: ListsSidebar { lists.sidebar }
    var addBar: AddBar { strip.addBar }
    var totals: Label { strip.totals }
    var syncStatus: Label { strip.syncStatus }

    /// The list shown; nil while the saved searches or the trips are.
    var currentListPage: ListPage? { ListKind(rawValue: stack.visibleName).map(page) }
    var currentPage: ListPage { currentListPage ?? page(.all) }

    /// The list, built into its place in the stack on first use with the preferences of the moment.
    func page(_ kind: ListKind) -> ListPage {
        if let built = builtPages[kind] {
            built.catchUp()
            return built
        }
        let page = ListPage(kind: kind, model: model, options: preferences.display, sectioning: preferences.sectioning,
                            money: money, emptyButtonTitle: kind == .all ? L("Load Sample List") : nil)
        pageStack.place(page, as: kind)
        if kind == .shopping {
            shopPicker.otherStoresBar = page.addFooter(shopPicker.otherStoresButton.widget)
            updateShops(menu: false)
        }
        if kind == .all { page.emptyState.action = { [weak self] in self?.loadSampleList() } }
        page.onAction = { [weak self] action, id in self?.perform(action, on: id) }
        page.onDelete = { [weak self] id in self?.delete(id) }
        page.onError = { [weak self] error in self?.report(error) }
        page.onRowsChanged = { [weak self] in self?.updateTotals() }
        page.onSelectionChanged = { [weak self] in self?.updateActions() }
        page.coveredFrom = { [weak self] widget in self?.toast.top(in: widget) }
        return page
    }
    var isEditing: Bool { editorPlace.isOpen }

    /// The item editor, built into its place the first time it is needed: most starts never open it.
    var editor: ItemEditor {
        if let built = builtEditor { return built }
        let editor = ItemEditor(model: model, money: money)
        editorPlace.place(editor)
        editor.onClose = { [weak self] in self?.closeEditor() }
        editor.onDelete = { [weak self] id in
            self?.closeEditor()
            self?.delete(id)
        }
        editor.onError = { [weak self] error in self?.report(error) }
        return editor
    }

    /// The saved searches, built into the stack's Searches page when it is first shown.
    var searches: SavedSearchesPage {
        if let built = builtSearches { return built }
        let searches = SavedSearchesPage(model: model)
        pageStack.place(searches)
        wire(searches)
        return searches
    }

    func show(_ kind: ListKind) {
        _ = page(kind)  // before it is shown: see `run(.showList)`
        stack.visibleName = kind.rawValue
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
        addBar.onAdded = { [weak self] outcome in self?.added(outcome) }
        addBar.onPasteLines = { [weak self] text in self?.preview(.pasted(text)) }
        addBar.onError = { [weak self] error in self?.report(error) }
        addBar.onLeave = { [weak self] in self?.currentPage.focusRows() ?? false }
        editorPlace.body.onVisibleChanged { [weak self] in
            if self?.isEditing == false { self?.editorClosed() }
            // While the editor is open the lists' commands are not available.
            self?.updateActions()
        }
        stack.onPageChanged { [weak self] in
            guard let self else { return }
            let onSearches = stack.visibleName == Self.searchesPage
            if onSearches { _ = searches }
            if stack.visibleName == AppAction.tripsPage { _ = trips }
            // The add bar and the search act on a list: on the Searches and Trips pages they would
            // do nothing (a search open stays, hidden, for the list the user comes back to).
            let onList = currentListPage != nil
            addBar.root.widget.visible = onList
            searchBar.widget.visible = onList
            searchBar.capturesKeys(from: window, onList)
            applySearch()
            updateTotals()
            updateActions()
        }
        wireSearch()
        wireSharing()
        preferences.observe { [weak self] in self?.applyPreferences() }
        installActions()
        observeModel()
    }

    /// The model's news: the actions it enables, and the lists with their counts.
    func observeModel() {
        modelObserver = model.core.observe { [weak self] change in
            // Read again whole (a long import, or its undo): every page starts afresh from it,
            // once this change has been told to all.
            if change.listReread { MainLoop.idle { [weak self] in if let self, !isGone { replaceModel(with: model) } } }
            self?.updateActions()
            if !change.items.isEmpty { self?.sharing.changed() }
            // The lists' change brings the status up to date; an edit that leaves the counts alone
            // (a price) may still be a change to send.
            if change.listsChanged { self?.listsChanged() } else if !change.items.isEmpty { self?.updateSyncStatus() }
            if change.searchesChanged { self?.updateTotals() }
            if change.tripsChanged { self?.tripsChanged() }
            // An undo or redo of a recipe kept or deleted, here or by another process.
            if change.recipesChanged {
                self?.reloadRecipes()
                self?.reloadWeek()
            }
            self?.updateShops(menu: change.shopsChanged)
        }
    }

    /// The pages not on screen, left behind by a list or store switch so the page shown is drawn
    /// first, made up to date once it is (or before, when one is needed: `page(_:)`).
    func catchUpPagesAfterNextFrame() {
        // One round at a time: a round under way also takes the pages a later switch left.
        guard !catchingUp else { return }
        catchingUp = true
        window.afterNextFrame { [weak self] _ in self?.catchUpOnePageWhenIdle() }
    }

    /// A page an idle moment: at a million items each is a pass over the list, and GTK told of
    /// all its rows anew; one at a time, a frame that falls due meanwhile is not kept waiting.
    private func catchUpOnePageWhenIdle() {
        MainLoop.idle { [weak self] in
            guard let self, !isGone else { return }
            guard let page = pages.first(where: \.isBehind) else { return catchingUp = false }
            page.catchUp()
            catchUpOnePageWhenIdle()
        }
    }

    /// Takes `new` as the list shown, every part that showed the old one made again for it (pages
    /// and editor when next needed), the search kept.
    func replaceModel(with new: ShoppingModel) {
        if isEditing { closeEditor() }
        // An all-lists search was made from the list left: it ends (a result opened ends it first).
        search.listChanged()
        model.core.removeObserver(modelObserver)
        model.searches.stopSearchTexts()
        // Opened again, the list left reads its entries back from this (`EntryCheckpoint`).
        CheckpointWriter.later(model.items.checkpointJob())
        // The pages stay (GTK 4.8 cannot dispose of a grid view whose rows this app recycles) and
        // show the new list: the one on screen now, the others once it is drawn (or when needed).
        let shown = currentListPage
        for page in builtPages.values {
            if page === shown { page.show(new) } else { page.pending = new }
        }
        catchUpPagesAfterNextFrame()
        editorPlace.drop()
        pageStack.dropSearches()
        builtTrips?.show(new)
        model = new
        addBar.model = new
        observeModel()
        if stack.visibleName == Self.searchesPage { _ = searches }
        applySearch()
        listsChanged()
        updateShops(menu: true)
        updateTotals()
        updateActions()
    }

    private func applyPreferences() {
        let newMoney = preferences.money
        let moneyChanged = newMoney.currencyCode != money.currencyCode
        if moneyChanged {
            money = newMoney
            builtEditor?.money = newMoney
        }
        for page in pages {
            // Sections first: a list held back from a store switch is then rebuilt once (by new
            // sections, or as its rows are shown again).
            page.setSectioning(preferences.sectioning)
            page.setOptions(preferences.display)
            if moneyChanged { page.setMoney(newMoney) }
        }
        if moneyChanged {
            builtTrips?.setMoney(newMoney)
            addBar.money = newMoney
        }
        updateTotals()  // the currency, or costs turned on or off
    }

    func updateTotals() {
        // The results of every list stand in for the page: the count is theirs.
        if search.allSearch != nil {
            totals.text = N("{n} result in all lists", "{n} results in all lists", search.found.count)
            return
        }
        let t = model.items.totals
        guard let page = currentListPage else {
            if stack.visibleName == AppAction.tripsPage, let tripsPage = builtTrips {
                totals.text = tripsTotal(tripsPage)
                return
            }
            let n = model.searches.savedSearches.count
            totals.text = N("{n} saved search", "{n} saved searches", n)
            return
        }
        let shown = page.projection.itemCount  // the count only: the list's cost is summed when shown
        let what = page.projection.query == nil ? N("{n} item", "{n} items", shown) : N("{n} result", "{n} results", shown)
        // At a store, what is left is what its list shows: items sold only elsewhere are said in
        // the bar under the Shopping List, with their cost, unless it shows them.
        var leftToBuy = t.leftToBuy
        if builtPages[.shopping]?.projection.showsOtherShops != true {
            let hidden = model.shops.hiddenForOtherShopsTotals
            leftToBuy.count -= hidden.count
            leftToBuy.sum -= hidden.sum
        }
        // Costs turned off: what is left and in the cart is counted, not priced.
        let (left, cart) = preferences.display.showCost ? (money.format(leftToBuy.sum), money.format(t.inCart.sum))
                                                         : ("\(leftToBuy.count)", "\(t.inCart.count)")
        totals.text = L("{count} · {left} left to buy · {cart} in cart", ["count": what, "left": left, "cart": cart])
    }
}
