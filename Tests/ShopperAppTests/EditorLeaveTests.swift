import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// Leaving the editor (Back, Escape, a swipe) keeps valid changes and says when it cannot.
final class EditorLeaveTests: GtkTestCase {
    func testLeavingKeepsValidChangesAndNamesDroppedOnes() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let id = try model.items.add(ItemFields(description: "Apples", quantity: 2))
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let window = harness.window

            window.items.openEditor(id)
            window.items.editor.set(.description, "Green apples")
            window.items.closeEditor()
            waitForFrame(window.window.widget, "the lists drawn again")
            XCTAssertEqual(model.items.item(id)?.description, "Green apples", "kept without pressing Save")
            XCTAssertFalse(window.items.isEditing)

            window.items.openEditor(id)
            window.items.editor.set(.quantity, "-3")
            window.items.closeEditor()
            waitForFrame(window.window.widget, "the lists and the toast drawn")
            XCTAssertEqual(model.items.item(id)?.quantity, 2, "an invalid change is not stored")
            XCTAssertTrue(window.toast.text.hasPrefix("Changes to “Green apples” were not kept: Quantity must be more than zero."),
                          window.toast.text)

            let steps = model.undo.undoStack.count
            window.items.openEditor(id)
            window.items.closeEditor()
            waitForFrame(window.window.widget, "the lists drawn again")
            XCTAssertEqual(model.undo.undoStack.count, steps, "no change, no step")
        }
    }
}
