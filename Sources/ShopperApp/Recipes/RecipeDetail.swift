import Foundation
import ShopperModel

/// What a recipe opened asks of the page it is on: back to the list, and what its buttons do.
@MainActor
protocol RecipeDetailHost: AnyObject {
    func recipeBack()
    func recipeDelete()
    /// Add to List… for the servings shown.
    func recipeAddToList(servings: Int)
    /// Plan… for the servings shown.
    func recipePlan(servings: Int)
    func recipeEdit()
}

/// One recipe opened: its title, the servings to cook for (the amounts follow, exactly), the
/// ingredients, the method, its source and notes, and what can be done with it. Shows a
/// `RecipeDraft`: what the store keeps and what an import reads look alike here.
@MainActor
final class RecipeDetail {
    let root = Box(.vertical)
    private let body = Box(.vertical, spacing: 18)
    /// Back (at phone width), the title and what it yields.
    private let top = RecipeTop()
    /// The servings to cook for, and Add to List… and Plan… for that many.
    let servings = ServingsChoice()
    /// The ingredients for the servings chosen.
    let ingredients: ScaledIngredientList
    /// The method, step by step, and the notes.
    let text = MethodAndNotes()
    let deleteButton = Button(label: L("Delete Recipe"))
    let editButton = Button(label: L("Edit…"))
    private(set) var draft: RecipeDraft?
    /// Set by the Recipes page: Back, and what the buttons do.
    weak var host: (any RecipeDetailHost)?

    init(numbers: NumberConvention) {
        ingredients = ScaledIngredientList(numbers: numbers)
        body.widget.margins(12)
        top.back.onClicked { [weak self] in self?.host?.recipeBack() }
        body.append(top.root.widget)
        servings.spin.onChanged { [weak self] in self?.showIngredients() }
        servings.addButton.onClicked { [weak self] in
            guard let self else { return }
            host?.recipeAddToList(servings: servings.value)
        }
        servings.planButton.onClicked { [weak self] in
            guard let self else { return }
            host?.recipePlan(servings: servings.value)
        }
        body.append(servings.root.widget)
        body.append(Self.heading(L("Ingredients")).widget)
        body.append(ingredients.list.widget)
        text.place(in: body)
        deleteButton.widget.css("destructive-action")
        deleteButton.onClicked { [weak self] in self?.host?.recipeDelete() }
        editButton.onClicked { [weak self] in self?.host?.recipeEdit() }
        let ends = Box(.horizontal, spacing: 12)
        ends.widget.align(h: .end)
        ends.append(editButton.widget)
        ends.append(deleteButton.widget)
        body.append(ends.widget)
        scroller.child(body.widget)
        scroller.widget.expand(h: true, v: true)
        scroller.widget.visible = false
        root.append(scroller.widget)
        // As narrow as the placeholder lets it be, made or not: the leaflet folds where it did.
        root.widget.sizeRequest(width: Self.placeholderWidth)
    }

    /// The placeholder's narrowest: AdwStatusPage's 128-pixel icon and its 12-pixel margins.
    static let placeholderWidth: Int32 = 128 + 2 * 12

    private let scroller = ScrolledWindow()
    private lazy var placeholder = LazyStatusPage(
        in: root, icon: "accessories-text-editor-symbolic", title: L("No Recipe Open"),
        description: L("Choose a recipe to see what it needs for the servings you cook."))

    /// Beside the list (a wide window) before a recipe is opened: made when the page first finds
    /// itself unfolded (`RecipesPage`). A folded window never shows it, and measured hidden it was
    /// a third of the Recipes page's opening (its title's large font, its 128-pixel icon, the SVG
    /// loader for it).
    func showPlaceholder() {
        if draft == nil { placeholder.shown = true }
    }

    /// Whether "No Recipe Open" shows (the tests ask; never made is not shown).
    var isPlaceholderShown: Bool { placeholder.shown }
    /// The placeholder's own narrowest, once made (the tests hold it to `placeholderWidth`).
    var placeholderMinimumWidth: Int32? { placeholder.built?.minimumWidth }

    /// No recipe open: the placeholder in its place (once it was made).
    func clear() {
        draft = nil
        scroller.widget.visible = false
        if placeholder.built != nil { placeholder.shown = true }
    }

    static func heading(_ text: String) -> Label {
        let l = Label(text)
        l.widget.css("heading")
        l.xalign(0)
        return l
    }

    /// Whether the back button shows (the recipes' list and this one are not side by side).
    func showBack(_ on: Bool) { top.back.widget.visible = on }

    /// `draft` for its own servings (or `servings`).
    func show(_ draft: RecipeDraft, servings wanted: Int? = nil) {
        self.draft = draft
        scroller.widget.visible = true
        placeholder.shown = false
        top.show(draft)
        servings.value = wanted ?? draft.servings ?? 1
        showIngredients()
        text.show(draft)
    }

    /// The ingredients for the servings chosen, scaled exactly.
    private func showIngredients() {
        guard let draft else { return }
        ingredients.show(draft, servings: servings.value)
    }
}
