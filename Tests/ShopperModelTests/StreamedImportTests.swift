import Foundation
import XCTest
@testable import ShopperModel

/// `shopper import`'s streamed write (`StreamedImport`): what it leaves in the store is what the
/// in-memory import leaves, rows across many batches; a bad line anywhere leaves the store as it
/// was; and what one row or one file can make is bounded.
final class StreamedImportTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// Random files (seeded, the seed printed) over a list that already has items, some sharing a
    /// name: imported in memory (`importItems`) into one store and streamed into another, the two
    /// stores hold the same items, marks, stores and aisle order.
    func testAStreamedImportLeavesWhatTheInMemoryImportLeaves() throws {
        var rng = SeededRandom.fromEnvironment()
        let seed = rng.seed
        print("StreamedImportTests seed \(seed) (replay with SHOPPER_TEST_SEED=\(seed))")
        for round in 0..<3 {
            let existing = (0..<Int.random(in: 0...150, using: &rng)).map { _ in RandomRows.existing(&rng) }
            let csv = RandomRows.csv(rows: Int.random(in: 1...5_000, using: &rng), existing: existing, &rng)
            let (memory, streamed) = (temporaryFolder(self) + "/" + Store.fileName, temporaryFolder(self) + "/" + Store.fileName)
            for path in [memory, streamed] {
                let m = try ShoppingModel(store: Store(path: path))
                for (fields, needed) in existing { try m.items.add(fields, needed: needed, now: now) }
            }
            let m = try ShoppingModel(store: Store(path: memory))
            let rows = try CSVFormat.parse(csv)
            try m.imports.importItems(rows, known: m.imports.knownItems(for: rows, in: m.imports.itemsByMatchKey()), now: now)
            let outcome = try StreamedImport.run([ImportStream(ImportSource(text: csv), format: .csv)], into: Store(path: streamed),
                                                 list: .first, now: now)
            let context = "seed \(seed) round \(round) (replay with SHOPPER_TEST_SEED=\(seed))"
            XCTAssertEqual(try Self.snapshot(streamed), try Self.snapshot(memory), context)
            XCTAssertEqual(outcome.added + existing.count, try Store(path: streamed).load().items.count, context)
        }
    }

    /// A bad line near the end of a file of several batches: nothing of the batches written before
    /// it stays, and the lines are named (five of them, the rest counted).
    func testABadLineAfterManyBatchesLeavesTheStoreAsItWas() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        try m.items.add(fields("Milk", qty: 2, aisle: "Dairy"))
        let before = try Self.snapshot(path)
        var lines = ["description,quantity,aisle,stores"] + (1...6_000).map { "Item \($0),\($0 % 9 + 1),Aisle \($0 % 40),Shop \($0 % 7)" }
        for bad in stride(from: 5_000, through: 5_019, by: 1) { lines[bad] = "Broken \(bad),0" }
        XCTAssertThrowsError(try StreamedImport.run([ImportStream(ImportSource(text: lines.joined(separator: "\n")), format: .csv, keptErrors: 5)],
                                                    into: Store(path: path), list: .first)) { e in
            guard case .lines(let source, let error) = e as? StreamedImport.Failure else { return XCTFail("\(e)") }
            XCTAssertEqual(source, 0)
            XCTAssertEqual(error.lines.map(\.line), [5_001, 5_002, 5_003, 5_004, 5_005], "the header is line 1")
            XCTAssertEqual(error.more, 15)
            XCTAssertTrue(error.localizedDescription.hasSuffix("And 15 more lines."), error.localizedDescription)
        }
        XCTAssertEqual(try Self.snapshot(path), before, "every batch rolled back: no item, aisle or store of the file")
    }

    /// One row's stores cell held 100,000 names, and made 100,000 stores: a row names at most as
    /// many as a synced task brings, each as short as an aisle's name.
    func testARowNamingMoreStoresThanATaskMayBringIsRefused() throws {
        let many = (1...100_000).map { "Shop \($0)" }.joined(separator: "; ")
        XCTAssertThrowsError(try CSVFormat.parse("description,stores\nTea,\"\(many)\"\n")) { e in
            XCTAssertEqual((e as? ImportError)?.lines, [ImportLineError(line: 2, message: "A field is longer than 16384 characters.")])
        }
        let thousand = (1...1_000).map { "S\($0)" }.joined(separator: ";")
        XCTAssertThrowsError(try CSVFormat.parse("description,stores\nTea,\(thousand)\n")) { e in
            XCTAssertEqual((e as? ImportError)?.lines, [ImportLineError(line: 2, message: "Names 1000 stores; an item can be sold only at up to 20.")])
        }
        let twenty = (1...20).map { "Shop \($0)" }.joined(separator: ";")
        XCTAssertEqual(try CSVFormat.parse("description,stores\nTea,\(twenty)\n").first?.stores.count, 20)
        XCTAssertThrowsError(try CSVFormat.parse("description,stores\nTea,\(String(repeating: "x", count: 41))\n"))
    }

    /// A file whose rows each name a store no one has: one import makes at most `maxNewStores`,
    /// and the row past them is named; nothing is made.
    func testAnImportMakesAtMostAThousandStores() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        _ = try ShoppingModel(store: Store(path: path))
        let csv = (["description,stores"] + (1...1_200).map { "Item \($0),Shop \($0)" }).joined(separator: "\n")
        XCTAssertThrowsError(try StreamedImport.run([ImportStream(ImportSource(text: csv), format: .csv)], into: Store(path: path), list: .first)) { e in
            guard case .lines(_, let error) = e as? StreamedImport.Failure else { return XCTFail("\(e)") }
            XCTAssertEqual(error.lines, [ImportLineError(line: 1_002, message: "Names a new store beyond the 1000 new stores one import may make.")])
        }
        XCTAssertEqual(try Store(path: path).load().shops, [], "no store made")
    }

    /// What a record or line may cost, whatever the file: a quoted field never closed, an endless
    /// field, a record of a hundred thousand commas, bytes that are not UTF-8.
    func testEveryRecordIsBoundedWhateverTheFile() throws {
        let endless = String(repeating: "x", count: 1_000_000)
        func errors(_ text: String, _ format: ExportFormat = .csv) -> [ImportLineError] {
            let stream = ImportStream(ImportSource(text: text), format: format)
            while stream.next() != nil {}
            return stream.errors
        }
        XCTAssertEqual(errors("description\n\"\(endless)\nTea\n"), [ImportLineError(line: 2, message: "A quoted field is never closed.")])
        XCTAssertEqual(errors("description\n\(endless)\nTea\n"), [ImportLineError(line: 2, message: "A field is longer than 16384 characters.")])
        XCTAssertEqual(errors("description,quantity\n\(String(repeating: ",", count: 100_000))x\n"),
                       [ImportLineError(line: 2, message: "Has 100001 fields; the header names 2.")])
        XCTAssertEqual(errors("Tea\n\(endless)\n", .text), [ImportLineError(line: 2, message: "This line is longer than 16384 characters.")])
        var units = ImportUnits(ImportSource(text: "a\n\"\(endless)"), csv: true)
        XCTAssertEqual(try units.next()?.fields, ["a"])
        XCTAssertThrowsError(try units.next())
        let file = temporaryFolder(self) + "/latin1.csv"
        try Data("description\nTea\nCaf\u{E9}\n".utf8.map { $0 } + [0x43, 0x61, 0x66, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: file))
        let stream = ImportStream(try ImportSource(path: file), format: .csv)
        while stream.next() != nil {}
        XCTAssertEqual(stream.errors, [ImportLineError(line: 4, message: "This line is not UTF-8 text: save the file as UTF-8 and import it again.")])
    }

    /// Read from a file a chunk at a time, characters of two to four bytes split across chunks and
    /// every kind of line break read as the same text in memory reads.
    func testAFileReadInChunksReadsAsTheSameTextInMemory() throws {
        let words = ["Crème brûlée", "Äpfel", "Tee 🍵", "שוקו", "a,\"b\"", "line\r\nbreak", "x"]
        var text = "description,notes\r\n"
        var i = 0
        while text.utf8.count < 3 * ImportSource.chunkSize {
            let w = words[i % words.count]
            text += CSVFormat.quote(w + " \(i)") + "," + CSVFormat.quote(words[(i * 7) % words.count]) + (i % 3 == 0 ? "\r" : "\n")
            i += 1
        }
        let file = temporaryFolder(self) + "/chunks.csv"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try ImportReader(path: file, format: .csv).readAll(), try ImportReader(text: text, format: .csv).readAll())
        XCTAssertEqual(try ImportReader(path: file, format: .csv).readAll().count, i)
        XCTAssertThrowsError(try ImportSource(path: temporaryFolder(self)), "a folder is not a file to import")
    }

    /// The store as a test compares it: every item of the first list whole, in order of id, with its
    /// stores; the aisle order; the household's stores.
    static func snapshot(_ path: String) throws -> String {
        let store = try Store(path: path, access: .readOnly)
        let c = try store.load()
        let marks = try store.shopTables.shopNames(of: c.items.map(\.id))
        let items = c.items.sorted { $0.id < $1.id }.map { i in
            "\(i.id.raw) \(i.description)|\(i.quantity)|\(i.unit ?? "-")|\(i.price.map { "\($0)" } ?? "-")|\(i.priceBasis)|\(i.aisle ?? "-")|"
                + "\(i.notes)|\(i.needed)|\(i.inCart)|\(i.position)|\(i.createdAt.timeIntervalSince1970)|\(i.updatedAt.timeIntervalSince1970)|"
                + (marks[i.id] ?? []).joined(separator: ";")
        }
        return (items + ["aisles: " + c.aisles.joined(separator: ","), "shops: " + c.shops.map { "\($0.id.raw) \($0.name) \($0.position)" }.joined(separator: ",")])
            .joined(separator: "\n")
    }
}

