import Foundation
import GRDB
import ShopperTestSupport
import XCTest
@testable import ShopperModel

/// What the kitchen's sync reads of the store: which recipes and meals have changes to send
/// (stamped in the transaction that wrote them, by whichever process), its write with records,
/// and a store of the schema before it.
final class KitchenStoreTests: XCTestCase {
    private func bound(_ store: Store) throws {
        try store.kitchenTables.saveBinding(KitchenBinding(
            server: "https://dav.example/", user: "ana", meals: .init(url: "https://dav.example/m/", name: "Meals"),
            recipes: .init(url: "https://dav.example/r/", name: "Recipes")))
    }

    private let pancakes = RecipeDraft(title: "Pancakes", servings: 2, ingredients: ["200 g flour", "2 eggs"])

    func testEveryWriteOfARecipeOrMealIsStampedAndARecordInSyncIsNotSentAgain() throws {
        let store = try temporaryStore()
        let m = try ShoppingModel(store: store)
        let id = try m.recipes.addRecipe(pancakes)
        let stamp = try XCTUnwrap(try store.kitchenTables.pending(.recipe)[id.raw])
        XCTAssertGreaterThan(stamp, 0)
        try store.kitchenTables.saveRecords([KitchenRecord(
            kind: .recipe, id: id.raw, uid: "u1", href: "/r/u1.ics", etag: "1", base: "text", syncedStamp: stamp)])
        XCTAssertEqual(try store.kitchenTables.pending(.recipe), [:], "sent, in sync")

        var edited = pancakes
        edited.title = "Fluffy Pancakes"
        try m.recipes.updateRecipe(id, edited)
        let after = try XCTUnwrap(try store.kitchenTables.pending(.recipe)[id.raw], "an edit is to send")
        XCTAssertGreaterThan(after, stamp)
        try store.kitchenTables.saveRecords([KitchenRecord(
            kind: .recipe, id: id.raw, uid: "u1", href: "/r/u1.ics", etag: "2", base: "text", syncedStamp: after)])
        _ = try m.core.undoLast()
        XCTAssertNotNil(try store.kitchenTables.pending(.recipe)[id.raw], "an undo is a change to send too")

        let meal = try XCTUnwrap(try m.plan.planMeal(id, on: PlanDay(year: 2031, month: 1, day: 2)))
        XCTAssertNotNil(try store.kitchenTables.pending(.meal)[meal.raw], "a meal never sent")
    }

    func testASyncWriteKeepsItsRecordsAndWritesNothingOnceSharingStopped() throws {
        let store = try temporaryStore()
        try bound(store)
        var made = RecipeID(0)
        try store.kitchenTables.apply { ids in
            made = ids.newRecipeID()
            var w = KitchenWrite()
            w.recipes[made] = Recipe(id: made, pancakes, createdAt: Date())
            w.records = [(KitchenRecord(kind: .recipe, id: made.raw, uid: "there", href: "/r/there.ics", etag: "e",
                                        base: "b", syncedStamp: 0), clean: true)]
            return w
        }
        XCTAssertEqual(try store.recipeTables.recipes().map(\.title), ["Pancakes"])
        XCTAssertEqual(try store.kitchenTables.pending(.recipe), [:], "what came from the server is not sent back")
        XCTAssertEqual(try store.kitchenTables.records(.recipe).map(\.uid), ["there"])

        try store.kitchenTables.stop()
        XCTAssertThrowsError(try store.kitchenTables.apply { ids in
            var w = KitchenWrite()
            let id = ids.newRecipeID()
            w.recipes[id] = Recipe(id: id, pancakes, createdAt: Date())
            return w
        })
        XCTAssertEqual(try store.recipeTables.recipes().count, 1, "nothing of a sync after Stop Sharing is kept")
        XCTAssertEqual(try store.recipeTables.recipes().map(\.title), ["Pancakes"], "and stopping kept the book")
    }

    /// A shared store with Pancakes, the stamps a sync read of it, and then the window's edit of its
    /// notes ("typed in the window").
    private func recipeEditedAfterTheSyncRead() throws -> (Store, RecipeID, [Int64: Int64]) {
        let store = try temporaryStore()
        try bound(store)
        let m = try ShoppingModel(store: store)
        let id = try m.recipes.addRecipe(pancakes)
        let seen = try store.kitchenTables.stamps(.recipe)
        var edited = pancakes
        edited.notes = "typed in the window"
        try m.recipes.updateRecipe(id, edited)
        return (store, id, seen)
    }

