import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// The Recipes place as a person uses it: a recipe pasted, what was understood shown line by line
/// before it is kept, kept and opened, cooked for more (amounts exact), deleted and brought back
/// with Undo; the sidebar's Recipes and a list bring each place back.
final class RecipesPlaceTests: GtkTestCase {
    private func storePath() throws -> String {
        let folder = NSTemporaryDirectory() + "recipes-ui-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder + "/shopper.sqlite"
    }

    func testAPastedRecipeIsPreviewedKeptScaledDeletedAndBroughtBack() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            window.recipes.paste()
            XCTAssertTrue(window.lists.pane.isShowingRecipes, "the recipes take the content's place")
            let dialog = try XCTUnwrap(window.recipes.pasteDialog)
            XCTAssertFalse(dialog.canSave, "nothing to keep yet")
            dialog.text.text = "Pancakes\nServes 2\n\nIngredients\n250 ml milk, warmed\n⅓ cup sugar\nsalt to taste\n\nMethod\n1. Whisk everything.\n2. Fry thin pancakes."
            // Read a moment after the last key, as a person pauses.
            iterate(until: { dialog.canSave }, "what was understood")
            XCTAssertEqual(dialog.draft.title, "Pancakes")
            XCTAssertEqual(dialog.draft.servings, 2)
            XCTAssertEqual(dialog.shownLines, ["250 ml · milk, warmed", "⅓ cup · sugar", "salt to taste", "Method: 2 steps"])
            XCTAssertTrue(dialog.canSave)
            dialog.confirm()
            waitForFrame(window.window.widget)
            XCTAssertNil(window.recipes.pasteDialog, "the dialog is gone")
            let page = try XCTUnwrap(window.recipes.place.builtPage)
            XCTAssertEqual(page.entries.map(\.title), ["Pancakes"])
            XCTAssertEqual(page.detail.draft?.title, "Pancakes", "the recipe kept is opened")
            XCTAssertEqual(window.toast.text, "“Pancakes” is kept with your recipes")
            page.detail.servings.value = 6
            waitForFrame(window.window.widget)
            XCTAssertEqual(page.detail.shown.map(\.amount), ["750 ml", "1 cup", nil], "three times the recipe, exactly")
            // As Enter on the button does: GTK shows the press, then clicks.
            page.detail.deleteButton.widget.activate()
            iterate(until: { page.entries.isEmpty }, "the recipe deleted")
            XCTAssertEqual(window.toast.text, "Deleted “Pancakes”")
            window.toast.runAction()
            waitForFrame(window.window.widget)
            XCTAssertEqual(page.entries.map(\.title), ["Pancakes"], "Undo brings it back")
            // A list from the sidebar brings the lists back; Ctrl+6 the recipes.
            window.lists.pane.sidebar.onOpen?(model.list)
            XCTAssertFalse(window.lists.pane.isShowingRecipes)
            window.recipes.show()
            XCTAssertTrue(window.lists.pane.isShowingRecipes)
        }
    }

    /// Add to List…: the preview's words, the list chosen, the merge in exact amounts, the shopping
    /// list shown, and one Undo taking the whole add back.
    func testAddToListPreviewsMergesAndUndoesInOneStep() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            let milk = try model.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l", aisle: "Dairy"))
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            let id = try model.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 2, ingredients: ["250 ml milk", "2 eggs", "salt"]))
            window.recipes.show()
            let page = try XCTUnwrap(window.recipes.place.builtPage)
            page.open(id: id.raw)
            page.detail.servings.value = 4
            page.detail.addButton.widget.activate()
            iterate(until: { window.recipes.addDialog != nil }, "the Add to List dialog")
            let dialog = try XCTUnwrap(window.recipes.addDialog)
            XCTAssertEqual(dialog.shownLines.first, "Milk 1 l → 1.5 l: 500 ml for Pancakes", "\(dialog.shownLines)")
            XCTAssertEqual(dialog.shownLines.count, 3)
            let passes = window.model.plan.listPasses
            dialog.dialog.respond("add")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.model.items.item(milk)?.quantity, Decimal(string: "1.5"))
            XCTAssertEqual(window.model.plan.listPasses, passes, "the add went from the preview's lookups")
            XCTAssertNil(window.model.plan.keptRecipeLookups, "and let them go with the dialog")
            XCTAssertFalse(window.lists.pane.isShowingRecipes, "the list is shown, where the merged items are")
            XCTAssertEqual(window.pageStack.stack.visibleName, ListKind.shopping.rawValue)
            XCTAssertTrue(window.toast.text.hasPrefix("“Pancakes”: "), window.toast.text)
            let before = window.model.items.table.count
            window.toast.runAction()
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.model.items.item(milk)?.quantity, 1, "one Undo takes the whole add back")
            XCTAssertLessThan(window.model.items.table.count, before, "and the new items with it")
        }
    }

    /// A recipe page read by the helper opens as text to check (its HowToSections as steps), kept
    /// with its source and tags; Edit… changes it as one undo step.
    func testAnImportedPageIsCheckedKeptAndEdited() throws {
        let path = try storePath()
        let page = URL(fileURLWithPath: repositoryData).deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/recipes/graph-howtosection.html").path
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            window.recipes.show()
            window.recipes.readRecipe(from: page)
            iterate(until: { window.recipes.pasteDialog != nil }, "the page read and shown to check")
            let dialog = try XCTUnwrap(window.recipes.pasteDialog)
            XCTAssertEqual(dialog.draft.title, "Easy Lasagne")
            XCTAssertEqual(dialog.draft.servings, 6)
            XCTAssertEqual(dialog.draft.ingredients.first, "500 g beef mince")
            XCTAssertEqual(dialog.draft.method.first, "Ragù:")
            XCTAssertTrue(dialog.shownLines.contains("500 g · beef mince"), "\(dialog.shownLines)")
            dialog.confirm()
            waitForFrame(window.window.widget)
            let kept = try XCTUnwrap(model.recipes.all().first)
            XCTAssertEqual(kept.source, page)
            XCTAssertTrue(kept.tags.contains("pasta"), "\(kept.tags)")
            window.recipes.edit(kept.id)
            let edit = try XCTUnwrap(window.recipes.pasteDialog)
            edit.text.text = edit.text.text.replacingOccurrences(of: "Easy Lasagne", with: "Sunday Lasagne")
            // Saved at once, before the preview's reading is due: what is typed is what is kept.
            edit.confirm()
            waitForFrame(window.window.widget)
            XCTAssertEqual(try model.recipes.recipe(kept.id)?.title, "Sunday Lasagne")
            XCTAssertEqual(try model.recipes.recipe(kept.id)?.source, page, "the source stays")
            XCTAssertEqual(window.toast.text, "“Sunday Lasagne” is changed")
            window.toast.runAction()
            waitForFrame(window.window.widget)
            XCTAssertEqual(try model.recipes.recipe(kept.id)?.title, "Easy Lasagne", "Undo puts the old title back")
        }
    }

    /// Add the Week… counts the meals it added: one added from another process after the page was
    /// drawn is neither promised by the dialog nor counted by the toast.
    func testTheWeeksToastCountsTheMealsAddedNotThoseShown() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            let id = try model.recipes.addRecipe(RecipeDraft(title: "Toast", servings: 1, ingredients: ["2 slices bread"]))
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            let today = PlanDay(Date())
            window.recipes.showWeek()
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.recipes.place.week.caption.text, "Nothing planned yet: a day’s + puts a recipe on it.",
                           "an empty plan does not claim its meals are on a list")
            XCTAssertFalse(window.recipes.place.week.addWeekButton.widget.visible, "nor offers to add it")
            _ = try model.plan.planMeal(id, on: today, servings: 1)
            _ = try model.plan.planMeal(id, on: today, servings: 2)
            window.recipes.showWeek()
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.recipes.place.week.caption.text, "2 meals not on a list yet")
            XCTAssertTrue(window.recipes.place.week.addWeekButton.widget.visible)
            // Another process adds the week first and plans one more: only that one waits.
            let other = try ShoppingModel(store: Store(path: path))
            try other.plan.addWeekToList(from: PlanDay.planDays().first)
            _ = try other.plan.planMeal(id, on: today, servings: 3)
            window.recipes.chooseListForWeek()
            let dialog = try XCTUnwrap(window.recipes.addDialog)
            dialog.dialog.respond("add")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.toast.text, "1 meal added to “Groceries”")
            // Every meal on a list, Add the Week… cannot take the keyboard: Ctrl+7 puts it on the
            // first day instead of leaving it unseen on the list behind.
            window.recipes.showWeek()
            waitForFrame(window.window.widget)
            XCTAssertFalse(window.recipes.place.week.addWeekButton.widget.sensitive)
            XCTAssertTrue(window.recipes.place.week.root.widget.containsFocus, "the keyboard is on the week's page")
        }
    }
}

