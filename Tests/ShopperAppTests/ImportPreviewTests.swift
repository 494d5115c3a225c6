import CGtk
import Foundation
import Synchronization
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// A file of 100,000 lines in the import preview: read a slice at a time, its lines shown in a
/// recycled list (a screenful of row widgets, not one label per line).
final class ImportPreviewTests: GtkTestCase {
    /// `imported` counts the imports that finished (the window's own callback).
    @MainActor
    private static func preview(of text: String, named name: String, model: ShoppingModel,
                                imported: Counter = Counter(), in folder: String? = nil) throws -> (ImportPreview, Window) {
        let path = (folder.map { $0 + "/" } ?? NSTemporaryDirectory()) + "shopper-preview-\(UUID().uuidString)-" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        // The preview reads the file at once; it is not needed after, but for a long file's import,
        // which reads it again (the folder given goes with the test).
        defer { if folder == nil { try? FileManager.default.removeItem(atPath: path) } }
        let parent = Window()
        let p = ImportPreview(path: path, model: model, parent: parent, onImported: { _ in imported.n += 1 }, onError: { _ in })
        p.window.present()
        return (p, parent)
    }

    /// A file naming known items, in another case: the preview says which it updates, and the
    /// import updates them as the add bar would, adding only what is new.
    func testKnownItemsInAFileAreUpdatedAndThePreviewSaysSo() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let apples = try model.items.add(ItemFields(description: "Apples", quantity: 2, unit: "kg", aisle: "Fruit & Veg"))
            let bananas = try model.items.add(ItemFields(description: "Bananas", quantity: 6, aisle: "Fruit & Veg", notes: "ripe"))
            let csv = "description,quantity,unit,unit_cost,aisle,notes,needed,in_cart\napples,3,kg,1.29,,,1,0\nTea,1,,2.00,Drinks,,1,0\n"
            let (p, parent) = try Self.preview(of: csv, named: "week.csv", model: model)
            iterate(until: { p.reading.rows.count == 2 }, "the file read")
            XCTAssertEqual(p.panel.summaryText, "1 item will be added, 1 known item updated:")
            // The item as the import leaves it: its own name and aisle, the file's quantity and price.
            XCTAssertEqual(p.panel.shownLines(2), ["Apples · 3 kg × 1.29 · Fruit & Veg — updates “Apples”", "Tea · 1 × 2.00 · Drinks"])
            p.confirmForTest()
            iterate(until: { model.items.table.count == 3 }, "the import")
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            XCTAssertEqual(model.items.table.count, 3, "Tea added, Apples updated")
            XCTAssertEqual(model.items.item(apples)?.quantity, 3)
            XCTAssertEqual(model.items.item(apples)?.aisle, "Fruit & Veg")
            parent.destroy()
            // A text file: typed lines, as the add bar reads them (a bare name keeps all else).
            let text = "bananas\nE \\= mc2\n"
            let (t, parent2) = try Self.preview(of: text, named: "list.txt", model: model)
            iterate(until: { t.reading.rows.count == 2 }, "the text file read")
            XCTAssertEqual(t.panel.shownLines(2), ["Bananas · 6 · Fruit & Veg — updates “Bananas”", "E = mc2"])
            t.confirmForTest()
            iterate(until: { model.items.table.count == 4 }, "the text import")
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            XCTAssertEqual(model.items.item(bananas)?.quantity, 6, "a bare name keeps the quantity")
            XCTAssertEqual(model.items.item(bananas)?.notes, "ripe")
            XCTAssertEqual(try model.items.allItems().filter { $0.description.lowercased() == "bananas" }.count, 1)
            parent2.destroy()
        }
    }

    func testAHundredThousandBadLinesAreListedWithFewWidgets() throws {
        try MainActor.assumeIsolated {
            let text = (1...100_000).map { "0 Pears \($0)" }.joined(separator: "\n")
            let start = Date()
            let (p, parent) = try Self.preview(of: text, named: "bad.txt", model: try ShoppingModel(store: temporaryStore()))
            iterate(until: { p.reading.problems.count == 100_000 }, "the whole file read", timeoutSeconds: 60)
            // The list builds its row widgets when it is laid out: counted after a frame drawn
            // since the last line was read (a frame lays out before it draws).
            var drawn = false
            p.window.afterNextFrame { _ in drawn = true }
            iterate(until: { drawn }, "a frame of the lines read")
            print("preview of 100,000 bad lines: \(String(format: "%.2f", Date().timeIntervalSince(start))) s, \(p.panel.rowsBuilt) row widgets")
            XCTAssertEqual(p.reading.problems.first, "Line 1: Quantity must be more than zero.")
            XCTAssertGreaterThan(p.panel.rowsBuilt, 5)
            XCTAssertLessThan(p.panel.rowsBuilt, 400, "rows are recycled, not one label per line")
            p.window.destroy()
            parent.destroy()
        }
    }

    /// A text file's line updates a known item as the add bar does, writing only what it gives:
    /// "Apples @ 1.25" over 2 kg of Apples leaves 2 kg at 1.25, and the preview says exactly that
    /// (it said "1 × 1.25" where the result was 2 kg × 1.25).
    func testThePreviewShowsWhatATextLineMakesOfAKnownItem() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let apples = try model.items.add(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: Decimal(string: "1.29")!, aisle: "Fruit"))
            let imported = Counter()
            let (p, parent) = try Self.preview(of: "Apples @ 1.25\nApples [Fruit & Veg]\n", named: "week.txt", model: model, imported: imported)
            iterate(until: { p.reading.rows.count == 2 }, "the file read")
            XCTAssertEqual(p.panel.shownLines(2), ["Apples · 2 kg × 1.25 · Fruit — updates “Apples”",
                                             "Apples · 2 kg × 1.25 · Fruit & Veg — updates “Apples”"])
            p.confirmForTest()
            iterate(until: { imported.n == 1 }, "the import")
            let item = try XCTUnwrap(model.items.item(apples))
            XCTAssertEqual([item.fields.quantity, item.fields.price], [2, Decimal(string: "1.25")!])
            XCTAssertEqual(item.aisle, "Fruit & Veg")
            parent.destroy()
        }
    }

    /// "1,000 g Flour" in a file could be a thousand grams or one: refused with a note whatever
    /// the user's locale, as the README says (files move between people); typed, the locale decides.
    func testAnAmbiguousThousandInAFileIsRefusedWithANote() throws {
        try MainActor.assumeIsolated {
            let (p, parent) = try Self.preview(of: "1,000 g Flour\n", named: "baking.txt", model: try ShoppingModel(store: temporaryStore()))
            iterate(until: { !p.reading.problems.isEmpty }, "the file read")
            XCTAssertEqual(p.reading.problems, ["Line 1: “1,000” could mean 1000 or 1: write 1000 or 1 without the comma."])
            XCTAssertTrue(p.reading.rows.isEmpty)
            parent.destroy()
            // An English or a German user alike (the test's own locale is neither).
            for user in [NumberConvention.decimalPoint, .decimalComma] {
                XCTAssertEqual(ImportReading.numbers(for: .file(path: "baking.txt"), user: user), .neutral)
                XCTAssertEqual(ImportReading.numbers(for: .pasted("1,000 g Flour"), user: user), user, "typed: the locale decides")
            }
        }
    }

    /// A file longer than the preview holds (`ImportReading.heldRows`): its first lines listed and
    /// the rest counted, then read again and written by a worker thread: the main loop keeps
    /// turning (the window keeps drawing) while the 100,000 items go into a real store, and the
    /// import is one undo step that holds no item (`ImportUndo`).
    func testAHundredThousandGoodLinesAreAddedInOneStepWhileTheWindowDraws() throws {
        try MainActor.assumeIsolated {
            let folder = NSTemporaryDirectory() + "shopper-import-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let model = try ShoppingModel(store: Store(path: folder + "/" + Store.fileName))
            let text = (1...100_000).map { "2 kg Item \($0) @ 1.10 [Aisle \($0 % 500)]" }.joined(separator: "\n")
            let (p, parent) = try Self.preview(of: text, named: "good.txt", model: model, in: folder)
            iterate(until: { p.panel.summaryText == "100000 items will be added:" }, "the whole file read", timeoutSeconds: 60)
            XCTAssertTrue(p.reading.problems.isEmpty)
            XCTAssertLessThan(p.panel.rowsBuilt, 400)
            XCTAssertEqual(p.reading.rows.count, ImportReading.heldRows, "the first lines held, not the file")
            XCTAssertEqual(p.panel.shownLines(ImportReading.heldRows + 1).last, "…and 90000 more lines")
            // The worker, its store written, hands its result back only once the main loop has
            // turned six times meanwhile: a write on the main thread (or a main loop waiting for
            // the worker) would give no turn at all, however long or short the write.
            let hold = WorkerHold(turns: 6)
            p.adding.afterLongWrite = { hold.holdUntilTurned() }
            let start = Date()
            let turns = Counter()
            var shown = 0.0
            MainLoop.timeout(milliseconds: 10) {
                if hold.isHolding {
                    turns.n += 1
                    shown = max(shown, p.panel.progressShown)
                    hold.turned()
                }
                return model.items.table.count < 100_000
            }
            MainLoop.idle { [p] in p.confirmForTest() }
            iterate(until: { model.items.table.count == 100_000 }, "the import", timeoutSeconds: 60)
            let seconds = Date().timeIntervalSince(start)
            print("adding 100,000 previewed items: \(String(format: "%.2f", seconds)) s, main loop turns while the worker held it: \(turns.n)")
            XCTAssertFalse(hold.ranOnMainThread, "the store written by a worker thread")
            XCTAssertTrue(hold.wasLetGo, "the worker let go by the main loop's turns, not by its own deadline")
            XCTAssertGreaterThan(turns.n, 5, "the main loop kept turning while the store was written")
            XCTAssertGreaterThan(shown, 0.99, "the bar followed the worker to the end of its write")
            XCTAssertEqual(model.undo.undoName, "importing 100000 items")
            XCTAssertEqual(try model.store.load().items.count, 100_000)
            XCTAssertNotNil(model.undo.undoStack.last?.imported, "undone from its record, not from its items")
            try model.core.undoLast()
            XCTAssertTrue(model.items.table.isEmpty, "one step takes the whole import away")
            XCTAssertEqual(try model.store.load().items.count, 0)
            XCTAssertFalse(model.undo.canRedo, "a long import is not redone: its items are not held")
            parent.destroy()
        }
    }
    /// A long file changed between its preview and Add (its import reads it again): refused in one
    /// sentence, nothing imported.
    func testALongFileChangedSinceItsPreviewIsNotImported() throws {
        try MainActor.assumeIsolated {
            let folder = NSTemporaryDirectory() + "shopper-import-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let model = try ShoppingModel(store: Store(path: folder + "/" + Store.fileName))
            let path = folder + "/long.csv"
            let csv = "description,quantity\n" + (1...20_000).map { "Item \($0),\($0 % 9 + 1)" }.joined(separator: "\n") + "\n"
            try csv.write(toFile: path, atomically: true, encoding: .utf8)
            let parent = Window()
            var said: [String] = []
            let p = ImportPreview(path: path, model: model, parent: parent, onImported: { _ in said.append("imported") },
                                  onError: { said.append($0.localizedDescription) })
            iterate(until: { p.panel.summaryText == "20000 items will be added:" }, "the file read", timeoutSeconds: 60)
            XCTAssertNotNil(p.reading.long)
            try (csv + "Sneaked in,1\n").write(toFile: path, atomically: false, encoding: .utf8)
            p.confirmForTest()
            iterate(until: { !said.isEmpty }, "the answer", timeoutSeconds: 60)
            XCTAssertEqual(said, ["“long.csv” changed since it was shown: import it again to see what it holds now."])
            XCTAssertEqual(try model.store.load().items.count, 0)
            XCTAssertFalse(model.undo.canUndo)
            parent.destroy()
        }
    }
}

/// Holds an import's worker thread until the main loop has turned `turns` times (or a minute has
/// passed, so that a write on the main thread fails the test instead of hanging it).
private final class WorkerHold: Sendable {
    private struct State { var holding = false, turnsLeft: Int, letGo = false, onMain = false }
    private let state: Mutex<State>
    private let gate = DispatchSemaphore(value: 0)

    init(turns: Int) { state = Mutex(State(turnsLeft: turns)) }

    var isHolding: Bool { state.withLock { $0.holding } }
    var wasLetGo: Bool { state.withLock { $0.letGo } }
    var ranOnMainThread: Bool { state.withLock { $0.onMain } }

    /// On the worker: waits for the main loop's turns.
    func holdUntilTurned() {
        state.withLock { $0.holding = true; $0.onMain = Thread.isMainThread }
        let letGo = gate.wait(timeout: .now() + 60) == .success
        state.withLock { $0.holding = false; $0.letGo = letGo }
    }

    /// On the main loop, a turn while the worker is held; the last one lets it go.
    func turned() {
        let last = state.withLock { s -> Bool in
            guard s.holding, s.turnsLeft > 0 else { return false }
            s.turnsLeft -= 1
            return s.turnsLeft == 0
        }
        if last { gate.signal() }
    }
}
