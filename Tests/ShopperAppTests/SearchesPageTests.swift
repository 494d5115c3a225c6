import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// The Searches page shows what acts on it: not the add bar nor the search bar, which act on a
/// list; Ctrl+F and Ctrl+N from it go to All Items and do their work there.
final class SearchesPageTests: GtkTestCase {
    func testTheSearchesPageHidesTheListBarsAndTheirKeysLeadToAllItems() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(ItemFields(description: "Milk", aisle: "Dairy"))
            _ = try model.searches.saveSearch(name: "Dairy", query: "aisle:dairy")
            let harness = try WindowHarness(model: model, size: (600, 640))
            defer { harness.close() }
            let window = harness.window
            let actions = ActionMap(window.window)
            window.search.panel.bar.isOpen = true
            window.search.panel.bar.text = "mil"
            waitForFrame(window.window.widget)
            actions.activate(AppAction.showList.rawValue, AppAction.searchesPage)
            waitForFrame(window.window.widget)
            XCTAssertFalse(window.strip.addBar.root.widget.isDrawable, "no add bar on the Searches page")
            XCTAssertFalse(window.search.panel.bar.widget.isDrawable, "no search bar (nor its Save Search) there")
            let drawn = window.window.widget.drawnContent().compactMap { _, c -> String? in
                if case .text(let t) = c { return t } else { return nil }
            }
            XCTAssertFalse(drawn.contains(L("Save Search…")), "Save Search… is not drawn: \(drawn)")
            // Back on a list, the search is as it was.
            actions.activate(AppAction.showList.rawValue, ListKind.all.rawValue)
            waitForFrame(window.window.widget)
            XCTAssertTrue(window.search.panel.bar.widget.isDrawable && window.search.panel.bar.isOpen)
            XCTAssertEqual(window.search.panel.bar.text, "mil")
            XCTAssertTrue(window.strip.addBar.root.widget.isDrawable)
            // Ctrl+N and Ctrl+F from the Searches page: to All Items, into the add bar or the search.
            for (action, field) in [(AppAction.addItem, window.strip.addBar.entry.widget), (.search, window.search.panel.bar.entry)] {
                actions.activate(AppAction.showList.rawValue, AppAction.searchesPage)
                waitForFrame(window.window.widget)
                actions.activate(action.rawValue)
                waitForFrame(window.window.widget)
                XCTAssertEqual(window.pageStack.stack.visibleName, ListKind.all.rawValue, "\(action) shows All Items")
                XCTAssertTrue(field.containsFocus, "\(action) puts the focus in its field")
            }
        }
    }
}
