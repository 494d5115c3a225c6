import Foundation
import XCTest
@testable import ShopperModel

/// Undo of a long import from its record (`ImportUndo`, `Store.undoImport`), never from its items:
/// the store is left exactly as before the import, whatever the file did (new items, known items
/// updated, stores and aisles made); an item changed since is never overwritten; and a model whose
/// list another process changed by thousands of items reads it again whole (`listReread`).
final class ImportUndoTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// Random files (seeded, the seed printed) over a list with items: imported, then undone, the
    /// store holds what it held before, item for item, with the same stores and aisle order.
    func testUndoingALongImportLeavesTheStoreAsItWas() throws {
        var rng = SeededRandom.fromEnvironment()
        let seed = rng.seed
        print("ImportUndoTests seed \(seed) (replay with SHOPPER_TEST_SEED=\(seed))")
        for round in 0..<3 {
            let path = temporaryFolder(self) + "/" + Store.fileName
            let m = try ShoppingModel(store: Store(path: path))
            for (fields, needed) in (0..<Int.random(in: 0...150, using: &rng)).map({ _ in RandomRows.existing(&rng) }) {
                try m.items.add(fields, needed: needed, now: now)
            }
            let before = try StreamedImportTests.snapshot(path)
            let existing = m.items.table.count
            let csv = RandomRows.csv(rows: Int.random(in: 1...5_000, using: &rng), existing: [], &rng)
            let (outcome, undo) = try StreamedImport.runUndoable(ImportStream(ImportSource(text: csv), format: .csv), into: Store(path: path),
                                                                 list: .first, now: now)
            try m.core.recordImport(undo)
            let context = "seed \(seed) round \(round) (replay with SHOPPER_TEST_SEED=\(seed))"
            XCTAssertEqual(m.items.table.count, existing + outcome.added, context)
            XCTAssertEqual(undo.before.count, outcome.updated, context)
            XCTAssertNotEqual(try StreamedImportTests.snapshot(path), before, context)
            try m.core.undoLast()
            let after = try StreamedImportTests.snapshot(path)
            if after != before {
                let (a, b) = (after.split(separator: "\n"), before.split(separator: "\n"))
                for (x, y) in zip(a, b) where x != y { print("after:  \(x)\nbefore: \(y)"); break }
            }
            XCTAssertEqual(after, before, context)
            XCTAssertEqual(m.items.table.count, existing, context)
            XCTAssertFalse(m.undo.canRedo, context)
        }
    }

    /// Another process edits one of the imported items (or deletes one) after the import: Undo
    /// says so and changes nothing; an aisle another process added since stays after an undo.
    func testUndoNeverOverwritesAChangeMadeSince() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        let csv = "description,aisle\n" + (1...3_000).map { "Item \($0),Aisle \($0 % 7)" }.joined(separator: "\n")
        for change in ["edit", "delete"] {
            let (_, undo) = try StreamedImport.runUndoable(ImportStream(ImportSource(text: csv), format: .csv), into: Store(path: path), list: .first)
            try m.core.recordImport(undo)
            let other = try ShoppingModel(store: Store(path: path))
            let target = ItemID(undo.firstNew + 1_234)
            if change == "edit" { try other.items.update(target, fields("Item 1235, changed")) } else { try other.items.delete([target]) }
            let kept = try StreamedImportTests.snapshot(path)
            XCTAssertThrowsError(try m.core.undoLast(), change) { e in
                guard case .changedElsewhere = e as? StoreError else { return XCTFail("\(e)") }
            }
            XCTAssertEqual(try StreamedImportTests.snapshot(path), kept, "\(change): nothing written")
            XCTAssertFalse(m.undo.canUndo, "\(change): the step can never apply, and is let go")
            try other.items.delete(try Store(path: path).load().items.map(\.id))
            try m.core.refreshIfChangedElsewhere()
        }
        // An aisle made by another process after the import stays; the import's own go.
        let aisles = try Store(path: path).load().aisles
        let csv2 = "description,aisle\nBread,Bakery\nTea,Drinks\n"
        let (_, undo) = try StreamedImport.runUndoable(ImportStream(ImportSource(text: csv2), format: .csv), into: Store(path: path), list: .first)
        try m.core.recordImport(undo)
        let other = try ShoppingModel(store: Store(path: path))
        try other.items.add(fields("Soap", aisle: "Household"))
        try m.core.undoLast()
        XCTAssertEqual(try Store(path: path).load().aisles, aisles + ["Household"])
        XCTAssertEqual(m.items.table.count, 1)
    }

    /// Thousands of items written by another process (the command line's import while the window is
    /// open): the model reads its list again whole and says so, instead of reading each item.
    func testAModelReadsItsListAgainWholeAfterALongChangeElsewhere() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        try m.items.add(fields("Milk"))
        var heard: [ModelChange] = []
        _ = m.core.observe { heard.append($0) }
        let csv = "description\n" + (1...5_000).map { "Item \($0)" }.joined(separator: "\n")
        _ = try StreamedImport.run([ImportStream(ImportSource(text: csv), format: .csv)], into: Store(path: path), list: .first)
        XCTAssertTrue(try m.core.refreshIfChangedElsewhere())
        XCTAssertEqual(heard.map(\.listReread), [true])
        XCTAssertTrue(heard[0].items.isEmpty, "no item read one by one")
        XCTAssertEqual(m.items.table.count, 5_001)
        // A few items are news as before, item by item.
        _ = try StreamedImport.run([ImportStream(ImportSource(text: "description\nTea\n"), format: .csv)], into: Store(path: path), list: .first)
        XCTAssertTrue(try m.core.refreshIfChangedElsewhere())
        XCTAssertEqual(heard.last?.listReread, false)
        XCTAssertEqual(heard.last?.items.count, 1)
    }
}
