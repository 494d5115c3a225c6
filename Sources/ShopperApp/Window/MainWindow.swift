import Foundation
import ShopperModel

/// The main window: the three lists switched from the header, the trip's totals and the add entry
/// in the gradient header strip, the detail editor sliding in over the lists, and an in-window
/// notification for undo and errors.
@MainActor
final class MainWindow: ShopsHost, SharingHost, RecipesHost, ListsHost {
    let window: Window
    /// The list shown; another list gets a model of its own when it is opened (`showList`), and
    /// this one is let go: a list not shown costs nothing beyond its row in the sidebar.
    private(set) var model: ShoppingModel
    private var modelObserver = 0
    /// The user's locale and chosen currency; follows the preference live.
    private(set) var money: MoneyFormat
    let preferences: Preferences
    let paths: AppPaths
    // The window is a composition: each part below owns its widgets and state; the window wires
    // them to the model (the extensions MainWindow+<Role>.swift, one role each), and each feature
    // (shops, sharing, recipes) asks the window only what its host protocol names.
    /// The totals, the sync status and the add bar in the gradient strip.
    let strip: SummaryStrip
    /// The search bar, Save Search… and every list's results.
    let search: SearchPanel
    /// The lists, the saved searches and the trips, each built when first shown.
    let pageStack = PageStack()
    /// The item editor, sliding in over the pages.
    let editorPlace: EditorPlace
    let toast = InAppNotification()
    /// The sidebar of lists beside the content (folded away at phone width), and what is done to lists.
    private(set) lazy var lists = ListsController(host: self)
    /// The shop the list is shopped at, in the header, and the bar for other shops' items.
    private(set) lazy var shops = ShopsController(host: self)
    /// The Share dialog, the status line under the totals, the syncs.
    private(set) lazy var sharing = SharingController(host: self, store: model.store, storePath: paths.storeFile)
    let dialogs = OpenDialogs()
    /// The household's recipes and the week's plan, in the content's place when chosen in the sidebar.
    private(set) lazy var recipes = RecipesController(host: self)

