import XCTest
@testable import ShopperModel

/// Money and quantities in fixed point: exact at any size, and the store's text read without
/// Foundation reads back exactly what was written.
final class FixedPointTests: XCTestCase {
    func testAMillionLinesSumExactly() {
        for (price, expected) in [("0.01", "10000"), ("9999999.99", "9999999990000"), ("0.0001", "100")] {
            let line = CostSum(Decimal(string: price)!)
            var totals = Totals()
            for _ in 0..<1_000_000 { totals.add(line: line) }
            XCTAssertEqual(totals.count, 1_000_000)
            XCTAssertEqual(totals.cost, Decimal(string: expected), price)
        }
        // And back down to nothing, exactly.
        var t = Totals()
        let cents = CostSum(Decimal(string: "0.01")!)
        for _ in 0..<1_000_000 { t.add(line: cents) }
        for _ in 0..<1_000_000 { t.remove(line: cents) }
        XCTAssertEqual(t, Totals())
    }

    func testLineCostsAreExactProducts() {
        // 1.85 kg is what is bought of it (`Buyable`), so the product is of the need itself.
        let item = Item(id: ItemID(1), description: "Cheese", quantity: Decimal(string: "1.85")!, unit: "kg", price: Decimal(string: "999999.9999")!)
        XCTAssertEqual(item.lineTotal, Decimal(string: "1849999.999815"))
        XCTAssertEqual(item.lineTotal, Decimal(string: "1.85")! * Decimal(string: "999999.9999")!)
        // A need of 10.5 eggs costs the eleven bought.
        let eggs = Item(id: ItemID(3), description: "Eggs", quantity: Decimal(string: "10.5")!, price: Decimal(string: "0.3")!)
        XCTAssertEqual(eggs.lineTotal, Decimal(string: "3.3"))
        let pack = Item(id: ItemID(2), description: "Mince", quantity: 500, unit: "g", price: Decimal(string: "5.49")!, priceBasis: .forAll)
        XCTAssertEqual(pack.lineTotal, Decimal(string: "5.49"))
        XCTAssertEqual(Totals([item, pack]).cost, item.lineTotal + pack.lineTotal)
    }

    func testTheStoresTextRoundTrips() {
        for text in ["0", "1", "1.29", "2.5", "0.0005", "10000", "1000000", "999999.9999"] {
            let a = Amount.canonical(text.utf8)
            XCTAssertEqual(a?.canonicalText, text, text)
            XCTAssertEqual(a?.decimal, Decimal(string: text), text)
            XCTAssertEqual(a, Amount(Decimal(string: text)!), text)
        }
        // Anything else is left to the general reader (which names what is wrong).
        for text in ["", ".5", "1.", "1.23456", "1,5", "-1", "1e3", " 1", "123456789012345"] {
            XCTAssertNil(Amount.canonical(text.utf8), text)
        }
        XCTAssertEqual(Amount(Decimal(string: "1.23456")!).canonicalText, "1.2346", "another program's fifth decimal")
    }

    func testStoreReadsAmountsWrittenByOlderVersions() throws {
        // DecimalText.format is what every earlier version wrote.
        for value in ["1.29", "0.5", "1000000", "3"] {
            let d = Decimal(string: value)!
            XCTAssertEqual(Amount.canonical(DecimalText.format(d).utf8), Amount(d), value)
        }
    }
}
