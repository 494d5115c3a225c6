import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// A list is one Tab stop: a row's checkbox and Edit button are reached by Space, F2 and
/// Shift+F10, never by Tab, on every list and after every bind (binding once made interactive
/// checkboxes Tab stops again).
final class RowFocusTests: GtkTestCase {
    func testNoRowControlIsATabStopOnAnyList() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let ids = try model.items.add(batch: (1...40).map { ImportedItem(fields: ItemFields(description: "Item \($0)")) })
            for id in ids.prefix(20) { try model.items.toggleNeeded(id) }
            for id in ids.prefix(5) { try model.items.tick(id) }
            let harness = try WindowHarness(model: model, size: (600, 720))
            defer { harness.close() }
            for kind in ListKind.allCases {
                harness.window.show(kind)
                waitForFrame(harness.window.window.widget)
                let rows = harness.window.page(kind).boundRows.filter { $0.itemID != nil }
                XCTAssertFalse(rows.isEmpty, "\(kind)")
                XCTAssertTrue(rows.contains { $0.presentation?.checkbox == (kind == .all ? .displayOnly : .interactive) })
                XCTAssertFalse(rows.contains(where: \.controlTakesFocus), "\(kind): a row control is a Tab stop")
            }
        }
    }
}
