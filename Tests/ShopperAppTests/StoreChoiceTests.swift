import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// Choosing the store one stands in, as a household found it: the counts and money shown are this
/// store's list's (the hidden part said where it is hidden), the list shows from its top in the
/// store's order, and the header keeps its shape whatever the store is called.
final class StoreChoiceTests: GtkTestCase {
    /// Sourdough is sold only at Lidl: at Aldi it leaves the Shopping List.
    @MainActor private static func groceries(extra: Int = 0) throws -> (ShoppingModel, aldi: ShopID, lidl: ShopID) {
        let folder = temporaryFolder("store-choice")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let model = try ShoppingModel(store: Store(path: folder + "/shopper.sqlite"))
        try model.items.add(ItemFields(description: "Bread", price: Decimal(string: "2.20")!, aisle: "Bakery"))
        try model.items.add(ItemFields(description: "Milk", price: Decimal(string: "1.15")!, aisle: "Dairy"))
        let sourdough = try model.items.add(ItemFields(description: "Sourdough", price: Decimal(string: "3.50")!, aisle: "Bakery"))
        for i in 0..<extra { try model.items.add(ItemFields(description: "Cheese \(i)", aisle: "Dairy")) }
        let aldi = try model.shops.addShop(named: "Aldi"), lidl = try model.shops.addShop(named: "Lidl Corner Superstore")
        try model.shops.setOnlyAt(sourdough, [lidl])
        try model.shops.setAisleOrder(["Dairy", "Bakery"], at: aldi)
        return (model, aldi, lidl)
    }

    func testCountsAndMoneyFollowWhatTheStoresListShows() throws {
        try MainActor.assumeIsolated {
            let (model, aldi, _) = try Self.groceries()
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            window.show(.shopping)
            XCTAssertEqual(window.strip.totalsText, "3 items · 6.85 left to buy · 0.00 in cart")
            XCTAssertEqual(window.lists.pane.sidebar.shown.first?.toBuyHere, 3)
            ActionMap(window.window).activate(AppAction.chooseShop.rawValue, "\(aldi.raw)")
            waitForFrame(window.window.widget, "Aldi's list drawn")
            XCTAssertEqual(window.strip.totalsText, "2 items · 3.35 left to buy · 0.00 in cart", "Sourdough's 3.50 is Lidl's")
            XCTAssertEqual(window.lists.pane.sidebar.shown.first?.toBuyHere, 2, "the sidebar counts what this store's list shows")
            XCTAssertTrue(ListsSidebar.spoken(window.lists.pane.sidebar.shown[0]).hasSuffix("2 to buy"))
            XCTAssertEqual(window.shops.picker.otherShopsButton.label, "1 item for other stores · 3.50")
            // Another process's view of the lists says the same (the count is the store's).
            XCTAssertEqual(try model.store.lists().first?.toBuyHere, 2)
            shopper_signal_emit(window.shops.picker.otherShopsButton.widget.raw, "clicked")
            waitForFrame(window.window.widget, "the other stores' items drawn")
            XCTAssertEqual(window.strip.totalsText, "3 items · 6.85 left to buy · 0.00 in cart", "shown, counted")
        }
    }

    func testAChangeOfStoreShowsTheListFromItsTop() throws {
        try MainActor.assumeIsolated {
            let (model, aldi, lidl) = try Self.groceries(extra: 30)
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            let window = harness.window
            window.show(.shopping)
            waitForFrame(window.window.widget, "the Shopping List drawn")
            let page = window.page(.shopping)
            for shop in [aldi, lidl, .any] {
                page.scrolled.scrollOffset = 40
                waitForFrame(window.window.widget, "the list scrolled")
                ActionMap(window.window).activate(AppAction.chooseShop.rawValue, "\(shop.raw)")
                waitForFrame(window.window.widget, "the store's list drawn")
                XCTAssertEqual(page.scrolled.scrollOffset, 0, "the first aisle's header in view at store \(shop.raw)")
            }
        }
    }

    func testTheHeaderKeepsItsShapeWhateverTheStore() throws {
        try MainActor.assumeIsolated {
            let (model, aldi, lidl) = try Self.groceries()
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            var shapes: [String] = []
            for shop in [ShopID.any, aldi, lidl] {
                ActionMap(window.window).activate(AppAction.chooseShop.rawValue, "\(shop.raw)")
                waitForFrame(window.window.widget, "the header drawn for the store")
                shapes.append("\(window.pageStack.isBottomSwitcherShown) \(window.shops.picker.button.widget.width)")
            }
            XCTAssertEqual(Set(shapes).count, 1, "the switcher's place and the store button's width: \(shapes)")
        }
    }

    /// Only the list on screen is re-sorted in the switch's frame; the lists not on screen catch up
    /// once it is drawn, in the store's order, and show from their top when next opened.
    func testTheListsNotOnScreenFollowTheStoreOnceItsFrameIsDrawn() throws {
        try MainActor.assumeIsolated {
            let (model, aldi, _) = try Self.groceries(extra: 30)
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            let window = harness.window
            window.show(.cart)
            window.show(.all)
            waitForFrame(window.window.widget, "All Items drawn")
            // Not `page(_:)`, which catches a page up.
            let all = try XCTUnwrap(window.builtPage(.all)), cart = try XCTUnwrap(window.builtPage(.cart))
            all.scrolled.scrollOffset = 40
            window.show(.shopping)
            waitForFrame(window.window.widget, "the Shopping List drawn")
            // The first item, under the first aisle's header (Bakery's bread, or at Aldi Dairy's milk).
            @MainActor func firstItem(_ page: ListPage) -> String? {
                if case .item(let item) = page.projection.row(at: 1) { item.description } else { nil }
            }
            XCTAssertEqual(firstItem(all), "Bread")
            ActionMap(window.window).activate(AppAction.chooseShop.rawValue, "\(aldi.raw)")
            XCTAssertEqual(firstItem(window.page(.shopping)), "Milk", "the list on screen in Aldi's order at once")
            XCTAssertEqual(firstItem(all), "Bread", "the list not on screen waits for the frame")
            XCTAssertTrue(all.isBehind && cart.isBehind)
            waitForFrame(window.window.widget, "the switch's frame")
            waitUntil({ !all.isBehind && !cart.isBehind }, "the lists not on screen caught up")
            XCTAssertEqual(firstItem(all), "Milk", "and follows once it is drawn")
            XCTAssertFalse(all.isBehind || cart.isBehind, "every list, one idle moment after another")
            // The rows on screen shown again (a preference) show a list caught up first.
            ActionMap(window.window).activate(AppAction.chooseShop.rawValue, "\(ShopID.any.raw)")
            XCTAssertEqual(firstItem(all), "Milk", "waiting again")
            window.preferences.set(.showQuantity, !window.preferences.bool(.showQuantity))
            XCTAssertEqual(firstItem(all), "Bread", "caught up by the preference")
            // Opened at once, before the frame: caught up first.
            ActionMap(window.window).activate(AppAction.chooseShop.rawValue, "\(aldi.raw)")
            XCTAssertEqual(firstItem(all), "Bread", "waiting again")
            window.show(.all)
            XCTAssertEqual(firstItem(all), "Milk", "the list opened is in Aldi's order")
            waitForFrame(window.window.widget, "All Items drawn")
            XCTAssertEqual(all.scrolled.scrollOffset, 0, "shown from its top")
        }
    }
}
