import XCTest
@testable import ShopperModel

final class ModelOperationTests: XCTestCase {
    private func model() throws -> ShoppingModel {
        try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
    }

    func testAddedItemIsNeededAndOnTheShoppingList() throws {
        let m = try model()
        let id = try m.add(fields("Milk", cost: 1))
        XCTAssertTrue(m.item(id)!.needed)
        XCTAssertTrue(ListKind.shopping.contains(m.item(id)!))
        XCTAssertEqual(m.totals.leftToBuy, Totals(count: 1, cost: 1))
    }

    func testTickUntickAndFinishShopping() throws {
        let m = try model()
        let apples = try m.add(fields("Apples", qty: 2, cost: Decimal(string: "1.29")!))
        let bread = try m.add(fields("Bread"))
        try m.tick(apples)
        XCTAssertEqual(m.totals.inCart, Totals(count: 1, cost: Decimal(string: "2.58")!))
        try m.tick(bread)
        try m.untick(bread)
        XCTAssertFalse(m.item(bread)!.inCart)
        XCTAssertTrue(m.item(bread)!.needed)
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        try m.finishShopping(date: day)
        let a = m.item(apples)!
        XCTAssertFalse(a.needed || a.inCart)
        XCTAssertEqual(a.lastPrice, Decimal(string: "1.29"))
        XCTAssertEqual(a.lastPriceDate, day)
        XCTAssertTrue(m.item(bread)!.needed, "items not in the cart stay on the list")
        XCTAssertEqual(try m.store!.history(of: [apples]),
                       [PriceRecord(itemID: apples, unitCost: Decimal(string: "1.29")!, quantity: 2, date: day)])
    }

    func testUnpickingAnItemInTheCartTakesItOut() throws {
        let m = try model()
        let id = try m.add(fields("Eggs"))
        try m.tick(id)
        try m.setNeeded(id, false)
        XCTAssertFalse(m.item(id)!.inCart)
    }

    func testAislesKeepTheirFirstSpellingAndOrder() throws {
        let m = try model()
        try m.add(fields("Milk", aisle: "Dairy"))
        let y = try m.add(fields("Yoghurt", aisle: "dairy"))
        try m.add(fields("Apples", aisle: "Fruit"))
        XCTAssertEqual(m.item(y)!.aisle, "Dairy")
        XCTAssertEqual(m.aisles.names, ["Dairy", "Fruit"])
        try m.setAisleOrder(["Fruit"])
        XCTAssertEqual(m.aisles.names, ["Fruit", "Dairy"], "no aisle may be lost")
    }

    /// Every operation, then undo: the whole state (items, history, searches, aisles) is back exactly,
    /// in memory and in the store; redo does it again.
    func testUndoOfEveryOperationRestoresExactly() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        let a = try m.add(fields("Apples", qty: 2, cost: 1, aisle: "Fruit"))
        let b = try m.add(fields("Bread", cost: 3, aisle: "Bakery"))
        let c = try m.add(fields("Cheese", aisle: "Dairy"))
        try m.tick(a)
        try m.finishShopping(date: Date(timeIntervalSince1970: 1_000))
        try m.tick(b)
        let s = try m.saveSearch(name: "Fruit", query: "aisle:fruit")
        try m.saveSearch(name: "Cheap", query: "cost<2")

        let operations: [(String, () throws -> Void)] = [
            ("add", { try m.add(fields("Dates")) }),
            ("import", { try m.importItems(try PlainTextFormat.parse("2 Eggs\nFlour @ 2 [Baking]")) }),
            ("edit", { try m.update(a, fields("Green apples", qty: 3, unit: "kg", cost: 2, aisle: "Veg", notes: "n")) }),
            ("delete with history", { try m.delete([a]) }),
            ("delete many", { try m.delete([a, b, c]) }),
            ("move", { try m.move(c, after: nil, before: a) }),
            ("move to aisle", { try m.move(c, after: a, before: b, aisle: .set("Bakery")) }),
            ("move out of aisles", { try m.move(b, after: nil, before: nil, aisle: .set(nil)) }),
            ("pick", { try m.setNeeded(a, true) }),
            ("unpick", { try m.setNeeded(b, false) }),
            ("tick", { try m.tick(c) }),
            ("untick", { try m.untick(b) }),
            ("finish", { try m.finishShopping(date: Date(timeIntervalSince1970: 2_000)) }),
            ("save search", { try m.saveSearch(name: "", query: "needed") }),
            ("rename search", { try m.renameSearch(s, to: "Fruity") }),
            ("delete search", { try m.deleteSearch(s) }),
            ("move search", { try m.moveSearch(s, to: 1) }),
            ("aisle order", { try m.setAisleOrder(["Dairy", "Bakery"]) }),
        ]
        for (name, op) in operations {
            let before = try snapshot(m)
            try op()
            let after = try snapshot(m)
            XCTAssertNotEqual(before, after, "\(name) changed nothing")
            XCTAssertNotNil(try m.undoLast(), name)
            XCTAssertEqual(try snapshot(m), before, "undo of \(name)")
            XCTAssertEqual(try snapshot(ShoppingModel(store: Store(path: path))), before, "undo of \(name), as stored")
            try m.redoLast()
            XCTAssertEqual(try snapshot(m), after, "redo of \(name)")
            try m.undoLast()
        }
    }

    /// A new step after an undo leaves nothing to redo: a Redo then would put back a step made
    /// before the new one, over it (Milk's rename undone, Bread added: redo has nothing to give).
    func testANewStepAfterAnUndoLeavesNothingToRedo() throws {
        let m = try model()
        let milk = try m.add(fields("Milk"))
        var renamed = m.item(milk)!.fields
        renamed.description = "Oat milk"
        try m.update(milk, renamed)
        XCTAssertNotNil(try m.undoLast())
        XCTAssertTrue(m.undo.canRedo)
        try m.add(fields("Bread"))
        XCTAssertFalse(m.undo.canRedo, "the new step ends what could be redone")
        XCTAssertNil(try m.redoLast())
        XCTAssertEqual(m.item(milk)?.description, "Milk")
    }

    func testMoveWritesOneRowUntilAGapIsUsedUp() throws {
        let m = try model()
        let ids = try m.add(batch: (0..<3).map { ImportedItem(fields: fields("I\($0)"), needed: true, inCart: false) })
        let store = m.store!
        let before = store.totalChanges()
        try m.move(ids[2], after: ids[0], before: ids[1])
        XCTAssertEqual(store.totalChanges() - before, 1)
        // Keep squeezing into the same gap: positions are renumbered once room runs out, order kept.
        var prev = ids[0]
        for _ in 0..<25 {
            try m.move(ids[2], after: prev, before: ids[1])
            try m.move(ids[1], after: ids[0], before: ids[2])
            prev = ids[1]
        }
        let order = try m.allItems().sorted { $0.position < $1.position }.map(\.id)
        XCTAssertEqual(order, [ids[0], ids[1], ids[2]])
    }

    private struct Snapshot: Equatable {
        var items: [Item]
        var searches: [SavedSearch]
        var aisles: [String]
        var history: [PriceRecord]
    }

    private func snapshot(_ m: ShoppingModel) throws -> Snapshot {
        let items = try m.allItems()
        return Snapshot(items: items, searches: m.savedSearches, aisles: m.aisles.names,
                        history: try m.store!.history(of: items.map(\.id)))
    }
}
