import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// A write that fails shows its error and nothing else: no success message, no Undo for a step
/// that never happened, and the row that started to leave comes back.
final class FailedWriteTests: GtkTestCase {
    func testATickThatCannotBeSavedShowsItsErrorAndTheRowStays() throws {
        try MainActor.assumeIsolated {
            let path = NSTemporaryDirectory() + "shopper-failed-\(UUID().uuidString)/" + Store.fileName
            defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
            let id = try kept(ShoppingModel(store: Store(path: path))) { try $0.items.add(ItemFields(description: "Apples")) }
            // Every write through a read-only store fails, as on a full disk or a locked file.
            let model = try ShoppingModel(store: Store(path: path, access: .readOnly))
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let window = harness.window
            window.show(.shopping)
            waitForFrame(window.window.widget)
            let page = window.currentPage
            page.act(.tick, on: id)
            runTimeoutsAdded(upTo: UInt32(Int(RowWidget.leaveMS) + 150), "the timers due by then")

            XCTAssertEqual(window.toast.text, StoreError.readOnly(path: path).localizedDescription)
            XCTAssertFalse(window.toast.text.contains("is in the cart"))
            XCTAssertNil(model.undo.latestID, "no step to undo")
            XCTAssertNotNil(page.projection.index(of: id), "still on the shopping list")
            let row = try XCTUnwrap(page.boundRows.first { $0.itemID == id })
            XCTAssertFalse(row.root.widget.hasCSS("leaving"), "the row is shown again")
        }
    }
}
