import Foundation
import ShopperModel

/// The week's plan (Recipes → Week's Plan): recipes on days with servings, one undo step each;
/// Add the Week to the List… merges every meal not yet on a list, once; a meal taken off, or its
/// servings changed, changes the list by exactly its share.
extension RecipesController {
    /// The plan's days and meals, read again into the page (when it is built).
    func reloadWeek() {
        guard let week = place.builtWeek else { return }
        if week.onAddWeek == nil { wire(week) }
        let days = PlanDay.planDays()
        do {
            let titles = Dictionary(
                try host.model.recipes.recipeSummaries().map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
            let last = days[days.count - 1]
            let meals = try host.model.plan.meals(from: days.first).filter { $0.day <= last }
            // The shared calendar's events that name no recipe, on their days.
            let notes = try host.model.store.kitchenTables.planNotes(from: days.first).filter { $0.day <= last }
            week.show(
                meals.map {
                    WeekPlanPage.Planned(
                        meal: $0.id, day: $0.day, title: titles[$0.recipe] ?? L("A deleted recipe"),
                        servings: $0.servings, added: $0.isAdded, words: WeekPlanPage.words(for: $0))
                },
                notes: notes.map { WeekPlanPage.Note(day: $0.day, summary: $0.summary) },
                days: days, today: PlanDay(Date()))
        } catch {
            host.report(error)
        }
    }

    private func wire(_ week: WeekPlanPage) {
        week.onAddWeek = { [weak self] in self?.chooseListForWeek() }
        week.onAddMeal = { [weak self] day in self?.planMeal(on: day) }
        week.onRemove = { [weak self] meal in self?.takeOffPlan(meal) }
        week.onServings = { [weak self] meal, servings in
            guard let self else { return }
            // On a list, the list changes by the difference: said, with Undo. A meal on another
            // list is changed through that list's model: the page and the actions read again.
            let before = host.model.undo.latestID
            guard host.attempt({ try host.model.plan.setMealServings(meal, servings) }) else { return }
            reloadWeek()
            host.updateActions()
            if let undo = host.undoAction(ifNewSince: before) {
                host.toast.show(L("Servings changed"), actionTitle: L("Undo"), action: undo)
            }
        }
    }

    /// Plan a Meal for a day of the plan: which recipe, for how many.
    func planMeal(on day: PlanDay) {
        guard let book = try? host.model.recipes.all(), !book.isEmpty else {
            host.toast.show(L("Keep a recipe first: Paste a Recipe (Ctrl+Shift+V)."))
            return
        }
        let dialog = MealDialog(
            parent: host.window, heading: L("Plan a Meal for {day}", ["day": DateText.day(day.date())]),
                                choiceTitle: L("Recipe"), choices: book.map(\.title), chosen: 0,
            servings: book[0].baseServings, servingsOf: { book[$0].baseServings }
        ) { [weak self] i, servings in
            self?.plan(book[i], on: day, servings: servings)
        }
        dialog.dialog.onResponse { [weak self] _ in self?.mealDialog = nil }
        mealDialog = dialog
        dialog.present()
    }

    /// Plan… on a recipe's page: which day, for how many (the servings shown offered).
    func plan(_ id: RecipeID, servings: Int) {
        guard let recipe = try? host.model.recipes.recipe(id) else { return }
        let days = PlanDay.planDays()
        let today = PlanDay(Date())
        let dialog = MealDialog(
            parent: host.window, heading: L("Plan “{recipe}”", ["recipe": recipe.title]), choiceTitle: L("Day"),
                                choices: days.map { DateText.day($0.date()) }, chosen: days.firstIndex(of: today) ?? 0,
                                servings: servings) { [weak self] i, servings in
            self?.plan(recipe, on: days[i], servings: servings)
        }
        dialog.dialog.onResponse { [weak self] _ in self?.mealDialog = nil }
        mealDialog = dialog
        dialog.present()
    }

    private func plan(_ recipe: Recipe, on day: PlanDay, servings: Int) {
        guard host.attempt({ _ = try host.model.plan.planMeal(recipe.id, on: day, servings: servings) }) else { return }
        reloadWeek()
        host.sayDone(L("“{recipe}” is planned for {day}", ["recipe": recipe.title, "day": DateText.day(day.date())]))
    }

    private func takeOffPlan(_ meal: MealID) {
        let title = place.builtWeek?.shown.first { $0.meal == meal }?.title ?? ""
        let before = host.model.undo.latestID
        guard host.attempt({ try host.model.plan.removeMeal(meal) }) else { return }
        reloadWeek()
        host.updateActions()
        if let undo = host.undoAction(ifNewSince: before) {
            host.toast.show(L("“{recipe}” is off the plan", ["recipe": title]), actionTitle: L("Undo"), action: undo)
        }
    }

    /// Add the Week to the List…: the list chosen, every change previewed; Add merges every meal
    /// not yet on a list (one undo step) and shows that list.
    func chooseListForWeek() {
        guard let models = listModels() else { return }
        let first = PlanDay.planDays().first
        // Meals not yet on a list, from the store (another window may have added some since the
        // page was drawn): what the dialog promises and the toast then counts.
        let waiting = { [weak self] in (try? self?.host.model.plan.mealsWaiting(from: first)) ?? 0 }
        let dialog = RecipeAddDialog(heading: L("Add the Week to a List"),
                                     body: N("{n} meal: each ingredient is merged into what the list already needs.",
                "{n} meals: each ingredient is merged into what the list already needs.", waiting()),
            lists: host.model.lists.all, current: host.model.list, parent: host.window, model: models,
                                     changes: { try $0.plan.previewWeek(from: first) }, onAdd: { [weak self] list in
            guard let self else { return }
            host.showList(list)
            let before = host.model.undo.latestID, pending = waiting()
                guard host.model.list == list, host.attempt({ _ = try host.model.plan.addWeekToList(from: first) })
                else { return }
            let added = pending - waiting()
            host.showLists()
            host.show(.shopping)
            guard let undo = host.undoAction(ifNewSince: before) else { return }
            host.toast.show(N("{n} meal added to “{list}”", "{n} meals added to “{list}”", added,
                              ["list": host.currentList?.name ?? ""]), actionTitle: L("Undo"), action: undo)
        })
        dialog.dialog.onResponse { [weak self] _ in self?.addDialog = nil }
        addDialog = dialog
        dialog.present()
    }
}
