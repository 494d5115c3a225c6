import Foundation

/// The week's plan: recipes on days with servings; "Add the week to the list" merges every meal
/// not yet added, once; taking a meal off, or changing its servings, changes the list by exactly
/// that meal's shares. Each is one undo step.
package final class WeekPlan: ModelPart {
    /// A recipe preview's lookups, with this model's and the store's revisions when they were made
    /// (`recipeLookups`).
    var keptRecipeLookups: (revision: Int64, stored: Int64, lookups: RecipeToList.Lookups)?
    /// For tests: how many passes over the list's search texts recipe adds and previews made.
    var listPasses = 0
    unowned var model: ShoppingModel!

    var list: ListID { model.core.list }
    var items: Items { model.items }
    var recipes: Recipes { model.recipes }

    /// The plan's meals from `day` on (all for nil), by day.
    package func meals(from day: PlanDay? = nil) throws(StoreError) -> [Meal] {
        return try core.store.recipeTables.meals(from: day)
    }

    /// Puts a recipe on a day, after the day's other meals, for `servings` (as written for nil).
    @discardableResult
    package func planMeal(_ recipe: RecipeID, on day: PlanDay, servings: Int? = nil) throws(StoreError) -> MealID? {
        guard let r = try recipes.recipe(recipe) else { return nil }
        let servings = min(max(servings ?? r.baseServings, 1), RecipeDraft.maxServings)
        let last = try meals(from: day).filter { $0.day == day }.map(\.position).max() ?? 0
        var id = MealID(0)
        try core.commit(L("planning “{recipe}” for {day}", ["recipe": r.title, "day": DateText.day(day.date())])) { b in
            id = b.ids.newMealID()
            b.cs.book.meals[id] = Meal(id: id, recipe: recipe, day: day, servings: servings, position: last + 1)
        }
        return id
    }

    /// What "Add the week to the list" would do: every meal from `from` on not yet on a list.
    func previewWeek(from: PlanDay? = nil, through: PlanDay? = nil, staples: PantryStaples?,
        numbers: NumberConvention = UserLocale.current.numbers
    ) throws(StoreError) -> [RecipeChange] {
        var run = try recipeRun(staples: try recipes.storedStaples(unless: staples), numbers: numbers) { [self] id in
            items.item(id)
        }
        let sources = try weekSources(from: from, through: through)
        run.prepare(sources.map(\.1))
        let changes = sources.flatMap { run.add($0.1, now: Date()) }
        keepLookups(of: run)
        return try run.checked(changes)
    }

    /// Adds every meal from `from` on not yet on a list to this list, merged once, a share per
    /// meal: one undo step. Returns what each line did.
    @discardableResult
    func addWeekToList(from: PlanDay? = nil, through: PlanDay? = nil, staples: PantryStaples?,
        numbers: NumberConvention = UserLocale.current.numbers, now: Date = Date()
    ) throws(StoreError) -> [RecipeChange] {
        let sources = try weekSources(from: from, through: through)
        guard !sources.isEmpty else { return [] }
        let now = StoreTime.rounded(now)
        var changes: [RecipeChange] = []
        try core.commit(N("adding {n} meal to the list", "adding {n} meals to the list", sources.count)) {
            (b: inout ChangeBuilder) throws(StoreError) in
            var run = try recipeRun(staples: try recipes.storedStaples(unless: staples), numbers: numbers, in: b)
            run.prepare(sources.map(\.1))
            let added = sources.flatMap { run.add($0.1, now: now) }
            changes = try run.checked(added)
            write(run, into: &b, now: now)
            for (meal, _) in sources {
                var m = meal
                m.list = list
                b.cs.book.meals[m.id] = m
            }
        }
        return changes
    }

    /// How many meals from `from` on (to `through`, when given) "Add the week to the list" would
    /// add: not yet on a list, and their recipe still kept.
    package func mealsWaiting(from: PlanDay? = nil, through: PlanDay? = nil) throws(StoreError) -> Int {
        try weekSources(from: from, through: through).count
    }

    /// The meals waiting, each with its recipe: only the recipes planned are read, not the whole
    /// book (a thousand recipes read whole is a frame's time, and the dialog asks before and after).
    private func weekSources(from: PlanDay?, through: PlanDay? = nil) throws(StoreError) -> [(
        Meal, RecipeToList.Source
    )] {
        let waiting = try meals(from: from).filter { !$0.isAdded && $0.day <= (through ?? $0.day) }
        var book: [RecipeID: Recipe] = [:]
        for id in Set(waiting.map(\.recipe)) { book[id] = try recipes.recipe(id) }
        return waiting.compactMap { m in
            guard let r = book[m.recipe] else { return nil }
            return (m, RecipeToList.Source(recipe: r, servings: m.servings, meal: m.id, day: m.day))
        }
    }

    /// Takes a meal off the plan; its shares come off the list it was added to (by that list's
    /// model: one undo step either way).
    package func removeMeal(_ id: MealID, now: Date = Date()) throws(StoreError) {
        guard let meal = try meals().first(where: { $0.id == id }) else { return }
        if let other = meal.list, other != list, model.lists.all.contains(where: { $0.id == other }) {
            // Its owners reach it through the model: held until the operation is done.
            let shown = try ShoppingModel(store: core.store, list: other, undo: core.undo)
            defer { withExtendedLifetime(shown) {} }
            return try shown.plan.removeMeal(id, now: now)
        }
        let title = (try recipes.recipe(meal.recipe))?.title ?? ""
        let now = StoreTime.rounded(now)
        try core.commit(L("taking “{recipe}” off the plan", ["recipe": title])) {
            (b: inout ChangeBuilder) throws(StoreError) in
            try takeBack(meal, into: &b, now: now)
            b.cs.book.meals[id] = .some(nil)
        }
    }

    /// A meal for other servings; on a list, the list changes by the difference of its shares.
    func setMealServings(_ id: MealID, _ servings: Int, staples: PantryStaples?,
        numbers: NumberConvention = UserLocale.current.numbers, now: Date = Date()
    ) throws(StoreError) {
        guard let meal = try meals().first(where: { $0.id == id }), (1...RecipeDraft.maxServings).contains(servings),
              servings != meal.servings else { return }
        if let other = meal.list, other != list, model.lists.all.contains(where: { $0.id == other }) {
            // Its owners reach it through the model: held until the operation is done.
            let shown = try ShoppingModel(store: core.store, list: other, undo: core.undo)
            defer { withExtendedLifetime(shown) {} }
            return try shown.plan.setMealServings(id, servings, staples: staples, numbers: numbers, now: now)
        }
        let recipe = try recipes.recipe(meal.recipe)
        let now = StoreTime.rounded(now)
        var changed = meal
        changed.servings = servings
        // Some of what the meal asked for is in the cart or bought already (or its unit was changed
        // by hand): its share cannot come back off, so the list is left as it is, the meal alone
        // takes its new servings (adding the new amount in full would count it twice).
        var listStays = false
        for (itemID, shares) in Dictionary(grouping: try recipes.storedShares(meal: id), by: \.item) {
            guard let item = try items.readItem(itemID), item.list == list else { continue }
            listStays = listStays || !ShareTakeBack.applies(to: item, shares)
        }
        try core.commit(L("changing “{recipe}” to {n} servings", ["recipe": recipe?.title ?? "", "n": "\(servings)"])) {
            (b: inout ChangeBuilder) throws(StoreError) in
            b.cs.book.meals[id] = changed
            guard meal.list != nil, !listStays, let recipe else { return }
            try takeBack(meal, into: &b, now: now)
            var run = try recipeRun(staples: try recipes.storedStaples(unless: staples), numbers: numbers, in: b)
            let added = run.add(.init(recipe: recipe, servings: servings, meal: id, day: meal.day), now: now)
            _ = try run.checked(added)
            write(run, into: &b, now: now)
        }
    }

    /// The meal's shares taken off their items, into the change being built.
    func takeBack(_ meal: Meal, into b: inout ChangeBuilder, now: Date) throws(StoreError) {
        let removed = try recipes.storedShares(meal: meal.id)
        let byItem = Dictionary(grouping: removed, by: \.item)
        let all = try recipes.storedShares(items: Array(byItem.keys))
        for (id, gone) in byItem {
            for s in gone { b.cs.book.shares[s.id] = .some(nil) }
            let current: Item? = if let written = b.cs.items[id] { written } else { try items.readItem(id) }
            guard let item = current, item.list == list else { continue }
            let remaining = all.filter { $0.item == id && $0.meal != meal.id && b.cs.book.shares[$0.id] == nil }
            let (kept, heir) = ShareTakeBack.item(item, removing: gone, remaining: remaining, now: now)
            if kept != item { b.cs.items[id] = .some(kept) }
            if let heir { b.cs.book.shares[heir.id] = heir }
        }
    }
}

/// For the window: the week with the household's staples, as kept in the store.
extension WeekPlan {
    package func previewWeek(from: PlanDay? = nil) throws(StoreError) -> [RecipeChange] {
        try previewWeek(from: from, staples: nil)
    }

    @discardableResult
    package func addWeekToList(from: PlanDay? = nil, through: PlanDay? = nil) throws(StoreError) -> [RecipeChange] {
        try addWeekToList(from: from, through: through, staples: nil)
    }

    package func setMealServings(_ id: MealID, _ servings: Int) throws(StoreError) {
        try setMealServings(id, servings, staples: nil)
    }
}
