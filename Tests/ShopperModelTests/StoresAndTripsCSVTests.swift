import Foundation
import XCTest
@testable import ShopperModel

/// Stores and trips in CSV, beside items: an item's "only at" stores travel in the items' file (a
/// store not here yet is made on import, as one undo step with the items); trips go out and come
/// back whole in a file of their own, named and dated as bought.
final class StoresAndTripsCSVTests: XCTestCase {
    private func store() throws -> Store { try Store(path: temporaryFolder(self) + "/" + Store.fileName) }

    func testAnItemsStoresGoOutAndComeBackAndAStoreNotHereIsMade() throws {
        let a = try ShoppingModel(store: store())
        let aldi = try a.shops.addShop(named: "Aldi"), lidl = try a.shops.addShop(named: "Lidl")
        let milk = try a.items.add(fields("Milk"))
        try a.items.add(fields("Bread"))
        try a.shops.setOnlyAt(milk, [lidl, aldi])
        let csv = CSVFormat.export(try a.items.allItems(), stores: a.shops.shopNames)
        XCTAssertTrue(csv.hasPrefix("description,quantity,unit,unit_cost,aisle,notes,needed,in_cart,total_cost,stores,to_buy\r\n"), csv)
        XCTAssertTrue(csv.contains("Milk,1,,,,,1,0,,Aldi; Lidl,1\r\n"), csv)

        // Into another store that knows Lidl (as "lidl") but not Aldi.
        let b = try ShoppingModel(store: store())
        let known = try b.shops.addShop(named: "lidl")
        let rows = try CSVFormat.parse(csv)
        XCTAssertEqual(rows.map(\.stores), [["Aldi", "Lidl"], []])
        let ids = try b.imports.importItems(rows, known: b.imports.knownItems(for: rows, in: b.imports.itemsByMatchKey()))
        XCTAssertEqual(b.shops.all.map(\.name), ["lidl", "Aldi"], "Aldi made, lidl matched")
        let madeAldi = try XCTUnwrap(b.shops.all.first { $0.name == "Aldi" }?.id)
        XCTAssertEqual(b.shops.onlyAt[ids[0]], [known, madeAldi])
        XCTAssertEqual(b.shops.onlyAt[ids[1]], [])
        // One step: Undo takes the items, the marks and the store made.
        try b.core.undoLast()
        XCTAssertEqual(b.shops.all.map(\.name), ["lidl"])
        XCTAssertEqual(try b.items.allItems(), [])
        // A file without the column (an older export) reads as before.
        XCTAssertEqual(try CSVFormat.parse("description\nTea\n").map(\.stores), [[]])
    }

    func testAnUpdateByImportKeepsMarksARowDoesNotName() throws {
        let m = try ShoppingModel(store: store())
        let aldi = try m.shops.addShop(named: "Aldi")
        let milk = try m.items.add(fields("Milk"))
        try m.shops.setOnlyAt(milk, [aldi])
        let rows = try CSVFormat.parse("description,quantity\nMilk,2\n")
        try m.imports.importItems(rows, known: m.imports.knownItems(for: rows, in: m.imports.itemsByMatchKey()))
        XCTAssertEqual(m.items.item(milk)?.quantity, 2)
        XCTAssertEqual(m.shops.onlyAt[milk], [aldi])
    }

    func testTripsGoOutAndComeBackWhole() throws {
        let a = try ShoppingModel(store: store())
        let aldi = try a.shops.addShop(named: "Aldi")
        try a.shops.shop(at: aldi)
        let milk = try a.items.add(fields("Milk", qty: 2, unit: "l", cost: Decimal(string: "1.09")!, aisle: "Dairy"))
        let tea = try a.items.add(fields("Tea, green", cost: 3))
        for id in [milk, tea] { try a.items.tick(id) }
        let when = Date(timeIntervalSince1970: 1_795_000_000)
        try a.items.finishShopping(date: when)
        try a.items.tick(tea)
        try a.shops.shop(at: .any)
        try a.items.finishShopping(date: when.addingTimeInterval(86_400))
        let csv = TripsCSV.export(try a.trips.allTrips()) { _ in "Groceries" }
        XCTAssertTrue(TripsCSV.isTrips(csv))
        XCTAssertFalse(TripsCSV.isTrips(CSVFormat.export([])))
        XCTAssertEqual(csv.components(separatedBy: "\r\n").dropFirst().first,
                       "2026-11-18T11:06:40Z,Aldi,Groceries,Milk,2,l,1.09,2.18,Dairy")

        let b = try ShoppingModel(store: store())
        let bAldi = try b.shops.addShop(named: "ALDI")
        let trips = try TripsCSV.parse(csv, list: { $0 == "Groceries" ? .first : nil }, fallback: .first)
        XCTAssertEqual(trips.count, 2)
        try b.trips.importTrips(trips)
        let read = try b.trips.allTrips()
        XCTAssertEqual(read.map(\.total), [Decimal(string: "5.18")!, 3])
        XCTAssertEqual(read.map(\.shopName), ["Aldi", ""])
        XCTAssertEqual(read[0].shop, bAldi, "matched by name")
        XCTAssertEqual(read[0].lines.map(\.description), ["Milk", "Tea, green"])
        XCTAssertEqual(read[0].date, when)
        try b.core.undoLast()
        XCTAssertEqual(try b.trips.all(), [], "one step")
    }

    func testABadTripsLineIsNamedAndNothingIsRead() {
        let text = "trip_date,description,cost\n2026-11-18T08:26:40Z,Milk,1.09\nyesterday,Tea,3\n2026-11-18T08:26:40Z,Bread,lots\n"
        XCTAssertThrowsError(try TripsCSV.parse(text, list: { _ in nil }, fallback: .first)) { error in
            let lines = (error as? ImportError)?.lines.map(\.line)
            XCTAssertEqual(lines, [3, 4])
        }
        XCTAssertThrowsError(try TripsCSV.parse("trip_date,store\n", list: { _ in nil }, fallback: .first))
    }
}
