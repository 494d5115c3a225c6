import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// Typing a search over a list in sections: the rows on screen are the rows that match.
final class SearchSectionsTests: GtkTestCase {
    func testRowsOnScreenMatchWhileTyping() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            for i in 1...120 { try model.items.add(ItemFields(description: "Item \(i)", price: 1, aisle: "Aisle \(i % 7)")) }
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            let window = harness.window
            let page = window.page(.all)
            waitForFrame(window.window.widget)
            var typed = ""
            for key in "item 1" {
                typed.append(key)
                window.search.panel.bar.isOpen = true
                window.search.panel.bar.text = typed
                window.search.apply()
                waitForFrame(window.window.widget)
                for row in page.boundRows {
                    guard let id = row.itemID, let item = model.items.item(id) else { continue }
                    XCTAssertNotNil(page.projection.index(of: id), "“\(item.description)” on screen after “\(typed)”")
                }
            }
            // What is drawn is what the list holds: every item drawn matches the words.
            let drawn = window.window.widget.drawnContent().compactMap { _, c -> String? in
                if case .text(let t) = c, t.hasPrefix("Item ") { return t } else { return nil }
            }
            XCTAssertFalse(drawn.isEmpty)
            for text in drawn {
                let item = try XCTUnwrap(model.items.allItems().first { $0.description == text })
                XCTAssertTrue(SearchQuery(typed).matches(item), "\(text) drawn for “\(typed)”")
            }
        }
    }
}
