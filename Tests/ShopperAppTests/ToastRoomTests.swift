import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// A toast covers neither the last row nor the button under the Cart: the lists end above it while
/// it shows, at phone size too.
final class ToastRoomTests: GtkTestCase {
    func testTheLastRowAndTheCartButtonStayAboveTheToast() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            for n in 1...30 { try model.items.tick(try model.items.add(ItemFields(description: "Item \(n)"))) }
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            let window = harness.window
            window.show(.cart)
            let page = window.page(.cart)
            // A message of two lines at this width: the room is for the tallest toast.
            window.toast.show("“Organic whole milk 3.8 %” is in the cart", actionTitle: "Rückgängig", action: {})
            waitUntil({ page.allRowsShown }, "every row of the Cart told to GTK")
            waitForFrame(window.window.widget, "the toast drawn")
            page.scrolled.scrollOffset = page.scrolled.maxScrollOffset
            waitForFrame(window.window.widget, "the Cart scrolled to its end")
            waitUntil({ page.boundRows.contains { $0.captionText?.hasPrefix("No more items") == true } }, "the end row bound")
            waitForFrame(window.window.widget, "the end row drawn")
            let toast = try XCTUnwrap(window.toast.overlay.toastWidgets.first?.surfaceBounds())
            let shown = window.window.widget.drawnContent().compactMap { w, c -> (String, Double)? in
                guard case .text(let t) = c, let b = w.surfaceBounds() else { return nil }
                return (t, b.y + b.height)
            }
            let button = try XCTUnwrap(shown.first { $0.0 == "Finish Shopping" })
            let endRow = try XCTUnwrap(shown.first { $0.0.hasPrefix("No more items") })
            XCTAssertLessThanOrEqual(button.1, toast.y, "the Cart's button above the toast")
            XCTAssertLessThanOrEqual(endRow.1, toast.y, "the end of the list above the toast")
            _ = harness.render(name: "toast-room-phone")
            window.toast.hide()
        }
    }
}
