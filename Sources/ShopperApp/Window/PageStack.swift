import ShopperModel

/// The window's pages, switched from the header (or from the bottom bar in a narrow window): the
/// three lists, the saved searches and the trips. Each page is built into its named place when
/// first shown, so a start pays for the page on screen only; the window builds and wires them.
@MainActor
final class PageStack {
    static let searchesName = AppAction.searchesPage
    static let tripsName = AppAction.tripsPage

    let stack = ViewStack()
    /// The window's title until `placeSwitchers` gives it the pages (see there).
    let switcherTitle: ViewSwitcherTitle
    /// In a narrow window (a phone, the default 800 px, the benchmark's 600 px) the header's
    /// switcher does not fit, and this bar shows the pages instead.
    let switcherBar: ViewSwitcherBar
    /// Finishing a trip is a button where the trip ends (under the Cart), enabled while the cart
    /// has something.
    let finishButton = Button(label: AppAction.finishShopping.title)
    /// Each page's place in the stack, by the page's name, empty until the page is built into it.
    private let places: [String: Box]
    private(set) var lists: [ListKind: ListPage] = [:]
    private(set) var searches: SavedSearchesPage?
    private(set) var trips: TripsPage?
    /// Whether pages left behind are being caught up (`catchUpAfterNextFrame`).
    private var catchingUp = false
    /// The window is destroyed: an idle queued before (a page's catch-up, a model read again)
    /// must not reach its actions or widgets, which GTK has let go of.
    private(set) var isGone = false
    /// Whose frames the catch-up waits for: the window's (the stack may be hidden by a search).
    private var frames: Widget?

    init() {
        let tabs = ListKind.allCases.map { ($0.rawValue, $0.title, $0.icon) }
            + [(Self.searchesName, L("Searches"), "edit-find-symbolic"),
               (Self.tripsName, L("Trips"), "document-open-recent-symbolic")]
        // The places before the switchers: libadwaita 1.2's switcher makes all its buttons again on
        // every page added (45 buttons made for 15 kept, ~14 widgets each, at every start).
        var places: [String: Box] = [:]
        for (name, title, icon) in tabs { places[name] = stack.addPlace(name: name, title: title, icon: icon) }
        self.places = places
        switcherTitle = ViewSwitcherTitle(title: AppInfo.name)
        switcherBar = ViewSwitcherBar(stack: stack)
        finishButton.widget.css("suggested-action")
        finishButton.widget.actionName(AppAction.finishShopping.detailedName)
        finishButton.widget.align(h: .end).margins(12)
        stack.widget.expand(h: true, v: true)
    }

    /// Where the pages are switched from, as the window first shows and as its width changes. The
    /// header's switcher gets its pages (libadwaita 1.2 then builds two switchers of templated
    /// buttons, maps the wide one and fades it out wherever it does not fit) only once the window
    /// is wide enough that it may fit (`roomForHeaderSwitcher`); from then on the bar shows when it
    /// does not. A narrower window starts as it stays: the bar shown before the window is, so that
    /// it does not slide in over the first frames, and the title centred.
    func placeSwitchers(windowWidth: Int32) {
        guard !switcherTitle.hasButtons else { return }
        guard windowWidth >= Self.roomForHeaderSwitcher else {
            switcherBar.reveal = true
            return
        }
        switcherTitle.switchPages(of: stack)
        ViewStack.showBar(switcherBar, whenNoRoomFor: switcherTitle)
    }

    /// The narrowest window whose header the five pages' switcher fits (with the sidebar of lists
    /// beside it): about 910 px in English with GTK's default font; this leaves room for a
    /// smaller font and shorter words. Below it a window starts with the bottom bar.
    static let roomForHeaderSwitcher: Int32 = 860

    var visibleName: String {
        get { stack.visibleName }
        set { stack.visibleName = newValue }
    }

    /// The list shown; nil while the saved searches or the trips are.
    var visibleList: ListKind? { ListKind(rawValue: stack.visibleName) }
    /// The list's page shown; nil while the saved searches or the trips are.
    var visibleListPage: ListPage? { visibleList.flatMap { lists[$0] } }
    /// The lists built so far, in tab order: a list is built when first shown (or first needed).
    var builtLists: [ListPage] { ListKind.allCases.compactMap { lists[$0] } }

    /// The shop's name under the title while the header's shop button is an icon ("": none).
    func showInTitle(shop: String) { switcherTitle.subtitle(shop) }
    /// The list's name as the header's title.
    func showInTitle(list: String) { switcherTitle.title(list) }

