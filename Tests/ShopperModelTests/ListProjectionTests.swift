import XCTest
import ShopperTestSupport
@testable import ShopperModel

final class ListProjectionTests: XCTestCase {
    /// A sectioned list is built by placing rows in their section: exactly where a plain sort puts
    /// them, whether each section's rows come in order (as added) or not. Seeded.
    func testSortingBySectionMatchesAPlainSort() {
        var rng = SeededRandom.fromEnvironment()
        for round in 0..<200 {
            let inOrder = round % 2 == 0
            var keys: [RowKey] = []
            var counts: [SectionKey: Int] = [:]
            for n in 0..<Int.random(in: 0...300, using: &rng) {
                let section = [0, 1, 2, 7, SectionKey.noAisle].randomElement(using: &rng)!
                let position = inOrder ? Int64(n) << 20 : Int64.random(in: 0...50, using: &rng)
                keys.append(RowKey(section: section, position: position, id: Int64(n + 1)))
                counts[section, default: 0] += 1
            }
            let placed = RowMatching.placedBySection(counts: counts) { body in keys.forEach(body) }
            XCTAssertEqual(placed, (keys + counts.keys.map(RowKey.header)).sorted(), "seed \(rng.seed), round \(round)")
        }
    }

    func testThreeListsShowTheRightItems() throws {
        let m = try ShoppingModel(store: temporaryStore())
        let a = try m.items.add(fields("Apples"))
        let b = try m.items.add(fields("Bread"), needed: false)
        try m.items.add(fields("Cheese"))
        try m.items.tick(a)
        XCTAssertEqual(ListProjection(model: m, kind: .all).descriptions, ["Apples", "Bread", "Cheese"])
        XCTAssertEqual(ListProjection(model: m, kind: .shopping).descriptions, ["Cheese"])
        XCTAssertEqual(ListProjection(model: m, kind: .cart).descriptions, ["Apples"])
        _ = b
    }

    func testAisleSectionsFollowTheUsersOrderWithNoAisleLast() throws {
        let m = try ShoppingModel(store: temporaryStore())
        try m.items.add(fields("Loose", cost: 1))
        try m.items.add(fields("Milk", qty: 2, cost: Decimal(string: "0.99")!, aisle: "Dairy"))
        try m.items.add(fields("Apples", cost: 3, aisle: "Fruit"))
        try m.aisles.setAisleOrder(["Fruit", "Dairy"])
        let p = ListProjection(model: m, kind: .shopping, sectioning: .aisle)
        XCTAssertEqual(p.rowsForTest.map(label), ["Fruit 1 3", "Apples", "Dairy 1 1.98", "Milk", "No Aisle 1 1", "Loose", "end 3 5.98"])
    }

    func testPriceBandSections() throws {
        let m = try ShoppingModel(store: temporaryStore())
        try m.items.add(fields("Wine", qty: 2, cost: 25))
        try m.items.add(fields("Salt", cost: Decimal(string: "0.5")!))
        try m.items.add(fields("Mystery"))
        let p = ListProjection(model: m, kind: .all, sectioning: .priceBand(threshold: 50))
        XCTAssertEqual(p.rowsForTest.map(label), ["50 and Over 1 50", "Wine", "Under 50 2 0.5", "Salt", "Mystery", "end 3 50.5"])
    }

    /// A threshold beyond any line's cost (typed, or set with gsettings) puts every item under it:
    /// it does not wrap round to zero in fixed point.
    func testAThresholdAboveEveryCostPutsEveryItemUnderIt() throws {
        let m = try ShoppingModel(store: temporaryStore())
        try m.items.add(fields("Wine", qty: 2, cost: 25))
        try m.items.add(fields("Salt", cost: Decimal(string: "0.5")!))
        let huge = Decimal(string: "1e40")!
        let p = ListProjection(model: m, kind: .all, sectioning: .priceBand(threshold: huge))
        XCTAssertEqual(p.rowsForTest.filter { if case .header = $0 { true } else { false } }.count, 1)
        XCTAssertTrue(p.rowsForTest.map(label).first?.hasPrefix("Under") ?? false, "\(p.rowsForTest.map(label))")
    }

