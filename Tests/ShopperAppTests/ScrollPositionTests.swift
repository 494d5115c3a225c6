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
            all.scrolled.scrollOffset = all.scrolled.maxScrollOffset
            waitForFrame(window.window.widget)
            let place = all.scrolled.scrollOffset
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
