import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// The selected (keyboard) row stays the same item while a search reshapes the list around it:
/// GTK is spared its search for it (one get_item per row added), and it is put back by identity.
final class SelectionTests: GtkTestCase {
    func testTheSelectedItemSurvivesASearchAndItsClearing() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: nil)
            let ids = try (1...300).map { try model.add(ItemFields(description: "Item \($0)")) }
            let harness = try WindowHarness(model: model, size: (600, 720))
            defer { harness.close() }
            let window = harness.window
            let page = window.page(.all)
            settle(100)
            let chosen = ids[149]  // "Item 150"
            page.select(chosen)
            settle(100)
            XCTAssertEqual(page.selectedItem, chosen)
            for text in ["item 15", "item 150", "", "item 1"] {
                window.searchBar.isOpen = true
                window.searchBar.text = text
                window.applySearch()
                settle(50)
                XCTAssertEqual(page.selectedItem, chosen, "after searching “\(text)”")
            }
            window.searchBar.text = "item 2"
            window.applySearch()
            settle(50)
            XCTAssertNil(page.selectedItem, "a row that left the list is not selected")
        }
    }
}
