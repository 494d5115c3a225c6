import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// The two-tone look, rendered in-process from the real window: a gradient header that ends in the
/// list colour, rows on the list colour, and another colour below the last row; light and dark.
final class LookTests: GtkTestCase {
    func testGradientHeaderAndTwoTonesInLightAndDark() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(ItemFields(description: "Apples", quantity: 2, price: 1))
            try model.items.add(ItemFields(description: "Bread", price: 3))
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            // Light, then dark, then light again: the colours follow libadwaita's style manager live.
            for dark in [false, true, false] {
                harness.setDark(dark)
                let shot = try XCTUnwrap(harness.render(name: dark ? "look-dark" : "look-light"))
                // In the list, right of the sidebar of lists.
                let x = Int(harness.window.lists.pane.sidebar.root.widget.width) + 12
                let top = shot.rgb(x, 4), list = harness.pixelInFirstRow(shot, x: x)
                let below = harness.pixelBelowRows(shot, x: x)
                let headerFoot = harness.pixelAtHeaderFoot(shot, x: x)
                XCTAssertNotEqual(top.0 + top.1 + top.2, list.0 + list.1 + list.2, "header top differs from the list")
                XCTAssertTrue(close(headerFoot, list), "the header blends into the list colour: \(headerFoot) vs \(list)")
                XCTAssertFalse(close(list, below, tolerance: 8), "another colour below the last row: \(list) vs \(below)")
                if dark { XCTAssertLessThan(list.0 + list.1 + list.2, 200, "dark rows are dark") }
                else { XCTAssertGreaterThan(list.0 + list.1 + list.2, 600, "light rows are light") }
            }
        }
    }

    /// The line under each row is a border of one colour on every side: GTK 4.8's cairo renderer
    /// draws a border whose sides differ in colour (as CSS `border-bottom` alone leaves them) with a
    /// mesh pattern, which was 29% of the instructions spent drawing while scrolling 1,000 items.
    func testRowLinesAreBordersOfOneColour() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            for n in 1...5 { try model.items.add(ItemFields(description: "Item \(n)", aisle: n < 3 ? "Dairy" : nil)) }
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            for dark in [false, true] {
                harness.setDark(dark)
                runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
                let borders = RenderNodes.borders(of: harness.window.page(.all).listView.widget)
                let lines = borders.filter { $0.widths == [0, 0, 1, 0] }
                XCTAssertGreaterThanOrEqual(lines.count, 7, "a line under each row, headers and the end row too (dark: \(dark))")
                XCTAssertTrue(lines.allSatisfy { $0.colors[2].alpha > 0 && $0.colors[2].alpha < 0.2 }, "a faint line, as before")
                for (_, colors) in borders {
                    let same = { (a: GdkRGBA, b: GdkRGBA) in a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha }
                    XCTAssertTrue(colors.allSatisfy { same($0, colors[0]) },
                                  "sides of one colour (dark: \(dark)): \(colors)")
                }
            }
        }
    }
}