    /// What makes room for the toast while the lists are shown (`InAppNotification.room`).
    var room: Widget { stack.widget }

    /// Hears another page shown.
    func onPageChanged(_ f: @escaping @MainActor () -> Void) { stack.onPageChanged(f) }

    /// The pages hidden while every list's results stand in for them, and back.
    func show(_ shown: Bool) { stack.widget.visible = shown }

    /// Whether the lists are switched from the bottom bar (a narrow window).
    var isBottomSwitcherShown: Bool { switcherBar.reveal }
    /// The bottom switcher shows with the lists and gives way to the recipes' own.
    func showBottomSwitcher(_ shown: Bool) { switcherBar.widget.visible = shown }

    /// The preferences of the moment on every list built; `money` when the currency changed.
    func follow(_ preferences: Preferences, money: MoneyFormat?) {
        for page in builtLists {
            // Sections first: a list held back from a shop switch is then rebuilt once (by new
            // sections, or as its rows are shown again).
            page.setSectioning(preferences.sectioning)
            page.setOptions(preferences.display)
            if let money { page.setMoney(money) }
        }
    }

    /// The window the pages are in: its frames, and when it is gone no page is caught up any more.
    func follow(_ window: Window) {
        frames = window.widget
        window.widget.on("destroy") { [weak self] in self?.isGone = true }
    }

    /// The pages not on screen, left behind by a list or shop switch so the page shown is drawn
    /// first, made up to date once it is (or before, when one is needed: `MainWindow.page(_:)`).
    func catchUpAfterNextFrame() {
        // One round at a time: a round under way also takes the pages a later switch left.
        guard !catchingUp else { return }
        catchingUp = true
        (frames ?? stack.widget).afterNextFrame { [weak self] _ in self?.catchUpOnePageWhenIdle() }
    }

    /// A page an idle moment: at a million items each is a pass over the list, and GTK told of
    /// all its rows anew; one at a time, a frame that falls due meanwhile is not kept waiting.
    private func catchUpOnePageWhenIdle() {
        MainLoop.idle { [weak self] in
            guard let self, !isGone else { return }
            guard let page = builtLists.first(where: \.isBehind) else { return catchingUp = false }
            page.catchUp()
            catchUpOnePageWhenIdle()
        }
    }

    /// Every list sorted again by `change` (a shop chosen): only the list on screen in this frame,
    /// the others once it is drawn; `fromTop`, a new order shown from its top.
    func reorder(fromTop: Bool, by change: () throws -> Void) throws {
        // To the top while GTK still has the old rows: the new order is then told as a list at
        // its top (its first screen in this frame, the rest after it).
        if fromTop { for page in builtLists { page.scrolled.scrollOffset = 0 } }
        let shown = visibleListPage
        for page in builtLists where page !== shown { page.projection.holdRebuilds() }
        catchUpAfterNextFrame()
        try change()
        // GTK kept the row that was first in view, leaving the first aisle's header above it.
        for page in builtLists { page.showTop() }
    }

    func place(_ page: ListPage, as kind: ListKind) {
        lists[kind] = page
        if kind == .cart { page.addFooter(finishButton.widget) }
        page.page.widget.expand(h: true, v: true)
        places[kind.rawValue]!.append(page.page.widget)
    }

    func place(_ page: SavedSearchesPage) {
        searches = page
        page.root.widget.expand(h: true, v: true)
        places[Self.searchesName]!.append(page.root.widget)
    }

    /// Another list's model. The pages stay (GTK 4.8 cannot dispose of a grid view whose rows this
    /// app recycles) and show it: `shown` now, the others once it is drawn (or when needed); the
    /// saved searches are built again when needed, the trips show it.
    func show(_ model: ShoppingModel, shown: ListPage?) {
        for page in builtLists {
            if page === shown { page.show(model) } else { page.show(later: model) }
        }
        catchUpAfterNextFrame()
        dropSearches()
        trips?.show(model)
    }

    /// The saved searches are another list's once the list shown changes: built again when needed.
    func dropSearches() {
        if let page = searches { places[Self.searchesName]!.remove(page.root.widget) }
        searches = nil
    }

    func place(_ page: TripsPage) {
        trips = page
        page.root.widget.expand(h: true, v: true)
        places[Self.tripsName]!.append(page.root.widget)
    }
}
