import ShopperModel

/// Where the recipes are, beside the lists: chosen in the sidebar under "Cooking", it takes the
/// content's place (its own header: the Lists button at phone width, Paste a Recipe), as a list
/// does. The page is built when the place is first shown: a start pays for the list on screen only.
@MainActor
final class RecipesPlace {
    let root = Box(.vertical)
    let header = HeaderBar()
    let listsButton = Button(icon: "sidebar-show-symbolic", accessibleLabel: L("Lists"))
    let pasteButton = Button(icon: "list-add-symbolic", accessibleLabel: L("Paste a Recipe"))
    private let numbers: NumberConvention
    private(set) var builtPage: RecipesPage?

    init(numbers: NumberConvention) {
        self.numbers = numbers
        let title = Label(L("Recipes"))
        title.widget.css("title")
        header.titleWidget(title.widget)
        listsButton.widget.tooltip(L("Lists"))
        header.packStart(listsButton.widget)
        pasteButton.widget.tooltip(L("Paste a Recipe"))
        pasteButton.widget.actionName(AppAction.pasteRecipe.detailedName)
        header.packStart(pasteButton.widget)
        root.append(header.widget)
        root.widget.expand(h: true, v: true)
    }

    /// The page, built into the place when first needed.
    var page: RecipesPage {
        if let builtPage { return builtPage }
        let page = RecipesPage(numbers: numbers)
        page.root.widget.expand(h: true, v: true)
        root.append(page.root.widget)
        builtPage = page
        return page
    }

    /// Folded (a phone), the Lists button shows and the header has the window's buttons.
    func folded(_ folded: Bool) {
        listsButton.widget.visible = folded
        header.showStartTitleButtons(folded)
    }
}
