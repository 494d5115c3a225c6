import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// Everything fits a phone's 360×640: the window never asks to be wider or taller (the content
/// scrolls), with the item editor open on an item with a price history, with the search bar open
/// (its every-list toggle and Save Search beside the field), or both.
final class PhoneFitTests: GtkTestCase {
    func testTheWindowStaysWithin640PixelsAt360() throws {
        try MainActor.assumeIsolated {
            let folder = temporaryFolder("phone-fit")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let model = try ShoppingModel(store: Store(path: folder + "/shopper.sqlite"))
            let apples = try model.items.add(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: Decimal(string: "1.29")!, aisle: "Fruit"))
            for i in 0..<6 { try model.items.add(ItemFields(description: "Thing \(i)", price: 3, aisle: "Aisle \(i)")) }
            // A household's week: two stores, a price history for Apples at each, one sold elsewhere.
            let aldi = try model.shops.addShop(named: "Aldi Süd"), lidl = try model.shops.addShop(named: "Lidl")
            for (n, shop) in [aldi, lidl, aldi, lidl].enumerated() {
                try model.shops.shop(at: shop)
                try model.items.update(apples, ItemFields(description: "Apples", quantity: 2, unit: "kg", price: Decimal(n + 1), aisle: "Fruit"))
                try model.items.tick(apples)
                try model.items.finishShopping(date: Date().addingTimeInterval(Double(n - 4) * 86_400))
                try model.items.setNeeded(apples, true)
            }
            try model.shops.setOnlyAt(model.items.table.ids[1], [lidl])
            try model.shops.shop(at: aldi)
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            let window = harness.window
            window.show(.shopping)
            window.sharing.say(status: "Synced at 14:05 (1 change waiting). 2 unreadable tasks skipped")
            @MainActor func tallest(_ what: String) {
                runTimeoutsAdded(upTo: 150, "the timers due in 150 ms")
                XCTAssertLessThanOrEqual(window.window.widget.minimumWidth, MainWindow.minimumWidth, "\(what): nothing is wider than a phone")
                if window.window.widget.minimumWidth > MainWindow.minimumWidth {
                    for w in window.window.widget.descendants() where w.minimumWidth > 250 && w.isDrawable {
                        print("  W \(w.typePath): \(w.minimumWidth)")
                    }
                }
                let min = window.window.widget.minimumHeight(forWidth: 360)
                XCTAssertLessThanOrEqual(min, 640, "\(what): the window asks for \(min) px")
                if min > 640 {
                    for w in window.window.widget.descendants() where w.minimumHeight(forWidth: w.width) > 300 {
                        print("  \(w.typePath): \(w.minimumHeight(forWidth: w.width))")
                    }
                }
            }
            tallest("the list")
            window.search.panel.bar.isOpen = true
            tallest("the search bar open")
            window.search.panel.bar.isOpen = false
            window.items.openEditor(apples)
            tallest("the editor open")
            window.items.closeEditor()
            window.search.panel.bar.isOpen = true
            window.items.openEditor(apples)
            tallest("both")
        }
    }
}

/// The shortcuts window fits a laptop's 768 px screen (it was 941×932).
final class ShortcutsWindowSizeTests: GtkTestCase {
    func testTheShortcutsWindowFitsALaptopScreen() throws {
        MainActor.assumeIsolated {
            guard case .success(let w) = ShortcutsWindow.build(xml: ShortcutsWindowXML.xml) else { return XCTFail("the XML") }
            defer { w.destroy() }
            w.present()
            iterate(until: { w.widget.height > 0 }, "the window")
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            print("shortcuts window: \(w.widget.width)×\(w.widget.height)")
            XCTAssertLessThanOrEqual(w.widget.height, 700, "room for a top bar on a 768 px screen")
            XCTAssertLessThanOrEqual(w.widget.width, 1366, "as wide as a laptop screen at most")
        }
    }
}
