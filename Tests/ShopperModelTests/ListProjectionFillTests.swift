import Foundation
import XCTest
@testable import ShopperModel

/// A list built in two parts (`ListProjection.rebuildFirstRows`, then `fillMore` in slices): store
/// switches, list switches, ticks, undo and redo, moves, searches and another process's writes
/// arrive between the slices, in seeded random order. After every step, without finishing any
/// fill, each projection's counts, totals, headers and first rows equal a whole rebuild's, and what
/// a view was told (its first rows read, as GTK reads a screen) agrees; once filled, every row does.
final class ListProjectionFillTests: XCTestCase {
    /// A tick while rows are still being placed: the fill finishes from the entries as they were,
    /// before the model writes its own, so the write does not copy the whole table (14 ms of the
    /// first tick at a million items).
    func testATickDuringAFillDoesNotCopyTheModelsTable() throws {
        let store = try Store(path: temporaryFolder(self) + "/fill.sqlite")
        let m = try ShoppingModel(store: store)
        try m.items.add(batch: (0..<3_000).map { ImportedItem(fields: fields("item \($0)", aisle: ["Dairy", "Fruit"][$0 % 2]), needed: true, inCart: false) })
        let p = ListProjection(model: m, kind: .shopping, sectioning: .aisle, query: nil, narrowingByIDAbove: 1 << 18,
                               fillFrom: 0, firstRows: 8)
        let cart = ListProjection(model: m, kind: .cart, sectioning: .none, query: nil, narrowingByIDAbove: 1 << 18,
                                  fillFrom: 0, firstRows: 8)
        XCTAssertTrue(p.isFilling)
        let table = m.items.table.slotsAddress
        let first = try XCTUnwrap(p.itemID(at: 1))
        try m.items.tick(first)
        XCTAssertEqual(m.items.table.slotsAddress, table, "the tick wrote into the model's table in place")
        XCTAssertFalse(p.isFilling)
        XCTAssertEqual(p.itemCount, 2_999)
        XCTAssertNotEqual(p.itemID(at: 1), first, "its row left the shopping list")
        XCTAssertEqual(cart.itemCount, 1)
        XCTAssertEqual(cart.itemID(at: 0), first)
    }

    /// A store switch during a fill, and after one, writes its rows into the buffer the rows before
    /// were in, with no allocation: at a million rows, a new buffer was most of the switch (40 MB
    /// of pages faulted in and set, the old ones unmapped). The rows are a whole rebuild's.
    func testAStoreSwitchWritesItsRowsWhereTheRowsBeforeWere() throws {
        let store = try Store(path: temporaryFolder(self) + "/fill.sqlite")
        let m = try ShoppingModel(store: store)
        let aisles = ["Dairy", "Fruit", "Bakery"]
        try m.items.add(batch: (0..<3_000).map { ImportedItem(fields: fields("item \($0)", aisle: $0 % 10 == 0 ? nil : aisles[$0 % 3]), needed: true, inCart: false) })
        let corner = try m.shops.addShop(named: "Corner"), market = try m.shops.addShop(named: "Market")
        try m.shops.setAisleOrder(aisles.reversed(), at: corner)
        try m.shops.setAisleOrder(aisles, at: market)
        let p = ListProjection(model: m, kind: .shopping, sectioning: .aisle, query: nil, narrowingByIDAbove: 1 << 18,
                               fillFrom: 0, firstRows: 8)
        func whole() -> [ListRow] {
            ListProjection(model: m, kind: .shopping, sectioning: .aisle, query: nil, narrowingByIDAbove: 1 << 18, fillFrom: .max).rowsForTest
        }
        XCTAssertTrue(p.isFilling)
        XCTAssertEqual(p.filling.buffersMade, 1)
        let buffer = p.rowsAddress  // no copy of it either (a second owner would make one)
        try m.shops.shop(at: corner)  // mid-fill: the fill's buffer is the next fill's
        XCTAssertTrue(p.isFilling)
        XCTAssertEqual(p.rowsAddress, buffer)
        XCTAssertEqual(p.rowsForTest, whole())
        try m.shops.shop(at: market)  // after a fill: the rows' own buffer, a tick's gap in it
        try m.items.tick(XCTUnwrap(p.itemID(at: 1)))
        try m.shops.shop(at: corner)
        XCTAssertTrue(p.isFilling)
        XCTAssertEqual(p.rowsAddress, buffer)
        while p.fillMore() {}
        XCTAssertEqual(p.rowsForTest, whole())
        XCTAssertEqual(p.itemCount, 2_999)
        XCTAssertEqual(p.filling.buffersMade, 1, "a switch allocated a buffer for its rows")
    }

