import Foundation
import XCTest
@testable import ShopperModel

/// Trips: Finish Shopping records one (where, when, each item as bought, the exact total); it keeps
/// what was bought whatever happens to the items later; deleting one is one undo step; spending
/// adds up per week and per month in the user's calendar; prices say where they were paid.
final class TripsTests: XCTestCase {
    private func store() throws -> Store { try Store(path: temporaryFolder(self) + "/" + Store.fileName) }
    private let day: TimeInterval = 86_400

    func testFinishingShoppingRecordsATripAndUndoTakesItBack() throws {
        let s = try store()
        let m = try ShoppingModel(store: s)
        let aldi = try m.shops.addShop(named: "Aldi")
        try m.shops.shop(at: aldi)
        let milk = try m.items.add(fields("Milk", qty: 2, unit: "l", cost: Decimal(string: "1.09")!, aisle: "Dairy"))
        var mince = fields("Mince", qty: 500, unit: "g", cost: Decimal(string: "5.49")!)
        mince.priceBasis = .forAll
        let minceID = try m.items.add(mince)
        let tea = try m.items.add(fields("Tea"))
        try m.items.add(fields("Left on the list", cost: 9))
        for id in [milk, minceID, tea] { try m.items.tick(id) }
        let when = Date(timeIntervalSince1970: 1_795_000_000)
        let id = try XCTUnwrap(try m.items.finishShopping(paid: [tea: Decimal(string: "2.50")!], date: when))
        let trip = try XCTUnwrap(try m.trips.trip(id))
        XCTAssertEqual(trip.shop, aldi)
        XCTAssertEqual(trip.shopName, "Aldi")
        XCTAssertEqual(trip.date, when)
        XCTAssertEqual(trip.lines.map(\.description), ["Milk", "Mince", "Tea"])
        XCTAssertEqual(trip.lines.map(\.cost), [Decimal(string: "2.18")!, Decimal(string: "5.49")!, Decimal(string: "2.50")!])
        XCTAssertEqual(trip.lines[0].unitCost, Decimal(string: "1.09"))
        XCTAssertEqual(trip.total, Decimal(string: "10.17")!)
        XCTAssertEqual(try m.trips.all(), [trip.summary])
        XCTAssertEqual(try s.tripTables.history(of: [milk]).map(\.shop), [aldi], "the price says where it was paid")

        try m.core.undoLast()
        XCTAssertEqual(try m.trips.all(), [], "Undo of Finish Shopping takes the trip back")
        XCTAssertEqual(try s.tripTables.history(of: [milk]), [])
        try m.core.redoLast()
        XCTAssertEqual(try m.trips.trip(id), trip, "and Redo records it again, the same")
    }

    func testATripKeepsWhatWasBoughtAfterTheItemIsRenamedOrDeleted() throws {
        let m = try ShoppingModel(store: store())
        let bread = try m.items.add(fields("Bread", cost: Decimal(string: "1.89")!))
        try m.items.tick(bread)
        let id = try XCTUnwrap(try m.items.finishShopping())
        try m.items.update(bread, fields("Rye bread", cost: 3))
        XCTAssertEqual(try m.trips.trip(id)?.lines.map(\.description), ["Bread"])
        try m.items.delete([bread])
        XCTAssertEqual(try m.trips.trip(id)?.lines.map(\.cost), [Decimal(string: "1.89")!])
        XCTAssertEqual(try m.trips.trip(id)?.shopName, "", "Any Store")
    }

    func testNothingInTheCartRecordsNoTrip() throws {
        let m = try ShoppingModel(store: store())
        try m.items.add(fields("Bread"))
        XCTAssertNil(try m.items.finishShopping())
        XCTAssertEqual(try m.trips.all(), [])
    }

    func testDeletingATripIsOneStepThatUndoBringsBackWhole() throws {
        let m = try ShoppingModel(store: store())
        var ids: [TripID] = []
        for (n, name) in ["Milk", "Eggs"].enumerated() {
            let item = try m.items.add(fields(name, cost: Decimal(n + 1)))
            try m.items.tick(item)
            ids.append(try XCTUnwrap(try m.items.finishShopping(date: Date(timeIntervalSince1970: 1_795_000_000 + Double(n) * day))))
        }
        XCTAssertEqual(try m.trips.all().map(\.id), [ids[1], ids[0]], "newest first")
        let before = try m.trips.trip(ids[0])
        var heard = false
        m.core.observe { if $0.tripsChanged { heard = true } }
        try m.trips.deleteTrip(ids[0])
        XCTAssertTrue(heard)
        XCTAssertEqual(try m.trips.all().map(\.id), [ids[1]])
        XCTAssertTrue(m.undo.undoName?.hasPrefix("deleting the trip of ") == true)
        try m.core.undoLast()
        XCTAssertEqual(try m.trips.trip(ids[0]), before)
    }

    // MARK: Spending