/// Rows for the import's property test: names drawn from a small pool in several spellings (so rows
/// name known items and each other), amounts, aisles and stores of every kind the format has.
enum RandomRows {
    static let names = (0..<300).map { "Thing \($0)" } + ["Crème fraîche", "Äpfel", "Tea"]
    static let aisles = ["Dairy", "dairy", "Fruit & Veg", "Bakery", "Aisle 7", "Ünusual"]
    static let stores = ["Lidl", "lidl", "Aldi Süd", "Corner Shop", "Market"]

    static func spelling(_ name: String, _ rng: inout SeededRandom) -> String {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: name.uppercased()
        case 1: name.lowercased()
        default: name
        }
    }

    static func existing(_ rng: inout SeededRandom) -> (ItemFields, Bool) {
        (ItemFields(description: spelling(names.randomElement(using: &rng)!, &rng), quantity: Decimal(Int.random(in: 1...9, using: &rng)),
                    aisle: Bool.random(using: &rng) ? aisles.randomElement(using: &rng) : nil, notes: Bool.random(using: &rng) ? "kept" : ""),
         Bool.random(using: &rng))
    }

    /// A CSV file. A description new to the list named again keeps the first row's aisle and stores
    /// (or names none): where the rows disagree, the streamed import makes their aisles and stores
    /// in the order the rows name them, the in-memory one only the last row's.
    static func csv(rows: Int, existing: [(ItemFields, Bool)], _ rng: inout SeededRandom) -> String {
        let known = Set(existing.map { ShoppingModel.matchKey($0.0.description) })
        var firstNew: [String: (aisle: String, stores: String)] = [:]
        var out = ["description,quantity,unit,unit_cost,aisle,notes,needed,in_cart,total_cost,stores"]
        for _ in 0..<rows {
            let name = spelling(names.randomElement(using: &rng)!, &rng)
            let key = ShoppingModel.matchKey(name)
            var aisle = Int.random(in: 0..<3, using: &rng) == 0 ? "" : aisles.randomElement(using: &rng)!
            var shops = Int.random(in: 0..<3, using: &rng) == 0 ? stores.shuffled(using: &rng).prefix(Int.random(in: 1...3, using: &rng)).joined(separator: "; ") : ""
            if !known.contains(key) {
                if let first = firstNew[key] {
                    if !aisle.isEmpty { aisle = first.aisle }
                    if !shops.isEmpty { shops = first.stores }
                } else {
                    firstNew[key] = (aisle, shops)
                }
            }
            let price = "\(Int.random(in: 0...500, using: &rng)).\(Int.random(in: 10...99, using: &rng))"
            let forAll = Int.random(in: 0..<4, using: &rng) == 0
            let fields = [name, "\(Int.random(in: 1...50, using: &rng))", ["", "kg", "g", "pack"].randomElement(using: &rng)!,
                          forAll ? "" : (Bool.random(using: &rng) ? price : ""), aisle, Bool.random(using: &rng) ? "" : "note \(Int.random(in: 0...9, using: &rng))",
                          Bool.random(using: &rng) ? "1" : "0", Int.random(in: 0..<5, using: &rng) == 0 ? "1" : "0", forAll ? price : "", shops]
            out.append(fields.map(CSVFormat.quote).joined(separator: ","))
        }
        return out.joined(separator: "\r\n") + "\r\n"
    }
}
