import ShopperModel

/// Where cooking is planned, beside the lists: chosen in the sidebar (Recipes), it takes the
/// content's place with its own header (the Lists button at phone width, Paste a Recipe) and two
/// pages, switched from the header or, narrow, from the bottom: the recipes, and the week's plan.
/// Each page is built when first shown: a start pays for the list on screen only.
@MainActor
final class RecipesPlace {
    static let recipesName = "recipes", weekName = "week"

    let root = Box(.vertical)
    let header = HeaderBar()
    let listsButton = Button(icon: "sidebar-show-symbolic", accessibleLabel: L("Lists"))
    let pasteButton = Button(icon: "list-add-symbolic", accessibleLabel: L("Paste a Recipe"))
    let importButton = Button(icon: "document-open-symbolic", accessibleLabel: L("Import a Recipe"))
    let stack = ViewStack()
    private let switcherTitle: ViewSwitcherTitle
    /// Placed by the window below the toasts (a toast over it would take its clicks).
    let switcherBar: ViewSwitcherBar
    private let numbers: NumberConvention
    private var places: [String: Box] = [:]
    private(set) var builtPage: RecipesPage?
    private(set) var builtWeek: WeekPlanPage?
    /// The week's page was shown (built, and to be filled by the window).
    var onWeekShown: (@MainActor () -> Void)?

    init(numbers: NumberConvention) {
        self.numbers = numbers
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
        header.packEnd(MenuButton(icon: "open-menu-symbolic", accessibleLabel: L("Main Menu"), menu: MainWindow.recipesMenu()).widget)
        for (name, title, icon) in [(Self.recipesName, L("Recipes"), "accessories-text-editor-symbolic"),
                                    (Self.weekName, L("Week’s Plan"), "x-office-calendar-symbolic")] {
            places[name] = stack.addPlace(name: name, title: title, icon: icon)
        }
        stack.widget.expand(h: true, v: true)
        stack.widget.onPointer("notify::visible-child") { [weak self] _ in self?.visibleChanged() }
        ViewStack.showBar(switcherBar, whenNoRoomFor: switcherTitle)
        for part in [header.widget, stack.widget] { root.append(part) }
        root.widget.expand(h: true, v: true)
    }

    /// The recipes' page, built into its place when first needed.
    var page: RecipesPage {
        if let builtPage { return builtPage }
        let page = RecipesPage(numbers: numbers)
        page.root.widget.expand(h: true, v: true)
        places[Self.recipesName]!.append(page.root.widget)
        builtPage = page
        return page
    }

    /// The week's plan, built into its place when first needed.
    var week: WeekPlanPage {
        if let builtWeek { return builtWeek }
        let week = WeekPlanPage()
        week.root.widget.expand(h: true, v: true)
        places[Self.weekName]!.append(week.root.widget)
        builtWeek = week
        return week
    }

    var isShowingWeek: Bool { stack.visibleName == Self.weekName }

    func showWeek() { stack.visibleName = Self.weekName }
    func showRecipes() { stack.visibleName = Self.recipesName }

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
        listsButton.widget.visible = folded
        importButton.widget.visible = !folded
        header.showStartTitleButtons(folded)
    }
}