extension RecipesPlaceTests {
    /// "No Recipe Open" beside the list in a wide window (made after the page's first frame); at
    /// phone width, where it could not be seen, never made.
    func testThePlaceholderIsMadeWhereItShows() throws {
        for (width, shown) in [(1000, true), (360, false)] {
            let path = try storePath()
            try MainActor.assumeIsolated {
                let model = try ShoppingModel(store: Store(path: path))
                try model.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 2, ingredients: ["250 ml milk"]))
                let harness = try WindowHarness(model: model, size: (Int32(width), 700))
                defer { harness.close() }
                harness.window.recipes.show()
                @MainActor func drawn() -> [String] {
                    harness.window.window.widget.drawnContent().compactMap { _, c -> String? in
                        if case .text(let t) = c { return t } else { return nil }
                    }
                }
                // On a phone the bottom switcher slides in (a revealer): its page's name drawn.
                waitUntil({ drawn().contains("Week’s Plan") }, "the switcher's page drawn at \(width) px")
                let page = try XCTUnwrap(harness.window.recipes.place.builtPage)
                XCTAssertEqual(page.detail.isPlaceholderShown, shown, "at \(width) px")
                // The detail asks for the placeholder's width before it is made: the leaflet folds
                // where it would with it.
                XCTAssertLessThanOrEqual(page.detail.placeholderMinimumWidth ?? 0, RecipeDetail.placeholderWidth)
                XCTAssertEqual(page.entries.map(\.title), ["Pancakes"])
                // Its bottom switcher shows on a phone, its buttons made as it shows; a wide
                // window makes none.
                XCTAssertEqual(harness.window.recipes.place.bottomBar?.reveal, !shown)
                XCTAssertEqual(harness.window.recipes.place.bottomBar?.hasButtons, !shown)
                XCTAssertEqual(drawn().contains("Week’s Plan"), true, "the switcher's page at \(width) px: \(drawn())")
            }
        }
    }

    /// At phone width Ctrl+F brings the list back over the recipe open, its search focused; widened
    /// with a recipe open and the recipe then deleted, "No Recipe Open" takes its place.
    func testCtrlFAtPhoneWidthAndARecipeDeletedAfterWidening() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            let id = try model.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 2, ingredients: ["250 ml milk"]))
            let harness = try WindowHarness(model: model, size: (360, 700))
            defer { harness.close() }
            let window = harness.window
            window.recipes.show()
            waitForFrame(window.window.widget)
            let page = try XCTUnwrap(window.recipes.place.builtPage)
            page.open(id: id.raw)
            waitForFrame(window.window.widget)
            ActionMap(window.window).activate(AppAction.search.rawValue)
            iterate(until: { page.search.widget.containsFocus }, "the search has the keyboard")
            XCTAssertTrue(page.search.widget.isMapped, "and is in view, the recipe behind it")
            page.open(id: id.raw)
            window.window.defaultSize(1000, 700)
            iterate(until: { !window.lists.pane.frame.folded }, "the window widened")
            waitForFrame(window.window.widget)
            XCTAssertFalse(page.detail.isPlaceholderShown, "a recipe is open")
            window.recipes.delete(RecipeID(id.raw))
            waitForFrame(window.window.widget)
            XCTAssertTrue(page.detail.isPlaceholderShown, "No Recipe Open where the recipe was")
        }
    }
}