    func testEmptyListHasNoRowsAndTheEndRowComesWithTheFirstItem() throws {
        let m = try ShoppingModel(store: temporaryStore())
        let p = ListProjection(model: m, kind: .cart)
        let rec = ChangeRecorder(p)
        XCTAssertEqual(p.count, 0)
        let id = try m.items.add(fields("Tea"))
        try m.items.tick(id)
        XCTAssertEqual(p.rowsForTest.map(label), ["Tea", "end 1 0"])
        rec.assertInSync()
        try m.items.untick(id)
        XCTAssertEqual(p.count, 0)
        rec.assertInSync()
    }

    /// Undoing an edit that brought a new aisle takes the aisle away again, which rebuilds the
    /// sections; the edited row keeps its place and identity but must show the old text again.
    func testUndoOfAnEditThatAddedAnAisleRefreshesTheRow() throws {
        let m = try ShoppingModel(store: temporaryStore())
        try m.items.add(fields("Milk", aisle: "Dairy"))
        let apples = try m.items.add(fields("Apples"))
        let p = ListProjection(model: m, kind: .all, sectioning: .aisle)
        let rec = ChangeRecorder(p)
        try m.items.update(apples, fields("Green apples", aisle: "Fruit"))
        rec.assertInSync()
        try m.core.undoLast()
        XCTAssertEqual(p.descriptions, ["Milk", "Apples"])
        rec.assertInSync()
    }

    func testIdentitiesAreStableAndResolveToTheirRows() throws {
        let m = try ShoppingModel(store: temporaryStore())
        try m.items.add(fields("Milk", aisle: "Dairy"))
        let apples = try m.items.add(fields("Apples", aisle: "Fruit"))
        let p = ListProjection(model: m, kind: .shopping, sectioning: .aisle)
        let ids = (0..<p.count).map(p.identity)
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertFalse(ids.contains(0))
        for (i, id) in ids.enumerated() { XCTAssertEqual(p.row(identity: id), p.row(at: i)) }
        try m.items.tick(apples)
        XCTAssertNil(p.row(identity: Int(apples.raw)), "ticked off: gone from the shopping list")
        XCTAssertNil(p.row(identity: ids[2]), "the Fruit header went with its last item")
    }

    func testMovingARowIntoAnotherAisleSection() throws {
        let m = try ShoppingModel(store: temporaryStore())
        try m.items.add(fields("Milk", aisle: "Dairy"))
        try m.items.add(fields("Cream", aisle: "Dairy"))
        try m.items.add(fields("Apples", aisle: "Fruit"))
        let p = ListProjection(model: m, kind: .all, sectioning: .aisle)
        let rec = ChangeRecorder(p)
        // Rows: Dairy, Milk, Cream, Fruit, Apples, end. Drop Apples between Milk and Cream.
        try p.moveItem(from: 4, to: 2)
        XCTAssertEqual(p.rowsForTest.map(label), ["Dairy 3 0", "Milk", "Apples", "Cream", "end 3 0"])
        rec.assertInSync()
        try p.moveItem(from: 1, to: 3)
        XCTAssertEqual(p.descriptions, ["Apples", "Cream", "Milk"])
    }

    func testSearchFiltersAndTotalsFollow() throws {
        let m = try ShoppingModel(store: temporaryStore())
        try m.items.add(fields("Crème fraîche", cost: 2, aisle: "Dairy"))
        try m.items.add(fields("Apples", qty: 3, cost: 2, aisle: "Fruit"))
        try m.items.add(fields("Olive oil", cost: 9, notes: "extra virgin"))
        let p = ListProjection(model: m, kind: .all)
        let rec = ChangeRecorder(p)
        p.setQuery(SearchQuery("creme"))
        XCTAssertEqual(p.descriptions, ["Crème fraîche"])
        p.setQuery(SearchQuery("cost>5"))
        XCTAssertEqual(p.descriptions, ["Apples", "Olive oil"])
        XCTAssertEqual(p.totals, Totals(count: 2, cost: 15))
        p.setQuery(SearchQuery("VIRGIN"))
        XCTAssertEqual(p.descriptions, ["Olive oil"])
        p.setQuery(nil)
        XCTAssertEqual(p.itemCount, 3)
        rec.assertInSync()
    }

    private func label(_ r: ListRow) -> String {
        switch r {
        case .header(let t, let tot): "\(t) \(tot.count) \(tot.cost)"
        case .item(let i): i.description
        case .end(let tot): "end \(tot.count) \(tot.cost)"
        }
    }
}
