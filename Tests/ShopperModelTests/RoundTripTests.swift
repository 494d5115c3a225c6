import Foundation
import XCTest
@testable import ShopperModel

/// Export then import gives the same items, for every item the app can hold: generated ones
/// (seeded; SHOPPER_TEST_SEED replays a failure) and the cases that once broke.
final class RoundTripTests: XCTestCase {
    /// Items the formats once got wrong.
    static let nasty: [Item] = {
        var notes = Item(id: ItemID(1), description: "Apples", notes: "crisp\r\nor \"Gala\", please")
        notes.needed = true
        return [
            notes,
            Item(id: ItemID(2), description: "Quote\"\u{301} and comma,\u{301} marks", notes: "e\u{301}\r\nline"),
            Item(id: ItemID(3), description: "=SUM(A1:A9)", unit: "+1", aisle: "-Freezer", notes: "@home"),
            Item(id: ItemID(4), description: "'=already", notes: "''+twice"),
            Item(id: ItemID(5), description: "#1 fan mug", quantity: 2),
            Item(id: ItemID(6), description: "Coupon @ 5", price: 5),
            Item(id: ItemID(7), description: "Tea", quantity: 3, unit: "sachets", aisle: "Drinks [hot]"),
            Item(id: ItemID(8), description: "Jam [homemade]", unit: "family pack"),
            Item(id: ItemID(9), description: "@home", unit: "x"),
            Item(id: ItemID(10), description: "{braced} thing", quantity: 2),
            Item(id: ItemID(11), description: "back\\slash \\@ odd", unit: "{weird}"),
            Item(id: ItemID(12), description: "7 Up", quantity: 1),
            Item(id: ItemID(13), description: "-1 trick", quantity: 1),
            Item(id: ItemID(14), description: "1e30 stars"),
            Item(id: ItemID(15), description: "½ melon"),
            Item(id: ItemID(16), description: "x marks", quantity: 3),
            Item(id: ItemID(17), description: "Café 🍰 مرحبا שלום", price: Decimal(string: "0.0001"), aisle: "Bäckerei"),
            Item(id: ItemID(18), description: "1,000 piece puzzle", quantity: Decimal(string: "9999.9999")!),
            Item(id: ItemID(19), description: "Big spend", price: 1_000_000),
            Item(id: ItemID(20), description: "Mince", quantity: 500, unit: "g", price: Decimal(string: "5.49"), priceBasis: .forAll),
            Item(id: ItemID(21), description: "Sum = 5", price: 2, priceBasis: .forAll),
            Item(id: ItemID(22), description: "= start", unit: "€"),
            // Seed 55433: an @ in a braced unit, then a description that is a currency sign, read
            // as "@ 5} €", a price.
            Item(id: ItemID(23), description: "€", quantity: Decimal(string: "1911.5575")!, unit: "-1 @ 5", aisle: "مرحبا = 5"),
            Item(id: ItemID(24), description: "$", quantity: 2, unit: "a = 3"),
            // Notes in text: bars, backslashes, a written \n, brackets and prices in them.
            Item(id: ItemID(25), description: "Pipe | dream", aisle: "A | B", notes: "one | two\\n not a break\nsecond [x] @ 5 = 3"),
            Item(id: ItemID(26), description: "Tea", notes: "# not a comment\n\n| lead bar"),
        ]
    }()

    func testNastyItemsRoundTripThroughCSVAndText() throws {
        try assertRoundTrips(Self.nasty, context: "fixed cases")
    }

    func testGeneratedItemsRoundTrip() throws {
        var rng = SeededRandom.fromEnvironment()
        for batch in 0..<20 {
            let items = (0..<50).map { randomItem(id: Int64(batch * 50 + $0 + 1), &rng) }
            try assertRoundTrips(items, context: "seed \(rng.seed) batch \(batch) (replay with SHOPPER_TEST_SEED=\(rng.seed))")
        }
    }

