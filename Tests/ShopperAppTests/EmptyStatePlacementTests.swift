import CGtk
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// An explanation is placed by layout: centred over what it explains, wholly inside it, at a
/// phone's width as on a desktop.
final class EmptyStatePlacementTests: GtkTestCase {
    func testExplanationsSitInsideTheirPage() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            for (width, height) in [(Int32(600), Int32(720)), (360, 640)] {
                let harness = try WindowHarness(model: model, size: (width, height))
                defer { harness.close() }
                let window = harness.window
                waitForFrame(window.window.widget)
                // Each while it is on screen.
                for name in [ListKind.all.rawValue, AppAction.searchesPage] {
                    window.pageStack.stack.visibleName = name
                    waitForFrame(window.window.widget)
                    let (page, empty) = name == AppAction.searchesPage
                        ? (window.search.savedSearches.root.widget, window.search.savedSearches.emptyState)
                        : (window.page(.all).scrolled.widget, window.page(.all).emptyState)
                    XCTAssertTrue(empty.shown)
                    let area = try XCTUnwrap(page.bounds(in: window.window.widget))
                    let label = try XCTUnwrap(empty.label.widget.bounds(in: window.window.widget))
                    XCTAssertGreaterThanOrEqual(label.y, area.y, "\(page.typePath) at \(width) px")
                    XCTAssertLessThanOrEqual(label.y + label.height, area.y + area.height,
                                             "the explanation ends above the page's foot at \(width) px")
                    let middle = area.y + area.height / 2
                    XCTAssertLessThan(label.y, middle)
                    XCTAssertGreaterThan(label.y + label.height, middle, "centred")
                }
            }
        }
    }
}
