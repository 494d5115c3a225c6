import Foundation
import ShopperModel

/// The week's plan: this week and the next, a day at a time, each day's meals with their servings;
/// a meal's servings changed or the meal taken off changes the list by exactly its share, when
/// its ingredients are on one. Add the Week to the List… merges every meal not yet added, once.
/// Shared, a day also shows the calendar's events that name no recipe ("Dinner at Ana's mum's")
/// as notes: dimmed, with a calendar icon, nothing to change. Shows what it is given (`show`); the
/// window does what its buttons ask.
@MainActor
final class WeekPlanPage {
    /// A meal as the page shows it.
    struct Planned: Equatable {
        let meal: MealID
        let day: PlanDay
        let title: String
        let servings: Int
        /// On a list already (its ingredients added), here or on another desktop.
        let added: Bool
        /// What is said under the title: "On the list", "Added to “Groceries” on another desktop",
        /// "Planned by Ana"; empty: nothing.
        var words = ""
    }

    /// An event of the shared meals calendar that names no recipe: shown on its day, as it is.
    struct Note: Equatable {
        let day: PlanDay
        let summary: String
    }

    let root = Box(.vertical)
    private let days = Box(.vertical, spacing: 18)
    let addWeekButton = Button(label: L("Add the Week to the List…"))
    let caption = Label()
    private(set) var shown: [Planned] = []
    private(set) var notes: [Note] = []
    private var planDays: [PlanDay] = []
    /// Each meal's servings, kept in place while only servings change: the − and + under the
    /// pointer (or the keyboard) stay where they are.
    private var spins: [MealID: SpinButton] = [:]
    var onServings: (@MainActor (MealID, Int) -> Void)?
    var onRemove: (@MainActor (MealID) -> Void)?
    var onAddMeal: (@MainActor (PlanDay) -> Void)?
    var onAddWeek: (@MainActor () -> Void)?

    init() {
        days.widget.margins(12)
        let scroller = ScrolledWindow()
        scroller.child(days.widget)
        scroller.widget.expand(h: true, v: true)
        root.append(scroller.widget)
        // The caption above the button, both centred: side by side, a German phone's footer
        // wrapped the caption to four lines beside a cut button.
        let bar = Box(.vertical, spacing: 6)
        bar.widget.margins(12)
        caption.wrap()
        caption.justify(.center)
        caption.widget.css("dim-label")
        bar.append(caption.widget)
        addWeekButton.widget.css("suggested-action")
        addWeekButton.widget.css("pill")
        addWeekButton.widget.align(h: .center)
        addWeekButton.onClicked { [weak self] in self?.onAddWeek?() }
        bar.append(addWeekButton.widget)
        root.append(bar.widget)
    }

    /// The keyboard on Add the Week to the List…, or on the first day when every meal is on a
    /// list already (the button cannot take it then, and the focus would stay behind, unseen).
    func focus() {
        if addWeekButton.widget.sensitive, addWeekButton.widget.grabFocus() { return }
        days.widget.focusFirstChild()
    }

    /// The plan's days (this week and the next) with their meals, and the calendar's notes.
    func show(_ meals: [Planned], notes: [Note] = [], days planDays: [PlanDay], today: PlanDay) {
        let sameShape = planDays == self.planDays && meals.map(Self.shape) == shown.map(Self.shape)
            && notes == self.notes
        shown = meals
        self.notes = notes
        self.planDays = planDays
        if sameShape {
            for meal in meals where spins[meal.meal]?.value != meal.servings { spins[meal.meal]?.value = meal.servings }
        } else {
            days.removeAll()
            spins = [:]
            for day in planDays {
                let section = section(day, meals.filter { $0.day == day }, notes.filter { $0.day == day }, today: today)
                days.append(section.widget)
            }
        }
        let waiting = meals.filter { !$0.added }.count
        caption.text = meals.isEmpty ? L("Nothing planned yet: a day’s + puts a recipe on it.")
            : waiting == 0 ? L("Every planned meal is on a list.")
            : N("{n} meal not on a list yet", "{n} meals not on a list yet", waiting)
        addWeekButton.widget.sensitive = waiting > 0
        // Nothing planned, nothing to add: the words how to plan take the bar's width.
        addWeekButton.widget.visible = !meals.isEmpty
    }

    /// A meal without its servings: what decides whether the rows are made again.
    private static func shape(_ m: Planned) -> [String] { ["\(m.meal)", "\(m.day)", m.title, "\(m.added)", m.words] }

    private func section(_ day: PlanDay, _ meals: [Planned], _ notes: [Note], today: PlanDay) -> Box {
        let section = Box(.vertical, spacing: 6)
        let head = Box(.horizontal, spacing: 12)
        let name = Label(day == today ? L("Today, {day}", ["day": DateText.day(day.date())]) : DateText.day(day.date()))
        name.widget.css("heading")
        name.xalign(0)
        name.widget.expand(h: true)
        head.append(name.widget)
        let add = Button(
            icon: "list-add-symbolic", accessibleLabel: L("Plan a Meal for {day}", ["day": DateText.day(day.date())]))
        add.widget.css("flat")
        add.widget.tooltip(L("Plan a Meal"))
        add.onClicked { [weak self] in self?.onAddMeal?(day) }
        head.append(add.widget)
        section.append(head.widget)
        guard !meals.isEmpty || !notes.isEmpty else { return section }
        let rows = ListBox()
        rows.widget.css("boxed-list")
        rows.noSelection()
        rows.widget.accessibleLabel(DateText.day(day.date()))
        for meal in meals { rows.append(row(meal).widget) }
        for note in notes { rows.append(Self.row(note).widget) }
        section.append(rows.widget)
        return section
    }

    private func row(_ meal: Planned) -> Box {
        let row = Box(.horizontal, spacing: 12)
        row.widget.margins(8)
        let words = Box(.vertical, spacing: 2)
        let title = Label(meal.title)
        title.xalign(0)
        title.ellipsize()
        words.append(title.widget)
        if !meal.words.isEmpty {
            let note = Label(meal.words)
            note.xalign(0)
            note.wrap()
            note.widget.css("dim-label")
            note.widget.css("caption")
            words.append(note.widget)
        }
        words.widget.expand(h: true)
        row.append(words.widget)
        let servings = SpinButton(from: 1, to: Double(RecipeDraft.maxServings))
        servings.value = meal.servings
        servings.widget.accessibleLabel(L("Servings of {recipe}", ["recipe": meal.title]))
        servings.widget.align(v: .center)
        servings.onChanged { [weak self] in
            guard let self, servings.value != shown.first(where: { $0.meal == meal.meal })?.servings else { return }
            onServings?(meal.meal, servings.value)
        }
        spins[meal.meal] = servings
        row.append(servings.widget)
        let remove = Button(
            icon: "user-trash-symbolic", accessibleLabel: L("Take {recipe} off the Plan", ["recipe": meal.title]))
        remove.widget.css("flat")
        remove.widget.align(v: .center)
        remove.widget.tooltip(L("Take off the Plan"))
        remove.onClicked { [weak self] in self?.onRemove?(meal.meal) }
        row.append(remove.widget)
        return row
    }
}
