import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// A list shows its top until the user scrolls, and each list keeps its place while another is shown.
final class ScrollPositionTests: GtkTestCase {
    func testListsOpenAtTheTopAndKeepTheirPlace() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: nil)
            let harness = try WindowHarness(model: model, size: (360, 480))
            defer { harness.close() }
            let window = harness.window
            window.loadSampleList()
            waitForFrame(window.window.widget)
            for kind in [ListKind.all, .shopping, .all] {
                window.show(kind)
                waitForFrame(window.window.widget)
                let page = window.page(kind)
                XCTAssertGreaterThan(page.scrolled.maxScrollOffset, 0, "\(kind) scrolls at this size")
                XCTAssertEqual(page.scrolled.scrollOffset, 0, "\(kind) shows its top after the sample is loaded")
            }
            // Scrolled down on All Items, over to the Shopping List and back: still where it was.
            let all = window.page(.all)
            waitUntil({ all.allRowsShown }, "every row of All Items told to GTK")
            all.scrolled.scrollOffset = all.scrolled.maxScrollOffset
            // GTK measures the rows it reaches at the end, and the end moves a little a frame or two
            // later: the place is where three frames in a row leave it.
            var place = all.scrolled.scrollOffset, still = 0, frames = 0
            while still < 3, frames < 100 {
                waitForFrame(window.window.widget, "All Items drawn at its end")
                still = all.scrolled.scrollOffset == place ? still + 1 : 0
                place = all.scrolled.scrollOffset
                frames += 1
            }
            window.show(.shopping)
            waitForFrame(window.window.widget)
            window.show(.all)
            waitForFrame(window.window.widget)
            XCTAssertEqual(all.scrolled.scrollOffset, place, accuracy: 1)

            // Keeping a list at its top never takes the focus from where the user types.
            all.scrolled.scrollOffset = 0
            window.addBar.focus()
            waitForFrame(window.window.widget)
            try model.add(ItemFields(description: "Aardvark food"))
            waitForFrame(window.window.widget)
            XCTAssertTrue(window.addBar.entry.widget.containsFocus, "focus stays in the add bar")
            XCTAssertEqual(all.scrolled.scrollOffset, 0)
        }
    }
}
