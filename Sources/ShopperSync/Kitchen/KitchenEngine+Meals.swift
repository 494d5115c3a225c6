import Foundation
import ShopperModel
import ShopperSyncModel

/// Meals to all-day events and back. A meal taken off elsewhere that was added to a list here
/// comes off through the model, as taking it off here does: exactly its share leaves the list.
extension KitchenEngine {
    typealias RemoteMeal = Remote<SharedMeal>

    func pullMeals() throws(SyncError) {
        let (records, notes) = try SyncEngine.storeCall { () throws(StoreError) in
            (try store.kitchenTables.records(.meal, texts: false), try store.kitchenTables.planNotes())
        }
        var known = Dictionary(records.map { ($0.href, $0.etag) }, uniquingKeysWith: { a, _ in a })
        for n in notes { known[n.href] = n.etag }
        binding.meals.token = try pull(
            meals, .meal, token: binding.meals.token, known: known, read: { text throws(KitchenReadError) in
                try EventMapping.meal(from: text)
            }, merge: mergeMeals)
    }

    private func mergeMeals(_ batch: [RemoteMeal], removed: [String], token: String?) throws(SyncError) {
        let (tables, recipeTables) = (store.kitchenTables, store.recipeTables)
        // The stamps first: a write after them and before the reads below is then a conflict.
        let seen = try SyncEngine.storeCall { () throws(StoreError) in try tables.stamps(.meal) }
        let (hrefs, uids) = (Set(batch.map(\.href)), Set(batch.map(\.meal.uid)))
        var pass = try SyncEngine.storeCall { () throws(StoreError) in
            MealPass(records: try records(.meal, meeting: hrefs, uids: uids), pending: try tables.pending(.meal),
                     meals: try recipeTables.meals(), book: try recipeTables.recipes(),
                     recipeRecords: try tables.records(.recipe, texts: false), notes: try tables.planNotes(),
                     first: first, today: PlanDay(now()))
        }
        try write { ids throws(StoreError) in
            for remote in batch { pass.take(remote, ids: &ids) }
            for href in removed { pass.remove(href) }
            var b = binding
            // A list to change first keeps the token back: a sync cut off before it reads the
            // same removals and servings again.
            b.meals.token = pass.changesLists ? binding.meals.token : token
            pass.write.binding = b
            pass.write.seen = [.meal: seen]
            return pass.write
        }
        report.received += pass.received
        report.deletedHere += pass.deletedHere
        for a in pass.arrivals { report.arrive(a) }
        guard pass.changesLists else { return }
        try listChanges(pass)
        // Then the records and the token: a meal's share is off the list, or changed, once only.
        try SyncEngine.storeCall { () throws(StoreError) in
            let tables = store.kitchenTables
            try tables.saveRecords(pass.rebased.map { var r = $0; r.syncedStamp = -1; return r },
                                   removing: pass.takenOff.map { (.meal, $0.0.raw) })
            var b = try tables.binding() ?? binding
            b.meals.token = token
            try tables.saveBinding(b)
        }
    }

    /// Meals added to a list here that were taken off or changed elsewhere: the list changes by
    /// their shares, through the list's model (one undo step each, as if done here).
    private func listChanges(_ pass: MealPass) throws(SyncError) {
        try SyncEngine.storeCall { () throws(StoreError) in
            // The model held while its part works: a part reaches it unowned, and a temporary
            // model was gone by then ("read an unowned reference … already destroyed").
            for (meal, list) in pass.takenOff {
                let model = try ShoppingModel(store: store, list: list)
                try withExtendedLifetime(model) { () throws(StoreError) in try model.plan.removeMeal(meal) }
                report.deletedHere += 1
            }
            for (meal, list, servings) in pass.resized {
                let model = try ShoppingModel(store: store, list: list)
                try withExtendedLifetime(model) { () throws(StoreError) in
                    try model.plan.setMealServings(meal, servings)
                }
            }
        }
    }

    /// Sends the meals changed here; true when the server had changed meanwhile.
    func pushMeals() throws(SyncError) -> Bool {
        let (records, pending, all, book, recipeRecords, lists) = try SyncEngine.storeCall {
            () throws(StoreError) in
            (try store.kitchenTables.records(.meal, texts: false), try store.kitchenTables.pending(.meal),
             try store.recipeTables.meals(), try store.recipeTables.recipes(),
             try store.kitchenTables.records(.recipe, texts: false), try store.lists())
        }
        let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let recipeUIDs = Dictionary(recipeRecords.map { ($0.id, $0.uid) }, uniquingKeysWith: { a, _ in a })
        let titles = Dictionary(book.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let listNames = Dictionary(lists.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        var again = false
        for meal in all {
            guard let stamp = pending[meal.id.raw], let recipe = titles[meal.recipe] else { continue }
            let record = byID[meal.id.raw] == nil ? nil : try withTexts(.meal, meal.id.raw)
            let uid = record?.uid ?? newUID(.meal, meal.id.raw)
            let old = record?.base.flatMap { try? EventMapping.meal(from: $0) }
            var shared = SharedMeal(
                uid: uid, day: meal.day, summary: MealText.summary(title: recipe.title, servings: meal.servings),
                text: MealText.description(recipe, servings: meal.servings), recipeUID: recipeUIDs[meal.recipe.raw],
                servings: meal.servings, plannedBy: meal.plannedBy ?? me)
            if let list = meal.list {
                shared.addedTo = listNames[list]
                shared.addedBy = me
                shared.shares = (try? store.recipeTables.shareLines(meal: meal.id)) ?? []
            } else if meal.addedElsewhere != nil {
                (shared.addedTo, shared.addedBy, shared.shares) = (meal.addedElsewhere, old?.addedBy, old?.shares ?? [])
            }
            let text = EventMapping.text(for: shared, patching: record?.base)
            again = try send(.meal, meal.id.raw, uid: uid, text: text, record: record, stamp: stamp, to: meals) || again
        }
        let here = Set(all.map(\.id.raw))
        for record in records where !here.contains(record.id) {
            again = try sendDeletion(record, from: meals) || again
        }
        return again
    }
}
