import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// Issue 54's smaller things, in the real window: the Plan dialog's servings, section headings in
/// a method, the recipe dialog and the week's footer at a phone's width, toasts below the week's
/// button, Ctrl+Z with nothing to undo, the store in the header at 1000 px, the start's focus.
final class PlanAndHeaderTests: GtkTestCase {
    private func storePath() throws -> String {
        let folder = NSTemporaryDirectory() + "plan-header-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder + "/shopper.sqlite"
    }

    /// Banana Bread (8) first in the book, Chili (6) chosen: the dialog offers Chili's 6.
    func testThePlanDialogOffersTheChosenRecipesServings() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            try model.recipes.addRecipe(RecipeDraft(title: "Banana Bread", servings: 8, ingredients: ["3 bananas"]))
            try model.recipes.addRecipe(RecipeDraft(title: "Chili", servings: 6, ingredients: ["1 can tomatoes"]))
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            window.recipes.showWeek()
            window.recipes.planMeal(on: PlanDay(Date()))
            let dialog = try XCTUnwrap(window.recipes.mealDialog)
            XCTAssertEqual(dialog.servings.value, 8)
            dialog.choice.selected = 1
            waitForFrame(window.window.widget)
            XCTAssertEqual(dialog.servings.value, 6, "the chosen recipe's own servings")
            dialog.dialog.respond("plan")
            waitForFrame(window.window.widget)
            XCTAssertEqual(try model.plan.meals().map(\.servings), [6])
        }
    }

    /// A page's HowToSections: "Base:" and "Sauce:" are headings, not steps 1 and 3.
    func testSectionHeadingsAreNeitherNumberedNorCounted() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            let draft = RecipeDraft(title: "Pizza", servings: 2, ingredients: ["300 g flour"],
                                    method: ["Base:", "Knead the dough.", "Roll it out.", "Sauce:", "Simmer the tomatoes."])
            // As Import a Recipe… does: the recipes shown, then what the helper read.
            window.recipes.show()
            window.recipes.imported(.success([draft]), from: "https://example.org/pizza")
            let dialog = try XCTUnwrap(window.recipes.pasteDialog)
            iterate(until: { dialog.canSave }, "the imported text read")
            XCTAssertEqual(dialog.preview.shownLines.last, "Method: 3 steps")
            XCTAssertEqual(dialog.draft.method, draft.method, "the text reads back to the same method")
            dialog.confirm()
            let detail = try XCTUnwrap(window.recipes.place.builtPage).detail
            iterate(until: { !detail.text.shownSteps.isEmpty }, "the kept recipe opened")
            let steps = detail.text.shownSteps
            XCTAssertEqual(steps.map(\.number), [nil, "1.", "2.", nil, "3."])
            XCTAssertEqual(RecipeCommands.text(draft).components(separatedBy: "\n").first { $0.hasPrefix("steps\t") }, "steps\t3")
        }
    }

    /// The same page imported again: Save asks (replace or keep both), the text stays open until
    /// answered; Cancel keeps nothing, Replace writes over the one kept, Keep Both keeps both.
    func testAPageImportedAgainAsksToReplaceOrKeepBoth() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            var draft = RecipeDraft(title: "Chili", servings: 6, ingredients: ["1 can tomatoes"], source: "https://example.org/chili")
            let first = try model.recipes.addRecipe(draft)
            draft.servings = 4
            for (answer, titles) in [("cancel", ["Chili"]), ("replace", ["Chili"]), ("both", ["Chili", "Chili"])] {
                window.recipes.imported(.success([draft]), from: "https://example.org/chili")
                let paste = try XCTUnwrap(window.recipes.pasteDialog)
                iterate(until: { paste.canSave }, "the imported text read")
                paste.confirm()
                waitForFrame(window.window.widget)
                let ask = try XCTUnwrap(window.recipes.duplicateDialog, "\(answer): asked before keeping")
                XCTAssertEqual(ask.dialog.heading, "“Chili” Is Kept Already")
                ask.dialog.respond(answer)
                waitForFrame(window.window.widget)
                XCTAssertNil(window.recipes.duplicateDialog)
                XCTAssertEqual(try model.recipes.all().map(\.title), titles, answer)
                if answer == "cancel" {
                    XCTAssertTrue(window.recipes.pasteDialog === paste, "Cancel goes back to the text")
                    paste.window.close()
                    waitForFrame(window.window.widget)
                } else {
                    XCTAssertNil(window.recipes.pasteDialog, "\(answer): the text's dialog closes")
                }
            }
            XCTAssertEqual(try model.recipes.recipe(first)?.servings, 4, "replaced in place: the same recipe, its new servings")
        }
    }

    /// At 360 × 640: the recipe dialog (about 520 px wide) fits, Save inside; the week's footer is
    /// a caption over its button; a toast stands below the button, not over it.
    func testAtAPhonesWidthTheDialogFitsAndToastsLeaveTheWeeksButton() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            let id = try model.recipes.addRecipe(RecipeDraft(title: "Chili", servings: 6, ingredients: ["1 can tomatoes"]))
            _ = try model.plan.planMeal(id, on: PlanDay(Date()))
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            let window = harness.window
            window.recipes.paste()
            let dialog = try XCTUnwrap(window.recipes.pasteDialog)
            waitForFrame(window.window.widget)
            XCTAssertLessThanOrEqual(dialog.window.defaultWidth, 360)
            XCTAssertLessThanOrEqual(dialog.window.widget.width, 370, "the dialog no wider than the phone")
            dialog.window.close()
            waitForFrame(window.window.widget)
            window.recipes.showWeek()
            waitForFrame(window.window.widget)
            let button = window.recipes.place.week.addWeekButton.widget
            window.toast.show("“Chili” is planned for today", actionTitle: "Undo", action: {})
            waitForFrame(window.window.widget)
            let buttonBottom = try XCTUnwrap(button.bounds(in: window.window.widget)).y + Double(button.height)
            let toastTop = try XCTUnwrap(window.toast.top(in: window.window.widget))
            XCTAssertLessThanOrEqual(buttonBottom, toastTop + 1, "the toast below Add the Week to the List…")
            // Back to the lists, the room is theirs again.
            window.lists.pane.sidebar.onOpen?(model.list)
            waitForFrame(window.window.widget)
            XCTAssertFalse(window.recipes.place.root.widget.hasCSS("toast-room"))
        }
    }

    /// As after a restart: nothing in the history. Ctrl+Z (and Shift+Ctrl+Z) say so.
    func testUndoWithNothingToUndoSaysSo() throws {
        try MainActor.assumeIsolated {
            let harness = try WindowHarness(model: try ShoppingModel(store: temporaryStore()), size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            // Its first frame's idle work done before it closes (a busy machine draws late).
            waitForFrame(window.window.widget)
            XCTAssertFalse(window.model.undo.canUndo)
            ActionMap(window.window).activate("undo")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.toast.text, "Nothing to undo")
            ActionMap(window.window).activate("redo")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.toast.text, "Nothing to redo")
        }
    }

    /// A store added: at 1000 px the five pages' switcher stays in the header (the store an icon
    /// there) and the store is said once; wider, by name on the button, not under the title.
    func testTheStoreLeavesTheSwitcherInTheHeaderAndIsSaidOnce() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(ItemFields(description: "Milk"))
            _ = try model.shops.addShop(named: "Aldi")
            for (width, compact) in [(Int32(1000), true), (1200, false)] {
                let harness = try WindowHarness(model: model, size: (width, 700))
                defer { harness.close() }
                let window = harness.window
                waitForFrame(window.window.widget)
                XCTAssertFalse(window.pageStack.switcherTitle.titleVisible, "\(width) px: the switcher in the header")
                XCTAssertFalse(window.pageStack.switcherBar.reveal, "\(width) px: no bottom bar")
                XCTAssertEqual(window.features.shops.picker.compact, compact, "\(width) px")
                // Said once: by name on the button, or (an icon) under the title when the title shows.
                XCTAssertEqual(window.pageStack.switcherTitle.subtitleText, compact ? "Any Store" : "", "\(width) px")
                // The list's rows have the keyboard from the start, not the main menu's button.
                XCTAssertTrue(window.currentPage.listView.widget.containsFocus, "\(width) px: the rows have the focus")
            }
        }
    }
}
