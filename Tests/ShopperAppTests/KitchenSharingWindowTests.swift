import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel
@testable import ShopperSyncModel

/// The recipes and plan shared, in the real window: the plan shows the calendar's notes and a
/// meal another desktop added, Share Recipes and Plan… says where they are shared and how the last
/// sync went, and the window's syncs run when only the kitchen is shared.
final class KitchenSharingWindowTests: GtkTestCase {
    private func storePath() throws -> String {
        let folder = NSTemporaryDirectory() + "kitchen-window-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder + "/shopper.sqlite"
    }

    private static func binding(_ server: String = "https://dav.example.org/dav/") -> KitchenBinding {
        KitchenBinding(server: server, user: "alice", meals: .init(url: server + "alice/meals/", name: "Meals"),
                       recipes: .init(url: server + "alice/recipes/", name: "Recipes"))
    }

    /// Written as a kitchen sync writes them: a meal Ana planned and added to her Groceries, and an
    /// event of the calendar that names no recipe, both today.
    func testThePlanShowsACalendarNoteAndAMealAddedElsewhere() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            let pancakes = try model.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["2 eggs"]))
            let today = PlanDay(Date())
            try model.store.kitchenTables.saveBinding(Self.binding())
            try model.store.kitchenTables.apply { ids in
                var write = KitchenWrite()
                let id = ids.newMealID()
                write.meals[id] = Meal(id: id, recipe: pancakes, day: today, servings: 6, addedElsewhere: "Groceries",
                                       plannedBy: "Ana")
                write.notes = [PlanNote(uid: "note-1", href: "/dav/alice/meals/note-1.ics", etag: "\"1\"", day: today,
                                        summary: "Dinner at Ana’s mum’s")]
                return write
            }
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            harness.window.recipes.showWeek()
            let week = harness.window.recipes.place.week
            waitForFrame(harness.window.window.widget)
            XCTAssertEqual(week.notes, [WeekPlanPage.Note(day: today, summary: "Dinner at Ana’s mum’s")])
            let meal = try XCTUnwrap(week.shown.first)
            XCTAssertTrue(meal.added, "added on another desktop is added: Add the Week leaves it")
            XCTAssertEqual(meal.words, "Added to “Groceries” on another desktop\nPlanned by Ana")
            XCTAssertEqual(week.caption.text, "Every planned meal is on a list.")
            let texts = week.root.widget.descendants().compactMap(\.labelText)
            XCTAssertTrue(texts.contains("Dinner at Ana’s mum’s"), "the note on its day: \(texts)")
            XCTAssertTrue(texts.contains(meal.words), "\(texts)")
            _ = harness.render(name: "kitchen-plan-360")
        }
    }

    /// Shared: the dialog says where and how the last sync went; Sync Now works with no list shared.
    func testTheSharedDialogSaysWhereAndHowTheLastSyncWent() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            var binding = Self.binding()
            binding.lastSync = Date()
            try model.store.kitchenTables.saveBinding(binding)
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            XCTAssertTrue(window.isEnabled(.shareKitchen))
            XCTAssertTrue(window.isEnabled(.syncNow), "Sync Now syncs the recipes and plan, with no list shared")
            XCTAssertFalse(window.isEnabled(.stopSharing), "the list shown is not shared")
            window.features.kitchen.open()
            let dialog = try XCTUnwrap(window.features.kitchen.sharedDialog)
            XCTAssertEqual(dialog.dialog.heading, "Recipes and Plan Shared")
            XCTAssertTrue(dialog.dialog.body.contains(
                "The meals are in the calendar “Meals” and the recipes in “Recipes”, on https://dav.example.org/dav/ as alice."),
                dialog.dialog.body)
            XCTAssertTrue(dialog.status.text.hasPrefix("Synced at "), dialog.status.text)
            XCTAssertTrue(dialog.dialog.isEnabled("stop"))
            dialog.dialog.respond("close")
            waitForFrame(window.window.widget)
            XCTAssertNil(window.features.kitchen.sharedDialog)
            XCTAssertNotNil(try model.store.kitchenTables.binding(), "closing stops nothing")

            // Stop Sharing Recipes and Plan: the helper forgets the binding; the commands follow.
            window.features.kitchen.open()
            try XCTUnwrap(window.features.kitchen.sharedDialog).dialog.respond("stop")
            iterate(until: { !window.features.kitchen.isShared }, "sharing stopped", timeoutSeconds: 30)
            XCTAssertNil(try model.store.kitchenTables.binding())
            XCTAssertFalse(window.isEnabled(.syncNow), "nothing is shared now")
            XCTAssertEqual(window.toast.text, "The recipes and plan are no longer shared; they stay here.")
        }
    }

    /// Only the kitchen shared: the window's sync runs the helper for it (the server here is out
    /// of reach, the discard port of this computer) and its answer names the recipes and plan.
    func testTheWindowSyncsWhenOnlyTheKitchenIsShared() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            try model.store.kitchenTables.saveBinding(Self.binding("http://127.0.0.1:9/"))
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            var answer: Result<String, Error>?
            harness.window.features.sharing.sync { answer = $0 }
            iterate(until: { answer != nil }, "the sync's answer", timeoutSeconds: 60)
            guard case .failure(let e) = answer else { return XCTFail("a kitchen out of reach synced: \(String(describing: answer))") }
            XCTAssertTrue(e.localizedDescription.hasPrefix("Recipes and plan: "), e.localizedDescription)
        }
    }
}