    /// A list not on screen holds a store switch's rebuild: its rows stay as its view was told them
    /// through the switch and a tick after it, and its catch-up is a whole rebuild, told as one change.
    func testAListNotOnScreenCatchesUpWithAStoreSwitchAfterTheFrame() throws {
        let store = try Store(path: temporaryFolder(self) + "/hold.sqlite")
        let m = try ShoppingModel(store: store)
        let aisles = ["Dairy", "Fruit", "Bakery"]
        try m.items.add(batch: (0..<300).map { ImportedItem(fields: fields("item \($0)", cost: Decimal($0 % 7), aisle: aisles[$0 % 3]), needed: true, inCart: false) })
        let corner = try m.shops.addShop(named: "Corner")
        try m.shops.setAisleOrder(aisles.reversed(), at: corner)
        func whole(_ kind: ListKind) -> ListProjection {
            ListProjection(model: m, kind: kind, sectioning: .aisle, query: nil, narrowingByIDAbove: 1 << 18, fillFrom: .max)
        }
        let shown = ListProjection(model: m, kind: .shopping, sectioning: .aisle, query: nil, narrowingByIDAbove: 1 << 18,
                                   fillFrom: 0, firstRows: 8)
        let hidden = ListProjection(model: m, kind: .all, sectioning: .aisle, query: nil, narrowingByIDAbove: 1 << 18,
                                    fillFrom: 0, firstRows: 8)
        var told: [(Int, Int, Int)] = []
        hidden.announcer.onRowsChanged = { told.append(($0, $1, $2)) }
        func identities(_ p: ListProjection) -> [Int] { (0..<p.count).map(p.identity) }
        let before = identities(hidden)
        let fifth = try XCTUnwrap(hidden.itemID(at: 5))
        hidden.holdRebuilds()
        try m.shops.shop(at: corner)
        let ticked = try XCTUnwrap(shown.itemID(at: 1))
        try m.items.tick(ticked)
        XCTAssertEqual(shown.rowsForTest, whole(.shopping).rowsForTest, "the list on screen follows at once")
        XCTAssertEqual(identities(hidden), before, "the list not on screen waits")
        XCTAssertTrue(told.isEmpty)
        XCTAssertEqual(hidden.index(of: fifth), 5, "an item is found where the view has it")
        XCTAssertTrue(hidden.catchUp())
        XCTAssertEqual(hidden.rowsForTest, whole(.all).rowsForTest)
        XCTAssertEqual(hidden.totals, whole(.all).totals)
        XCTAssertEqual(told.count, 1, "one change told")
        XCTAssertEqual(told.first.map { $0.1 - $0.2 }, 0, "as many rows as before, re-sorted")
        XCTAssertFalse(hidden.catchUp(), "nothing left to catch up with")
        // No longer holding: the next switch is followed at once.
        try m.shops.shop(at: .any)
        XCTAssertEqual(hidden.rowsForTest, whole(.all).rowsForTest)
        // A store that walks aisles no item has first: held, its sections are past the end of Any
        // Store's order, and its headers are read (as rows on screen shown again) without a trap.
        let deli = try m.shops.addShop(named: "Deli")
        try m.shops.setAisleOrder(["Frozen", "Deli", "Tinned"] + aisles, at: deli)
        try m.shops.shop(at: deli)
        hidden.holdRebuilds()
        try m.shops.shop(at: .any)
        XCTAssertEqual(hidden.rowsForTest.count, whole(.all).count)
        hidden.catchUp()
        XCTAssertEqual(hidden.rowsForTest, whole(.all).rowsForTest)
    }