    private func assertRoundTrips(_ items: [Item], context: String) throws {
        // Only what the app can hold: each item is first made as the editor would make it.
        for i in items { XCTAssertEqual(try ItemDraft(i.fields).validate(), i.fields, "\(context): not an item the app holds") }
        let csv = ExportFormat.csv.export(items)
        let fromCSV: [ImportedItem]
        do { fromCSV = try ExportFormat.csv.parse(csv) } catch { return XCTFail("CSV, \(context): \(error)\n\(csv)") }
        XCTAssertEqual(fromCSV.map(\.fields), items.map(\.fields), "CSV, \(context)\n\(csv)")
        XCTAssertEqual(fromCSV.map(\.needed), items.map { $0.needed || $0.inCart }, "CSV flags, \(context)")
        XCTAssertEqual(fromCSV.map(\.inCart), items.map(\.inCart), "CSV flags, \(context)")
        // Plain text carries the notes too (one line per item: their line breaks become LF, and
        // spaces at their ends go), not the flags.
        let text = ExportFormat.text.export(items)
        let fromText: [ImportedItem]
        do { fromText = try ExportFormat.text.parse(text) } catch { return XCTFail("text, \(context): \(error)\n\(text)") }
        var plain = items.map(\.fields)
        for i in plain.indices {
            plain[i].notes = plain[i].notes.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
                .trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(fromText.map(\.fields), plain, "text, \(context)\n\(text)")
        XCTAssertEqual(fromText.count, items.count, "one item per line, \(context)")
    }

    private func randomItem(id: Int64, _ rng: inout SeededRandom) -> Item {
        let pieces = ["Apples", "=1+2", "+", "-", "@", "#", "[", "]", "{", "}", "\\", "\"", ",", "'", "x", "×", "2",
                      "1,000", "-1", "½", "e\u{301}", "\"\u{301}", ",\u{301}", "🍰", "مرحبا", "kg", "@ 5", "[Fruit]", "\t",
                      "=", "= 5", "€", "$ 3"]
        func words(_ n: ClosedRange<Int>) -> String {
            ItemDraft.clean((0..<Int.random(in: n, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined(
                separator: Bool.random(using: &rng) ? " " : ""))
        }
        var description = words(1...5)
        if description.isEmpty { description = "Milk" }
        let unit = Int.random(in: 0..<3, using: &rng) == 0 ? words(1...2) : nil
        let aisle = Bool.random(using: &rng) ? words(1...3) : nil
        let notes = Bool.random(using: &rng) ? [words(0...4), "\r\n", words(0...3), "\n", words(0...2)].joined()
            .trimmingCharacters(in: .whitespacesAndNewlines) : ""
        let quantity = Decimal(Int.random(in: 1...99_999_999, using: &rng)) / 10_000
        let cost: Decimal? = Bool.random(using: &rng) ? Decimal(Int.random(in: 0...100_000_000, using: &rng)) / 10_000 : nil
        let inCart = Int.random(in: 0..<4, using: &rng) == 0
        return Item(id: ItemID(id), description: description, quantity: quantity, unit: (unit?.isEmpty ?? true) ? nil : unit,
                    price: cost, priceBasis: cost != nil && Bool.random(using: &rng) ? .forAll : .perUnit,
                    aisle: (aisle?.isEmpty ?? true) ? nil : aisle, notes: notes,
                    needed: inCart || Bool.random(using: &rng), inCart: inCart)
    }

    // MARK: Line endings and bytes

    func testLFCRLFAndCRFilesAllImport() throws {
        for ending in ["\n", "\r\n", "\r"] {
            let text = ["Apples", "2 kg Pears @ 1.10 [Fruit]", "", "Bread"].joined(separator: ending) + ending
            XCTAssertEqual(try PlainTextFormat.parse(text).map(\.fields.description), ["Apples", "Pears", "Bread"], "\(ending.debugDescription) text")
            let csv = ["description,quantity", "Apples,1", "Pears,2", "\"Two\(ending)lines\",1"].joined(separator: ending) + ending
            XCTAssertEqual(try CSVFormat.parse(csv).map(\.fields.description), ["Apples", "Pears", "Two lines"], "\(ending.debugDescription) CSV")
        }
    }

    func testANULIsRefusedWithItsLineNamed() {
        XCTAssertThrowsError(try PlainTextFormat.parse("Apples\nBad\u{0}Milk\n")) { e in
            let err = e as! ImportError
            XCTAssertEqual(err.lines.map(\.line), [2])
            XCTAssertEqual(err.lines.first?.message, "Remove the control character U+0000 from the description.")
        }
        XCTAssertThrowsError(try CSVFormat.parse("description,notes\nMilk,a\u{0}b\n")) { e in
            XCTAssertEqual((e as! ImportError).lines.map(\.line), [2])
        }
    }

    // MARK: What a line means

    func testQuantitiesThatAreNotOnesTheAppTakesAreNamed() {
        for (line, message) in [("-1 Apples", "Quantity must be more than zero."),
                                ("1e30 Apples", "Quantity must be a plain number, such as 2 or 1.5."),
                                ("½ Apples", "Write the quantity in digits, such as 0.5 or 2."),
                                ("1,000 g Flour", "“1,000” could mean 1000 or 1: write 1000 or 1 without the comma."),
                                ("Apples @ 1234567890123456789012345678901234567890", "Cost can be at most 1000000.")] {
            guard case .failure(let e) = PlainTextFormat.parseLine(line) else { XCTFail(line); continue }
            XCTAssertEqual(e.message, message, line)
        }
        // Words that merely start with digits are descriptions, as before.
        for (line, description) in [("7up", "7up"), ("3x Eggs", "3x Eggs"), ("3 Musketeers bar", "Musketeers bar")] {
            guard case .success(let f) = PlainTextFormat.parseLine(line) else { XCTFail(line); continue }
            XCTAssertEqual(f.description, description, line)
        }
    }

    func testAmountsReadOneWayOnly() {
        XCTAssertEqual(DecimalText.read("1,5"), .value(Decimal(string: "1.5")!))
        XCTAssertEqual(DecimalText.read("1,234.50"), .value(Decimal(string: "1234.5")!))
        XCTAssertEqual(DecimalText.read("1.234,50"), .value(Decimal(string: "1234.5")!))
        XCTAssertEqual(DecimalText.read("1,000,000"), .value(1_000_000))
        XCTAssertEqual(DecimalText.read("1,000"), .ambiguous(thousands: 1000, decimal: 1))
        XCTAssertEqual(DecimalText.read("1,00,0"), .notANumber)
        XCTAssertEqual(DecimalText.read(String(repeating: "9", count: 40)), .tooLong)
        XCTAssertEqual(ItemDraft(description: "Tea", price: String(repeating: "9", count: 40)).errors().map(\.message),
                       ["Cost can be at most 1000000."])
    }

    func testNoMessageEndsInTwoFullStops() {
        let err = ImportError(lines: (1...7).map { ImportLineError(line: $0, message: "Quantity must be more than zero.") })
        let text = err.localizedDescription
        XCTAssertFalse(text.contains(".."), text)
        XCTAssertTrue(text.hasSuffix("And 2 more lines."), text)
    }
}
