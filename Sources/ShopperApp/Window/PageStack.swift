import ShopperModel

/// The window's pages, switched from the header (or from the bottom bar in a narrow window): the
/// three lists, the saved searches and the trips. Each page is built into its named place when
/// first shown, so a start pays for the page on screen only; the window builds and wires them.
@MainActor
final class PageStack {
    static let searchesName = AppAction.searchesPage
    static let tripsName = AppAction.tripsPage

    let stack = ViewStack()
    let switcherTitle: ViewSwitcherTitle
    /// Built at start: in a narrow window (a phone, the benchmark's 600 px) the header's switcher
    /// does not fit, so the bar shows on the first frame.
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
        switcherTitle = ViewSwitcherTitle(stack: stack, title: AppInfo.name)
        switcherBar = ViewSwitcherBar(stack: stack)
        finishButton.widget.css("suggested-action")
        finishButton.widget.actionName(AppAction.finishShopping.detailedName)
        finishButton.widget.align(h: .end).margins(12)
        stack.widget.expand(h: true, v: true)
        ViewStack.showBar(switcherBar, whenNoRoomFor: switcherTitle)
    }

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
