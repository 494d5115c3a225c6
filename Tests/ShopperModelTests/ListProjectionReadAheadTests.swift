import Foundation
import XCTest
@testable import ShopperModel

/// The items a scroll is about to show are read between frames (`ListProjection.readAhead`), not
/// in the frame that first shows them: one frame in 64 of a steady scroll waited for SQLite.
final class ListProjectionReadAheadTests: XCTestCase {
    func testTheRowsAheadAndBehindAreReadBeforeAScrollReachesThem() throws {
        let path = temporaryFolder(self) + "/ahead.sqlite"
        do {
            let writer = try ShoppingModel(store: Store(path: path))
            try writer.items.add(batch: (0..<1_000).map { ImportedItem(fields: fields("item \($0)"), needed: true, inCart: false) })
        }
        // Another start: nothing of the list in memory yet.
        let m = try ShoppingModel(store: Store(path: path))
        let p = ListProjection(model: m, kind: .all)
        func cached(_ i: Int) -> Bool { p.itemID(at: i).map { m.items.cachedItem($0) != nil } ?? false }
        XCTAssertFalse(cached(0))
        _ = p.row(at: 0)  // the frame that shows the top reads a read's worth (64 rows)
        XCTAssertTrue(cached(ListProjection.rowsPerRead - 1))
        XCTAssertFalse(cached(ListProjection.rowsPerRead))
        XCTAssertEqual(p.readAhead(around: 10), 0, "the 48 rows after row 10 are in memory")
        // Scrolled to row 20: row 64, within 48 of it, is not; read are 64 to 132, to 112 rows on.
        XCTAssertEqual(p.readAhead(around: 20), 69)
        XCTAssertTrue(cached(132))
        XCTAssertFalse(cached(133))
        XCTAssertEqual(p.readAhead(around: 20), 0, "nothing read twice")
        // A jump to row 600 (a scrollbar dragged) reads from there; then, for a scroll back up,
        // the rows above it, those next to it first (553 to 599, the screen above) and on to 488.
        _ = p.row(at: 600)
        XCTAssertEqual(p.readAhead(around: 600), 112)
        XCTAssertTrue((488..<664).allSatisfy(cached), "every row from 488 to 663")
        XCTAssertFalse(cached(487))
        // The end row (index 1000) reads the rows above it; nothing past the end.
        XCTAssertEqual(p.readAhead(around: 1_000), 112, "887 to 998")
        XCTAssertTrue(cached(998) && cached(887))
        XCTAssertFalse(cached(999), "the row bound itself, read as it was bound")
        XCTAssertEqual(p.readAhead(around: -1), 0)
    }

    /// A scroll that moved further in a frame than a read ahead reaches outran it; a first read
    /// ahead, or one after a shorter move, did not.
    func testAScrollOutrunsAReadAheadOnlyByMovingFurtherThanItReads() {
        let reach = ListProjection.readAheadRows + ListProjection.rowsPerRead
        XCTAssertFalse(ListProjection.outruns(from: nil, to: 5_000), "nothing read ahead yet")
        XCTAssertFalse(ListProjection.outruns(from: 100, to: 100 + reach))
        XCTAssertTrue(ListProjection.outruns(from: 100, to: 100 + reach + 1))
        XCTAssertFalse(ListProjection.outruns(from: 500, to: 500 - reach), "up as down")
        XCTAssertTrue(ListProjection.outruns(from: 500, to: 500 - reach - 1))
    }
}
