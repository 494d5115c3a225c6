import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// With costs turned off in Preferences, no money shows anywhere in the lists: not on rows, not in
/// the section headers or the end row, not in the totals above; turned on again, it all comes back.
final class CostOffTests: GtkTestCase {
    func testNoMoneyShowsWithCostsTurnedOff() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(ItemFields(description: "Milk", quantity: 2, unit: "l", price: Decimal(string: "1.15"), aisle: "Dairy"))
            try model.items.add(ItemFields(description: "Butter", price: 2, aisle: "Dairy"))
            let harness = try WindowHarness(model: model, size: (600, 640))
            defer { harness.close() }
            let window = harness.window
            waitForFrame(window.window.widget, "the rows drawn")
            @MainActor func captions() -> [String] { window.currentPage.boundRows.compactMap(\.captionText).sorted() }
            XCTAssertEqual(captions(), ["Dairy · 2 items · 4.30", "No more items · 2 items · 4.30"].sorted())
            harness.preferences.set(.showCost, false)
            waitForFrame(window.window.widget, "the rows drawn without costs")
            XCTAssertEqual(captions(), ["Dairy · 2 items", "No more items · 2 items"].sorted())
            XCTAssertEqual(window.strip.totalsText, "2 items · 2 left to buy · 0 in cart")
            XCTAssertFalse(window.pageStack.stack.widget.drawnContent().contains { _, c in
                if case .text(let t) = c { return t.range(of: #"\d[.,]\d\d"#, options: .regularExpression) != nil } else { return false }
            }, "no amount drawn in the lists")
            harness.preferences.set(.showCost, true)
            waitForFrame(window.window.widget, "the rows drawn with costs")
            XCTAssertEqual(captions(), ["Dairy · 2 items · 4.30", "No more items · 2 items · 4.30"].sorted())
            XCTAssertTrue(window.strip.totalsText.contains("4.30"), window.strip.totalsText)
        }
    }
}
