import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// A scroll's frames find the items they show in memory: the rows near those just bound are read
/// from the store between frames (`RowReadAhead`), not in the frame that shows them; a drag through the
/// list reads them where it stops, not at every frame it passes.
final class ReadAheadTests: GtkTestCase {
    func testTheItemsBelowTheRowsShownAreReadBeforeAScrollReachesThem() throws {
        try MainActor.assumeIsolated {
            let (harness, model, done) = try Self.windowOnAStore(of: 2_000)
            defer { done() }
            let page = harness.window.page(.all)
            @MainActor func cached(_ row: Int) -> Bool { page.projection.itemID(at: row).map { model.cachedItem($0) != nil } ?? false }
            let lastBound = Self.boundPositions(page).max() ?? 0
            // Read with the screen: 64 rows. Ahead of the last row bound, the next ones too.
            XCTAssertTrue(cached(lastBound + ListProjection.readAheadRows + 1), "read ahead of row \(lastBound)")
            // Scrolled a long way down: the rows ahead of and behind the new position.
            page.listView.scrollTo(1_000)
            iterate(until: { cached(1_000 + ListProjection.readAheadRows + 1) }, "the rows below row 1000")
            XCTAssertTrue(cached(1_000 - ListProjection.readAheadRows - 1), "the rows above it, for a scroll back up")
        }
    }

    /// A scrollbar dragged down the list moves 400 rows a frame, further than a read ahead reaches:
    /// what one would read around each row passed is never shown. Nothing is read around them; once
    /// no row has been bound for `RowReadAhead.settleMS`, the rows around where the drag stopped are.
    func testADragThroughTheListReadsAheadWhereItStopsNotWhereItPasses() throws {
        try MainActor.assumeIsolated {
            let (harness, model, done) = try Self.windowOnAStore(of: 2_000)
            defer { done() }
            let page = harness.window.page(.all)
            let timers = TestTimers()
            page.readAhead.timers = timers
            @MainActor func cached(_ row: Int) -> Bool { page.projection.itemID(at: row).map { model.cachedItem($0) != nil } ?? false }
            var passed: [Int] = []
            for target in [400, 800, 1_200, 1_600] {
                page.listView.scrollTo(target)
                // The frame that binds the rows there, then the idle moment after it: put off.
                iterate(until: { page.readAhead.from == nil && Self.boundPositions(page).contains(target) }, "the rows at \(target) bound")
                settle(20)
                XCTAssertNotNil(page.readAhead.waiting, "the read around row \(target) put off")
                XCTAssertEqual(timers.pending, 1, "one wait for the scroll to stop, not one a frame")
                passed.append(Self.boundPositions(page).min() ?? target)
                timers.advance(UInt64(RowReadAhead.settleMS) - 1)
            }
            let stopped = passed.removeLast()
            // Above each top row bound on the way, only a read behind it would have read.
            for top in passed {
                XCTAssertFalse(cached(top - 40), "nothing read around row \(top), passed")
            }
            XCTAssertFalse(cached(stopped - 40))
            timers.advance(1)
            XCTAssertNil(page.readAhead.waiting)
            XCTAssertTrue(cached(stopped - 40), "the rows above row \(stopped), where the drag stopped")
            XCTAssertTrue(cached(stopped + RowListModel.gtkWindow + ListProjection.readAheadRows), "and below it")
        }
    }

    /// A window on a store of `count` items, started anew (it reads what it shows), every row shown.
    @MainActor private static func windowOnAStore(of count: Int) throws -> (WindowHarness, ShoppingModel, () -> Void) {
        let folder = NSTemporaryDirectory() + "readahead-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + Store.fileName
        do {
            let writer = try ShoppingModel(store: Store(path: path))
            try writer.add(batch: (0..<count).map { ImportedItem(fields: ItemFields(description: "Item \($0)"), needed: true, inCart: false) })
        }
        let model = try ShoppingModel(store: Store(path: path))
        let harness = try WindowHarness(model: model, size: (600, 720))
        let page = harness.window.page(.all)
        iterate(until: { page.allRowsShown }, "the rows after the first screenful")
        settle(100)
        return (harness, model, {
            harness.close()
            try? FileManager.default.removeItem(atPath: folder)
        })
    }

    @MainActor private static func boundPositions(_ page: ListPage) -> [Int] {
        page.boundRows.compactMap(\.itemID).compactMap { page.projection.index(of: $0) }
    }
}
