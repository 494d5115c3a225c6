import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// `shopper recipe add` delivered to the running window: merged into the list named, and the
/// window's Undo (Ctrl+Z) takes the whole add back, on whichever list it was made.
final class RecipeInWindowTests: GtkTestCase {
    func testARecipeAddedThroughTheWindowIsOneUndoStepThere() throws {
        try MainActor.assumeIsolated {
            let store = try Store(path: temporaryFolder("recipe-window") + "/" + Store.fileName)
            @MainActor func makeHarness() throws -> (WindowHarness, ListID) {
                let model = try ShoppingModel(store: store)
                try model.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l", aisle: "Dairy"))
                try model.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk", "2 eggs"]))
                let party = try model.lists.createList(named: "Party")
                return (try WindowHarness(model: model, size: (1000, 700)), party)
            }
            let (harness, party) = try makeHarness()
            defer { harness.close() }
            let window = harness.window
            let request = RecipeAddService.Request(title: "pancakes", servings: nil, list: nil)
            let said = try RecipeCommands.addInWindow(request.encoded, window: window)
            XCTAssertTrue(said.hasPrefix("Added “Pancakes” for 4 to Groceries:"), said)
            waitForFrame(window.window.widget)
            XCTAssertEqual(try window.model.items.allItems().map { "\($0.description) \($0.quantity)" }, ["Milk 1.25", "Eggs 2"])
            XCTAssertEqual(window.currentPage.projection.itemCount, 2)
            window.undo()
            waitForFrame(window.window.widget)
            XCTAssertEqual(try window.model.items.allItems().map { "\($0.description) \($0.quantity)" }, ["Milk 1"])

            _ = try RecipeCommands.addInWindow(RecipeAddService.Request(title: "Pancakes", servings: 8, list: "party").encoded, window: window)
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.lists.pane.sidebar.shown.map(\.toBuy), [1, 2], "the other list's count follows")
            window.undo()
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.model.list, party, "the undo showed the list it acted on")
            XCTAssertEqual(window.currentPage.projection.itemCount, 0)
            XCTAssertThrowsError(try RecipeCommands.addInWindow(RecipeAddService.Request(title: "Waffles", servings: nil, list: nil).encoded, window: window))
        }
    }
}
