import XCTest
@testable import ShopperModel

final class ModelOperationTests: XCTestCase {
    private func model() throws -> ShoppingModel {
        try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
    }

    func testAddedItemIsNeededAndOnTheShoppingList() throws {
        let m = try model()
        let id = try m.items.add(fields("Milk", cost: 1))
        XCTAssertTrue(m.items.item(id)!.needed)
        XCTAssertTrue(ListKind.shopping.contains(m.items.item(id)!))
        XCTAssertEqual(m.items.totals.leftToBuy, Totals(count: 1, cost: 1))
    }

    func testTickUntickAndFinishShopping() throws {
        let m = try model()
        let apples = try m.items.add(fields("Apples", qty: 2, cost: Decimal(string: "1.29")!))
        let bread = try m.items.add(fields("Bread"))
        try m.items.tick(apples)
        XCTAssertEqual(m.items.totals.inCart, Totals(count: 1, cost: Decimal(string: "2.58")!))
        try m.items.tick(bread)
        try m.items.untick(bread)
        XCTAssertFalse(m.items.item(bread)!.inCart)
        XCTAssertTrue(m.items.item(bread)!.needed)
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        try m.items.finishShopping(date: day)
        let a = m.items.item(apples)!
        XCTAssertFalse(a.needed || a.inCart)
        XCTAssertEqual(a.lastPrice, Decimal(string: "1.29"))
        XCTAssertEqual(a.lastPriceDate, day)
        XCTAssertTrue(m.items.item(bread)!.needed, "items not in the cart stay on the list")
        XCTAssertEqual(try m.store.tripTables.history(of: [apples]),
                       [PriceRecord(itemID: apples, unitCost: Decimal(string: "1.29")!, quantity: 2, date: day)])
    }

    func testUnpickingAnItemInTheCartTakesItOut() throws {
        let m = try model()
        let id = try m.items.add(fields("Eggs"))
        try m.items.tick(id)
        try m.items.setNeeded(id, false)
        XCTAssertFalse(m.items.item(id)!.inCart)
    }

    func testAislesKeepTheirFirstSpellingAndOrder() throws {
        let m = try model()
        try m.items.add(fields("Milk", aisle: "Dairy"))
        let y = try m.items.add(fields("Yoghurt", aisle: "dairy"))
        try m.items.add(fields("Apples", aisle: "Fruit"))
        XCTAssertEqual(m.items.item(y)!.aisle, "Dairy")
        XCTAssertEqual(m.aisles.order.names, ["Dairy", "Fruit"])
        try m.aisles.setAisleOrder(["Fruit"])
        XCTAssertEqual(m.aisles.order.names, ["Fruit", "Dairy"], "no aisle may be lost")
    }

    /// Every operation, then undo: the whole state (items, history, searches, aisles) is back exactly,
    /// in memory and in the store; redo does it again.
    func testUndoOfEveryOperationRestoresExactly() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        let a = try m.items.add(fields("Apples", qty: 2, cost: 1, aisle: "Fruit"))
        let b = try m.items.add(fields("Bread", cost: 3, aisle: "Bakery"))
        let c = try m.items.add(fields("Cheese", aisle: "Dairy"))
        try m.items.tick(a)
        try m.items.finishShopping(date: Date(timeIntervalSince1970: 1_000))
        try m.items.tick(b)
        let s = try m.searches.saveSearch(name: "Fruit", query: "aisle:fruit")
        try m.searches.saveSearch(name: "Cheap", query: "cost<2")

