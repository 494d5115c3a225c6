import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// Typing a line: known items are updated, not duplicated; prices say what they are the price of.
final class AddingLinesTests: XCTestCase {
    private let money = MoneyFormat(locale: Locale(identifier: "en_US"))

    private func model() throws -> ShoppingModel {
        try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
    }

    private func typed(_ line: String, _ numbers: NumberConvention = .neutral) throws -> PlainTextFormat.TypedLine {
        try PlainTextFormat.read(line, numbers: numbers).get()
    }

    func testAKnownItemTakesTheNewQuantityAndPriceAndKeepsItsAisle() throws {
        let m = try model()
        let apples = try m.items.add(fields("Apples", aisle: "Fruit & Veg"))
        try m.items.setNeeded(apples, false)
        let outcome = try m.items.add(try typed("2 kg apples @ 1.29"))
        XCTAssertEqual(outcome, AddOutcome(id: apples, kind: .known(wasNeeded: false, changed: true)))
        XCTAssertEqual(m.items.table.count, 1, "no second Apples")
        let item = try XCTUnwrap(m.items.item(apples))
        XCTAssertEqual(item.fields, ItemFields(description: "Apples", quantity: 2, unit: "kg", price: Decimal(string: "1.29"),
                                               aisle: "Fruit & Veg"))
        XCTAssertTrue(item.needed)
        XCTAssertEqual(outcome.message(item, money: money), "Apples: 2 kg × $1.29, back on the list")
        XCTAssertEqual(try m.core.undoLast(), "updating “Apples”")
        XCTAssertEqual(m.items.item(apples)?.fields, fields("Apples", aisle: "Fruit & Veg"))
        XCTAssertEqual(m.items.item(apples)?.needed, false, "one undo step takes back both the update and the pick")
    }

    func testAnAisleGivenExplicitlyMovesAKnownItem() throws {
        let m = try model()
        let apples = try m.items.add(fields("Apples", aisle: "Fruit & Veg"))
        let moved = try m.items.add(try typed("2 kg Apples @ 1.29 [Fruit]"))
        XCTAssertEqual(m.items.item(apples)?.aisle, "Fruit")
        XCTAssertEqual(m.items.table.count, 1)
        // The toast says where it went: a known item leaving its aisle is not lost from view.
        XCTAssertEqual(moved.movedTo, "Fruit")
        XCTAssertEqual(moved.message(try XCTUnwrap(m.items.item(apples)), money: money), "Apples: 2 kg × $1.29, moved to Fruit")
        // The same aisle again, or none written: no move to speak of.
        XCTAssertNil(try m.items.add(try typed("3 kg Apples [Fruit]")).movedTo)
        XCTAssertNil(try m.items.add(try typed("Apples @ 1.30")).movedTo)
        try m.items.setNeeded(apples, false)
        let back = try m.items.add(try typed("Apples []"))
        XCTAssertEqual(back.movedTo, "")
        XCTAssertEqual(back.message(try XCTUnwrap(m.items.item(apples)), money: money), "Apples: 3 kg × $1.30, back on the list in No Aisle")
    }

    func testCaseAndAccentsDoNotMakeANewItem() throws {
        let m = try model()
        let cafe = try m.items.add(fields("Café crème"))
        let outcome = try m.items.add(try typed("CAFE CREME"))
        XCTAssertEqual(outcome, AddOutcome(id: cafe, kind: .known(wasNeeded: true, changed: false)))
        XCTAssertEqual(outcome.message(m.items.item(cafe)!, money: money), "“Café crème” is already on your shopping list")
        XCTAssertEqual(m.items.table.count, 1)
    }

    func testABareKnownNameKeepsEverythingElse() throws {
        let m = try model()
        let milk = try m.items.add(fields("Milk", qty: 2, unit: "l", cost: 1, aisle: "Dairy"))
        try m.items.setNeeded(milk, false)
        _ = try m.items.add(try typed("milk"))
        XCTAssertEqual(m.items.item(milk)?.fields, fields("Milk", qty: 2, unit: "l", cost: 1, aisle: "Dairy"))
        XCTAssertEqual(m.items.item(milk)?.needed, true)
        XCTAssertEqual(try m.core.undoLast(), "putting “Milk” on the shopping list")
    }

    func testANewItemIsPutInTheAisleOfItemsSharingAWord() throws {
        let m = try model()
        _ = try m.items.add(fields("Free-range eggs", aisle: "Dairy"))
        _ = try m.items.add(fields("Eggplant", aisle: "Fruit & Veg"))
        let outcome = try m.items.add(try typed("Eggs"))
        let eggs = try XCTUnwrap(m.items.item(outcome.id))
        XCTAssertEqual(eggs.aisle, "Dairy")
        XCTAssertEqual(outcome.message(eggs, money: money), "Added “Eggs” to Dairy, with “Free-range eggs”")
        // No item of its kind, or an aisle written: no guess from the list (the table of
        // groceries places what it knows, NewItemAisleTests).
        XCTAssertNil(m.items.item(try m.items.add(try typed("Kombucha")).id)?.aisle)
        XCTAssertEqual(m.items.item(try m.items.add(try typed("Egg cups [Home]")).id)?.aisle, "Home")
    }

