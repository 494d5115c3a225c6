import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// A list shows its top until the user scrolls, and each list keeps its place while another is shown.
final class ScrollPositionTests: GtkTestCase {
    func testListsOpenAtTheTopAndKeepTheirPlace() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let harness = try WindowHarness(model: model, size: (360, 480))
            defer { harness.close() }
            let window = harness.window
            window.features.files.loadSampleList()
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
            waitForFrame(window.window.widget, "All Items drawn at its end")
            XCTAssertGreaterThan(all.scrolled.scrollOffset, 0)
            window.show(.shopping)
            waitForFrame(window.window.widget)
            window.show(.all)
            waitForFrame(window.window.widget)
            // At its end still. (Not the same pixel: GTK measures the rows it reaches at the end and
            // moves the end by a row's estimate, a frame or several later.)
            XCTAssertEqual(all.scrolled.scrollOffset, all.scrolled.maxScrollOffset, accuracy: 1, "All Items kept its place")

            // Keeping a list at its top never takes the focus from where the user types.
            all.scrolled.scrollOffset = 0
            window.strip.addBar.focus()
            waitForFrame(window.window.widget)
            try model.items.add(ItemFields(description: "Aardvark food"))
            waitForFrame(window.window.widget)
            XCTAssertTrue(window.strip.addBar.entry.widget.containsFocus, "focus stays in the add bar")
            XCTAssertEqual(all.scrolled.scrollOffset, 0)
        }
    }
}
