import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// What the command line takes an argument for: options are never added as items.
final class CommandLineTests: XCTestCase {
    private func parse(_ args: String...) throws -> Command { try Command.parse(["shopper"] + args) }

    func testAddHelpShowsHelpInsteadOfAddingAnItem() throws {
        XCTAssertEqual(try parse("add", "--help"), .help)
        XCTAssertEqual(try parse("add", "-h"), .help)
    }

    func testAnUnknownOptionOfAddIsRefusedAndADashItemGoesAfterDoubleDash() throws {
        XCTAssertThrowsError(try parse("add", "--quantity", "2", "Apples")) { e in
            XCTAssertTrue((e as? Command.UsageError)?.message.contains("unknown option “--quantity” for add") ?? false, "\(e)")
        }
        XCTAssertEqual(try parse("add", "--", "-ish thing"), .add("-ish thing", to: nil))
        XCTAssertEqual(try parse("add", "2", "kg", "Apples"), .add("2 kg Apples", to: nil))
        // A negative quantity is not an option: the item parser names what is wrong with it.
        XCTAssertEqual(try parse("add", "-1", "Apples"), .add("-1 Apples", to: nil))
    }

    func testListOptionsAreParsed() throws {
        XCTAssertEqual(try parse("add", "--to", "Party", "3", "Balloons"), .add("3 Balloons", to: "Party"))
        XCTAssertEqual(try parse("export", "--from", "Party", "--format", "text"), .export(format: .text, list: .all, from: "Party"))
        XCTAssertEqual(try parse("lists"), .lists)
        XCTAssertThrowsError(try parse("add", "--to"))
        XCTAssertThrowsError(try parse("import")) { e in
            XCTAssertTrue("\(e)".contains("import needs a file"), "\(e)")
        }
    }

    /// The commands on a real store: each list by name (any case), an unknown name one clear error
    /// that changes nothing, and the lists with their counts.
    @MainActor
    func testCommandsActOnTheListNamedAndAnUnknownNameChangesNothing() throws {
        let folder = NSTemporaryDirectory() + "/shopper-cli-\(UUID().uuidString)"
        let paths = AppPaths(dataFolder: folder, resources: "")
        let model = try ShoppingModel(store: Store(path: paths.storeFile))
        try model.lists.createList(named: "Party")
        _ = try CommandRunner.add("Milk", to: nil, paths: paths)
        _ = try CommandRunner.add("3 Balloons [Deco]", to: "party", paths: paths)
        let file = folder + "/more.txt"
        try "Candles\n3 Balloons\n".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try CommandRunner.importFiles([file], to: "Party", paths: paths), "1 item added and 1 updated in Party.")
        // Candles, new, go where the table of groceries puts them (NewItemAisleTests).
        XCTAssertEqual(try CommandRunner.export(format: .text, list: .all, from: "Party", paths: paths), "3 Balloons [Deco]\nCandles [Household]\n")
        XCTAssertEqual(try CommandRunner.lists(paths: paths), "Groceries\t1\t1\nParty\t2\t2\n")
        XCTAssertThrowsError(try CommandRunner.add("Cake", to: "Birthday", paths: paths)) { e in
            XCTAssertEqual(e.localizedDescription, "there is no list named “Birthday” (the lists are: Groceries, Party); nothing was changed")
        }
        XCTAssertThrowsError(try CommandRunner.importFiles([file], to: "Birthday", paths: paths))
        XCTAssertEqual(try CommandRunner.lists(paths: paths), "Groceries\t1\t1\nParty\t2\t2\n")
    }

    /// `shopper add "2 onions"`: a new item typed at the command line lands in its aisle, and says so.
    @MainActor
    func testATypedItemLandsInItsAisle() throws {
        let folder = NSTemporaryDirectory() + "/shopper-cli-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = AppPaths(dataFolder: folder, resources: "")
        XCTAssertEqual(try CommandRunner.add("2 onions", to: nil, paths: paths), "Added “onions” to Fruit & Veg.")
        XCTAssertEqual(try CommandRunner.add("Shampoo", to: nil, paths: paths), "Added “Shampoo” to Personal Care.")
        XCTAssertEqual(try CommandRunner.export(format: .text, list: .all, from: nil, paths: paths),
                       "2 onions [Fruit & Veg]\nShampoo [Personal Care]\n")
    }
}
