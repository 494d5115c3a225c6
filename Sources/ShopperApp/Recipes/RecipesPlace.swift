import ShopperModel

/// Where cooking is planned, beside the lists: chosen in the sidebar (Recipes), it takes the
/// content's place with its own header (the Lists button at phone width, Paste a Recipe) and two
/// pages, switched from the header or, narrow, from the bottom: the recipes, and the week's plan.
/// Each page is built when first shown: a start pays for the list on screen only.
@MainActor
final class RecipesPlace {
    static let recipesName = "recipes", weekName = "week"

    /// Empty until the place is first shown; then its header and its pages' stack.
    let root = Box(.vertical)
    /// Placed by the window below the toasts (a toast over it would take its clicks); the switcher
    /// bar goes in it when the place is built. Shown with the place.
    let barPlace = Box(.vertical)
    private let numbers: NumberConvention
    /// The header, its buttons and switchers, and the pages' places: ~150 widgets that a start, which
    /// shows a list, would build, style and register with the accessibility bus for nothing.
    private var chrome: RecipesChrome?
    private(set) var builtPage: RecipesPage?
    private(set) var builtWeek: WeekPlanPage?
    /// The week's page was shown (built, and to be filled by the window).
    var onWeekShown: (@MainActor () -> Void)?
    /// The header's Lists button (at phone width) was clicked.
    var onListsButton: (@MainActor () -> Void)?
    private var isFolded = false

    init(numbers: NumberConvention) {
        self.numbers = numbers
        root.widget.expand(h: true, v: true)
        barPlace.widget.visible = false
    }

    /// The place's bottom switcher shows with it, and gives way to the lists' own.
    func showBottomBar(_ shown: Bool) { barPlace.widget.visible = shown }

    /// Whether the header and the pages' stack are built.
    var isBuilt: Bool { chrome != nil }
    /// The Recipes and Week's Plan switcher at the bottom of a narrow window, once built.
    var bottomBar: ViewSwitcherBar? { chrome?.switcherBar }

    /// Builds the header and the pages' stack, not their pages: the window asks in an idle moment
    /// after its first frame, so that opening Recipes later does not pay for them in its frame.
    func prepare() {
        // Not into a place its window let go of: a window destroyed before the idle came (a test
        // closing it at once) has disposed of the box, and GTK loops appending to it.
        guard root.widget.parent != nil else { return }
        _ = built
    }

    /// The header and the pages' stack, built into `root` the first time anything needs them.
    private var built: RecipesChrome {
        if let chrome { return chrome }
        let chrome = RecipesChrome()
        self.chrome = chrome
        chrome.listsButton.onClicked { [weak self] in self?.onListsButton?() }
        chrome.stack.widget.onPointer("notify::visible-child") { [weak self] _ in self?.visibleChanged() }
        for part in [chrome.header.widget, chrome.stack.widget] { root.append(part) }
        barPlace.append(chrome.switcherBar.widget)
        apply(folded: isFolded, to: chrome)
        return chrome
    }

    /// The recipes' page, built into its place when first needed.
    var page: RecipesPage {
        if let builtPage { return builtPage }
        let page = RecipesPage(numbers: numbers)
        page.root.widget.expand(h: true, v: true)
        built.places[Self.recipesName]!.append(page.root.widget)
        builtPage = page
        return page
    }

    /// The week's plan, built into its place when first needed.
    var week: WeekPlanPage {
        if let builtWeek { return builtWeek }
        let week = WeekPlanPage()
        week.root.widget.expand(h: true, v: true)
        built.places[Self.weekName]!.append(week.root.widget)
        builtWeek = week
        return week
    }

    var isShowingWeek: Bool { chrome?.stack.visibleName == Self.weekName }

    func showWeek() { built.stack.visibleName = Self.weekName }
    func showRecipes() { built.stack.visibleName = Self.recipesName }

    private func visibleChanged() {
        if isShowingWeek {
            _ = week
            onWeekShown?()
        } else {
            _ = page
        }
    }

    /// Folded (a phone), the Lists button shows and the header has the window's buttons; Import
    /// moves to the menu alone, leaving the title its room.
    func folded(_ folded: Bool) {
        isFolded = folded
        if let chrome { apply(folded: folded, to: chrome) }
    }

    private func apply(folded: Bool, to chrome: RecipesChrome) {
        chrome.listsButton.widget.visible = folded
        chrome.importButton.widget.visible = !folded
        chrome.header.showStartTitleButtons(folded)
    }
}

/// The recipes' place's own widgets: its header (the Lists button, Paste and Import a Recipe, the
/// switcher, the menu) and the stack of its two pages, each page's place empty until it is built.
@MainActor
private final class RecipesChrome {
    let header = HeaderBar()
    let listsButton = Button(icon: "sidebar-show-symbolic", accessibleLabel: L("Lists"))
    let pasteButton = Button(icon: "list-add-symbolic", accessibleLabel: L("Paste a Recipe"))
    let importButton = Button(icon: "document-open-symbolic", accessibleLabel: L("Import a Recipe"))
    let stack = ViewStack()
    let switcherTitle: ViewSwitcherTitle
    let switcherBar: ViewSwitcherBar
    let places: [String: Box]

    init() {
        // The places before the switchers, which make all their buttons again on each page added.
        var places: [String: Box] = [:]
        for (name, title, icon) in [(RecipesPlace.recipesName, L("Recipes"), "accessories-text-editor-symbolic"),
                                    (RecipesPlace.weekName, L("Week’s Plan"), "x-office-calendar-symbolic")] {
            places[name] = stack.addPlace(name: name, title: title, icon: icon)
        }
        self.places = places
        switcherTitle = ViewSwitcherTitle(stack: stack, title: L("Recipes"))
        switcherBar = ViewSwitcherBar(stack: stack)
        header.titleWidget(switcherTitle.widget)
        listsButton.widget.tooltip(L("Lists"))
        header.packStart(listsButton.widget)
        pasteButton.widget.tooltip(L("Paste a Recipe"))
        pasteButton.widget.actionName(AppAction.pasteRecipe.detailedName)
        header.packStart(pasteButton.widget)
        importButton.widget.tooltip(L("Import a Recipe"))
        importButton.widget.actionName(AppAction.importRecipe.detailedName)
        header.packStart(importButton.widget)
        header.packEnd(
            MenuButton(icon: "open-menu-symbolic", accessibleLabel: L("Main Menu"), menu: Menus.recipes()).widget)
        stack.widget.expand(h: true, v: true)
        ViewStack.showBar(switcherBar, whenNoRoomFor: switcherTitle)
    }
}
