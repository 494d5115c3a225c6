import Foundation
import ShopperModel

/// A recipe as text (typed or pasted whole: title, then ingredients, then the method; or a kept
/// recipe to edit, or a page just imported to check), with what was understood shown line by line
/// as it is typed, before anything is saved. Save keeps it; nothing is kept on Cancel or Escape.
@MainActor
final class RecipePasteDialog {
    let window = Window()
    let text = TextView()
    /// What was understood of the text, shown under it.
    let preview: UnderstoodRecipe
    private let save = Button(label: L("Save Recipe"))
    private let read: (String) -> RecipeDraft
    private let initial: String
    private let unchanged: RecipeDraft?
    /// The preview's next reading, a moment after the last key (a long paste is read once).
    private var pending: UInt32 = 0
    /// What Save would keep now.
    private(set) var draft: RecipeDraft
    /// What Save does (Enter in no field: the text takes Enter as a new line).
    private(set) var confirm: @MainActor () -> Void = {}

    /// `unchanged`: the recipe `initial` was written from (a kept recipe, a page read): kept as it
    /// is while the text is not changed, so a Save of what was not touched loses nothing.
    /// `onSave` answers whether the dialog closes (false: it asked something first, and closes it
    /// itself once answered).
    init(parent: Window, numbers: NumberConvention, title: String = L("Paste a Recipe"), text initial: String = "",
        unchanged: RecipeDraft? = nil, read: @escaping (String) -> RecipeDraft,
        onSave: @escaping @MainActor (RecipeDraft) -> Bool
    ) {
        self.read = read
        self.initial = initial
        self.unchanged = unchanged
        preview = UnderstoodRecipe(numbers: numbers)
        draft = RecipeDraft(title: "")
        window.title = title
        window.transient(for: parent)
        window.modal(true)
        // No larger than the window it belongs to: at a phone's 360 px a 520 px dialog put Save
        // outside the screen.
        let (w, h) = (parent.widget.width, parent.widget.height)
        window.defaultSize(w > 0 ? min(520, w) : 520, h > 0 ? min(640, h) : 640)
        let column = Box(.vertical, spacing: 12)
        column.widget.margins(18)
        let hint = Label(
            L("Its title on the first line, then the ingredients, one a line, then the method. Ctrl+Enter saves it."))
        hint.xalign(0)
        hint.wrap()
        hint.widget.css("dim-label")
        column.append(hint.widget)
        text.padding(8)
        text.widget.accessibleLabel(L("Recipe Text"))
        text.onChanged { [weak self] in self?.updateSoon() }
        column.append(Self.scrolled(text.widget, height: 180).widget)
        column.append(preview.heading.widget)
        column.append(Self.scrolled(preview.lines.widget, height: 160).widget)
        column.append(buttons(onSave: onSave).widget)
        window.child(column.widget)
        text.text = initial
        update()
    }

    private static func scrolled(_ child: Widget, height: Int32) -> ScrolledWindow {
        let s = ScrolledWindow()
        s.child(child)
        s.widget.expand(h: true, v: true)
        s.widget.sizeRequest(height: height)
        return s
    }

    private func buttons(onSave: @escaping @MainActor (RecipeDraft) -> Bool) -> Box {
        let row = Box(.horizontal, spacing: 12)
        row.widget.align(h: .end)
        let cancel = Button(label: L("Cancel"))
        cancel.onClicked { [weak self] in self?.window.close() }
        save.widget.css("suggested-action")
        confirm = { [weak self] in
            guard let self else { return }
            if pending != 0 { update() }
            guard canSave else { return }
            if onSave(draft) { window.close() }
        }
        save.onClicked { [weak self] in self?.confirm() }
        row.append(cancel.widget)
        row.append(save.widget)
        // Escape leaves; Ctrl+Enter keeps (Enter alone is a new line in the text, which would
        // take Ctrl+Enter too were this not asked first).
        let keys = ShortcutController(first: true)
        keys.add("Escape") { [weak self] in self?.window.close(); return true }
        keys.add("<Control>Return") { [weak self] in
            // Typed a moment ago: read now, not when the preview's pause is over.
            guard let self else { return false }
            if pending != 0 { update() }
            guard canSave else { return false }
            confirm()
            return true
        }
        window.widget.add(keys.controller)
        return row
    }

    /// A title and one ingredient at least.
    var canSave: Bool { !draft.title.isEmpty && !draft.ingredients.isEmpty }

    /// Reads the text again, a moment after the last key, and shows what it says (`preview`).
    private func updateSoon() {
        if pending != 0 { MainLoop.cancel(pending) }
        pending = MainLoop.after(milliseconds: 150) { [weak self] in
            self?.pending = 0
            self?.update()
        }
    }

    private func update() {
        if pending != 0 { MainLoop.cancel(pending) }
        pending = 0
        let current = text.text
        draft = current == initial ? unchanged?.capped ?? read(current).capped : read(current).capped
        save.widget.sensitive = canSave
        preview.show(draft)
    }

    func present() {
        window.present()
        _ = text.widget.grabFocus()
    }
}

/// What a recipe's text was understood to say, shown as it is typed: the title and servings, then
/// each ingredient as amount, name and the rest, then how many steps.
@MainActor
final class UnderstoodRecipe {
    let heading = Label()
    let lines = ListBox()
    private let numbers: NumberConvention
    /// The lines as shown (the tests read them).
    private(set) var shownLines: [String] = []

    init(numbers: NumberConvention) {
        self.numbers = numbers
        heading.xalign(0)
        heading.wrap()
        heading.widget.css("heading")
        lines.widget.css("boxed-list")
        lines.noSelection()
        lines.widget.accessibleLabel(L("What Was Understood"))
    }

    func show(_ draft: RecipeDraft) {
        let serves = draft.servings.map { N("serves {n}", "serves {n}", $0) } ?? L("servings not given")
        heading.text = draft.title.isEmpty ? L("Nothing understood yet")
            : L("“{title}”, {serves}", ["title": draft.title, "serves": serves])
        let ingredients = ScaledIngredients.lines(draft.ingredients, from: 1, to: 1, numbers: numbers).map { line in
            line.amount.map { L("{amount} · {ingredient}", ["amount": $0, "ingredient": line.text]) } ?? line.text
        }
        let steps =
            draft.method.isEmpty ? [] : [N("Method: {n} step", "Method: {n} steps", MethodSteps.count(draft.method))]
        shownLines = ingredients + steps
        lines.showLines(shownLines)
        lines.widget.visible = !shownLines.isEmpty
    }
}