    func testChangesBetweenTheSlicesOfAFillAreNeitherLostNorDoubled() throws {
        var rng = SeededRandom.fromEnvironment()
        let seed = rng.seed
        print("ListProjectionFillTests seed \(seed) (replay with SHOPPER_TEST_SEED=\(seed))")
        let path = temporaryFolder(self) + "/fill.sqlite"
        let store = try Store(path: path)
        var m = try ShoppingModel(store: store, cacheLimit: 1024)
        let other = try m.lists.createList(named: "Other")
        let aisles = ["Dairy", "Fruit", "Bakery", "Frozen"]
        try m.items.add(batch: (0..<400).map { (i: Int) -> ImportedItem in
            let cost: Decimal? = i % 5 == 0 ? nil : Decimal(i % 13)
            let aisle: String? = i % 7 == 0 ? nil : aisles[i % 4]
            let name = "item \(i) " + (i % 2 == 0 ? "a" : "b")
            return ImportedItem(fields: fields(name, cost: cost, aisle: aisle), needed: i % 3 != 0, inCart: i % 5 == 1)
        })
        let (corner, market) = try twoShops(m, aisles, &rng)
        let elsewhere = try Store(path: path)
        var watched: [Watched] = []
        func watch() {
            watched = ListKind.allCases.flatMap { kind in
                [Sectioning.aisle, .none, .priceBand(threshold: 6)].map { s in
                    Watched(ListProjection(model: m, kind: kind, sectioning: s, query: nil, narrowingByIDAbove: 1 << 18,
                                           fillFrom: 0, firstRows: Int.random(in: 1...12, using: &rng)))
                }
            }
        }
        watch()
        // Steps that came while some projection was still filling: the point of the test. A seed
        // that brings few of them in 300 steps (106858367924831 brought 37) goes on until it has.
        var midFill = 0, step = 0
        while step < 300 || (midFill <= 40 && step < 1_200) {
            defer { step += 1 }
            let context = "seed \(seed) step \(step)"
            if watched.contains(where: { $0.projection.isFilling }) { midFill += 1 }
            do {
                try randomStep(&m, &rng, watched: watched, shops: [.any, corner, market], other: other, elsewhere: elsewhere)
            } catch StoreError.changedElsewhere {
                // An undo of what the other connection changed since: refused, as it must be.
            }
            if Int.random(in: 0..<25, using: &rng) == 0 {
                // Another list shown and this one again: a model of its own, built in two parts.
                m = try ShoppingModel(store: store, list: m.list, undo: m.undo, cacheLimit: 1024)
                watch()
            }
            // A list not on screen waits with a store switch's rebuild until it catches up.
            for w in watched where w.projection.hold.isWaiting && Int.random(in: 0..<3, using: &rng) == 0 {
                w.projection.catchUp()
            }
            for w in watched
            where !(w.projection.hold.isWaiting ? w.keptAsTold(context) : w.agrees(with: fresh(w.projection, m), context)) {
                return
            }
            if Int.random(in: 0..<8, using: &rng) == 0 { lookPastTheFirstRows(watched, m, &rng, context) }
        }
        XCTAssertGreaterThan(midFill, 40, "seed \(seed): too few steps came between a fill's slices")
        for w in watched {
            w.projection.catchUp()
            while w.projection.fillMore(budget: 7) {}
            XCTAssertEqual(w.projection.rowsForTest, fresh(w.projection, m).rowsForTest, "seed \(seed), filled")
        }
    }

    /// Two shops walking the aisles in other orders, and forty items sold only at one or both.
    private func twoShops(_ m: ShoppingModel, _ aisles: [String], _ rng: inout SeededRandom) throws -> (ShopID, ShopID) {
        let corner = try m.shops.addShop(named: "Corner"), market = try m.shops.addShop(named: "Market")
        try m.shops.setAisleOrder(Array(aisles.reversed()), at: corner)
        try m.shops.setAisleOrder(["Frozen", "Dairy"], at: market)
        for id in m.items.table.ids.shuffled(using: &rng).prefix(40) { try m.shops.setOnlyAt(id, [[corner], [market], [corner, market]][Int(id.raw % 3)]) }
        return (corner, market)
    }

