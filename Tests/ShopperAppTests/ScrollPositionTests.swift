import CGtk
import Foundation
import XCTest
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
            settle(300)
            for kind in [ListKind.all, .shopping, .all] {
                window.show(kind)
                settle(200)
                let page = window.page(kind)
                XCTAssertGreaterThan(page.scrolled.maxScrollOffset, 0, "\(kind) scrolls at this size")
                XCTAssertEqual(page.scrolled.scrollOffset, 0, "\(kind) shows its top after the sample is loaded")
            }
            // Scrolled down on All Items, over to the Shopping List and back: still where it was.
            let all = window.page(.all)
            all.scrolled.scrollOffset = all.scrolled.maxScrollOffset
            settle(100)
            let place = all.scrolled.scrollOffset
            window.show(.shopping)
            settle(200)
            window.show(.all)
            settle(200)
            XCTAssertEqual(all.scrolled.scrollOffset, place, accuracy: 1)

            // Keeping a list at its top never takes the focus from where the user types.
            all.scrolled.scrollOffset = 0
            window.strip.addBar.focus()
            settle(100)
            try model.items.add(ItemFields(description: "Aardvark food"))
            settle(200)
            XCTAssertTrue(window.strip.addBar.entry.widget.containsFocus, "focus stays in the add bar")
            XCTAssertEqual(all.scrolled.scrollOffset, 0)
        }
    }
}
