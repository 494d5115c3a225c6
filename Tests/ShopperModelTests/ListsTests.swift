import Foundation
import GRDB
import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// Several lists in one store: made, renamed, ordered, deleted and brought back, each with its own
/// items, aisles, saved searches and counts, and items moved between them; every step one undo.
final class ListsTests: XCTestCase {
    private func store() throws -> Store { try Store(path: temporaryFolder(self) + "/" + Store.fileName) }

    func testANewStoreHasOneListNamedGroceries() throws {
        let m = try ShoppingModel(store: store())
        XCTAssertEqual(m.lists.all.map(\.name), ["Groceries"])
        XCTAssertEqual(m.lists.all.map(\.id), [.first])
    }

    func testListsAreMadeRenamedMovedAndDeletedEachWithUndo() throws {
        let s = try store()
        let m = try ShoppingModel(store: s)
        let hardware = try m.lists.createList(named: "  Hardware  ")
        let party = try m.lists.createList(named: "Party")
        XCTAssertEqual(m.lists.all.map(\.name), ["Groceries", "Hardware", "Party"])
        try m.lists.renameList(hardware, to: "DIY")
        try m.lists.moveList(party, to: 0)
        XCTAssertEqual(m.lists.all.map(\.name), ["Party", "Groceries", "DIY"])
        XCTAssertEqual(try s.lists().map(\.name), ["Party", "Groceries", "DIY"], "written through")
        try m.lists.deleteList(hardware)
        XCTAssertEqual(m.lists.all.map(\.name), ["Party", "Groceries"])
        XCTAssertEqual(m.undo.undoName, "deleting the list “DIY”")
        XCTAssertTrue(m.undo.undoStack.last!.onListsOnly)
        try m.core.undoLast()
        XCTAssertEqual(m.lists.all.map(\.name), ["Party", "Groceries", "DIY"])
        try m.core.undoLast()  // the move
        try m.core.undoLast()  // the rename
        XCTAssertEqual(m.lists.all.map(\.name), ["Groceries", "Hardware", "Party"])
        try m.core.redoLast()
        XCTAssertEqual(m.lists.all.map(\.name), ["Groceries", "DIY", "Party"])
        try m.core.undoLast()
        try m.core.undoLast()
        try m.core.undoLast()
        XCTAssertEqual(m.lists.all.map(\.name), ["Groceries"])
        XCTAssertEqual(try s.lists().map(\.name), ["Groceries"])
    }

    func testTheLastListCannotBeDeleted() throws {
        let m = try ShoppingModel(store: store())
        try m.lists.deleteList(.first)
        XCTAssertEqual(m.lists.all.count, 1)
        XCTAssertFalse(m.undo.canUndo)
    }

    func testEachListHasItsOwnItemsAislesSearchesAndIdentity() throws {
        let s = try store()
        let undo = UndoHistory()
        let groceries = try ShoppingModel(store: s, undo: undo)
        let hardware = try groceries.lists.createList(named: "Hardware")
        _ = try groceries.items.add(typed("2 Milk [Dairy]"))
        try groceries.searches.saveSearch(name: "Dairy", query: "[dairy]")
        let h = try ShoppingModel(store: s, list: hardware, undo: undo)
        XCTAssertTrue(h.items.table.isEmpty)
        XCTAssertTrue(h.searches.savedSearches.isEmpty)
        XCTAssertEqual(h.aisles.order.names, [])
        // Milk is known on Groceries, not here: adding it makes a new item on this list.
        let outcome = try h.items.add(typed("Milk [Screws]"))
        guard case .added = outcome.kind else { return XCTFail("\(outcome.kind)") }
        XCTAssertEqual(h.aisles.order.names, ["Screws"])
        XCTAssertEqual(groceries.aisles.order.names, ["Dairy"])
        XCTAssertEqual(try kept(ShoppingModel(store: s)) { try $0.items.allItems().map(\.description) }, ["Milk"])
        XCTAssertEqual(try h.items.allItems().map(\.description), ["Milk"])
        XCTAssertEqual(try s.lists().map(\.toBuy), [1, 1])
    }

