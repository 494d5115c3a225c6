import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// Prices paid, where the user types a price: the editor shows the history (last, lowest, average,
/// each store's) and marks a dearer price; the add bar says the last price paid at this store, or
/// how much dearer a typed one is; the finish dialog fills in the last price for an item without one
/// and marks a dearer one.
final class PriceSuggestionTests: GtkTestCase {
    /// Milk bought at Lidl for 0.95 and at Aldi for 1.00; the list shopped at Aldi now.
    @MainActor private static func milk() throws -> (ShoppingModel, ItemID) {
        let folder = temporaryFolder("prices")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let model = try ShoppingModel(store: Store(path: folder + "/shopper.sqlite"))
        let aldi = try model.shops.addShop(named: "Aldi"), lidl = try model.shops.addShop(named: "Lidl")
        let milk = try model.items.add(ItemFields(description: "Milk", price: Decimal(string: "0.95")!))
        let day: TimeInterval = 86_400
        for (shop, price, daysAgo) in [(lidl, "0.95", 9.0), (aldi, "1.00", 2.0)] {
            try model.shops.shop(at: shop)
            try model.items.tick(milk)
            try model.items.finishShopping(paid: [milk: Decimal(string: price)!], date: Date().addingTimeInterval(-daysAgo * day))
        }
        return (model, milk)
    }

    func testTheEditorShowsTheHistoryAndMarksADearerPrice() throws {
        try MainActor.assumeIsolated {
            let (model, milk) = try Self.milk()
            let harness = try WindowHarness(model: model, size: (600, 800))
            defer { harness.close() }
            let window = harness.window
            window.items.openEditor(milk)
            waitForFrame(window.window.widget)
            let history = try XCTUnwrap(window.items.editor.historyShown)
            XCTAssertTrue(history.hasPrefix("Last 1.00 (Aldi, "), history)
            XCTAssertTrue(history.contains("Lowest 0.95 · Average 0.98"), history)
            XCTAssertTrue(history.hasSuffix("\nLidl 0.95 · Aldi 1.00"), history)
            XCTAssertNil(window.items.editor.riseText, "1.00 is the price paid")
            window.items.editor.set(.price, "1.12")
            XCTAssertEqual(window.items.editor.riseText, "↑ 12% on the last price paid at Aldi (1.00)")
            window.items.editor.set(.price, "0.99")
            XCTAssertNil(window.items.editor.riseText)
        }
    }

    func testTheAddBarSaysTheLastPriceHereOrHowMuchDearer() throws {
        try MainActor.assumeIsolated {
            let (model, _) = try Self.milk()
            let harness = try WindowHarness(model: model, size: (600, 800))
            defer { harness.close() }
            let bar = harness.window.strip.addBar
            bar.entry.text = "Milk"
            XCTAssertEqual(bar.shownText, "Last paid at Aldi: 1.00")
            bar.entry.text = "Milk @ 1.12"
            XCTAssertEqual(bar.shownText, "↑ 12% on the last price paid at Aldi (1.00)")
            bar.entry.text = "Oat milk"
            XCTAssertNil(bar.shownText, "an item never bought")
            try model.shops.shop(at: .any)
            bar.entry.text = "Milk"
            XCTAssertEqual(bar.shownText, "Last paid: 1.00", "Any Store: the last paid anywhere")
        }
    }

    func testTheFinishDialogFillsInTheLastPriceHereAndMarksADearerOne() throws {
        try MainActor.assumeIsolated {
            let (model, milk) = try Self.milk()
            try model.items.update(milk, ItemFields(description: "Milk"))  // no price now
            try model.items.tick(milk)
            let harness = try WindowHarness(model: model, size: (600, 800))
            defer { harness.close() }
            let window = harness.window
            window.trips.finishShopping()
            waitForFrame(window.window.widget)
            let dialog = try XCTUnwrap(window.trips.finishDialog)
            XCTAssertEqual(dialog.priceTexts, ["1.00"], "the last price paid at Aldi, to confirm")
            XCTAssertEqual(dialog.riseTexts, [""])
            dialog.setPrice(0, "1.12")
            XCTAssertEqual(dialog.riseTexts, ["↑ 12%"])
            XCTAssertEqual(dialog.corrections(), [milk: Decimal(string: "1.12")!])
            dialog.setPrice(0, "1.00")
            XCTAssertEqual(dialog.corrections(), [milk: Decimal(string: "1.00")!], "the suggestion is recorded as paid")
        }
    }
}
