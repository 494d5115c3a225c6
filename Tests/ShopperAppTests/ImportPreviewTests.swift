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
            XCTAssertEqual(model.undo.undoName, "Import")
            XCTAssertEqual(try model.store!.load().items.count, 100_000)
            try model.undoLast()
            XCTAssertTrue(model.items.isEmpty, "one step takes the whole import away")
            parent.destroy()
        }
    }
}
