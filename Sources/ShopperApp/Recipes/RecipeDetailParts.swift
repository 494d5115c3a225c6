import ShopperModel

/// A recipe opened, its top: Back (at phone width), the title and what it yields.
@MainActor
final class RecipeTop {
    let root = Box(.horizontal, spacing: 12)
    let back = Button(icon: "go-previous-symbolic", accessibleLabel: L("Back"))
    private let title = Label()
    private let subtitle = Label()

    init() {
        back.widget.css("flat")
        back.widget.align(v: .start)
        root.append(back.widget)
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
        root.append(words.widget)
    }

    func show(_ draft: RecipeDraft) {
        title.text = draft.title
        subtitle.text = [draft.yieldText, draft.source].compactMap { $0 }.joined(separator: " · ")
        subtitle.widget.visible = !subtitle.text.isEmpty
    }
}

/// The servings to cook for, and under them what can be done with the recipe for that many (side
/// by side they would not fit a phone in German).
@MainActor
final class ServingsChoice {
    let root = Box(.vertical, spacing: 12)
    let spin = SpinButton(from: 1, to: Double(RecipeDraft.maxServings))
    let addButton = Button(label: L("Add to List…"))
    let planButton = Button(label: L("Plan…"))

    var value: Int {
        get { spin.value }
        set { spin.value = newValue }
    }

    init() {
        let row = Box(.horizontal, spacing: 12)
        let label = Label(L("Servings"))
        label.xalign(0)
        label.widget.expand(h: true)
        row.append(label.widget)
        spin.widget.accessibleLabel(L("Servings"))
        row.append(spin.widget)
        root.append(row.widget)
        let actions = Box(.horizontal, spacing: 12)
        actions.widget.align(h: .end)
        addButton.widget.css("suggested-action")
        actions.append(planButton.widget)
        actions.append(addButton.widget)
        root.append(actions.widget)
    }
}

/// A recipe's ingredients for the servings chosen, scaled exactly.
@MainActor
final class ScaledIngredientList {
    let list = ListBox()
    private let numbers: NumberConvention
    /// The lines shown now, as a cook reads them (the tests read them too).
    private(set) var shown: [ScaledIngredients.Line] = []

    init(numbers: NumberConvention) {
        self.numbers = numbers
        list.widget.css("boxed-list")
        list.noSelection()
        list.widget.accessibleLabel(L("Ingredients"))
    }

    func show(_ draft: RecipeDraft, servings: Int) {
        shown = ScaledIngredients.lines(draft.ingredients, from: draft.servings ?? 1, to: servings, numbers: numbers)
        list.removeAll()
        for line in shown { list.append(Self.row(line).widget) }
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
}

/// A recipe's method, step by step under its heading, and its notes.
@MainActor
final class MethodAndNotes {
    private let heading = RecipeDetail.heading(L("Method"))
    private let method = Box(.vertical, spacing: 12)
    private let notes = Label()
    /// The method as shown: each step's number ("2.", nil for a section's heading) and words.
    private(set) var shownSteps: [(number: String?, text: String)] = []

    init() {
        notes.xalign(0)
        notes.wrap()
    }

    /// The heading, the steps and the notes, in that order, at the end of `body`.
    func place(in body: Box) {
        body.append(heading.widget)
        body.append(method.widget)
        body.append(notes.widget)
    }

    func show(_ draft: RecipeDraft) {
        method.removeAll()
        shownSteps = MethodSteps.numbered(draft.method).map { ($0.number.map { "\($0)." }, $0.text) }
        for (n, step) in MethodSteps.numbered(draft.method) { method.append(Self.step(n, step).widget) }
        method.widget.visible = !draft.method.isEmpty
        heading.widget.visible = !draft.method.isEmpty
        notes.text = draft.notes
        notes.widget.visible = !draft.notes.isEmpty
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
