import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// Stores in the window: the editor's "Sold At" saves with the item's fields as one step; the
/// Shopping List says how many items other stores sell and shows them on a click; the header's
/// store follows the choice.
final class ShopsWindowTests: GtkTestCase {
    @MainActor private static func groceries() throws -> (ShoppingModel, ItemID, ShopID, ShopID) {
        let folder = temporaryFolder("shops")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let model = try ShoppingModel(store: Store(path: folder + "/shopper.sqlite"))
        try model.add(ItemFields(description: "Bread", aisle: "Bakery"))
        let milk = try model.add(ItemFields(description: "Milk", aisle: "Dairy"))
        let aldi = try model.addShop(named: "Aldi"), lidl = try model.addShop(named: "Lidl")
        return (model, milk, aldi, lidl)
    }

    func testSoldAtSavesWithTheFieldsAsOneStep() throws {
        try MainActor.assumeIsolated {
            let (model, milk, _, lidl) = try Self.groceries()
            let harness = try WindowHarness(model: model, size: (600, 700))
            defer { harness.close() }
            let window = harness.window
            window.openEditor(milk)
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.editor.soldAt, "Any store")
            window.editor.tickStore(lidl, true)
            XCTAssertEqual(window.editor.soldAt, "Only at Lidl")
            window.editor.set(.description, "Oat milk")
            window.editor.pressSave()
            waitForFrame(window.window.widget)
            XCTAssertEqual(model.item(milk)?.description, "Oat milk")
            XCTAssertEqual(model.onlyAt[milk], [lidl])
            XCTAssertEqual(model.undo.undoName, "editing “Milk”")
            try model.undoLast()
            XCTAssertEqual(model.item(milk)?.description, "Milk", "one step undoes both")
            XCTAssertEqual(model.onlyAt[milk], [])
            // Only the stores changed: still saved, still one step.
            window.openEditor(milk)
            window.editor.tickStore(lidl, true)
            window.editor.pressSave()
            XCTAssertEqual(model.onlyAt[milk], [lidl])
        }
    }

    func testTheShoppingListCountsItemsForOtherStoresAndShowsThemOnAClick() throws {
        try MainActor.assumeIsolated {
            let (model, milk, aldi, lidl) = try Self.groceries()
            try model.setOnlyAt(milk, [lidl])
            let harness = try WindowHarness(model: model, size: (600, 700))
            defer { harness.close() }
            let window = harness.window
            window.show(.shopping)
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.otherShopsBar?.visible, false, "Any Store hides nothing")
            XCTAssertEqual(window.shopButton.widget.tooltipText, "Store: Any Store")
            ActionMap(window.window).activate(AppAction.chooseStore.rawValue, "\(aldi.raw)")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.shopButton.widget.tooltipText, "Store: Aldi")
            XCTAssertEqual(window.page(.shopping).projection.itemCount, 1)
            XCTAssertEqual(window.otherShopsBar?.visible, true)
            XCTAssertEqual(window.otherShopsButton.label, "1 item for other stores")
            shopper_signal_emit(window.otherShopsButton.widget.raw, "clicked")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.page(.shopping).projection.itemCount, 2, "shown")
            XCTAssertEqual(window.otherShopsButton.label, "Hide Items for Other Stores")
            shopper_signal_emit(window.otherShopsButton.widget.raw, "clicked")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.page(.shopping).projection.itemCount, 1, "hidden again")
            // Back at Any Store, nothing is hidden and the bar goes.
            ActionMap(window.window).activate(AppAction.chooseStore.rawValue, "0")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.page(.shopping).projection.itemCount, 2)
            XCTAssertEqual(window.otherShopsBar?.visible, false)
        }
    }
}
