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
    let sidebar = ListsSidebar()
    /// "sidebar" and "content": side by side when there is room, the sidebar folded away (opened
    /// from the header's list button) at phone width.
    let frame = Leaflet()
    let listsButton = Button(icon: "sidebar-show-symbolic", accessibleLabel: L("Lists"))
    let contentHeader = AdwHeaderBar()
    /// A list's menu in the sidebar, made when first opened.
    var listMenu: PopoverMenu?
    private var modelObserver = 0
    /// The lists built so far, in tab order: a list is built when first shown (or first needed),
    /// so start-up pays for the list on screen only.
    var pages: [ListPage] { ListKind.allCases.compactMap { builtPages[$0] } }
    var builtPages: [ListKind: ListPage] = [:]
    /// Each list's place in the stack, empty until the list is built into it.
    let holders: [ListKind: Box]
    private let finishButton = Button(label: AppAction.finishShopping.title)
    let stack = ViewStack()
    let toast = Toast()
    let addBar: AddBar
    /// The item editor's place in the leaflet; the editor is built into it when first opened.
    let editorHolder = Box(.vertical)
    var builtEditor: ItemEditor?
    /// "lists" or "editor": the editor slides over the lists (a swipe or Back returns).
    let body = Leaflet()
    let totals = Label()
    /// The shared list's sync status, under the totals ("Synced at 14:05"); hidden when not shared.
    let syncStatus = Label()
    let sharing: SyncController
    /// The store the list is shopped at, in the header, and the bar for other stores' items.
    let shopPicker = StorePicker()
    /// Recently Deleted while it is open.
    var recentlyDeletedWindow: RecentlyDeletedWindow?
    /// The user's locale and chosen currency; follows the preference live.
    private(set) var money: MoneyFormat
    let preferences: Preferences
    let paths: AppPaths
    var preferencesWindow: PreferencesWindow?
    /// Import previews open now (kept alive while shown).
    var openPreviews: [ImportPreview] = []
    /// The Finish Shopping step while it is open.
    var finishDialog: FinishShoppingDialog?
    let switcherTitle: ViewSwitcherTitle
    /// Built at start: at the default width (600 px) the header's switcher does not fit, so the bar
    /// shows on the first frame.
    private let switcherBar: ViewSwitcherBar
    /// The Searches page's place in the stack; the page is built into it when first shown.
    let searchesHolder = Box(.vertical)
    var builtSearches: SavedSearchesPage?
    /// The Trips page's place in the stack; the page (and the trips) read when first shown.
    let tripsHolder = Box(.vertical)
    var builtTrips: TripsPage?
    /// The search bar, Save Search… and every list's results (a panel of its own).
    let search: SearchPanel

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
        // A phone's width (Phosh: 360 px) is the narrowest the window may be.
        window.minimumSize(Self.minimumWidth, 480)
        window.widget.css("shopper")
        holders = Dictionary(uniqueKeysWithValues: ListKind.allCases.map { ($0, Box(.vertical)) })
        search = SearchPanel(window: window)
        addBar = AddBar(model: model)
        addBar.money = money
        switcherTitle = ViewSwitcherTitle(stack: stack, title: AppInfo.name)
        switcherBar = ViewSwitcherBar(stack: stack)
        placePages()
        followSize(of: layOut())
        wire()
        wireLists()
        wireShops()
        updateTotals()
    }

    /// Each page's place in the stack, named for screen readers; the Cart's Finish Shopping.
    private func placePages() {
        for holder in Array(holders.values) + [searchesHolder, tripsHolder, editorHolder] { holder.widget.expand(h: true, v: true) }
        // Finishing a trip is a button where the trip ends, enabled while the cart has something.
        finishButton.widget.css("suggested-action")
        finishButton.widget.actionName(AppAction.finishShopping.detailedName)
        finishButton.widget.align(h: .end).margins(12)
        let tabs = ListKind.allCases.map { (holders[$0]!.widget, $0.rawValue, $0.title, $0.icon) }
            + [(searchesHolder.widget, Self.searchesPage, L("Searches"), "edit-find-symbolic"),
               (tripsHolder.widget, AppAction.tripsPage, L("Trips"), "document-open-recent-symbolic")]
        for (root, name, title, icon) in tabs {
            stack.add(root, name: name, title: title, icon: icon)
            // Screen readers (and the harness) find each page by its title, as with a GtkStack.
            root.accessibleLabel(title)
        }
    }

    /// The header, the summary (totals, sync status, add bar), the search, the pages and the editor
    /// over them, the toasts, the bottom switcher, and the sidebar of lists beside it all. Returns
    /// the lists' column (Escape closes the search anywhere in it).
    private func layOut() -> Box {
        contentHeader.titleWidget(switcherTitle.widget)
        contentHeader.packEnd(MenuButton(icon: "open-menu-symbolic", accessibleLabel: L("Main Menu"), menu: mainMenu()).widget)
        listsButton.widget.tooltip(L("Lists"))
        contentHeader.packStart(listsButton.widget)
        contentHeader.packStart(shopButton.widget)
        let lists = Box(.vertical)
        // The colour below the rows, where a tall toast's room (Toast.fitRoom) shows it.
        lists.widget.css("lists")
        for part in [summary().widget, search.bar.widget, search.resultsView.widget, stack.widget] { lists.append(part) }
        stack.widget.expand(h: true, v: true)
        toast.room = stack.widget
        body.append(lists.widget, name: "lists")
        body.append(editorHolder.widget, name: "editor")
        // One over the other at every width: the editor is a sub-page of the list it edits.
        body.canUnfold(false)
        toast.overlay.child(body.widget)
        toast.overlay.widget.expand(v: true)
        let content = Box(.vertical)
        for part in [contentHeader.widget, toast.overlay.widget, switcherBar.widget] { content.append(part) }
        content.widget.expand(h: true, v: true)
        frame.append(sidebar.root.widget, name: "sidebar")
        frame.appendSeparator()
        frame.append(content.widget, name: "content")
        frame.visibleName = "content"
        window.content(frame.widget)
        // The bottom switcher shows when the header's does not fit (a narrow window).
        switcherBar.reveal = switcherTitle.titleVisible
        switcherTitle.onTitleVisibleChanged { [switcherBar] visible in switcherBar.reveal = visible }
        return lists
    }

    /// The totals, the sync status and the add bar in the gradient strip.
    private func summary() -> Box {
        let summary = Box(.vertical, spacing: 8)
        summary.widget.css("summary")
        totals.widget.css("totals")
        totals.xalign(0.5)
        // Wraps rather than widening the window: "4 Artikel · 19,20 € noch zu kaufen · …" is wider
        // than a phone.
        totals.wrap()
        totals.justify(.center)
        for part in [totals.widget, syncStatus.widget, addBar.root.widget] { summary.append(part) }
        return summary
    }

    /// The add bar's example as long as the width allows, at start and as the window is resized;
    /// the header's store follows the width; Escape closes the search from anywhere in `lists`.
    private func followSize(of lists: Box) {
        window.widget.afterFirstFrame { [addBar] in addBar.fitPlaceholder() }
        for size in ["notify::default-width", "notify::maximized", "notify::fullscreened"] {
            window.widget.onPointer(size) { [weak self, window, addBar] _ in
                window.afterNextFrame { _ in addBar.fitPlaceholder() }
                self?.headerWidthChanged()
            }
        }
        let escape = ShortcutController(first: false)
        escape.add("Escape") { [weak self] in self?.closeSearch() ?? false }
        lists.widget.add(escape.controller)
    }

    static let searchesPage = AppAction.searchesPage
    static let minimumWidth: Int32 = 360
    /// Whether the lists are switched from the bottom bar (a narrow window).
    var isBottomSwitcherShown: Bool { switcherBar.reveal }

    /// The list shown; nil while the saved searches are.
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
        builtPages[kind] = page
        if kind == .cart { page.addFooter(finishButton.widget) }
        if kind == .shopping {
            shopPicker.otherStoresBar = page.addFooter(shopPicker.otherStoresButton.widget)
            updateShops(menu: false)
        }
        page.page.widget.expand(h: true, v: true)
        holders[kind]!.append(page.page.widget)
        if kind == .all { page.emptyState.action = { [weak self] in self?.loadSampleList() } }
        page.onAction = { [weak self] action, id in self?.perform(action, on: id) }
        page.onDelete = { [weak self] id in self?.delete(id) }
        page.onError = { [weak self] error in self?.report(error) }
        page.onRowsChanged = { [weak self] in self?.updateTotals() }
        page.onSelectionChanged = { [weak self] in self?.updateActions() }
        page.coveredFrom = { [weak self] widget in self?.toast.top(in: widget) }
        return page
    }
    var isEditing: Bool { body.visibleName == "editor" }

    /// The item editor, built into its place the first time it is needed: most starts never open it.
    var editor: ItemEditor {
        if let built = builtEditor { return built }
        let editor = ItemEditor(model: model, money: money)
        editor.page.widget.expand(h: true, v: true)
        editorHolder.append(editor.page.widget)
        editor.onClose = { [weak self] in self?.closeEditor() }
        editor.onDelete = { [weak self] id in
            self?.closeEditor()
            self?.delete(id)
        }
        editor.onError = { [weak self] error in self?.report(error) }
        builtEditor = editor
        return editor
    }

    /// The saved searches, built into the stack's Searches page when it is first shown.
    var searches: SavedSearchesPage {
        if let built = builtSearches { return built }
        let searches = SavedSearchesPage(model: model)
        searches.root.widget.expand(h: true, v: true)
        searchesHolder.append(searches.root.widget)
        wire(searches)
        builtSearches = searches
        return searches
    }

    func show(_ kind: ListKind) {
        _ = page(kind)  // before it is shown: see `run(.showList)`
        stack.visibleName = kind.rawValue
    }
    func present() { window.present() }

    private func wire() {
        addBar.onAdded = { [weak self] outcome in self?.added(outcome) }
        addBar.onPasteLines = { [weak self] text in self?.preview(.pasted(text)) }
        addBar.onError = { [weak self] error in self?.report(error) }
        addBar.onLeave = { [weak self] in self?.currentPage.focusRows() ?? false }
        body.onVisibleChanged { [weak self] in
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
        modelObserver = model.observe { [weak self] change in
            self?.updateActions()
            if !change.items.isEmpty { self?.sharing.changed() }
            if change.listsChanged { self?.listsChanged() }
            if change.searchesChanged { self?.updateTotals() }
            if change.tripsChanged { self?.tripsChanged() }
            self?.updateShops(menu: change.shopsChanged)
        }
    }

    /// Takes `new` as the list shown, every part that showed the old one made again for it (pages
    /// and editor when next needed), the search kept.
    func replaceModel(with new: ShoppingModel) {
        if isEditing { closeEditor() }
        // An all-lists search was made from the list left: it ends (a result opened ends it first).
        search.listChanged()
        model.removeObserver(modelObserver)
        // The pages stay (GTK 4.8 cannot dispose of a grid view whose rows this app recycles) and
        // show the new list: the one on screen now, the others once it is drawn (or when needed).
        let shown = currentListPage
        for page in builtPages.values {
            if page === shown { page.show(new) } else { page.pending = new }
        }
        window.afterNextFrame { [weak self] _ in
            MainLoop.idle { [weak self] in self?.builtPages.values.forEach { $0.catchUp() } }
        }
        if let editor = builtEditor { editorHolder.remove(editor.page.widget) }
        builtEditor = nil
        if let searches = builtSearches { searchesHolder.remove(searches.root.widget) }
        builtSearches = nil
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
            page.setOptions(preferences.display)
            page.setSectioning(preferences.sectioning)
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
        let t = model.totals
        guard let page = currentListPage else {
            if stack.visibleName == AppAction.tripsPage, let tripsPage = builtTrips {
                totals.text = tripsTotal(tripsPage)
                return
            }
            let n = model.savedSearches.count
            totals.text = N("{n} saved search", "{n} saved searches", n)
            return
        }
        let shown = page.projection.itemCount  // the count only: the list's cost is summed when shown
        let what = page.projection.query == nil ? N("{n} item", "{n} items", shown) : N("{n} result", "{n} results", shown)
        // At a store, what is left is what its list shows: items sold only elsewhere are said in
        // the bar under the Shopping List, with their cost, unless it shows them.
        var leftToBuy = t.leftToBuy
        if builtPages[.shopping]?.projection.showsOtherShops != true {
            let hidden = model.hiddenForOtherShopsTotals
            leftToBuy.count -= hidden.count
            leftToBuy.sum -= hidden.sum
        }
        // Costs turned off: what is left and in the cart is counted, not priced.
        let (left, cart) = preferences.display.showCost ? (money.format(leftToBuy.sum), money.format(t.inCart.sum))
                                                         : ("\(leftToBuy.count)", "\(t.inCart.count)")
        totals.text = L("{count} · {left} left to buy · {cart} in cart", ["count": what, "left": left, "cart": cart])
    }
}