    /// An item past the first rows of a fill looked for (a reveal, a reselection): found where a
    /// whole rebuild has it, the fill finished for it.
    private func lookPastTheFirstRows(_ watched: [Watched], _ m: ShoppingModel, _ rng: inout SeededRandom, _ context: String) {
        let filling = watched.filter { $0.projection.isFilling && !$0.projection.hold.isWaiting }
        guard let w = filling.randomElement(using: &rng) else { return }
        let whole = fresh(w.projection, m), first = w.projection.rows.count
        let past = (first..<whole.count).compactMap { i in whole.itemID(at: i).map { ($0, i) } }
        if let (id, i) = past.randomElement(using: &rng) {
            XCTAssertEqual(w.projection.index(of: id), i, "\(context): item \(id.raw) past the first rows")
        }
    }

    /// The rows a projection of the same list, kind, sections and search builds in one go.
    private func fresh(_ p: ListProjection, _ m: ShoppingModel) -> ListProjection {
        let f = ListProjection(model: m, kind: p.kind, sectioning: p.sectioning, query: p.query, narrowingByIDAbove: 1 << 18,
                               fillFrom: .max)
        f.showsOtherShops = p.showsOtherShops
        return f
    }

    private func randomStep(_ m: inout ShoppingModel, _ rng: inout SeededRandom, watched: [Watched], shops: [ShopID],
                            other: ListID, elsewhere: Store) throws {
        let ids = m.items.table.ids
        let some = watched.randomElement(using: &rng)!.projection
        switch Int.random(in: 0..<13, using: &rng) {
        case 0, 1:
            // Slices of the fills, of any size.
            for w in watched { for _ in 0..<Int.random(in: 0...3, using: &rng) { _ = w.projection.fillMore(budget: Int.random(in: 1...90, using: &rng)) } }
        case 2, 12:
            // Every list but one, as if not on screen, holds the switch's rebuild.
            if Bool.random(using: &rng) { for w in watched where w.projection !== some { w.projection.holdRebuilds() } }
            try m.shops.shop(at: shops.randomElement(using: &rng)!)
        case 3: if let id = ids.randomElement(using: &rng) { try m.items.tick(id) }
        case 4: try m.core.undoLast()
        case 5: try m.core.redoLast()
        case 6:
            // A drag in the list shown, or Move to List.
            if some.count > 2 {
                try some.moveItem(from: Int.random(in: 0..<some.count, using: &rng), to: Int.random(in: 0..<some.count, using: &rng))
            } else if let id = ids.randomElement(using: &rng) {
                try m.lists.moveItems([id], to: other)
            }
        case 7:
            // A search typed and cleared: the search's rows, then the whole list again in two parts.
            some.setQuery(SearchQuery(["a", "item 1", "b"].randomElement(using: &rng)!))
            if Bool.random(using: &rng) { some.setQuery(nil) }
        case 8: some.showsOtherShops.toggle()
        case 9: if let id = ids.randomElement(using: &rng) { try m.items.toggleNeeded(id) }
        default:
            // A sync's write from another connection, read as the window's timer reads news.
            try writeElsewhere(elsewhere, ids.shuffled(using: &rng).prefix(Int.random(in: 1...30, using: &rng)), list: m.list,
                               tick: Bool.random(using: &rng))
            _ = try m.core.refreshIfChangedElsewhere()
        }
    }

    private func writeElsewhere(_ store: Store, _ ids: some Collection<ItemID>, list: ListID, tick: Bool) throws {
        let read = try store.items(Array(ids))
        _ = try store.write(seen: 0, knownAisles: [], list: list) { _ in
            var cs = ChangeSet(list: list)
            var expected: [ItemID: Int64?] = [:]
            for (id, found) in read {
                var item = found.item
                item.quantity += 1
                if tick { item.inCart.toggle() }
                item.position = -item.position
                cs.items[id] = item
                expected[id] = found.revision
            }
            return (cs, expected)
        }
    }
}

/// A projection as a view follows it: told of every change, reading only the first rows of each
/// (a screenful, as GTK does), never forcing the rest.
private final class Watched {
    let projection: ListProjection
    /// Rows the view was told of, with their identity; nil where it never read the row.
    var told: [(identity: Int, row: ListRow)?]
    static let screen = 10