    func testItemsMoveToAnotherListAndBackWithUndo() throws {
        let s = try store()
        let undo = UndoHistory()
        let g = try ShoppingModel(store: s, undo: undo)
        let hardware = try g.lists.createList(named: "Hardware")
        let nails = try g.items.add(typed("Nails [Fixings]"))
        let milk = try g.items.add(typed("Milk [Dairy]"))
        try g.items.tick(milk.id)
        try g.lists.moveItems([nails.id], to: hardware)
        XCTAssertNil(g.items[nails.id], "gone from Groceries")
        XCTAssertEqual(g.undo.undoName, "moving “Nails” to Hardware")
        XCTAssertEqual(try s.lists().map(\.toBuy), [0, 1])
        let h = try ShoppingModel(store: s, list: hardware, undo: undo)
        XCTAssertEqual(h.items.item(nails.id)?.description, "Nails")
        XCTAssertEqual(h.items.item(nails.id)?.needed, true)
        XCTAssertEqual(h.aisles.order.names, ["Fixings"], "the aisle came along")
        // Undone from the list it was made on (the window shows it first).
        XCTAssertEqual(undo.undoStack.last?.list, .first)
        try g.core.undoLast()
        XCTAssertEqual(g.items.item(nails.id)?.description, "Nails")
        XCTAssertEqual(try s.lists().map(\.toBuy), [1, 0])
        try h.core.refreshIfChangedElsewhere()
        try g.core.redoLast()
        XCTAssertNil(g.items[nails.id])
        XCTAssertEqual(try s.load(list: hardware).items.map(\.id), [nails.id])
    }

    func testAnEditOnTheOtherListSinceKeepsTheMoveFromBeingUndone() throws {
        let s = try store()
        let undo = UndoHistory()
        let g = try ShoppingModel(store: s, undo: undo)
        let hardware = try g.lists.createList(named: "Hardware")
        let nails = try g.items.add(typed("Nails"))
        try g.lists.moveItems([nails.id], to: hardware)
        let other = try ShoppingModel(store: s, list: hardware)
        try other.items.update(nails.id, fields("Nails 40 mm"))
        XCTAssertThrowsError(try g.core.undoLast()) { error in
            guard case StoreError.changedElsewhere = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try s.load(list: hardware).items.map(\.description), ["Nails 40 mm"])
    }

