import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// A file of 100,000 lines in the import preview: read a slice at a time, its lines shown in a
/// recycled list (a screenful of row widgets, not one label per line).
final class ImportPreviewTests: GtkTestCase {
    @MainActor
    private static func preview(of text: String, named name: String, model: ShoppingModel) throws -> (ImportPreview, Window) {
        let path = NSTemporaryDirectory() + "shopper-preview-\(UUID().uuidString)-" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        // The preview reads the file at once; it is not needed after.
        defer { try? FileManager.default.removeItem(atPath: path) }
        let parent = Window()
        let p = ImportPreview(path: path, model: model, parent: parent, onImported: { _ in }, onError: { _ in })
        p.window.present()
        return (p, parent)
    }

    /// A file naming known items, in another case: the preview says which it updates, and the
    /// import updates them as the add bar would, adding only what is new.
    func testKnownItemsInAFileAreUpdatedAndThePreviewSaysSo() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: nil)
            let apples = try model.add(ItemFields(description: "Apples", quantity: 2, unit: "kg", aisle: "Fruit & Veg"))
            let bananas = try model.add(ItemFields(description: "Bananas", quantity: 6, aisle: "Fruit & Veg", notes: "ripe"))
            let csv = "description,quantity,unit,unit_cost,aisle,notes,needed,in_cart\napples,3,kg,1.29,,,1,0\nTea,1,,2.00,Drinks,,1,0\n"
            let (p, parent) = try Self.preview(of: csv, named: "week.csv", model: model)
            iterate(until: { p.rows.count == 2 }, "the file read")
            XCTAssertEqual(p.summaryText, "1 item will be added, 1 known item updated:")
            XCTAssertEqual(p.shownLines(2), ["apples · 3 kg × 1.29 — updates “Apples”", "Tea · 1 × 2.00 · Drinks"])
            p.confirmForTest()
            iterate(until: { model.items.count == 3 }, "the import")
            settle(100)
            XCTAssertEqual(model.items.count, 3, "Tea added, Apples updated")
            XCTAssertEqual(model.item(apples)?.quantity, 3)
            XCTAssertEqual(model.item(apples)?.aisle, "Fruit & Veg")
            parent.destroy()
            // A text file: typed lines, as the add bar reads them (a bare name keeps all else).
            let text = "bananas\nE \\= mc2\n"
            let (t, parent2) = try Self.preview(of: text, named: "list.txt", model: model)
            iterate(until: { t.rows.count == 2 }, "the text file read")
            XCTAssertEqual(t.shownLines(2), ["bananas — updates “Bananas”", "E = mc2"])
            t.confirmForTest()
            iterate(until: { model.items.count == 4 }, "the text import")
            settle(100)
            XCTAssertEqual(model.item(bananas)?.quantity, 6, "a bare name keeps the quantity")
            XCTAssertEqual(model.item(bananas)?.notes, "ripe")
            XCTAssertEqual(try model.allItems().filter { $0.description.lowercased() == "bananas" }.count, 1)
            parent2.destroy()
        }
    }

    func testAHundredThousandBadLinesAreListedWithFewWidgets() throws {
        try MainActor.assumeIsolated {
            let text = (1...100_000).map { "0 Pears \($0)" }.joined(separator: "\n")
            let start = Date()
            let (p, parent) = try Self.preview(of: text, named: "bad.txt", model: try ShoppingModel(store: nil))
            iterate(until: { p.problems.count == 100_000 }, "the whole file read", timeoutSeconds: 60)
            settle(200)
            print("preview of 100,000 bad lines: \(String(format: "%.2f", Date().timeIntervalSince(start))) s, \(p.rowsBuilt) row widgets")
            XCTAssertEqual(p.problems.first, "Line 1: Quantity must be more than zero.")
            XCTAssertGreaterThan(p.rowsBuilt, 5)
            XCTAssertLessThan(p.rowsBuilt, 400, "rows are recycled, not one label per line")
            p.window.destroy()
            parent.destroy()
        }
    }

    /// Written by a worker thread: the main loop keeps turning (the window keeps drawing) while the
    /// 100,000 items go into a real store, and the import is one undo step.
    func testAHundredThousandGoodLinesAreAddedInOneStepWhileTheWindowDraws() throws {
        try MainActor.assumeIsolated {
            let folder = NSTemporaryDirectory() + "shopper-import-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let model = try ShoppingModel(store: Store(path: folder + "/" + Store.fileName))
            let text = (1...100_000).map { "2 kg Item \($0) @ 1.10 [Aisle \($0 % 500)]" }.joined(separator: "\n")
            let (p, parent) = try Self.preview(of: text, named: "good.txt", model: model)
            iterate(until: { p.rows.count == 100_000 }, "the whole file read", timeoutSeconds: 60)
            XCTAssertTrue(p.problems.isEmpty)
            XCTAssertLessThan(p.rowsBuilt, 400)
            let start = Date()
            let turns = Counter()
            MainLoop.timeout(milliseconds: 10) { turns.n += 1; return model.items.count < 100_000 }
            MainLoop.idle { [p] in p.confirmForTest() }
            iterate(until: { model.items.count == 100_000 }, "the import", timeoutSeconds: 60)
            let seconds = Date().timeIntervalSince(start)
            print("adding 100,000 previewed items: \(String(format: "%.2f", seconds)) s, main loop turns meanwhile: \(turns.n)")
            XCTAssertGreaterThan(turns.n, 5, "the main loop kept turning while the store was written")
            XCTAssertEqual(model.undo.undoName, "importing 100000 items")
            XCTAssertEqual(try model.store!.load().items.count, 100_000)
            try model.undoLast()
            XCTAssertTrue(model.items.isEmpty, "one step takes the whole import away")
            parent.destroy()
        }
    }
}
