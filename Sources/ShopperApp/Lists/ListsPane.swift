import ShopperModel

/// The sidebar of lists beside the window's content: side by side when there is room, folded away
/// at phone width, where the header's Lists button opens it and opening a list goes back to the
/// content. A list's menu (rename, delete) pops up from the sidebar. The content is a list's place
/// or the recipes' (`places`: "lists" and "recipes"), chosen in the sidebar.
@MainActor
final class ListsPane {
    let sidebar = ListsSidebar()
    /// "sidebar" and "content".
    let frame = Leaflet()
    let listsButton = Button(icon: "sidebar-show-symbolic", accessibleLabel: L("Lists"))
    /// The content's header: the lists' place's (the recipes' place has its own).
    let contentHeader = HeaderBar()
    /// The content's places, the lists' and the recipes'.
    let places = ViewStack()
    /// Made when first opened.
    private var listMenu: PopoverMenu?

    init() {
        listsButton.widget.tooltip(L("Lists"))
        frame.append(sidebar.root.widget, name: "sidebar")
        frame.appendSeparator()
    }

    /// The content beside the sidebar: `contentHeader` and `places` are in it, at its top (side by
    /// side, only one set of window buttons shows).
    func place(content: Widget) {
        frame.append(content, name: "content")
        frame.visibleName = "content"
        frame.onFoldedChanged { [weak self] folded in self?.folded(folded) }
        folded(frame.folded)
    }

    static let listsPlace = "lists", recipesPlace = "recipes"
    var isShowingRecipes: Bool { places.visibleName == Self.recipesPlace }
    /// Hears the sidebar fold away and come back (at once, when set).
    var onFolded: (@MainActor (Bool) -> Void)? { didSet { onFolded?(frame.folded) } }

    /// The recipes' place beside the lists' (`recipesPlace`), built by its own controller.
    func add(recipes: Widget) {
        places.add(recipes, name: Self.recipesPlace, title: L("Recipes"), icon: "accessories-text-editor-symbolic")
        places.visibleName = Self.listsPlace
    }

    /// The recipes in the content's place, marked in the sidebar.
    func showRecipesPlace() {
        places.visibleName = Self.recipesPlace
        sidebar.highlightRecipes()
    }

    /// The lists in the content's place, the list shown marked in the sidebar.
    func showListsPlace(current: ListID) {
        places.visibleName = Self.listsPlace
        sidebar.highlightList(current)
    }

    /// At phone width the sidebar covers the content: opening a list goes to it.
    func showContent() {
        if frame.folded { frame.visibleName = "content" }
    }

    /// The Lists button: the sidebar over the content, the current list focused.
    func showSidebar(current: ListID) {
        frame.visibleName = "sidebar"
        sidebar.focusCurrent(current)
    }

    func popUp(_ menu: Menu, x: Double, y: Double) {
        if let listMenu {
            listMenu.setMenu(menu)
        } else {
            listMenu = PopoverMenu(menu: menu, parent: sidebar.root.widget)
        }
        listMenu?.popup(at: x, y)
    }

    private func folded(_ folded: Bool) {
        onFolded?(folded)
        listsButton.widget.visible = folded
        // Side by side, one set of window buttons (the page's); folded, each page has its own.
        sidebar.header.showEndTitleButtons(folded)
        contentHeader.showStartTitleButtons(folded)
    }
}