    func testTwoAislesEquallyLikelyAreNotGuessed() throws {
        let m = try model()
        _ = try m.items.add(fields("Green tea", aisle: "Drinks"))
        _ = try m.items.add(fields("Green beans", aisle: "Veg"))
        XCTAssertNil(m.aisles.suggestedAisle(for: "Green pesto"))
    }

    func testAPriceForAllIsTheLineTotal() throws {
        let line = try typed("500 g Mince = 5.49")
        XCTAssertEqual(line.fields.priceBasis, .forAll)
        XCTAssertEqual(line.fields.lineTotal, Decimal(string: "5.49"))
        let perUnit = try typed("500 g Mince @ 5.49")
        XCTAssertEqual(perUnit.fields.lineTotal, Decimal(string: "2745"))
        XCTAssertEqual(CostText.implausibleHint(perUnit.fields, money: money),
                       "$5.49 per g = $2,745.00: did you mean $5.49 for all?")
        XCTAssertNil(CostText.implausibleHint(line.fields, money: money))
        XCTAssertNil(CostText.implausibleHint(try typed("2 g Saffron @ 8").fields, money: money), "a dear spice is plausible")
        XCTAssertNil(CostText.implausibleHint(try typed("2 kg Apples @ 1.29").fields, money: money))
    }

    func testPricesTakeACurrencySign() throws {
        for line in ["Tea @ €3.99", "Tea @ 3.99€", "Tea @ 3.99 €", "Tea @ € 3.99", "Tea @ $3.99"] {
            XCTAssertEqual(try typed(line).fields.price, Decimal(string: "3.99"), line)
        }
        XCTAssertEqual(try typed("Tea = 3,99 €", .decimalComma).fields.price, Decimal(string: "3.99"))
        XCTAssertNil(try typed("Tea @ 3.99 euros").fields.price, "two words after @ are not a price")
    }

    func testTheLocaleSettlesGroupingSeparators() throws {
        XCTAssertEqual(try typed("1,000 g Flour", .decimalPoint).fields.quantity, 1000)
        XCTAssertEqual(try typed("1.000 g Flour", .decimalComma).fields.quantity, 1000)
        XCTAssertEqual(try typed("1,5 kg Flour", .decimalComma).fields.quantity, Decimal(string: "1.5"))
        XCTAssertEqual(try typed("Flour @ 1,234.50", .decimalPoint).fields.price, Decimal(string: "1234.5"))
        // Files and anything without a locale: "1,000" is refused, never guessed.
        guard case .failure(let e) = PlainTextFormat.read("1,000 g Flour") else { return XCTFail("read as a number") }
        XCTAssertTrue(e.message.contains("could mean 1000 or 1"), e.message)
        XCTAssertEqual(NumberConvention(locale: "de_DE.UTF-8"), .decimalComma)
        XCTAssertEqual(NumberConvention(locale: "en_GB.UTF-8"), .decimalPoint)
        XCTAssertEqual(NumberConvention(locale: "de_DE@euro"), .decimalComma)
        XCTAssertEqual(NumberConvention(locale: "C"), .neutral)
        XCTAssertEqual(NumberConvention.numericLocale(in: ["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"]), "de_DE.UTF-8")
    }

    func testASubunitSignOrASignAloneIsNotAPrice() throws {
        for line in ["Tea @ 99¢", "Eggs @ $"] {
            guard case .failure(let e) = PlainTextFormat.read(line) else { return XCTFail("\(line) was read") }
            XCTAssertEqual(e.message, "Cost must be a number, such as 1.29.", line)
        }
    }

    func testAThousandsGroupNeverStartsWithZero() throws {
        XCTAssertEqual(DecimalText.read("0.250", convention: .decimalComma), .value(Decimal(string: "0.25")!))
        XCTAssertEqual(DecimalText.read("0,125", convention: .decimalPoint), .value(Decimal(string: "0.125")!))
        XCTAssertEqual(DecimalText.read("0,125"), .value(Decimal(string: "0.125")!), "not ambiguous: 0,125 is no thousand")
        XCTAssertEqual(try typed("0,250 kg Cheese", .decimalPoint).fields.quantity, Decimal(string: "0.25"))
    }

    func testGroupingSpacesOnlyGroupThousands() throws {
        for text in ["1 234,50", "1\u{202F}234,50", "1\u{00A0}234,50", "1'234,50"] {
            XCTAssertEqual(DecimalText.read(text, convention: .decimalComma), .value(Decimal(string: "1234.5")!), text)
        }
        XCTAssertEqual(DecimalText.read("1 234 567"), .value(1_234_567))
        for text in ["1 5", "3 99", "12 34,5", "1 2345"] {
            XCTAssertEqual(DecimalText.read(text, convention: .decimalComma), .notANumber, text)
        }
        XCTAssertNil(try typed("Tea @ 3 99 €", .decimalComma).fields.price, "two numbers are not one price")
    }

