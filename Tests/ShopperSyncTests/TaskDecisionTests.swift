@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// What a sync does with one task from the server, table-tested without a server: every way the
/// facts here can combine, and the outcome each must give.
final class TaskDecisionTests: XCTestCase {
    func testEachCombinationOfFactsHasItsOutcome() {
        let own = ItemID(7), same = ItemID(9)
        let rows: [(String, TaskFacts, TaskOutcome)] = [
            ("recorded, on this list", TaskFacts(recorded: true, recordedItemHere: true), .merge),
            ("recorded, on this list, unchanged there", TaskFacts(recorded: true, recordedItemHere: true, unchangedThere: true), .merge),
            ("recorded, deleted here, unchanged there", TaskFacts(recorded: true, unchangedThere: true), .stillDeletingHere),
            ("recorded, deleted here, edited there: it comes back", TaskFacts(recorded: true), .create),
            ("recorded: a UID of ours does not matter", TaskFacts(recorded: true, ownUpload: own), .create),
            ("recorded: a same description does not matter", TaskFacts(recorded: true, recordedItemHere: true, sameDescription: same), .merge),
            ("our own upload, its record lost", TaskFacts(ownUpload: own), .reclaimOwnUpload(own)),
            ("our own upload before a same description", TaskFacts(ownUpload: own, sameDescription: same), .reclaimOwnUpload(own)),
            ("a same description here, no task for it yet", TaskFacts(sameDescription: same), .adoptSameDescription(same)),
            ("new there", TaskFacts(), .create),
        ]
        for (what, facts, outcome) in rows {
            XCTAssertEqual(TaskOutcome.decide(facts), outcome, what)
        }
    }
}