    init(_ p: ListProjection) {
        projection = p
        told = []
        told = (0..<p.count).map(read)
        p.announcer.onRowsChanged = { [unowned self] pos, removed, added in
            XCTAssertFalse(projection.hold.isWaiting, "a list holding a rebuild told its view of rows")
            XCTAssertEqual(told.count - removed + added, projection.count, "announced count disagrees with the projection")
            told.replaceSubrange(pos..<pos + removed, with: (pos..<pos + added).map(read))
        }
        // As a view refreshes the rows it shows: by the identity it keeps, not by index.
        p.announcer.onContentChanged = { [unowned self] identities in
            XCTAssertFalse(projection.hold.isWaiting, "a list holding a rebuild told its view of new content")
            for i in told.indices {
                guard let (identity, _) = told[i], identities.contains(identity), let row = projection.row(identity: identity) else { continue }
                told[i] = (identity, row)
            }
        }
    }

    private func read(_ index: Int) -> (identity: Int, row: ListRow)? {
        index < Self.screen ? (projection.identity(at: index), projection.row(at: index)) : nil
    }

    /// A list holding a rebuild: its rows as its view was told them, none more or less.
    func keptAsTold(_ context: String) -> Bool {
        let p = projection
        let ok = told.count == p.count && (0..<min(p.count, Self.screen)).allSatisfy { p.identity(at: $0) == told[$0]?.identity ?? p.identity(at: $0) }
        if !ok { XCTFail("\(context) \(p.kind) \(p.sectioning): a held list changed its rows") }
        return ok
    }

    /// Counts, totals, headers and the first rows as `fresh` has them, and what the view read.
    func agrees(with fresh: ListProjection, _ context: String) -> Bool {
        let p = projection
        let what = "\(context) \(p.kind) \(p.sectioning) filling \(p.isFilling)"
        let known = p.isFilling ? p.rows.count : p.count
        let headers = (0..<fresh.count).map(fresh.identity).filter { $0 < -1 }
        let ok = p.count == fresh.count && p.itemCount == fresh.itemCount && p.totals == fresh.totals
            && headers.allSatisfy { p.row(identity: $0) == fresh.row(identity: $0) }
            && (0..<known).allSatisfy { p.identity(at: $0) == fresh.identity(at: $0) }
            && (0..<min(known, 2 * Self.screen)).allSatisfy { p.row(at: $0) == fresh.row(at: $0) }
            && told.count == fresh.count
            && told.indices.allSatisfy { i in told[i].map { $0.identity == fresh.identity(at: i) && $0.row == fresh.row(at: i) } ?? true }
            && findsTheFirstRows(as: fresh, what)
        if !ok {
            XCTFail("differs from a whole rebuild: \(what)")
            XCTAssertEqual(p.count, fresh.count, what)
            XCTAssertEqual(p.itemCount, fresh.itemCount, what)
            XCTAssertEqual(p.totals, fresh.totals, what)
        }
        return ok
    }

    /// Every item of the first rows (as a list switch selects its first row) is found where a whole
    /// rebuild has it, without placing the rows still to fill; an item not shown is found nowhere.
    private func findsTheFirstRows(as fresh: ListProjection, _ what: String) -> Bool {
        let p = projection, filling = p.isFilling
        let known = filling ? p.rows.count : min(p.count, 2 * Self.screen)
        for i in 0..<known {
            guard let id = fresh.itemID(at: i) else { continue }
            guard p.index(of: id) == i, p.isFilling == filling else {
                XCTFail("\(what): item \(id.raw) found at \(p.index(of: id).map(String.init) ?? "nil"), not \(i)")
                return false
            }
        }
        let shown = Set((0..<fresh.count).compactMap(fresh.itemID))
        for id in p.model.items.table.ids where !shown.contains(id) {
            guard p.index(of: id) == nil, p.isFilling == filling else {
                XCTFail("\(what): item \(id.raw), not shown, found or the fill finished")
                return false
            }
        }
        return true
    }
}
