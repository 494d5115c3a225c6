import Foundation
import ShopperModel

/// Add to List (a recipe, or the week's meals): which list (the one shown first), and every change
/// it makes to it, in the words a person checks ("Milk 1 l → 1.25 l: 250 ml for Pancakes"),
/// before anything is written. The preview and the add run the same merge (`previewRecipe` and
/// `addRecipeToList`, `previewWeek` and `addWeekToList`).
@MainActor
final class RecipeAddDialog {
    let dialog: MessageDialog
    private let lists: [ShoppingList]
    private let choice: ComboRow
    private let changes = ListBox()
    /// A model of each list previewed: the preview of another list reads that list.
    private let model: (ListID) -> ShoppingModel?
    private let changesFor: @MainActor (ShoppingModel) throws -> [RecipeChange]
    /// The models previewed, whose lookups the add reuses (`WeekPlan.recipeLookups`).
    private var previewed: [ShoppingModel] = []
    /// The preview's lines as shown (the tests read them).
    private(set) var shownLines: [String] = []

    /// `onAdd`: the list chosen; the window adds there (one undo step) and shows it.
    init(heading: String, body: String, lists: [ShoppingList], current: ListID, parent: Window,
        model: @escaping (ListID) -> ShoppingModel?,
        changes changesFor: @escaping @MainActor (ShoppingModel) throws -> [RecipeChange],
         onAdd: @escaping @MainActor (ListID) -> Void) {
        self.lists = lists
        self.model = model
        self.changesFor = changesFor
        dialog = MessageDialog(parent: parent, heading: heading, body: body)
        choice = ComboRow(title: L("List"), subtitle: "", choices: lists.map(\.name), valueAsSubtitle: true)
        choice.selected = lists.firstIndex { $0.id == current } ?? 0
        let column = Box(.vertical, spacing: 12)
        let rows = ListBox()
        rows.widget.css("boxed-list")
        rows.append(choice.row)
        column.append(rows.widget)
        changes.widget.css("boxed-list")
        changes.noSelection()
        changes.widget.accessibleLabel(L("Changes to the List"))
        let scroller = ScrolledWindow()
        scroller.child(changes.widget)
        scroller.fitContent(maxHeight: 320)
        column.append(scroller.widget)
        dialog.extraChild(column.widget)
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("add", L("Add to List"), suggested: true)
        dialog.closeResponse("cancel")
        choice.onSelected { [weak self] _ in self?.preview() }
        dialog.onResponse { [weak self] response in
            guard let self else { return }
            if response == "add", let list = chosen { onAdd(list) }
            // What the previews looked up served the add, if any: let it go.
            for m in previewed { m.plan.forgetRecipeLookups() }
        }
        dialog.widget.nameButtons(icons: [:])
        preview()
    }

    private var chosen: ListID? { choice.selected < lists.count ? lists[choice.selected].id : nil }

    /// The changes adding the recipe would make to the list chosen.
    private func preview() {
        changes.removeAll()
        guard let list = chosen, let target = model(list) else { return }
        if !previewed.contains(where: { $0 === target }) { previewed.append(target) }
        var canAdd = true
        do {
            shownLines = try changesFor(target).map(\.words)
        } catch StoreError.outOfBounds(let sentence) {
            // An amount no item can hold for these servings: said, and not offered.
            shownLines = [sentence]
            canAdd = false
        } catch {
            shownLines = [L("The list could not be read: {reason}", ["reason": error.localizedDescription])]
        }
        changes.showLines(shownLines)
        dialog.setEnabled("add", canAdd && !shownLines.isEmpty)
    }

    /// The keyboard starts on Add to List (the default response): Enter adds to the list shown.
    func present() { dialog.present() }
}
