import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// Finishing a trip offers the prices in the cart for correction before they are recorded.
final class FinishShoppingTests: GtkTestCase {
    func testPricesCanBeCorrectedBeforeTheyAreRecorded() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let apples = try model.items.add(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: Decimal(string: "1.29")))
            let bread = try model.items.add(ItemFields(description: "Bread", price: 2))
            try model.items.tick(apples)
            try model.items.tick(bread)
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let window = harness.window

            window.features.trips.finishShopping()
            let dialog = try XCTUnwrap(window.features.trips.finishDialog)
            waitForFrame(window.window.widget)
            XCTAssertEqual(dialog.priceTexts, ["1.29", "2.00"], "money with its decimals")
            dialog.setPrice(0, "abc")
            XCTAssertFalse(dialog.dialog.isEnabled(FinishShoppingDialog.finish), "not a price: Finish waits")
            dialog.setPrice(0, "€1.49")
            XCTAssertTrue(dialog.dialog.isEnabled(FinishShoppingDialog.finish))
            dialog.dialog.respond(FinishShoppingDialog.finish)
            waitForFrame(window.window.widget)
            XCTAssertNil(window.features.trips.finishDialog)
            XCTAssertEqual(model.items.item(apples)?.lastPrice, Decimal(string: "1.49"), "the corrected price is recorded")
            XCTAssertEqual(model.items.item(bread)?.lastPrice, 2)
            XCTAssertEqual(model.items.totals.inCart.count, 0)
            XCTAssertTrue(window.toast.text.hasPrefix("Shopping finished: 2 items recorded"), window.toast.text)

            // Cancel records nothing.
            try model.items.tick(bread)
            window.features.trips.finishShopping()
            window.features.trips.finishDialog?.dialog.respond("cancel")
            waitForFrame(window.window.widget)
            XCTAssertEqual(model.items.totals.inCart.count, 1)
        }
    }
}
