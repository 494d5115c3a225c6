import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// The Currency preference changes every amount on screen at once, rows and totals, without
/// rebuilding the lists.
final class CurrencyPreferenceTests: GtkTestCase {
    func testAChosenCurrencyShowsLive() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let tea = try model.items.add(ItemFields(description: "Tea", price: 3))
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let window = harness.window
            let page = window.page(.all)
            let changes = page.rowModel.structuralChanges
            harness.preferences.set(.currency, "CHF")
            waitForFrame(window.window.widget)
            let row = try XCTUnwrap(page.boundRows.first { $0.itemID == tea })
            XCTAssertTrue(row.visibleParts.right?.contains("CHF") == true, "\(row.visibleParts.right ?? "nil")")
            XCTAssertTrue(window.strip.totalsText.contains("CHF"), window.strip.totalsText)
            XCTAssertEqual(page.rowModel.structuralChanges, changes, "the rows were shown again, not rebuilt")
            XCTAssertTrue(PreferenceRow.allCases.contains(.currency))
            XCTAssertEqual(PreferenceRow.currencies.first?.value, "", "the locale's own comes first")
        }
    }
}
