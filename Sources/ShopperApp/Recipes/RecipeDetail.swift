import Foundation
import ShopperModel

/// One recipe opened: its title, the servings to cook for (the amounts follow, exactly), the
/// ingredients, the method, its source and notes, and what can be done with it. Shows a
/// `RecipeDraft`: what the store keeps and what an import reads look alike here.
@MainActor
final class RecipeDetail {
    let root = Box(.vertical)
    private let body = Box(.vertical, spacing: 18)
    private let title = Label()
    private let subtitle = Label()
    private let back = Button(icon: "go-previous-symbolic", accessibleLabel: L("Back"))
    let servings = SpinButton(from: 1, to: Double(RecipeDraft.maxServings))
    private let ingredients = ListBox()
    private let methodHeading = RecipeDetail.heading(L("Method"))
    private let method = Box(.vertical, spacing: 12)
    private let notes = Label()
    let deleteButton = Button(label: L("Delete Recipe"))
    let addButton = Button(label: L("Add to List…"))
    let planButton = Button(label: L("Plan…"))
    let editButton = Button(label: L("Edit…"))
    private(set) var draft: RecipeDraft?
    private let numbers: NumberConvention
    /// The lines shown now, as a cook reads them (the tests read them too).
    private(set) var shown: [ScaledIngredients.Line] = []
    /// The method as shown: each step's number ("2.", nil for a section's heading) and words.
    private(set) var shownSteps: [(number: String?, text: String)] = []
    var onBack: (@MainActor () -> Void)?
    var onDelete: (@MainActor () -> Void)?
    /// Add to List… for the servings shown.
    var onAddToList: (@MainActor (Int) -> Void)?
    /// Plan… for the servings shown.
    var onPlan: (@MainActor (Int) -> Void)?
    var onEdit: (@MainActor () -> Void)?

    init(numbers: NumberConvention) {
        self.numbers = numbers
        body.widget.margins(12)
        body.append(top().widget)
        body.append(servingsRow().widget)
        body.append(Self.heading(L("Ingredients")).widget)
        body.append(ingredients.widget)
        body.append(methodHeading.widget)
        body.append(method.widget)
        ingredients.widget.css("boxed-list")
        ingredients.noSelection()
        ingredients.widget.accessibleLabel(L("Ingredients"))
        notes.xalign(0)
        notes.wrap()
        body.append(notes.widget)
        deleteButton.widget.css("destructive-action")
        deleteButton.onClicked { [weak self] in self?.onDelete?() }
        editButton.onClicked { [weak self] in self?.onEdit?() }
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
    private lazy var placeholder = LazyStatusPage(in: root, icon: "accessories-text-editor-symbolic", title: L("No Recipe Open"),
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

    /// Back (at phone width), the title and what it yields.
    private func top() -> Box {
        let top = Box(.horizontal, spacing: 12)
        back.widget.css("flat")
        back.widget.align(v: .start)
        back.onClicked { [weak self] in self?.onBack?() }
        top.append(back.widget)
        let words = Box(.vertical, spacing: 2)
        title.widget.css("title-2")
        title.xalign(0)
        title.wrap()
        subtitle.xalign(0)
        subtitle.wrap()
        subtitle.widget.css("dim-label")
        words.append(title.widget)
        words.append(subtitle.widget)
        words.widget.expand(h: true)
        top.append(words.widget)
        return top
    }

    /// The servings, and under them what can be done with the recipe for that many (side by side
    /// they would not fit a phone in German).
    private func servingsRow() -> Box {
        let column = Box(.vertical, spacing: 12)
        let row = Box(.horizontal, spacing: 12)
        let label = Label(L("Servings"))
        label.xalign(0)
        label.widget.expand(h: true)
        row.append(label.widget)
        servings.widget.accessibleLabel(L("Servings"))
        servings.onChanged { [weak self] in self?.showIngredients() }
        row.append(servings.widget)
        column.append(row.widget)
        let actions = Box(.horizontal, spacing: 12)
        actions.widget.align(h: .end)
        addButton.widget.css("suggested-action")
        addButton.onClicked { [weak self] in
            guard let self else { return }
            onAddToList?(servings.value)
        }
        planButton.onClicked { [weak self] in
            guard let self else { return }
            onPlan?(servings.value)
        }
        actions.append(planButton.widget)
        actions.append(addButton.widget)
        column.append(actions.widget)
        return column
    }

    private static func heading(_ text: String) -> Label {
        let l = Label(text)
        l.widget.css("heading")
        l.xalign(0)
        return l
    }

    /// Whether the back button shows (the recipes' list and this one are not side by side).
    func showBack(_ on: Bool) { back.widget.visible = on }

    /// `draft` for its own servings (or `servings`).
    func show(_ draft: RecipeDraft, servings wanted: Int? = nil) {
        self.draft = draft
        scroller.widget.visible = true
        placeholder.shown = false
        title.text = draft.title
        subtitle.text = [draft.yieldText, draft.source].compactMap { $0 }.joined(separator: " · ")
        subtitle.widget.visible = !subtitle.text.isEmpty
        servings.value = wanted ?? draft.servings ?? 1
        showIngredients()
        method.removeAll()
        shownSteps = MethodSteps.numbered(draft.method).map { ($0.number.map { "\($0)." }, $0.text) }
        for (n, step) in MethodSteps.numbered(draft.method) { method.append(Self.step(n, step).widget) }
        method.widget.visible = !draft.method.isEmpty
        methodHeading.widget.visible = !draft.method.isEmpty
        notes.text = draft.notes
        notes.widget.visible = !draft.notes.isEmpty
    }

    /// The ingredients for the servings chosen, scaled exactly.
    private func showIngredients() {
        guard let draft else { return }
        shown = ScaledIngredients.lines(draft.ingredients, from: draft.servings ?? 1, to: servings.value, numbers: numbers)
        ingredients.removeAll()
        for line in shown { ingredients.append(Self.row(line).widget) }
    }

    private static func row(_ line: ScaledIngredients.Line) -> Box {
        let row = Box(.horizontal, spacing: 12)
        row.widget.margins(10)
        if let amount = line.amount {
            let a = Label(amount)
            a.widget.css("numeric")
            a.xalign(1)
            a.widget.sizeRequest(width: 80)
            row.append(a.widget)
        }
        let text = Label(line.text)
        text.xalign(0)
        text.wrap()
        if line.isHeading { text.widget.css("heading") }
        row.append(text.widget)
        // One sentence a screen reader says: "250 ml milk, warmed".
        row.widget.accessibleLabel([line.amount, line.text].compactMap { $0 }.joined(separator: " "))
        return row
    }

    /// A step with its number, or a section's heading ("Base:") without one.
    private static func step(_ n: Int?, _ text: String) -> Box {
        let row = Box(.horizontal, spacing: 12)
        if let n {
            let number = Label("\(n).")
            number.widget.css("numeric")
            number.widget.css("dim-label")
            number.widget.align(v: .start)
            row.append(number.widget)
        }
        let words = Label(text)
        if n == nil { words.widget.css("heading") }
        words.xalign(0)
        words.wrap()
        words.widget.expand(h: true)
        row.append(words.widget)
        return row
    }
}
