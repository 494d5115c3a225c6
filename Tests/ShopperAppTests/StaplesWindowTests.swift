import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// Always at Home… as a person uses it: opened from the recipes' menu, a staple typed and kept, a
/// recipe's add then leaving it off the list; a staple removed with its row's button, the focus
/// moving to the next row, Undo bringing it back; another process's change shown when the window
/// comes back to the front.
final class StaplesWindowTests: GtkTestCase {
    private func storePath() throws -> String {
        let folder = NSTemporaryDirectory() + "staples-ui-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder + "/shopper.sqlite"
    }

    func testAStapleTypedIsLeftOffARecipesAddAndARemovedOneComesBackWithUndo() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            let toast = try model.recipes.addRecipe(RecipeDraft(title: "Toast", servings: 1, ingredients: ["2 slices bread", "butter", "1 pinch salt"]))
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            window.recipes.show()
            XCTAssertTrue(window.isEnabled(.manageStaples))
            ActionMap(window.window).activate(AppAction.manageStaples.rawValue)
            waitForFrame(window.window.widget)
            let staples = try XCTUnwrap(window.recipes.staplesWindow)
            XCTAssertTrue(staples.shown.contains("salt"), "the defaults")
            XCTAssertFalse(staples.shown.contains("Butter"))

            staples.newStaple.text = "  Butter "
            shopper_signal_emit(staples.newStaple.row.raw, "entry-activated")
            waitForFrame(window.window.widget)
            XCTAssertTrue(staples.shown.contains("Butter"), "kept, tidied")
            XCTAssertEqual(staples.newStaple.text, "", "the field emptied for the next")
            let words = try model.plan.previewRecipe(toast).map(\.words)
            XCTAssertEqual(words.filter { $0.contains("always at home") }.count, 2, "butter and salt are at home: \(words)")
            staples.newStaple.text = "butter"
            shopper_signal_emit(staples.newStaple.row.raw, "entry-activated")
            waitForFrame(window.window.widget)
            XCTAssertEqual(staples.shown.filter { $0.lowercased() == "butter" }, ["Butter"], "kept once")

            // Salt removed by its row's button: the focus goes to the row after it.
            let i = try XCTUnwrap(staples.shown.firstIndex(of: "salt"))
            let after = staples.shown[i + 1]
            shopper_signal_emit(try XCTUnwrap(staples.removeButtons["salt"]).widget.raw, "clicked")
            waitForFrame(window.window.widget)
            XCTAssertFalse(staples.shown.contains("salt"))
            XCTAssertEqual(staples.rows.focusedIndex.map { staples.shown[$0] }, after)
            try model.plan.addRecipeToList(toast)
            XCTAssertEqual(Set(try model.items.allItems().map(\.description)), ["Bread", "Salt"], "salt goes on the list now; butter does not")

            // Undo in the toast: salt is at home again.
            shopper_signal_emit(UnsafeMutableRawPointer(try XCTUnwrap(staples.toasts.last).raw), "button-clicked")
            waitForFrame(window.window.widget)
            XCTAssertTrue(staples.shown.contains("salt"))
            XCTAssertTrue(try Store(path: path).stapleTables.staples().contains("salt"), "written to the store")

            // Another process (the command line) adds one; the window shows it when it is active again.
            try Store(path: path).stapleTables.addStaple("Zucker")
            staples.refresh()
            XCTAssertTrue(staples.shown.contains("Zucker"))
            staples.window.close()
            waitForFrame(window.window.widget)
            XCTAssertNil(window.recipes.staplesWindow, "let go when closed")
        }
    }
}
