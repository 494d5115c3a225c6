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
