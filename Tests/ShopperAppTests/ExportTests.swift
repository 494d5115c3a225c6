import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// Export… writes the list on screen and names the file after it; plain text keeps the notes, so
/// the file imports back to the same items.
final class ExportTests: GtkTestCase {
    func testExportFollowsTheListShownAndTextKeepsNotes() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(ItemFields(description: "Apples", quantity: 2, unit: "kg", notes: "Braeburn\nor Gala"))
            let salt = try model.items.add(ItemFields(description: "Salt"))
            try model.items.setNeeded(salt, false)
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let window = harness.window
            for (kind, name) in [(ListKind.all, "All Items.csv"), (.shopping, "Shopping List.csv"), (.cart, "Cart.csv")] {
                window.show(kind)
                waitForFrame(window.window.widget)
                XCTAssertEqual(window.features.files.exportedList, kind)
                XCTAssertEqual(FilesController.exportName(window.features.files.exportedList), name)
            }
            let path = NSTemporaryDirectory() + "shopper-export-\(UUID().uuidString).txt"
            defer { try? FileManager.default.removeItem(atPath: path) }
            window.features.files.export(.shopping, to: path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertEqual(text, "2 kg Apples | Braeburn\\nor Gala\n", "the Shopping List only, notes kept")
            let back = try PlainTextFormat.parse(text)
            XCTAssertEqual(back.map(\.fields.notes), ["Braeburn\nor Gala"])
        }
    }
}
