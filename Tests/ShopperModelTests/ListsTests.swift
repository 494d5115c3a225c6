import Foundation
import GRDB
import XCTest
@testable import ShopperModel

/// Several lists in one store: made, renamed, ordered, deleted and brought back, each with its own
/// items, aisles, saved searches and counts, and items moved between them; every step one undo.
final class ListsTests: XCTestCase {
    private func store() throws -> Store { try Store(path: temporaryFolder(self) + "/" + Store.fileName) }

    func testANewStoreHasOneListNamedGroceries() throws {
        let m = try ShoppingModel(store: store())
        XCTAssertEqual(m.lists.map(\.name), ["Groceries"])
        XCTAssertEqual(m.lists.map(\.id), [.first])
    }

    func testListsAreMadeRenamedMovedAndDeletedEachWithUndo() throws {
        let s = try store()
        let m = try ShoppingModel(store: s)
        let hardware = try m.createList(named: "  Hardware  ")
        let party = try m.createList(named: "Party")
        XCTAssertEqual(m.lists.map(\.name), ["Groceries", "Hardware", "Party"])
        try m.renameList(hardware, to: "DIY")
        try m.moveList(party, to: 0)
        XCTAssertEqual(m.lists.map(\.name), ["Party", "Groceries", "DIY"])
        XCTAssertEqual(try s.lists().map(\.name), ["Party", "Groceries", "DIY"], "written through")
        try m.deleteList(hardware)
        XCTAssertEqual(m.lists.map(\.name), ["Party", "Groceries"])
        XCTAssertEqual(m.undo.undoName, "deleting the list “DIY”")
        XCTAssertTrue(m.undo.undoStack.last!.onListsOnly)
        try m.undoLast()
        XCTAssertEqual(m.lists.map(\.name), ["Party", "Groceries", "DIY"])
        try m.undoLast()  // the move
        try m.undoLast()  // the rename
        XCTAssertEqual(m.lists.map(\.name), ["Groceries", "Hardware", "Party"])
        try m.redoLast()
        XCTAssertEqual(m.lists.map(\.name), ["Groceries", "DIY", "Party"])
        try m.undoLast()
        try m.undoLast()
        try m.undoLast()
        XCTAssertEqual(m.lists.map(\.name), ["Groceries"])
        XCTAssertEqual(try s.lists().map(\.name), ["Groceries"])
    }

    func testTheLastListCannotBeDeleted() throws {
        let m = try ShoppingModel(store: store())
        try m.deleteList(.first)
        XCTAssertEqual(m.lists.count, 1)
        XCTAssertFalse(m.undo.canUndo)
    }

    func testEachListHasItsOwnItemsAislesSearchesAndIdentity() throws {
        let s = try store()
        let undo = UndoHistory()
        let groceries = try ShoppingModel(store: s, undo: undo)
        let hardware = try groceries.createList(named: "Hardware")
        _ = try groceries.add(typed("2 Milk [Dairy]"))
        try groceries.saveSearch(name: "Dairy", query: "[dairy]")
        let h = try ShoppingModel(store: s, list: hardware, undo: undo)
        XCTAssertTrue(h.items.isEmpty)
        XCTAssertTrue(h.savedSearches.isEmpty)
        XCTAssertEqual(h.aisles.names, [])
        // Milk is known on Groceries, not here: adding it makes a new item on this list.
        let outcome = try h.add(typed("Milk [Screws]"))
        guard case .added = outcome.kind else { return XCTFail("\(outcome.kind)") }
        XCTAssertEqual(h.aisles.names, ["Screws"])
        XCTAssertEqual(groceries.aisles.names, ["Dairy"])
        XCTAssertEqual(try ShoppingModel(store: s).allItems().map(\.description), ["Milk"])
        XCTAssertEqual(try h.allItems().map(\.description), ["Milk"])
        XCTAssertEqual(try s.lists().map(\.toBuy), [1, 1])
    }

    func testItemsMoveToAnotherListAndBackWithUndo() throws {
        let s = try store()
        let undo = UndoHistory()
        let g = try ShoppingModel(store: s, undo: undo)
        let hardware = try g.createList(named: "Hardware")
        let nails = try g.add(typed("Nails [Fixings]"))
        let milk = try g.add(typed("Milk [Dairy]"))
        try g.tick(milk.id)
        try g.moveItems([nails.id], to: hardware)
        XCTAssertNil(g.items[nails.id], "gone from Groceries")
        XCTAssertEqual(g.undo.undoName, "moving “Nails” to Hardware")
        XCTAssertEqual(try s.lists().map(\.toBuy), [0, 1])
        let h = try ShoppingModel(store: s, list: hardware, undo: undo)
        XCTAssertEqual(h.item(nails.id)?.description, "Nails")
        XCTAssertEqual(h.item(nails.id)?.needed, true)
        XCTAssertEqual(h.aisles.names, ["Fixings"], "the aisle came along")
        // Undone from the list it was made on (the window shows it first).
        XCTAssertEqual(undo.undoStack.last?.list, .first)
        try g.undoLast()
        XCTAssertEqual(g.item(nails.id)?.description, "Nails")
        XCTAssertEqual(try s.lists().map(\.toBuy), [1, 0])
        try h.refreshIfChangedElsewhere()
        try g.redoLast()
        XCTAssertNil(g.items[nails.id])
        XCTAssertEqual(try s.load(list: hardware).items.map(\.id), [nails.id])
    }

