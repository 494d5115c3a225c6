import Foundation
import XCTest
@testable import ShopperModel

/// A fresh folder under the system temp dir, removed when the test ends.
func temporaryFolder(_ test: XCTestCase) -> String {
    let dir = NSTemporaryDirectory() + "shopper-test-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
}

func fields(_ d: String, qty: Decimal = 1, unit: String? = nil, cost: Decimal? = nil, aisle: String? = nil,
            notes: String = "") -> ItemFields {
    ItemFields(description: d, quantity: qty, unit: unit, price: cost, aisle: aisle, notes: notes)
}

/// Replays a projection's announced changes on a plain array, as a GListModel consumer would, so tests
/// can check the announcements add up to the projection's real rows.
final class ChangeRecorder {
    var mirror: [ListRow]
    let projection: ListProjection

    init(_ p: ListProjection) {
        projection = p
        mirror = (0..<p.count).map(p.row)
        p.announcer.onRowsChanged = { [unowned self] pos, removed, added in
            // What GTK relies on: at each announcement the model already agrees with it.
            XCTAssertEqual(mirror.count - removed + added, projection.count, "announced count disagrees with the model")
            mirror.replaceSubrange(pos..<pos + removed, with: (pos..<pos + added).map(projection.row))
        }
        // Rows refreshed in place: what a view re-reads for the widgets it shows.
        p.announcer.onContentChanged = { [unowned self] identities in
            for i in mirror.indices where identities.contains(identity(of: mirror[i], at: i)) {
                mirror[i] = projection.row(at: i)
            }
        }
    }

    private func identity(of row: ListRow, at index: Int) -> Int { projection.identity(at: index) }

    func assertInSync(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(mirror, (0..<projection.count).map(projection.row), file: file, line: line)
    }
}

extension ListProjection {
    var rowsForTest: [ListRow] { (0..<count).map(row) }
    var descriptions: [String] {
        rowsForTest.compactMap { if case .item(let i) = $0 { i.description } else { nil } }
    }
}
