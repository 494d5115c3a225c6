import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// X-SHOPPER-BY: who last changed a task, carried beside the item and never part of it.
final class TaskByTests: XCTestCase {
    private let milk = SharedItem(ItemFields(description: "Milk", quantity: 2, aisle: "Dairy"))
    private let earlier = Date(timeIntervalSince1970: 1_800_000_000)
    private let later = Date(timeIntervalSince1970: 1_800_000_600)

    /// Names as written and read back: one line, 80 characters, a comma or bar kept through the
    /// encoding servers need (Radicale cuts an X- value at its first comma).
    func testNamesAreWrittenAndReadBack() {
        let cases: [(String?, String?, UInt)] = [
            ("Ana", "Ana", #line),
            ("Ana, Ben | home", "Ana, Ben | home", #line),
            ("  Ana\nfrom\tthe phone  ", "Ana from the phone", #line),
            ("Ana 👩‍🍳", "Ana 👩‍🍳", #line),
            (String(repeating: "n", count: 300), String(repeating: "n", count: 80), #line),
            ("   ", nil, #line),
            (nil, nil, #line),
        ]
        for (written, read, line) in cases {
            let task = TaskMapping.task(for: milk, uid: "u", by: written)
            XCTAssertFalse(task[.by]?.contains(",") ?? false, "no bare comma", line: line)
            XCTAssertEqual(TaskMapping.by(of: task), read, line: line)
            XCTAssertEqual(TaskMapping.item(from: task), milk, "no field of the item", line: line)
        }
        // Whatever another writer put there is read within the same bounds.
        var odd = TaskMapping.task(for: milk, uid: "u")
        odd[.by] = "%ZZ\u{7}Bell"
        XCTAssertEqual(TaskMapping.by(of: odd), "%ZZ Bell")
    }

    /// The same item written again by another desktop leaves the task as it was (its name, its
    /// LAST-MODIFIED); a change goes up with the name of whoever made it.
    func testTheNameTravelsWithAChangeOnly() throws {
        let task = ICalTask(newUID: "u")
        task.patch(TaskMapping.task(for: milk, uid: "u", by: "Ana"), now: earlier)
        let written = task.text
        task.patch(TaskMapping.task(for: milk, uid: "u", by: "Ben"), now: later)
        XCTAssertEqual(task.text, written, "no change: nothing rewritten")
        XCTAssertEqual(TaskMapping.by(of: task.fields), "Ana")
        var more = milk
        more.quantity = 3
        task.patch(TaskMapping.task(for: more, uid: "u", by: "Ben"), now: later)
        XCTAssertEqual(TaskMapping.by(of: try ICalTask(text: task.text).fields), "Ben")
        XCTAssertEqual(task.fields.lastModified, later)
    }
}