    func testAnEditOnTheOtherListSinceKeepsTheMoveFromBeingUndone() throws {
        let s = try store()
        let undo = UndoHistory()
        let g = try ShoppingModel(store: s, undo: undo)
        let hardware = try g.createList(named: "Hardware")
        let nails = try g.add(typed("Nails"))
        try g.moveItems([nails.id], to: hardware)
        let other = try ShoppingModel(store: s, list: hardware)
        try other.update(nails.id, fields("Nails 40 mm"))
        XCTAssertThrowsError(try g.undoLast()) { error in
            guard case StoreError.changedElsewhere = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try s.load(list: hardware).items.map(\.description), ["Nails 40 mm"])
    }

    func testAnotherProcessesMoveLeavesTheListAndItsCountsFollow() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        let party = try g.createList(named: "Party")
        let cake = try g.add(typed("Cake"))
        let elsewhere = try ShoppingModel(store: Store(path: s.path))
        try elsewhere.moveItems([cake.id], to: party)
        XCTAssertTrue(try g.refreshIfChangedElsewhere())
        XCTAssertNil(g.items[cake.id])
        XCTAssertEqual(g.lists.map(\.toBuy), [0, 1])
    }

    func testADeletedListIsPurgedWithItsItemsAWeekLater() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        let party = try g.createList(named: "Party")
        let p = try ShoppingModel(store: s, list: party)
        let cake = try p.add(typed("Cake [Baking]"))
        try p.saveSearch(name: "Sweet", query: "cake")
        let deletion = Date()
        try g.deleteList(party, now: deletion)
        XCTAssertEqual(try s.load(list: party).items.count, 1, "kept while Undo can bring it back")
        // The next start, and one six days later, keep it in Recently Deleted.
        try s.purgeDeletedLists(now: deletion)
        try s.purgeDeletedLists(now: deletion.addingTimeInterval(6 * 86_400))
        XCTAssertEqual(try s.deletedLists().map(\.name), ["Party"])
        XCTAssertEqual(try s.load(list: party).items.count, 1)
        try s.purgeDeletedLists(now: deletion.addingTimeInterval(7 * 86_400 + 1))
        XCTAssertEqual(try s.deletedLists(), [])
        XCTAssertEqual(try s.load(list: party).items.count, 0)
        XCTAssertEqual(try s.load(list: party).searches.count, 0)
        XCTAssertEqual(try s.load(list: party).aisles, [])
        XCTAssertEqual(try s.changes(since: 0).deleted, [cake.id], "a tombstone, as any deletion")
        XCTAssertEqual(try s.lists().map(\.name), ["Groceries"])
    }

    func testASmallListBesideALargeOneIsReadThroughTheIndex() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        try g.add(batch: (0..<300).map { ImportedItem(fields: fields("Item \($0)"), needed: true, inCart: false) })
        let small = try g.createList(named: "Small")
        let m = try ShoppingModel(store: s, list: small)
        try m.add(batch: (0..<3).map { ImportedItem(fields: fields("Thing \($0)"), needed: true, inCart: false) })
        let reread = try ShoppingModel(store: s, list: small)
        XCTAssertEqual(reread.items.count, 3)
        XCTAssertEqual(reread.totals.leftToBuy.count, 3)
        let plan = try s.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id FROM item WHERE id BETWEEN 0 AND 99999 AND \(try ListScope(small).condition(db))")
                .map { $0["detail"] as String }
        }
        XCTAssertTrue(plan.joined().contains("item_list"), plan.joined())
        let big = try ShoppingModel(store: s)
        XCTAssertEqual(big.items.count, 300)
        XCTAssertTrue(try ShoppingModel(store: s).allItems().allSatisfy { $0.list == .first })
    }

    /// The news another process wrote is found through the revision index, whatever the list's size:
    /// found through the list's index, a sync's 100 changes cost 145 ms at a million items.
    func testNewsIsFoundByRevisionNotByWalkingTheList() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        try g.add(batch: (0..<300).map { ImportedItem(fields: fields("Item \($0)"), needed: true, inCart: false) })
        let party = try g.createList(named: "Party")
        for list in [ListID.first, party] {
            let sql = try s.read { db in try Store.newsSQL(db, list: list) }
            for query in [sql.changed, sql.left] {
                let plan = try s.read { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(query)", arguments: [0]).map { $0["detail"] as String }.joined()
                }
                XCTAssertTrue(plan.contains("item_revision"), plan)
            }
        }
        // And what it finds is the news: another process's change, and an item moved away.
        let other = try ShoppingModel(store: try Store(path: s.path))
        let seen = try s.changes(since: 0).revision
        try other.update(other.items.ids[0], fields("Renamed"))
        try other.moveItems([other.items.ids[1]], to: party)
        let news = try s.changes(since: seen)
        XCTAssertEqual(news.items.map(\.item.description), ["Renamed"])
        XCTAssertEqual(news.deleted, [g.items.ids[1]])
    }

    /// The lists are read at every write and switch: their count of items hidden at the store is
    /// counted from the marks, never by walking the list's items (which cost 13 ms at 100,000).
    func testTheCountHiddenAtAStoreIsReadFromTheMarksNotTheItems() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        try g.add(batch: (0..<300).map { ImportedItem(fields: fields("Item \($0)"), needed: $0 != 2, inCart: false) })
        let aldi = try g.addShop(named: "Aldi"), lidl = try g.addShop(named: "Lidl")
        let ids = g.items.ids
        try g.setOnlyAt(ids[0], [lidl])
        try g.setOnlyAt(ids[1], [aldi, lidl])
        try g.setOnlyAt(ids[2], [lidl])  // not needed: not on the shopping list
        XCTAssertEqual(try s.lists().first?.hiddenAtShop, 0, "Any Store hides nothing")
        try g.shop(at: aldi)
        XCTAssertEqual(try s.lists().first?.hiddenAtShop, 1)
        XCTAssertEqual(g.hiddenForOtherShops, 1)
        let plan = try s.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT \(Store.hiddenAtShop) FROM shopping_list").map { $0["detail"] as String }
        }
        XCTAssertFalse(plan.joined().contains("item_list"), plan.joined(separator: "; "))
        // The marks of a list's items, read with every news, start from the marks too.
        let marks = try s.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(ShopTables.onlyAtSQL)", arguments: [1]).map { $0["detail"] as String }
        }
        XCTAssertTrue(marks.first?.hasPrefix("SCAN m") ?? false, marks.joined(separator: "; "))
        XCTAssertEqual(try s.changes(since: 0).onlyAt.hidden(at: aldi, existing: [aldi, lidl]), [ids[0], ids[2]])
    }

    /// A list read in two halves at once (a list opened while the app runs) holds exactly what one
    /// pass reads: its own items, whatever the other list's ids between them.
    func testAListReadInTwoHalvesHoldsWhatOnePassReads() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        let party = try g.createList(named: "Party")
        let p = try ShoppingModel(store: s, list: party)
        for i in 0..<30 {
            try (i % 3 == 0 ? g : p).add(fields("Item \(i)", cost: Decimal(i), aisle: "A\(i % 4)"))
        }
        let halves = try ShoppingModel(store: s, list: party, cacheLimit: 16, splitLoadFrom: 8)
        let onePass = try ShoppingModel(store: s, list: party, cacheLimit: 16, splitLoadFrom: .max)
        XCTAssertTrue(halves.loadedInHalves)
        XCTAssertEqual(halves.items.ids, onePass.items.ids)
        XCTAssertEqual(halves.items.count, 20)
        XCTAssertEqual(halves.totals, onePass.totals)
        XCTAssertEqual(try halves.allItems(), try onePass.allItems())
    }

    private func typed(_ line: String) throws -> PlainTextFormat.TypedLine {
        try PlainTextFormat.read(line, numbers: .neutral).get()
    }
}

/// The search bar's "All Lists": every list searched, each result naming its list.
final class AllListsSearchTests: XCTestCase {
    func testEveryListIsSearchedAndEachResultNamesItsList() throws {
        let store = try Store(path: temporaryFolder(self) + "/" + Store.fileName)
        let groceries = try ShoppingModel(store: store)
        try groceries.add(fields("Glue sticks", aisle: "Crafts"))
        try groceries.add(fields("Milk"))
        let hardware = try ShoppingModel(store: store, list: groceries.createList(named: "Hardware"))
        try hardware.add(fields("Wood glue", aisle: "Glue"))
        try hardware.add(fields("Nails"))
        let party = try groceries.createList(named: "Party")
        _ = party
        let search = try AllListsSearch(current: hardware)
        let found = search.find("glue")
        XCTAssertEqual(found.map { "\($0.item.description) — \($0.list.name)" }, ["Wood glue — Hardware", "Glue sticks — Groceries"])
        XCTAssertEqual(search.find("glue st").map(\.item.description), ["Glue sticks"], "narrowed as typed")
        XCTAssertEqual(search.find("").count, 0)
        XCTAssertEqual(search.find("milk").map(\.list.name), ["Groceries"])
    }
}
