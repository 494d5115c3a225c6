import XCTest
@testable import ShopperSync
@testable import ShopperSyncModel
@testable import ShopperModel

/// Exact decimals: a float literal would go through Double ("0.1" is not 0.1 there).
func dec(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

/// The mapping table of the README, row by row: items to tasks, tasks (Shopper's and other apps') to items.
final class TaskMappingTests: XCTestCase {
    typealias Status = TaskFields.Status

    // MARK: Item → task

    struct Written {
        let item: SharedItem
        let categories: [String]
        let description: String
        let status: Status
        let shopper: [String: String]
        let line: UInt
        init(_ item: SharedItem, _ categories: [String], _ description: String, _ status: Status, _ shopper: [String: String], line: UInt = #line) {
            (self.item, self.categories, self.description, self.status, self.shopper, self.line) = (item, categories, description, status, shopper, line)
        }
    }

    func testItemToTask() {
        let rows: [Written] = [
            Written(SharedItem(ItemFields(description: "Milk")), [], "", .needsAction, ["QUANTITY": "1", "STATE": "NEEDED", "SUMMARY": "Milk"]),
            Written(SharedItem(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: dec("1.29"), aisle: "Fruit")), ["Fruit"], "2 kg · 1.29 each", .needsAction,
                    ["QUANTITY": "2", "UNIT": "kg", "UNIT-COST": "1.29", "STATE": "NEEDED", "SUMMARY": "Apples"]),
            Written(SharedItem(ItemFields(description: "Mince", quantity: 500, unit: "g", price: dec("5.49"), priceBasis: .forAll), state: .inCart), [], "500 g · 5.49 for all", .completed,
                    ["QUANTITY": "500", "UNIT": "g", "PRICE-FOR-ALL": "5.49", "STATE": "IN-CART", "SUMMARY": "Mince"]),
            Written(SharedItem(ItemFields(description: "Eggs", quantity: 12, notes: "Free range"), state: .notNeeded), [], "12\n\nFree range", .completed,
                    ["QUANTITY": "12", "STATE": "NOT-NEEDED", "SUMMARY": "Eggs"]),
            Written(SharedItem(ItemFields(description: "Bread", notes: "  Sliced\nwholemeal \n")), [], "Sliced\nwholemeal", .needsAction, ["QUANTITY": "1", "STATE": "NEEDED", "SUMMARY": "Bread"]),
            Written(SharedItem(ItemFields(description: "Tea", unit: "box")), [], "1 box", .needsAction, ["QUANTITY": "1", "UNIT": "box", "STATE": "NEEDED", "SUMMARY": "Tea"]),
            Written(SharedItem(ItemFields(description: "Butter", price: dec("2.50"))), [], "2.5 each", .needsAction, ["QUANTITY": "1", "UNIT-COST": "2.5", "STATE": "NEEDED", "SUMMARY": "Butter"]),
            Written(SharedItem(ItemFields(description: "Saffron", quantity: dec("0.1"), unit: "g", price: dec("0.0001"))), [], "0.1 g · 0.0001 each", .needsAction,
                    ["QUANTITY": "0.1", "UNIT": "g", "UNIT-COST": "0.0001", "STATE": "NEEDED", "SUMMARY": "Saffron"]),
            Written(SharedItem(ItemFields(description: "Oil", quantity: dec("1.25"), unit: "l", price: 0, notes: "Olive")), [], "1.25 l · 0 each\n\nOlive", .needsAction,
                    ["QUANTITY": "1.25", "UNIT": "l", "UNIT-COST": "0", "STATE": "NEEDED", "SUMMARY": "Oil"]),
            Written(SharedItem(ItemFields(description: "Coupon @ 5 [x]", aisle: "Tills"), state: .inCart), ["Tills"], "", .completed,
                    ["QUANTITY": "1", "STATE": "IN-CART", "SUMMARY": "Coupon @ 5 [x]"]),
            // Other apps show what to buy; a Shopper reads the exact need (issue 54).
            Written(SharedItem(ItemFields(description: "Eggs", quantity: dec("10.5"), notes: "for Pancakes")), [], "11\n\nfor Pancakes", .needsAction,
                    ["QUANTITY": "10.5", "STATE": "NEEDED", "SUMMARY": "Eggs"]),
            Written(SharedItem(ItemFields(description: "Cream", quantity: dec("486.5883"), unit: "ml")), [], "500 ml", .needsAction,
                    ["QUANTITY": "486.5883", "UNIT": "ml", "STATE": "NEEDED", "SUMMARY": "Cream"]),
        ]
        for r in rows {
            let t = TaskMapping.task(for: r.item, uid: "uid-1")
            XCTAssertEqual(t.uid, "uid-1", line: r.line)
            XCTAssertEqual(t.summary, r.item.description, line: r.line)
            XCTAssertEqual(t.categories, r.categories, line: r.line)
            XCTAssertEqual(t.description, r.description, line: r.line)
            XCTAssertEqual(t.status, r.status, line: r.line)
            XCTAssertEqual(t.shopper, r.shopper, line: r.line)
            XCTAssertNil(t.sortOrder, line: r.line)
        }
    }

    /// The exact need goes out and comes back as it was, the line of what to buy taken off the notes.
    func testAnExactNeedComesBackExactWithItsNotes() {
        let item = SharedItem(ItemFields(description: "Eggs", quantity: dec("10.5"), notes: "for Pancakes"))
        XCTAssertEqual(TaskMapping.item(from: TaskMapping.task(for: item, uid: "u")), item)
    }

    func testSortOrderIsThePosition() {
        for position: Int64? in [nil, 0, 7, 1_000_000] {
            XCTAssertEqual(TaskMapping.task(for: SharedItem(ItemFields(description: "Milk"), position: position), uid: "u").sortOrder, position)
        }
    }

    // MARK: Shopper's own tasks read back

    func testShopperTaskReadsBackTheSameItem() {
        let rows: [(SharedItem, UInt)] = [
            (SharedItem(ItemFields(description: "Milk")), #line),
            (SharedItem(ItemFields(description: "Milk"), position: 42), #line),
            (SharedItem(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: dec("1.29"), aisle: "Fruit"), position: 3), #line),
            (SharedItem(ItemFields(description: "Mince", quantity: 500, unit: "g", price: dec("5.49"), priceBasis: .forAll)), #line),
            (SharedItem(ItemFields(description: "Mince", price: dec("5.49"), priceBasis: .forAll), state: .inCart), #line),
            (SharedItem(ItemFields(description: "Tea", unit: "box")), #line),
            (SharedItem(ItemFields(description: "Saffron", quantity: dec("0.1"), unit: "g", price: dec("0.0001"))), #line),
            (SharedItem(ItemFields(description: "Lemons", quantity: 3)), #line),
            (SharedItem(ItemFields(description: "Oil", price: 0)), #line),
            (SharedItem(ItemFields(description: "Eggs", notes: "Free range")), #line),
            (SharedItem(ItemFields(description: "Eggs", quantity: 12, notes: "Free range\nbrown\n\nlarge")), #line),
            (SharedItem(ItemFields(description: "Cheese", quantity: 200, unit: "g", price: dec("1.99"), aisle: "Deli", notes: "Aged\r\nnot the mild one"), state: .inCart), #line),
            (SharedItem(ItemFields(description: "Soap"), state: .notNeeded), #line),
            (SharedItem(ItemFields(description: "Soap", quantity: 2, price: dec("3.5"), priceBasis: .forAll, notes: "2 · 3.5 for all"), state: .notNeeded), #line),
            (SharedItem(ItemFields(description: "2 kg Apples @ 1.29 [Fruit]")), #line),
            (SharedItem(ItemFields(description: "Coupon = 5 | cut out")), #line),
            (SharedItem(ItemFields(description: "Milk, semi-skimmed; 2%")), #line),
            (SharedItem(ItemFields(description: "Flour", quantity: 10000, unit: "kg", price: 1_000_000)), #line),
        ]
        for (item, line) in rows {
            var expected = item
            expected.notes = expected.notes.replacingOccurrences(of: "\r\n", with: "\n")
            XCTAssertEqual(TaskMapping.item(from: TaskMapping.task(for: item, uid: "u")), expected, line: line)
        }
    }

    // MARK: Tasks from other apps

    struct Foreign {
        let task: TaskFields
        let item: SharedItem
        let line: UInt
        init(_ summary: String, cats: [String] = [], notes: String? = nil, status: Status? = nil, sort: Int64? = nil,
             _ item: SharedItem, line: UInt = #line) {
            task = TaskFields(uid: "other", summary: summary, categories: cats, description: notes, status: status, sortOrder: sort)
            (self.item, self.line) = (item, line)
        }
    }

    func testOtherAppsTasksReadThroughTheAddBarSyntax() {
        let rows: [Foreign] = [
            Foreign("2 kg Apples @ 1.29 [Fruit]", SharedItem(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: dec("1.29"), aisle: "Fruit"))),
            Foreign("500 g Mince = 5.49", SharedItem(ItemFields(description: "Mince", quantity: 500, unit: "g", price: dec("5.49"), priceBasis: .forAll))),
            Foreign("Milk", SharedItem(ItemFields(description: "Milk"))),
            Foreign("  Milk  ", SharedItem(ItemFields(description: "Milk"))),
            Foreign("Milk", cats: ["Dairy"], SharedItem(ItemFields(description: "Milk", aisle: "Dairy"))),
            Foreign("Milk", cats: ["Dairy", "Fridge"], SharedItem(ItemFields(description: "Milk", aisle: "Dairy"))),
            Foreign("Eggs [Fridge]", cats: ["Dairy"], SharedItem(ItemFields(description: "Eggs", aisle: "Fridge"))),
            Foreign("Bread", notes: "Wholemeal\nsliced", SharedItem(ItemFields(description: "Bread", notes: "Wholemeal\nsliced"))),
            Foreign("Tea | green", notes: "From tasks.org", SharedItem(ItemFields(description: "Tea", notes: "From tasks.org\ngreen"))),
            Foreign("3 Lemons", status: .completed, SharedItem(ItemFields(description: "Lemons", quantity: 3), state: .inCart)),
            Foreign("Soap", status: .cancelled, SharedItem(ItemFields(description: "Soap"), state: .notNeeded)),
            Foreign("Soap", status: .inProcess, SharedItem(ItemFields(description: "Soap"))),
            Foreign("Soap", status: .needsAction, sort: 7, SharedItem(ItemFields(description: "Soap"), position: 7)),
            Foreign("2 x Pack of cards", SharedItem(ItemFields(description: "Pack of cards", quantity: 2))),
            Foreign("E = mc2", SharedItem(ItemFields(description: "E = mc2"))),
            Foreign("Pay @ 3 for 2", SharedItem(ItemFields(description: "Pay @ 3 for 2"))),
            Foreign("-1 Apples", SharedItem(ItemFields(description: "-1 Apples"))),
        ]
        for r in rows {
            XCTAssertEqual(TaskMapping.item(from: r.task), r.item, line: r.line)
        }
    }

    // MARK: Changed in another app

    /// Apples as Shopper wrote them, then with SUMMARY (and STATUS) changed elsewhere.
    func testSummaryChangedElsewhereIsReadThroughTheSyntax() {
        let written = SharedItem(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: dec("1.29"), aisle: "Fruit", notes: "Ripe"), position: 4)
        let rows: [(String, SharedItem, UInt)] = [
            ("Green apples", SharedItem(ItemFields(description: "Green apples", quantity: 2, unit: "kg", price: dec("1.29"), aisle: "Fruit", notes: "Ripe"), position: 4), #line),
            ("3 Green apples", SharedItem(ItemFields(description: "Green apples", quantity: 3, unit: "kg", price: dec("1.29"), aisle: "Fruit", notes: "Ripe"), position: 4), #line),
            ("500 g Apples", SharedItem(ItemFields(description: "Apples", quantity: 500, unit: "g", price: dec("1.29"), aisle: "Fruit", notes: "Ripe"), position: 4), #line),
            ("Pears @ 0.99", SharedItem(ItemFields(description: "Pears", quantity: 2, unit: "kg", price: dec("0.99"), aisle: "Fruit", notes: "Ripe"), position: 4), #line),
            ("Pears = 4", SharedItem(ItemFields(description: "Pears", quantity: 2, unit: "kg", price: 4, priceBasis: .forAll, aisle: "Fruit", notes: "Ripe"), position: 4), #line),
            ("Pears [Market]", SharedItem(ItemFields(description: "Pears", quantity: 2, unit: "kg", price: dec("1.29"), aisle: "Market", notes: "Ripe"), position: 4), #line),
            ("Pears | firm", SharedItem(ItemFields(description: "Pears", quantity: 2, unit: "kg", price: dec("1.29"), aisle: "Fruit", notes: "Ripe\nfirm"), position: 4), #line),
        ]
        for (summary, expected, line) in rows {
            var t = TaskMapping.task(for: written, uid: "u")
            t.summary = summary
            XCTAssertEqual(TaskMapping.item(from: t), expected, line: line)
        }
    }

    func testStatusChangedElsewhere() {
        let rows: [(Status?, String?, ShareState, UInt)] = [
            (.completed, "NEEDED", .inCart, #line),      // ticked off elsewhere: in the cart
            (.completed, "IN-CART", .inCart, #line),
            (.completed, "NOT-NEEDED", .notNeeded, #line),
            (.completed, "JUNK", .inCart, #line),
            (.completed, nil, .inCart, #line),
            (.needsAction, "IN-CART", .needed, #line),   // reopened elsewhere: back on the list
            (.needsAction, "NOT-NEEDED", .needed, #line),
            (.needsAction, "NEEDED", .needed, #line),
            (.inProcess, "IN-CART", .needed, #line),
            (nil, "IN-CART", .needed, #line),
            (.cancelled, "NEEDED", .notNeeded, #line),
            (.cancelled, "IN-CART", .notNeeded, #line),
            (.cancelled, nil, .notNeeded, #line),
        ]
        for (status, state, expected, line) in rows {
            var t = TaskFields(uid: "u", summary: "Milk", status: status)
            if let state { t.shopper = ["STATE": state, "SUMMARY": "Milk", "QUANTITY": "1"] }
            XCTAssertEqual(TaskMapping.item(from: t)?.state, expected, line: line)
            XCTAssertEqual(TaskMapping.item(from: t)?.description, "Milk", line: line)
        }
    }

    func testNoSummaryIsNoItem() {
        let rows: [(String, [String: String], UInt)] = [
            ("", [:], #line),
            ("   ", [:], #line),
            ("\n", [:], #line),
            ("", ["STATE": "NEEDED", "SUMMARY": ""], #line),
            ("", ["STATE": "NEEDED", "SUMMARY": "Milk"], #line),
            (" ", ["STATE": "IN-CART", "SUMMARY": "Milk", "QUANTITY": "2"], #line),
        ]
        for (summary, shopper, line) in rows {
            XCTAssertNil(TaskMapping.item(from: TaskFields(uid: "u", summary: summary, categories: ["Fruit"], description: "Notes", shopper: shopper)), line: line)
        }
    }

    func testJunkNumbersAreIgnored() {
        // (X-SHOPPER-QUANTITY, UNIT-COST, PRICE-FOR-ALL) → (quantity, price, basis)
        let rows: [(String?, String?, String?, Decimal, Decimal?, PriceBasis, UInt)] = [
            ("abc", nil, nil, 1, nil, .perUnit, #line),
            ("-1", nil, nil, 1, nil, .perUnit, #line),
            ("0", nil, nil, 1, nil, .perUnit, #line),
            ("1e3", nil, nil, 1, nil, .perUnit, #line),
            ("10001", nil, nil, 1, nil, .perUnit, #line),
            ("", nil, nil, 1, nil, .perUnit, #line),
            ("1,000", nil, nil, 1, nil, .perUnit, #line),
            ("NaN", nil, nil, 1, nil, .perUnit, #line),
            ("2.5", nil, nil, dec("2.5"), nil, .perUnit, #line),
            ("10000", nil, nil, 10000, nil, .perUnit, #line),
            ("2", "abc", nil, 2, nil, .perUnit, #line),
            ("2", "-1.29", nil, 2, nil, .perUnit, #line),
            ("2", "1000001", nil, 2, nil, .perUnit, #line),
            ("2", "1.29", nil, 2, dec("1.29"), .perUnit, #line),
            ("2", nil, "lots", 2, nil, .perUnit, #line),
            ("2", "1.29", "lots", 2, dec("1.29"), .perUnit, #line),
            ("2", "1.29", "5.49", 2, dec("5.49"), .forAll, #line),
        ]
        for (quantity, unitCost, forAll, q, price, basis, line) in rows {
            var t = TaskFields(uid: "u", summary: "Milk", shopper: ["STATE": "NEEDED", "SUMMARY": "Milk"])
            t[.quantity] = quantity
            t[.unitCost] = unitCost
            t[.priceForAll] = forAll
            let item = TaskMapping.item(from: t)
            XCTAssertEqual(item?.quantity, q, line: line)
            XCTAssertEqual(item?.price, price, line: line)
            XCTAssertEqual(item?.priceBasis, basis, line: line)
        }
    }
}

/// X-SHOPPER-STORES: store names that hold separators go and come back whole.
final class StoresMappingTests: XCTestCase {
    func testStoreNamesRoundTripThroughTheProperty() throws {
        let cases: [([String], String)] = [
            (["Aldi"], "Aldi"),
            (["Aldi", "Lidl, Süd"], "Aldi|Lidl%2C Süd"),
            (["A;B", "C|D", "50% off", "back\\slash"], "50%25 off|A%3BB|back%5Cslash|C%7CD"),
        ]
        for (names, value) in cases {
            let item = SharedItem(ItemFields(description: "Milk"), stores: names)
            let task = TaskMapping.task(for: item, uid: "u")
            XCTAssertEqual(task[.stores], value)
            XCTAssertEqual(TaskMapping.item(from: task)?.stores, item.stores)
            // Through a real task's text too (libical writes and reads it).
            let written = ICalTask(newUID: "u")
            written.patch(task, now: Date())
            let read = try ICalTask(text: written.text)
            XCTAssertEqual(TaskMapping.item(from: read.fields)?.stores, item.stores, written.text)
        }
        XCTAssertNil(TaskMapping.task(for: SharedItem(ItemFields(description: "Milk")), uid: "u")[.stores], "none: no property")
        XCTAssertEqual(SharedItem(ItemFields(description: "x"), stores: ["lidl", "Aldi", "LIDL"]).stores, ["Aldi", "lidl"], "a set, sorted")
    }

    /// What one task may bring, whatever another app wrote (a hostile server's 10,000 store names,
    /// a huge summary, notes or number): each field cut to what an item keeps, and the task named.
    func testATaskBringsNoMoreThanAnItemKeeps() {
        let stores = (1...10_000).map { "Store \($0)" }
        let cases: [(String, TaskFields, (SharedItem) -> Bool)] = [
            ("stores", TaskFields(uid: "u", summary: "Milk", shopper: ["STATE": "NEEDED", "SUMMARY": "Milk", "STORES": TaskMapping.storesValue(stores)]),
             { $0.stores.count == TaskMapping.maxStores }),
            ("summary", TaskFields(uid: "u", summary: String(repeating: "Apple ", count: 5_000)), { $0.description.count <= ItemDraft.maxDescriptionLength }),
            ("notes", TaskFields(uid: "u", summary: "Milk", description: String(repeating: "n", count: 100_000)), { $0.notes.count <= ItemDraft.maxNotesLength }),
            ("quantity", TaskFields(uid: "u", summary: "Milk", shopper: ["STATE": "NEEDED", "SUMMARY": "Milk", "QUANTITY": String(repeating: "9", count: 5_000)]),
             { $0.quantity == 1 }),
        ]
        for (what, task, kept) in cases {
            let item = TaskMapping.item(from: task)
            XCTAssertTrue(item.map(kept) == true, "\(what): \(String(describing: item).prefix(200))")
            XCTAssertTrue(TaskMapping.exceedsLimits(task), "\(what) is named")
        }
        XCTAssertFalse(TaskMapping.exceedsLimits(TaskFields(uid: "u", summary: "2 kg Apples @ 1.29 [Fruit]")))
    }

    /// A number the item cannot hold as it is (past its bound, or five decimals that fixed point
    /// would cut to four) is not taken, and the task is named: it was stored cut, or dropped silently.
    func testANumberAnItemCannotHoldIsNamedNeverStoredAsAnother() {
        let cases: [(String, String, String, Decimal, Decimal?)] = [
            ("quantity past the bound", "QUANTITY", "10001", 1, nil),
            ("quantity of five decimals", "QUANTITY", "1.23456", 1, nil),
            ("price past the bound", "UNIT-COST", "1000001", 1, nil),
            ("price of five decimals", "PRICE-FOR-ALL", "0.00001", 1, nil),
        ]
        for (what, field, value, quantity, price) in cases {
            let task = TaskFields(uid: "u", summary: "Milk", shopper: ["STATE": "NEEDED", "SUMMARY": "Milk", field: value])
            let item = TaskMapping.item(from: task)
            XCTAssertEqual(item?.quantity, quantity, what)
            XCTAssertEqual(item?.price, price, what)
            XCTAssertTrue(TaskMapping.exceedsLimits(task), "\(what) is named")
        }
        let fits = TaskFields(uid: "u", summary: "Milk", shopper: ["STATE": "NEEDED", "SUMMARY": "Milk", "QUANTITY": "10000", "UNIT-COST": "1.2345"])
        XCTAssertEqual(TaskMapping.item(from: fits)?.quantity, 10_000)
        XCTAssertFalse(TaskMapping.exceedsLimits(fits))
    }
}
