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
            try writer.add(batch: (0..<1_000).map { ImportedItem(fields: fields("item \($0)"), needed: true, inCart: false) })
        }
        // Another start: nothing of the list in memory yet.
        let m = try ShoppingModel(store: Store(path: path))
        let p = ListProjection(model: m, kind: .all)
        func cached(_ i: Int) -> Bool { p.itemID(at: i).map { m.cachedItem($0) != nil } ?? false }
        XCTAssertFalse(cached(0))
        _ = p.row(at: 0)  // the frame that shows the top reads a screen's worth
        XCTAssertTrue(cached(ListProjection.rowsPerRead - 1))
        XCTAssertFalse(cached(ListProjection.rowsPerRead))
        // Scrolled to row 10: rows from 58 on are read, those not yet in memory (64 to 121).
        XCTAssertEqual(p.readAhead(around: 10), 58)
        XCTAssertTrue(cached(121))
        XCTAssertFalse(cached(122))
        XCTAssertEqual(p.readAhead(around: 10), 0, "nothing read twice")
        // A jump to row 600 (a scrollbar dragged), then a scroll up from there: the rows above too.
        _ = p.row(at: 600)
        XCTAssertEqual(p.readAhead(around: 600), 48 + 64, "664 to 711 ahead, 489 to 552 behind")
        XCTAssertTrue(cached(489) && cached(552) && cached(711))
        XCTAssertFalse(cached(488))
        // At the end, nothing past it: the last row ahead, 888 to 951 behind.
        XCTAssertEqual(p.readAhead(around: 999), 1 + 64)
        XCTAssertEqual(p.readAhead(around: 1_000), 0, "the end row")
        XCTAssertEqual(p.readAhead(around: -1), 0)
    }
}
