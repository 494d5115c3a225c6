import XCTest
@testable import ShopperModel

final class ImportExportTests: XCTestCase {
    func testPlainTextLine() throws {
        let items = try PlainTextFormat.parse("2 kg Apples @ 1.29 [Fruit]\n\n# a comment\nMilk\n3x Eggs\n500g Flour [Baking]\n1,5 l Juice @ 2,10")
        XCTAssertEqual(items.map(\.fields), [
            fields("Apples", qty: 2, unit: "kg", cost: Decimal(string: "1.29")!, aisle: "Fruit"),
            fields("Milk"),
            fields("3x Eggs"),
            fields("Flour", qty: 500, unit: "g", aisle: "Baking"),
            fields("Juice", qty: Decimal(string: "1.5")!, unit: "l", cost: Decimal(string: "2.1")!),
        ])
        XCTAssertTrue(items.allSatisfy { $0.needed && !$0.inCart })
    }

    func testMalformedLinesAreNamedAndNothingIsImported() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        let text = "Apples\n0 Pears\nBread @ -2\n\n3 @ 2\n"
        XCTAssertThrowsError(try m.imports.importItems(try PlainTextFormat.parse(text))) { e in
            let err = e as! ImportError
            XCTAssertEqual(err.lines.map(\.line), [2, 3, 5])
            XCTAssertTrue(err.localizedDescription.hasPrefix("Nothing was imported. Line 2: Quantity must be more than zero."),
                          err.localizedDescription)
        }
        XCTAssertTrue(m.items.table.isEmpty)
    }

    /// A bad record is named by the line it starts on in the file, counted through quoted fields
    /// that hold line breaks (a note of two lines, a CRLF file): the line a person finds in an
    /// editor, read whole or streamed alike. (Nothing caught an off-by-one here before.)
    func testABadRecordAfterAQuotedLineBreakIsNamedByItsLineInTheFile() throws {
        let csv = "description,quantity,notes\nMilk,1,\"the oat one\nnot the soy one\"\nTea,2,\"a\r\nb\r\nc\"\nBread,0,\nJam,1,\n\"Eggs\",-1,x\n"
        XCTAssertThrowsError(try CSVFormat.parse(csv)) { e in
            XCTAssertEqual((e as? ImportError)?.lines.map(\.line), [7, 9], "\(e)")
        }
        let stream = ImportStream(ImportSource(text: csv), format: .csv)
        while stream.next() != nil {}
        XCTAssertEqual(stream.errors.map(\.line), [7, 9])
        XCTAssertEqual(stream.errors.first?.description, "Line 7: Quantity must be more than zero.")
    }

    private let tricky: [Item] = [
        Item(id: ItemID(1), description: "Apples", quantity: 2, unit: "kg", price: Decimal(string: "1.29"), aisle: "Fruit"),
        Item(id: ItemID(2), description: "Milk"),
        Item(id: ItemID(3), description: "7 Up", quantity: 1),
        Item(id: ItemID(4), description: "Pack of cards", quantity: 2),
        Item(id: ItemID(5), description: "Jam [homemade]"),
        Item(id: ItemID(6), description: "Tea @ home", price: 3),
        Item(id: ItemID(7), description: "x marks", quantity: 3),
        Item(id: ItemID(8), description: "Half", quantity: Decimal(string: "0.5")!, unit: "dozen", aisle: "Eggs & more"),
    ]

    func testPlainTextRoundTrip() throws {
        let text = ExportFormat.text.export(tricky)
        let back = try ExportFormat.text.parse(text)
        XCTAssertEqual(back.map(\.fields), tricky.map(\.fields), text)
    }

    func testCSVRoundTripKeepsEveryFieldAndFlag() throws {
        var items = tricky
        items[0].notes = "crisp, \"Braeburn\"\nor Gala"
        items[0].needed = true
        items[1].needed = true
        items[1].inCart = true
        let csv = ExportFormat.csv.export(items)
        let back = try ExportFormat.csv.parse(csv)
        XCTAssertEqual(back.map(\.fields), items.map(\.fields))
        XCTAssertEqual(back.map(\.needed), items.map(\.needed))
        XCTAssertEqual(back.map(\.inCart), items.map(\.inCart))
    }

    func testCSVThroughAStoreAndBack() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        let csv = "description,quantity,unit,unit_cost,aisle,notes,needed,in_cart,total_cost\r\nApples,2,kg,1.29,Fruit,,1,0,\r\nSalt,1,,,,,0,0,\r\nMince,500,g,,,,1,0,5.49\r\n"
        let ids = try m.imports.importItems(try CSVFormat.parse(csv))
        // Written back with the stores column (empty: sold anywhere) and what to buy after the columns it had.
        let written = csv.replacingOccurrences(of: "total_cost\r\n", with: "total_cost,stores,to_buy\r\n")
            .replacingOccurrences(of: ",\r\nSalt", with: ",,,2\r\nSalt").replacingOccurrences(of: ",\r\nMince", with: ",,,1\r\nMince")
            .replacingOccurrences(of: "5.49\r\n", with: "5.49,,500\r\n")
        XCTAssertEqual(CSVFormat.export(ids.map { m.items.item($0)! }), written)
        XCTAssertNotNil(try m.core.undoLast())
        XCTAssertTrue(m.items.table.isEmpty, "an import is one undo step")
    }

    func testMalformedCSV() {
        func lines(_ csv: String) -> [Int] {
            do { _ = try CSVFormat.parse(csv); return [] } catch { return error.lines.map(\.line) }
        }
        XCTAssertEqual(lines("name,price\nMilk,1\n"), [1], "no description column")
        XCTAssertEqual(lines("description,quantity\nMilk,1\nEggs,zero\nBread,-1\n"), [3, 4])
        XCTAssertEqual(lines("description,needed\nMilk,perhaps\n"), [2])
        XCTAssertEqual(lines("description\n\"Milk\n"), [2], "unclosed quote")
        XCTAssertEqual(lines("description,quantity\nMilk,1,extra\n"), [2])
        XCTAssertEqual(lines("description\n\"multi\nline\"\nok\n,\n"), [], "quoted newline, blank record")
        // A line break inside quotes is a line of the file: errors after it name the line a text
        // editor shows (LF and CRLF alike).
        XCTAssertEqual(lines("description,quantity\n\"two\nlines\",1\nEggs,zero\n"), [4], "after a quoted newline")
        XCTAssertEqual(lines("description,quantity\r\n\"a\r\nb\r\nc\",1\r\nEggs,zero\r\n"), [5],
                       "after two quoted CRLFs")
        XCTAssertEqual(lines("description,quantity\n\"two\nlines\",zero\n"), [2],
                       "a record names the line it starts on")
    }
}
