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
        try model.items.add(ItemFields(description: "Bread", aisle: "Bakery"))
        let milk = try model.items.add(ItemFields(description: "Milk", aisle: "Dairy"))
        let aldi = try model.shops.addShop(named: "Aldi"), lidl = try model.shops.addShop(named: "Lidl")
        return (model, milk, aldi, lidl)
    }

    func testSoldAtSavesWithTheFieldsAsOneStep() throws {
        try MainActor.assumeIsolated {
            let (model, milk, _, lidl) = try Self.groceries()
            let harness = try WindowHarness(model: model, size: (600, 700))
            defer { harness.close() }
            let window = harness.window
            window.items.openEditor(milk)
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.items.editor.soldAt, "Any store")
            window.items.editor.tickShop(lidl, true)
            XCTAssertEqual(window.items.editor.soldAt, "Only at Lidl")
            window.items.editor.set(.description, "Oat milk")
            window.items.editor.pressSave()
            waitForFrame(window.window.widget)
            XCTAssertEqual(model.items.item(milk)?.description, "Oat milk")
            XCTAssertEqual(model.shops.onlyAt[milk], [lidl])
            XCTAssertEqual(model.undo.undoName, "editing “Milk”")
            try model.core.undoLast()
            XCTAssertEqual(model.items.item(milk)?.description, "Milk", "one step undoes both")
            XCTAssertEqual(model.shops.onlyAt[milk], [])
            // Only the stores changed: still saved, still one step.
            window.items.openEditor(milk)
            window.items.editor.tickShop(lidl, true)
            window.items.editor.pressSave()
            XCTAssertEqual(model.shops.onlyAt[milk], [lidl])
        }
    }

    func testTheShoppingListCountsItemsForOtherStoresAndShowsThemOnAClick() throws {
        try MainActor.assumeIsolated {
            let (model, milk, aldi, lidl) = try Self.groceries()
            try model.shops.setOnlyAt(milk, [lidl])
            let harness = try WindowHarness(model: model, size: (600, 700))
            defer { harness.close() }
            let window = harness.window
            window.show(.shopping)
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.shops.picker.otherShopsBar?.visible, false, "Any Store hides nothing")
            XCTAssertEqual(window.shops.picker.button.widget.tooltipText, "Store: Any Store")
            ActionMap(window.window).activate(AppAction.chooseShop.rawValue, "\(aldi.raw)")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.shops.picker.button.widget.tooltipText, "Store: Aldi")
            XCTAssertEqual(window.page(.shopping).projection.itemCount, 1)
            XCTAssertEqual(window.shops.picker.otherShopsBar?.visible, true)
            XCTAssertEqual(window.shops.picker.otherShopsButton.label, "1 item for other stores")
            shopper_signal_emit(window.shops.picker.otherShopsButton.widget.raw, "clicked")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.page(.shopping).projection.itemCount, 2, "shown")
            XCTAssertEqual(window.shops.picker.otherShopsButton.label, "Hide Items for Other Stores")
            shopper_signal_emit(window.shops.picker.otherShopsButton.widget.raw, "clicked")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.page(.shopping).projection.itemCount, 1, "hidden again")
            // Back at Any Store, nothing is hidden and the bar goes.
            ActionMap(window.window).activate(AppAction.chooseShop.rawValue, "0")
            waitForFrame(window.window.widget)
            XCTAssertEqual(window.page(.shopping).projection.itemCount, 2)
            XCTAssertEqual(window.shops.picker.otherShopsBar?.visible, false)
        }
    }
}