    func testAnotherProcessesMoveLeavesTheListAndItsCountsFollow() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        let party = try g.lists.createList(named: "Party")
        let cake = try g.items.add(typed("Cake"))
        let elsewhere = try ShoppingModel(store: Store(path: s.path))
        try elsewhere.lists.moveItems([cake.id], to: party)
        XCTAssertTrue(try g.core.refreshIfChangedElsewhere())
        XCTAssertNil(g.items[cake.id])
        XCTAssertEqual(g.lists.all.map(\.toBuy), [0, 1])
    }

    func testADeletedListIsPurgedWithItsItemsAWeekLater() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        let party = try g.lists.createList(named: "Party")
        let p = try ShoppingModel(store: s, list: party)
        let cake = try p.items.add(typed("Cake [Baking]"))
        try p.searches.saveSearch(name: "Sweet", query: "cake")
        let deletion = Date()
        try g.lists.deleteList(party, now: deletion)
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
        try g.items.add(batch: (0..<300).map { ImportedItem(fields: fields("Item \($0)"), needed: true, inCart: false) })
        let small = try g.lists.createList(named: "Small")
        let m = try ShoppingModel(store: s, list: small)
        try m.items.add(batch: (0..<3).map { ImportedItem(fields: fields("Thing \($0)"), needed: true, inCart: false) })
        let reread = try ShoppingModel(store: s, list: small)
        XCTAssertEqual(reread.items.table.count, 3)
        XCTAssertEqual(reread.items.totals.leftToBuy.count, 3)
        let plan = try s.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id FROM item WHERE id BETWEEN 0 AND 99999 AND \(try ListScope(small).condition(db))")
                .map { $0["detail"] as String }
        }
        XCTAssertTrue(plan.joined().contains("item_list"), plan.joined())
        let big = try ShoppingModel(store: s)
        XCTAssertEqual(big.items.table.count, 300)
        XCTAssertTrue(try kept(ShoppingModel(store: s)) { try $0.items.allItems().allSatisfy { $0.list == .first } })
    }

    /// The news another process wrote is found through the revision index, whatever the list's size:
    /// found through the list's index, a sync's 100 changes cost 145 ms at a million items.
    func testNewsIsFoundByRevisionNotByWalkingTheList() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        try g.items.add(batch: (0..<300).map { ImportedItem(fields: fields("Item \($0)"), needed: true, inCart: false) })
        let party = try g.lists.createList(named: "Party")
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
        try other.items.update(other.items.table.ids[0], fields("Renamed"))
        try other.lists.moveItems([other.items.table.ids[1]], to: party)
        let news = try s.changes(since: seen)
        XCTAssertEqual(news.items.map(\.item.description), ["Renamed"])
        XCTAssertEqual(news.deleted, [g.items.table.ids[1]])
    }

    /// The lists are read at every write and switch: their count of items hidden at the store is
    /// counted from the marks, never by walking the list's items (which cost 13 ms at 100,000).
    func testTheCountHiddenAtAStoreIsReadFromTheMarksNotTheItems() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        try g.items.add(batch: (0..<300).map { ImportedItem(fields: fields("Item \($0)"), needed: $0 != 2, inCart: false) })
        let aldi = try g.shops.addShop(named: "Aldi"), lidl = try g.shops.addShop(named: "Lidl")
        let ids = g.items.table.ids
        try g.shops.setOnlyAt(ids[0], [lidl])
        try g.shops.setOnlyAt(ids[1], [aldi, lidl])
        try g.shops.setOnlyAt(ids[2], [lidl])  // not needed: not on the shopping list
        XCTAssertEqual(try s.lists().first?.hiddenAtShop, 0, "Any Store hides nothing")
        try g.shops.shop(at: aldi)
        XCTAssertEqual(try s.lists().first?.hiddenAtShop, 1)
        XCTAssertEqual(g.shops.hiddenForOtherShops, 1)
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
        let party = try g.lists.createList(named: "Party")
        let p = try ShoppingModel(store: s, list: party)
        for i in 0..<30 {
            try (i % 3 == 0 ? g : p).items.add(fields("Item \(i)", cost: Decimal(i), aisle: "A\(i % 4)"))
        }
        let halves = try ShoppingModel(store: s, list: party, cacheLimit: 16, splitLoadFrom: 8)
        let onePass = try ShoppingModel(store: s, list: party, cacheLimit: 16, splitLoadFrom: .max)
        XCTAssertTrue(halves.items.loadedInHalves)
        XCTAssertEqual(halves.items.table.ids, onePass.items.table.ids)
        XCTAssertEqual(halves.items.table.count, 20)
        XCTAssertEqual(halves.items.totals, onePass.items.totals)
        XCTAssertEqual(try halves.items.allItems(), try onePass.items.allItems())
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
        try groceries.items.add(fields("Glue sticks", aisle: "Crafts"))
        try groceries.items.add(fields("Milk"))
        let hardware = try ShoppingModel(store: store, list: groceries.lists.createList(named: "Hardware"))
        try hardware.items.add(fields("Wood glue", aisle: "Glue"))
        try hardware.items.add(fields("Nails"))
        let party = try groceries.lists.createList(named: "Party")
        _ = party
        let search = try AllListsSearch(current: hardware)
        let found = search.find("glue")
        XCTAssertEqual(found.map { "\($0.item.description) — \($0.list.name)" }, ["Wood glue — Hardware", "Glue sticks — Groceries"])
        XCTAssertEqual(search.find("glue st").map(\.item.description), ["Glue sticks"], "narrowed as typed")
        XCTAssertEqual(search.find("").count, 0)
        XCTAssertEqual(search.find("milk").map(\.list.name), ["Groceries"])
    }
}
