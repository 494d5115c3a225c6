@testable import ShopperSync
import XCTest

/// What a sync does with a task gone from the server, table-tested without a server: every way the
/// facts here can combine, and the outcome each must give (`MergePass.remove` carries it out).
final class RemovalDecisionTests: XCTestCase {
    func testEachCombinationOfFactsHasItsOutcome() {
        let rows: [(String, RemovalFacts, RemovalOutcome)] = [
            ("no record of the address", RemovalFacts(), .ignore),
            ("no record, in a bulk loss", RemovalFacts(bulkLoss: true), .ignore),
            ("recorded, item deleted here or moved to another list", RemovalFacts(recorded: true), .forgetRecord),
            ("recorded, item gone here, in a bulk loss", RemovalFacts(recorded: true, bulkLoss: true), .forgetRecord),
            ("recorded, item here, unchanged here", RemovalFacts(recorded: true, itemHere: true), .deleteHere),
            ("recorded, item here, edited here since",
             RemovalFacts(recorded: true, itemHere: true, editedHere: true), .sendAgain),
            ("recorded, item here, unchanged, bulk loss",
             RemovalFacts(recorded: true, itemHere: true, bulkLoss: true), .keepFromBulkDeletion),
            ("recorded, item here, edited, bulk loss: counted as kept",
             RemovalFacts(recorded: true, itemHere: true, editedHere: true, bulkLoss: true), .keepFromBulkDeletion),
        ]
        for (what, facts, outcome) in rows {
            XCTAssertEqual(RemovalOutcome.decide(facts), outcome, what)
        }
    }

    /// Removals all at once that are a bulk loss (kept, not taken at their word): at least 5, and
    /// more than half of the tasks known, at each edge.
    func testABulkLossIsMoreThanHalfAndAtLeastFive() {
        let rows: [(removed: Int, known: Int, bulk: Bool)] = [
            (0, 0, false), (1, 1, false), (4, 4, false), (4, 5, false),
            (5, 5, true), (5, 9, true), (5, 10, false), (6, 10, true), (6, 11, true), (6, 12, false),
            (50, 99, true), (50, 100, false), (51, 100, true), (5, 1_000, false),
        ]
        for row in rows {
            XCTAssertEqual(RemovalFacts.bulkLoss(removed: row.removed, known: row.known), row.bulk,
                           "\(row.removed) of \(row.known) gone at once")
        }
    }
}