        let operations: [(String, () throws -> Void)] = [
            ("add", { try m.items.add(fields("Dates")) }),
            ("import", { try m.imports.importItems(try PlainTextFormat.parse("2 Eggs\nFlour @ 2 [Baking]")) }),
            ("edit", { try m.items.update(a, fields("Green apples", qty: 3, unit: "kg", cost: 2, aisle: "Veg", notes: "n")) }),
            ("delete with history", { try m.items.delete([a]) }),
            ("delete many", { try m.items.delete([a, b, c]) }),
            ("move", { try m.items.move(c, after: nil, before: a) }),
            ("move to aisle", { try m.items.move(c, after: a, before: b, aisle: .set("Bakery")) }),
            ("move out of aisles", { try m.items.move(b, after: nil, before: nil, aisle: .set(nil)) }),
            ("pick", { try m.items.setNeeded(a, true) }),
            ("unpick", { try m.items.setNeeded(b, false) }),
            ("tick", { try m.items.tick(c) }),
            ("untick", { try m.items.untick(b) }),
            ("finish", { try m.items.finishShopping(date: Date(timeIntervalSince1970: 2_000)) }),
            ("save search", { try m.searches.saveSearch(name: "", query: "needed") }),
            ("rename search", { try m.searches.renameSearch(s, to: "Fruity") }),
            ("delete search", { try m.searches.deleteSearch(s) }),
            ("move search", { try m.searches.moveSearch(s, to: 1) }),
            ("aisle order", { try m.aisles.setAisleOrder(["Dairy", "Bakery"]) }),
        ]
        for (name, op) in operations {
            let before = try snapshot(m)
            try op()
            let after = try snapshot(m)
            XCTAssertNotEqual(before, after, "\(name) changed nothing")
            XCTAssertNotNil(try m.core.undoLast(), name)
            XCTAssertEqual(try snapshot(m), before, "undo of \(name)")
            XCTAssertEqual(try snapshot(ShoppingModel(store: Store(path: path))), before, "undo of \(name), as stored")
            try m.core.redoLast()
            XCTAssertEqual(try snapshot(m), after, "redo of \(name)")
            try m.core.undoLast()
        }
    }

    /// A new step after an undo leaves nothing to redo: a Redo then would put back a step made
    /// before the new one, over it (Milk's rename undone, Bread added: redo has nothing to give).
    func testANewStepAfterAnUndoLeavesNothingToRedo() throws {
        let m = try model()
        let milk = try m.items.add(fields("Milk"))
        var renamed = m.items.item(milk)!.fields
        renamed.description = "Oat milk"
        try m.items.update(milk, renamed)
        XCTAssertNotNil(try m.core.undoLast())
        XCTAssertTrue(m.undo.canRedo)
        try m.items.add(fields("Bread"))
        XCTAssertFalse(m.undo.canRedo, "the new step ends what could be redone")
        XCTAssertNil(try m.core.redoLast())
        XCTAssertEqual(m.items.item(milk)?.description, "Milk")
    }

    func testMoveWritesOneRowUntilAGapIsUsedUp() throws {
        let m = try model()
        let ids = try m.items.add(batch: (0..<3).map { ImportedItem(fields: fields("I\($0)"), needed: true, inCart: false) })
        let store = m.store
        let before = store.totalChanges()
        try m.items.move(ids[2], after: ids[0], before: ids[1])
        XCTAssertEqual(store.totalChanges() - before, 1)
        // Keep squeezing into the same gap: positions are renumbered once room runs out, order kept.
        var prev = ids[0]
        for _ in 0..<25 {
            try m.items.move(ids[2], after: prev, before: ids[1])
            try m.items.move(ids[1], after: ids[0], before: ids[2])
            prev = ids[1]
        }
        let order = try m.items.allItems().sorted { $0.position < $1.position }.map(\.id)
        XCTAssertEqual(order, [ids[0], ids[1], ids[2]])
    }

    private struct Snapshot: Equatable {
        var items: [Item]
        var searches: [SavedSearch]
        var aisles: [String]
        var history: [PriceRecord]
    }

    private func snapshot(_ m: ShoppingModel) throws -> Snapshot {
        let items = try m.items.allItems()
        return Snapshot(items: items, searches: m.searches.savedSearches, aisles: m.aisles.order.names,
                        history: try m.store.tripTables.history(of: items.map(\.id)))
    }
}