    func testNoBreakSpacesJoinANumberInALine() throws {
        let flour = try typed("1\u{202F}234 g Flour", .decimalComma)
        XCTAssertEqual(flour.fields.quantity, 1234)
        XCTAssertEqual(flour.fields.unit, "g")
        XCTAssertEqual(flour.fields.description, "Flour")
        XCTAssertEqual(try typed("Sofa @ 1\u{202F}234,50", .decimalComma).fields.price, Decimal(string: "1234.5"))
        XCTAssertEqual(try typed("Tea = 3,99\u{00A0}€", .decimalComma).fields.price, Decimal(string: "3.99"))
    }

    func testAnEqualsSignIsAPriceOnlyBeforeAnAmountAfterADescription() throws {
        let formula = try typed("E = mc2")
        XCTAssertEqual(formula.fields.description, "E = mc2")
        XCTAssertFalse(formula.hasPrice)
        XCTAssertEqual(try typed("= 5").fields.description, "= 5", "no description before it")
        let half = try typed("Half = 50")
        XCTAssertEqual(half.fields.price, 50)
        XCTAssertEqual(half.fields.priceBasis, .forAll)
        XCTAssertEqual(try typed("Half \\= 50").fields.description, "Half = 50", "escaped, it stays text")
    }

    func testANewItemNamedTwiceInAPasteKeepsWhatEachLineWrote() throws {
        let m = try model()
        let lines = try ["2 kg Pears [Fruit]", "pears @ 1.50", "Bread"].map { try typed($0) }
        let outcomes = try m.items.add(lines: lines)
        XCTAssertEqual(outcomes.count, 2)
        XCTAssertEqual(m.items.table.count, 2)
        let pears = try XCTUnwrap(m.items.item(outcomes[0].id))
        XCTAssertEqual(pears.fields, ItemFields(description: "Pears", quantity: 2, unit: "kg", price: Decimal(string: "1.5"), aisle: "Fruit"))
        XCTAssertEqual(try m.core.undoLast(), "adding 3 lines")
        XCTAssertTrue(m.items.table.isEmpty, "one undo step")
    }

    func testARowShowsHowItsCostWasMade() {
        let options = DisplayOptions()
        let apples = Item(id: ItemID(1), description: "Apples", quantity: 2, unit: "kg", price: Decimal(string: "1.29"),
                          notes: "\n  Gala or Braeburn  \nnot soft")
        let p = RowPresentation(options: options, list: .shopping, item: apples, money: money)
        XCTAssertEqual(p.leftText, "2 kg × $1.29")
        XCTAssertEqual(p.rightText, "$2.58")
        XCTAssertEqual(p.note, "Gala or Braeburn")
        let mince = Item(id: ItemID(2), description: "Mince", quantity: 500, unit: "g", price: Decimal(string: "5.49"), priceBasis: .forAll)
        let q = RowPresentation(options: options, list: .shopping, item: mince, money: money)
        XCTAssertEqual(q.leftText, "500 g")
        XCTAssertEqual(q.rightText, "$5.49")
        XCTAssertNil(q.note)
        // Without the cost column, the quantity alone.
        let r = RowPresentation(options: DisplayOptions(showCost: false), list: .shopping, item: apples, money: money)
        XCTAssertEqual(r.leftText, "2 kg")
    }

    func testFinishingRecordsCorrectedPricesPerUnit() throws {
        let m = try model()
        let mince = try m.items.add(ItemFields(description: "Mince", quantity: 500, unit: "g", price: 5, priceBasis: .forAll))
        let apples = try m.items.add(fields("Apples", qty: 2, cost: Decimal(string: "1.29")!))
        try m.items.tick(mince)
        try m.items.tick(apples)
        try m.items.finishShopping(paid: [mince: Decimal(string: "5.50")!])
        XCTAssertEqual(m.items.item(mince)?.price, Decimal(string: "5.5"), "the correction is the price from now on")
        XCTAssertEqual(m.items.item(mince)?.lastPrice, Decimal(string: "0.011"), "recorded per gram")
        XCTAssertEqual(m.items.item(apples)?.lastPrice, Decimal(string: "1.29"))
        XCTAssertEqual(try m.core.undoLast(), "finishing shopping")
        XCTAssertEqual(m.items.item(mince)?.price, 5)
    }

    func testAPriceForAllSurvivesTheStore() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let id = try kept(ShoppingModel(store: Store(path: path))) { try $0.items.add(
            ItemFields(description: "Mince", quantity: 500, unit: "g", price: Decimal(string: "5.49"), priceBasis: .forAll)) }
        let again = try ShoppingModel(store: Store(path: path))
        XCTAssertEqual(again.items.item(id)?.priceBasis, .forAll)
        XCTAssertEqual(again.items.totals.leftToBuy.cost, Decimal(string: "5.49"))
    }
}
