import Foundation
import XCTest
@testable import ShopperModel

/// An import of 100,000 items in 10,000 aisles into a real store, watched by sectioned lists: the
/// lists take it as one change each (not one per row), and end as a rebuild would. The time is
/// printed for the record; speed is measured by `make bench`, never asserted here.
final class BigImportTests: XCTestCase {
    func testAHundredThousandItemsInTenThousandAislesArriveAsOneChange() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        try m.items.add(fields("Already here", aisle: "Aisle 0"))
        let lists = [ListProjection(model: m, kind: .all, sectioning: .aisle), ListProjection(model: m, kind: .shopping, sectioning: .none)]
        let recorders = lists.map(ChangeRecorder.init)
        var announcements = 0
        for p in lists {
            let recordRows = p.announcer.onRowsChanged
            p.announcer.onRowsChanged = { announcements += 1; recordRows?($0, $1, $2) }
        }
        let rows = (0..<100_000).map { ImportedItem(fields: fields("Item \($0)", cost: 1, aisle: "Aisle \($0 % 10_000)")) }
        let start = Date()
        try m.imports.importItems(rows)
        print("import of 100,000 items in 10,000 aisles: \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        XCTAssertEqual(m.aisles.order.names.count, 10_000)
        XCTAssertLessThanOrEqual(announcements, lists.count, "one announcement per list")
        for r in recorders { r.assertInSync() }
        XCTAssertEqual(lists[0].itemCount, 100_001)
        XCTAssertEqual(lists[0].count, 100_001 + 10_000 + 1, "items, a header per aisle, the end row")
    }
}
