import Foundation
import ShopperModel

/// Plan a meal: a recipe on a day of the plan, for some servings. From a recipe's page the recipe
/// is given and the day chosen; from a day of the plan the day is given and the recipe chosen.
@MainActor
final class MealDialog {
    let dialog: MessageDialog
    let choice: ComboRow
    let servings = SpinButton(from: 1, to: Double(RecipeDraft.maxServings))

    /// `choices`: what the person picks (days' or recipes' names), `chosen` the one offered first;
    /// `onPlan` gets the index picked and the servings. `servingsOf`, when recipes are the
    /// choice: each one's own servings, offered as it is picked (a Chili that serves 6 was
    /// offered the 8 of the Banana Bread first in the list).
    init(parent: Window, heading: String, choiceTitle: String, choices: [String], chosen: Int, servings initial: Int,
         servingsOf: ((Int) -> Int)? = nil, onPlan: @escaping @MainActor (Int, Int) -> Void) {
        dialog = MessageDialog(parent: parent, heading: heading, body: "")
        choice = ComboRow(title: choiceTitle, subtitle: "", choices: choices, valueAsSubtitle: true)
        choice.selected = chosen
        servings.value = initial
        if let servingsOf {
            choice.onSelected { [servings] i in
                if i >= 0, i < choices.count { servings.value = servingsOf(i) }
            }
        }
        let rows = ListBox()
        rows.widget.css("boxed-list")
        rows.noSelection()
        rows.append(choice.row)
        let servingsRow = Box(.horizontal, spacing: 12)
        servingsRow.widget.margins(12)
        let label = Label(L("Servings"))
        label.xalign(0)
        label.widget.expand(h: true)
        servingsRow.append(label.widget)
        servings.widget.accessibleLabel(L("Servings"))
        servingsRow.append(servings.widget)
        rows.append(servingsRow.widget)
        dialog.extraChild(rows.widget)
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("plan", L("Plan"), suggested: true)
        dialog.closeResponse("cancel")
        dialog.setEnabled("plan", !choices.isEmpty)
        dialog.onResponse { [weak self] response in
            guard response == "plan", let self else { return }
            onPlan(choice.selected, servings.value)
        }
        dialog.widget.nameButtons(icons: [:])
    }

    /// The keyboard starts on Plan (the default response): Enter plans what is offered.
    func present() { dialog.present() }
}
