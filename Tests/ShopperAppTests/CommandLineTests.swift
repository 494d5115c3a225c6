import XCTest
@testable import ShopperApp

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
        XCTAssertEqual(try parse("add", "--", "-ish thing"), .add("-ish thing"))
        XCTAssertEqual(try parse("add", "2", "kg", "Apples"), .add("2 kg Apples"))
        // A negative quantity is not an option: the item parser names what is wrong with it.
        XCTAssertEqual(try parse("add", "-1", "Apples"), .add("-1 Apples"))
    }
}
