import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// The selected (keyboard) row stays the same item while a search reshapes the list around it:
/// GTK is spared its search for it (one get_item per row added), and it is put back by identity.
/// Changes of more than `ListPage.largeChange` rows are told to GTK in two steps; the list still
/// shows its top, with the right rows.
final class SelectionTests: GtkTestCase {
    func testTheSelectedItemSurvivesASearchAndItsClearing() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let ids = try model.items.add(batch: (1...3000).map { ImportedItem(fields: ItemFields(description: "Item \($0)")) })
            let harness = try WindowHarness(model: model, size: (600, 720))
            defer { harness.close() }
            let window = harness.window
            let page = window.page(.all)
            waitUntil({ page.allRowsShown }, "the rows after the first screenful")
            let chosen = ids[149]  // "Item 150"
            page.select(chosen)
            waitUntil({ page.focusPending == nil }, "Item 150 selected, with the focus")
            waitForFrame(window.window.widget, "the list scrolled to Item 150")
            // Scrolled back to the top, the row still selected: a search there comes in two steps
            // and shows the top. (Scrolled down, GTK keeps the selected row in view instead.)
            page.scrolled.scrollOffset = 0
            waitForFrame(window.window.widget, "the list drawn from its top")
            XCTAssertEqual(page.scrolled.scrollOffset, 0)
            XCTAssertEqual(page.selectedItem, chosen)
            for text in ["item 15", "item 150", "", "item 1"] {
                Self.search(window, page, text)
                XCTAssertEqual(page.selectedItem, chosen, "after searching “\(text)”")
                Self.assertShowsItsRows(page, text)
            }
            Self.search(window, page, "item 2")
            XCTAssertNil(page.selectedItem, "a row that left the list is not selected")
        }
    }

    /// At the top, thousands of rows come and go in two steps: the list stays at its top.
    func testALargeChangeKeepsAListAtItsTop() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(batch: (1...3000).map { ImportedItem(fields: ItemFields(description: "Item \($0)")) })
            let harness = try WindowHarness(model: model, size: (600, 720))
            defer { harness.close() }
            let window = harness.window
            let page = window.page(.all)
            iterate(until: { page.allRowsShown }, "the rows after the first screenful")
            let built = page.rowsBuilt
            for text in ["item 1", "", "item 2", "item 3", ""] {
                Self.search(window, page, text)
                XCTAssertEqual(page.scrolled.scrollOffset, 0, "at the top after “\(text)”")
                Self.assertShowsItsRows(page, text)
            }
            // Each search replaced every row GTK had built; the row widgets served again.
            XCTAssertLessThanOrEqual(page.rowsBuilt, built + 20, "row widgets are reused, not built anew")
        }
    }

    /// Typed, then shown: every row told to GTK (a large change comes in two steps) and drawn.
    @MainActor private static func search(_ window: MainWindow, _ page: ListPage, _ text: String) {
        window.search.panel.bar.isOpen = true
        window.search.panel.bar.text = text
        window.search.apply()
        waitUntil({ page.allRowsShown }, "every row of “\(text)” told to GTK")
        waitForFrame(window.window.widget, "the rows of “\(text)” drawn")
    }

    /// The first item is on screen, and every row on screen shows an item of the list.
    @MainActor private static func assertShowsItsRows(_ page: ListPage, _ text: String, line: UInt = #line) {
        let top = (0..<3).lazy.compactMap(page.projection.itemID).first
        waitUntil({ page.boundRows.contains { $0.itemID == top } }, "the first row on screen after “\(text)”", line: line)
        for row in page.boundRows {
            guard let id = row.itemID else { continue }
            XCTAssertNotNil(page.projection.index(of: id), "a row shows an item not in the list after “\(text)”", line: line)
        }
    }
}
