import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// A scroll's frames find the items they show in memory: the rows near those just bound are read
/// from the store between frames (`ListPage.readAheadWhenIdle`), not in the frame that shows them.
final class ReadAheadTests: GtkTestCase {
    func testTheItemsBelowTheRowsShownAreReadBeforeAScrollReachesThem() throws {
        try MainActor.assumeIsolated {
            let folder = NSTemporaryDirectory() + "readahead-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/" + Store.fileName
            do {
                let writer = try ShoppingModel(store: Store(path: path))
                try writer.add(batch: (0..<2_000).map { ImportedItem(fields: ItemFields(description: "Item \($0)"), needed: true, inCart: false) })
            }
            // Another start: the window reads what it shows.
            let model = try ShoppingModel(store: Store(path: path))
            let harness = try WindowHarness(model: model, size: (600, 720))
            defer { harness.close() }
            let page = harness.window.page(.all)
            iterate(until: { page.allRowsShown }, "the rows after the first screenful")
            settle(100)
            @MainActor func cached(_ row: Int) -> Bool { page.projection.itemID(at: row).map { model.cachedItem($0) != nil } ?? false }
            let lastBound = page.boundRows.compactMap(\.itemID).compactMap { page.projection.index(of: $0) }.max() ?? 0
            // Read with the screen: 64 rows. Ahead of the last row bound, the next ones too.
            XCTAssertTrue(cached(lastBound + ListProjection.readAheadRows + 1), "read ahead of row \(lastBound)")
            // Scrolled a long way down: the rows ahead of and behind the new position.
            page.listView.scrollTo(1_000)
            iterate(until: { cached(1_000 + ListProjection.readAheadRows + 1) }, "the rows below row 1000")
            XCTAssertTrue(cached(1_000 - ListProjection.readAheadRows - 1), "the rows above it, for a scroll back up")
        }
    }
}