    /// The window edits a recipe after the sync read the book and before it writes: the sync's
    /// write is refused whole (it reads and merges again), and the edit stays.
    func testASyncWriteOverARecipeTheWindowWroteMeanwhileIsRefused() throws {
        let (store, id, seen) = try recipeEditedAfterTheSyncRead()
        XCTAssertThrowsError(try store.kitchenTables.apply { _ in
            var w = KitchenWrite()
            var stale = pancakes
            stale.title = "Pancakes from the server"
            w.recipes[id] = Recipe(id: id, stale, createdAt: Date())
            w.seen = [.recipe: seen]
            return w
        }) { error in
            guard case StoreError.conflict = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try store.recipeTables.recipes().map(\.notes), ["typed in the window"])
        XCTAssertEqual(try store.recipeTables.recipes().map(\.title), ["Pancakes"])
    }

    /// A sync that leaves a recipe as it is (the server's copy the same) but the window edited it
    /// meanwhile: the record is in sync with what the sync read, and the edit still goes out.
    func testARecordTheSyncKeepsLeavesTheWindowsEditToSend() throws {
        let (store, id, seen) = try recipeEditedAfterTheSyncRead()
        try store.kitchenTables.apply { _ in
            var w = KitchenWrite()
            w.records = [(KitchenRecord(kind: .recipe, id: id.raw, uid: "u", href: "/r/u.ics", etag: "e", base: "b",
                                        syncedStamp: 0), clean: true)]
            w.seen = [.recipe: seen]
            return w
        }
        XCTAssertNotNil(try store.kitchenTables.pending(.recipe)[id.raw], "the window's edit waits to be sent")
    }

    func testAMealAddedOnAnotherDesktopIsNotAddedHereAgain() throws {
        let store = try temporaryStore()
        try bound(store)
        let m = try ShoppingModel(store: store)
        let id = try m.recipes.addRecipe(pancakes)
        let day = PlanDay(year: 2031, month: 1, day: 2)
        try store.kitchenTables.apply { ids in
            var w = KitchenWrite()
            let meal = ids.newMealID()
            w.meals[meal] = Meal(id: meal, recipe: id, day: day, servings: 6, addedElsewhere: "Groceries",
                                 plannedBy: "Ana")
            return w
        }
        XCTAssertEqual(try m.plan.mealsWaiting(from: day), 0)
        XCTAssertEqual(try m.plan.addWeekToList(from: day).count, 0)
        XCTAssertEqual(try m.items.allItems().count, 0)
        let meal = try XCTUnwrap(try m.plan.meals(from: day).first)
        XCTAssertEqual(meal.addedElsewhere, "Groceries")
        XCTAssertEqual(meal.plannedBy, "Ana")
    }

    /// A store of schema v13 (made by this release's own migrations up to v13, with a recipe and a
    /// meal) opens with both kept, and everything in it waits to be sent once the kitchen is shared.
    func testAStoreBeforeTheKitchenOpensWithEverythingKept() throws {
        let path = TemporaryFolders.shared.make() + "/" + Store.fileName
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v13")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO recipe (id, title, servings, created_at, updated_at) VALUES (7, 'Chili', 4, 0, 0);
                INSERT INTO meal (id, recipe_id, day, servings, position, list_id) VALUES (3, 7, '2031-01-04', 4, 1, NULL);
                """)
        }
        try queue.close()
        let store = try Store(path: path)
        XCTAssertEqual(try store.recipeTables.recipes().map(\.title), ["Chili"])
        let meal = try XCTUnwrap(try store.recipeTables.meals().first)
        XCTAssertEqual(meal.recipe, RecipeID(7))
        XCTAssertNil(meal.addedElsewhere)
        XCTAssertEqual(Set(try store.kitchenTables.pending(.recipe).keys), [7])
        XCTAssertEqual(Set(try store.kitchenTables.pending(.meal).keys), [3])
        XCTAssertNil(try store.kitchenTables.binding())
    }

    func testTheSharingNameIsTrimmedCappedAndForgottenWhenBlank() throws {
        let store = try temporaryStore()
        XCTAssertNil(try store.kitchenTables.sharingName())
        try store.kitchenTables.setSharingName("  Ana \n")
        XCTAssertEqual(try store.kitchenTables.sharingName(), "Ana")
        try store.kitchenTables.setSharingName(String(repeating: "x", count: 1000))
        XCTAssertEqual(try store.kitchenTables.sharingName()?.count, 80)
        try store.kitchenTables.setSharingName("   ")
        XCTAssertNil(try store.kitchenTables.sharingName())
    }
}