    private func trips(_ dates: [(String, Decimal)], in zone: TimeZone) -> [TripSummary] {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = zone
        return dates.enumerated().map { n, d in
            let parts = d.0.split(separator: "-").map { Int($0)! }
            let date = c.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts.count > 3 ? parts[3] : 12))!
            return TripSummary(id: TripID(Int64(n + 1)), list: .first, shopName: "", date: date, total: d.1, lineCount: 1)
        }
    }

    private func starts(_ bars: [SpendingBar], _ calendar: Calendar) -> [String] {
        bars.map { b in
            let c = calendar.dateComponents([.year, .month, .day], from: b.start)
            return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        }
    }

    /// Table: ISO weeks (Monday, German) against weeks from Sunday (American), across New Year;
    /// empty weeks are bars of nothing.
    func testWeeksStartOnTheLocalesFirstDayAcrossTheYearsEnd() {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let data = trips([("2026-12-27", 10), ("2026-12-29", Decimal(string: "5.55")!), ("2027-01-03", 1), ("2027-01-14", 2)], in: zone)
        let de = Calendar.user(Locale(identifier: "de_DE"), timeZone: zone)
        let us = Calendar.user(Locale(identifier: "en_US"), timeZone: zone)
        XCTAssertEqual(de.firstWeekday, 2)
        XCTAssertEqual(us.firstWeekday, 1)
        let iso = SpendingPeriod.week.bars(data, calendar: de)
        // Sun 27 Dec is in the week of Mon 21 Dec; Tue 29 Dec and Sun 3 Jan in the week of Mon 28 Dec
        // (ISO week 53 of 2026); then an empty week; Thu 14 Jan in the week of 11 Jan.
        XCTAssertEqual(starts(iso, de), ["2026-12-21", "2026-12-28", "2027-01-04", "2027-01-11"])
        XCTAssertEqual(iso.map(\.total), [10, Decimal(string: "6.55")!, 0, 2])
        XCTAssertEqual(iso.map(\.trips), [1, 2, 0, 1])
        XCTAssertEqual(de.component(.weekOfYear, from: iso[1].start), 53)
        let sunday = SpendingPeriod.week.bars(data, calendar: us)
        XCTAssertEqual(starts(sunday, us), ["2026-12-27", "2027-01-03", "2027-01-10"])
        XCTAssertEqual(sunday.map(\.total), [Decimal(string: "15.55")!, 1, 2])
    }

    /// Table: a trip late on the 31st is in December where it was made and in January in a zone
    /// ahead; months without trips are bars of nothing.
    func testMonthsFollowTheTimeZone() {
        let utc = TimeZone(identifier: "UTC")!
        let data = trips([("2026-12-31-23", 7), ("2027-03-02", 3)], in: utc)
        let inUTC = Calendar.user(Locale(identifier: "en_GB"), timeZone: utc)
        let inTokyo = Calendar.user(Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        let months = SpendingPeriod.month.bars(data, calendar: inUTC)
        XCTAssertEqual(starts(months, inUTC), ["2026-12-01", "2027-01-01", "2027-02-01", "2027-03-01"])
        XCTAssertEqual(months.map(\.total), [7, 0, 0, 3])
        let tokyo = SpendingPeriod.month.bars(data, calendar: inTokyo)
        XCTAssertEqual(starts(tokyo, inTokyo), ["2027-01-01", "2027-02-01", "2027-03-01"])
        XCTAssertEqual(tokyo.map(\.total), [7, 0, 3])
        XCTAssertEqual(SpendingPeriod.week.bars([], calendar: inUTC), [])
    }

    /// A long daylight-saving year: 53 weekly bars, each starting on a Monday at midnight.
    func testAYearOfWeeksHasNoGapsOrDoublesAtDaylightSaving() {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let de = Calendar.user(Locale(identifier: "de_DE"), timeZone: zone)
        let data = trips([("2026-01-01", 1), ("2026-12-31", 1)], in: zone)
        let bars = SpendingPeriod.week.bars(data, calendar: de)
        XCTAssertEqual(bars.count, 53)
        for b in bars {
            XCTAssertEqual(de.component(.weekday, from: b.start), 2)
            XCTAssertEqual(de.component(.hour, from: b.start), 0)
        }
    }

    // MARK: Prices

    /// Table: records (price, store), then last, lowest, average, the last at a store, the rise.
    func testPriceStatistics() {
        let aldi = ShopID(1), lidl = ShopID(2)
        func records(_ r: [(String, ShopID)]) -> [PriceRecord] {
            r.enumerated().map { PriceRecord(itemID: ItemID(1), unitCost: Decimal(string: $1.0)!, quantity: 1,
                                             date: Date(timeIntervalSince1970: Double($0) * day), shop: $1.1) }
        }
        let stats = PriceStats(records([("1.09", aldi), ("0.99", lidl), ("1.19", aldi), ("1.00", .any)]))
        XCTAssertEqual(stats.last?.unitCost, Decimal(string: "1.00"))
        XCTAssertEqual(stats.lowest, Decimal(string: "0.99"))
        XCTAssertEqual(stats.average, Decimal(string: "1.0675"))
        XCTAssertEqual(stats.last(at: aldi)?.unitCost, Decimal(string: "1.19"))
        XCTAssertEqual(stats.last(at: lidl)?.unitCost, Decimal(string: "0.99"))
        XCTAssertEqual(stats.last(at: .any)?.unitCost, Decimal(string: "1.00"), "Any Store: the last anywhere")
        XCTAssertNil(stats.last(at: ShopID(9)))
        XCTAssertEqual(stats.lastByShop.map(\.shop), [aldi, lidl, .any])
        XCTAssertEqual(PriceStats([]).average, nil)
        let rises: [(String?, String?, Int?)] = [
            ("1.00", "1.12", 12), ("1.00", "1.00", nil), ("1.00", "0.90", nil), ("0.99", "1.00", 1),
            ("1.00", "1.004", nil), ("3.00", "4.00", 33), ("2.00", "2.01", 1), (nil, "1.00", nil), ("0", "1.00", nil),
        ]
        for (before, price, rise) in rises {
            XCTAssertEqual(PriceStats.rise(from: before.flatMap { Decimal(string: $0) }, to: price.flatMap { Decimal(string: $0) }), rise,
                           "\(before ?? "nil") → \(price ?? "nil")")
        }
    }
}