    init(application: Application, model: ShoppingModel, preferences: Preferences, paths: AppPaths) {
        self.model = model
        self.preferences = preferences
        self.paths = paths
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
        editorPlace = EditorPlace(over: Self.listsColumn(strip, search, pageStack).widget)
        // The features take the window as their host: placed once it is made.
        let content = Self.content(editorPlace, toast, pageStack, lists.pane)
        lists.pane.place(content: content.widget)
        strip.place(status: sharing.statusLine.widget)
        lists.pane.add(recipes: recipes.place.root.widget)
        content.append(recipes.place.barPlace.widget)
        pageStack.follow(window)
        layOut()
        wire()
        listsChanged()
        updateTotals()
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
    /// `layOut`, and the editor over the lists) or the recipes' (added by `ListsPane.add(recipes:)`);
    /// below them, out of the toasts' way, the bottom switcher of the place shown (a narrow window).
    private static func content(_ editorPlace: EditorPlace, _ toast: InAppNotification, _ pages: PageStack,
                                _ pane: ListsPane) -> Box {
        toast.room = pages.stack.widget
        let header = pane.contentHeader
        let lists = Box(.vertical)
        editorPlace.body.widget.expand(v: true)
        for part in [header.widget, editorPlace.body.widget] { lists.append(part) }
        let places = pane.places
        places.add(lists.widget, name: ListsPane.listsPlace, title: L("Lists"), icon: "view-list-symbolic")
        toast.overlay.child(places.widget)
        toast.overlay.widget.expand(h: true, v: true)
        let content = Box(.vertical)
        for part in [toast.overlay.widget, pages.switcherBar.widget] { content.append(part) }
        content.widget.expand(h: true, v: true)
        return content
    }

    /// The header over the content (switcher, main menu, Lists button, store), the frame as the
    /// window's content, and Escape closing the search anywhere in the lists' column.
    private func layOut() {
        let header = lists.pane.contentHeader
        header.titleWidget(pageStack.switcherTitle.widget)
        header.packEnd(MenuButton(icon: "open-menu-symbolic", accessibleLabel: L("Main Menu"), menu: Menus.main()).widget)
        header.packStart(lists.pane.listsButton.widget)
        header.packStart(shops.headerButton)
        window.content(lists.pane.frame.widget)
        followSize()
    }

    /// The add bar's example as long as the width allows, at start and as the window is resized;
    /// the header's shop follows the width; Escape closes the search from anywhere in the lists' column.
    private func followSize() {
        window.widget.afterFirstFrame { [addBar = strip.addBar, recipes = recipes.place] in
            // In an idle too: what it changes shows in the next frame either way.
            MainLoop.idle { addBar.fitPlaceholder() }
            // Ready before the first keystroke, but not in the first frame's way.
            MainLoop.idle { addBar.prepareCompletion() }
            // The Recipes place's header, out of the first frame's way, and out of its own first
            // frame's too (built when shown, it put 3–4 ms on opening Recipes).
            MainLoop.idle { recipes.prepare() }
        }
        for size in ["notify::default-width", "notify::maximized", "notify::fullscreened"] {
            window.widget.onPointer(size) { [weak self, window, addBar = strip.addBar] _ in
                window.afterNextFrame { _ in addBar.fitPlaceholder() }
                self?.shops.widthChanged()
            }
        }
        window.onShownSize { [weak self] width, height in self?.follow(width: width, height: height) }
        let escape = ShortcutController(first: false)
        escape.add("Escape") { [weak self] in self?.closeSearch() ?? false }
        editorPlace.lists.add(escape.controller)
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
        if kind == .shopping { shops.placeBar(under: page) }
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
        if let built = editorPlace.editor { return built }
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
        if let built = pageStack.searches { return built }
        let searches = SavedSearchesPage(model: model)
        pageStack.place(searches)
        wire(searches)
        return searches
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
        addBar.onAdded = { [weak self] outcome in self?.added(outcome) }
        addBar.onPasteLines = { [weak self] text in self?.preview(.pasted(text)) }
        addBar.onError = { [weak self] error in self?.report(error) }
        addBar.onLeave = { [weak self] in self?.currentPage.focusRows() ?? false }
        editorPlace.body.onVisibleChanged { [weak self] in
            if self?.isEditing == false { self?.editorClosed() }
            // While the editor is open the lists' commands are not available.
            self?.updateActions()
        }
        pageStack.stack.onPageChanged { [weak self] in self?.pageChanged() }
        lists.pane.onFolded = { [weak self] folded in self?.recipes.place.folded(folded) }
        recipes.place.onListsButton = { [weak self] in self?.lists.showSidebar() }
        wireSearch()
        shops.update(menu: true)
        preferences.observe { [weak self] in self?.applyPreferences() }
        installActions()
        observeModel()
    }

    private func pageChanged() {
        if pageStack.visibleName == AppAction.searchesPage { _ = searches }
        if pageStack.visibleName == AppAction.tripsPage { _ = trips }
        // The add bar and the search act on a list: on the Searches and Trips pages they would
        // do nothing (a search open stays, hidden, for the list the user comes back to).
        let onList = currentListPage != nil
        strip.addBar.root.widget.visible = onList
        search.bar.widget.visible = onList
        search.bar.capturesKeys(from: window, onList)
        applySearch()
        updateTotals()
        updateActions()
    }

    /// The model's news: the actions it enables, and the lists with their counts.
    func observeModel() {
        modelObserver = model.observe { [weak self] change in
            guard let self else { return }
            // Read again whole (a long import, or its undo): every page starts afresh from it,
            // once this change has been told to all.
            if change.listReread { MainLoop.idle { [weak self] in if let self, !pageStack.isGone { replaceModel(with: model) } } }
            updateActions()
            if !change.items.isEmpty { sharing.itemsChanged() }
            // The lists' change brings the status up to date; an edit that leaves the counts alone
            // (a price) may still be a change to send.
            if change.listsChanged { listsChanged() } else if !change.items.isEmpty { sharing.listShownChanged() }
            if change.searchesChanged { updateTotals() }
            if change.tripsChanged { tripsChanged() }
            // An undo or redo of a recipe kept or deleted, here or by another process.
            if change.recipesChanged { recipes.bookChanged() }
            shops.update(menu: change.shopsChanged)
        }
    }

    /// Every list sorted again by `change` (a shop chosen): see `PageStack.reorder`.
    func reorderPages(fromTop: Bool, by change: () throws -> Void) throws { try pageStack.reorder(fromTop: fromTop, by: change) }
    func showInTitle(shop: String) { pageStack.showInTitle(shop: shop) }

    /// Takes `new` as the list shown, every part that showed the old one made again for it (pages
    /// and editor when next needed), the search kept.
    func replaceModel(with new: ShoppingModel) {
        if isEditing { closeEditor() }
        // An all-lists search was made from the list left: it ends (a result opened ends it first).
        search.listChanged()
        model.removeObserver(modelObserver)
        model.stopSearchTexts()
        // Opened again, the list left reads its entries back from this (`EntryCheckpoint`).
        CheckpointWriter.later(model.checkpointJob())
        // The pages stay (GTK 4.8 cannot dispose of a grid view whose rows this app recycles) and
        // show the new list: the one on screen now, the others once it is drawn (or when needed).
        let shown = currentListPage
        for page in pageStack.builtLists {
            if page === shown { page.show(new) } else { page.pending = new }
        }
        pageStack.catchUpAfterNextFrame()
        editorPlace.drop()
        pageStack.dropSearches()
        pageStack.trips?.show(new)
        model = new
        strip.addBar.model = new
        observeModel()
        if pageStack.visibleName == AppAction.searchesPage { _ = searches }
        applySearch()
        listsChanged()
        shops.update(menu: true)
        updateTotals()
        updateActions()
    }

    private func applyPreferences() {
        let newMoney = preferences.money
        let moneyChanged = newMoney.currencyCode != money.currencyCode
        if moneyChanged {
            money = newMoney
            editorPlace.editor?.money = newMoney
        }
        for page in pageStack.builtLists {
            // Sections first: a list held back from a shop switch is then rebuilt once (by new
            // sections, or as its rows are shown again).
            page.setSectioning(preferences.sectioning)
            page.setOptions(preferences.display)
            if moneyChanged { page.setMoney(newMoney) }
        }
        if moneyChanged {
            pageStack.trips?.setMoney(newMoney)
            strip.addBar.money = newMoney
        }
        updateTotals()  // the currency, or costs turned on or off
    }

    func updateTotals() {
        let shown: SummaryStrip.Shown
        if search.allSearch != nil {
            shown = .allListsResults(search.found.count)
        } else if let page = currentListPage {
            shown = .list(page, hidesOtherShops: builtPage(.shopping)?.projection.showsOtherShops != true)
        } else if pageStack.visibleName == AppAction.tripsPage, let trips = pageStack.trips {
            shown = .trips(trips)
        } else {
            shown = .savedSearches(model.savedSearches.count)
        }
        strip.sayTotals(of: shown, model: model, money: money, showCost: preferences.display.showCost)
    }
}
