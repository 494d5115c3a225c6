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
}
