@testable import ShopperSync
import XCTest

/// What a sync does with the server's answers to its uploads and deletions, table-tested without a
/// server: each table's rows are the facts, and the decision each must give.
final class PushDecisionTests: XCTestCase {
    /// A PUT's status (with the status inside a 207, and whether it was sent as new) to its meaning.
    func testPutStatusesHaveTheirMeaning() {
        let rows: [(String, Int, Int?, Bool, PushReply)] = [
            ("201 created", 201, nil, true, .done),
            ("204 over an ETag", 204, nil, false, .done),
            ("200", 200, nil, false, .done),
            ("412 over an ETag", 412, nil, false, .changedThere),
            ("412 as new: a task holds the address", 412, nil, true, .changedThere),
            ("409: Radicale's UID at another address", 409, nil, true, .changedThere),
            ("404 over an ETag: deleted there", 404, nil, false, .goneThere),
            ("410 over an ETag: deleted there", 410, nil, false, .goneThere),
            ("404 as new", 404, nil, true, .changedThere),
            ("410 as new", 410, nil, true, .changedThere),
            ("403: the account may not write", 403, nil, false, .forbidden),
            ("207 with 412 inside (Xandikos)", 207, 412, false, .changedThere),
            ("207 with 500 inside", 207, 500, false, .failed(status: 500)),
            ("207 with 201 inside is no success", 207, 201, true, .failed(status: 201)),
            ("207 that cannot be read", 207, nil, false, .failed(status: 500)),
            ("500", 500, nil, false, .failed(status: 500)),
            ("503", 503, nil, true, .failed(status: 503)),
            ("400", 400, nil, false, .failed(status: 400)),
            ("302 not followed", 302, nil, false, .failed(status: 302)),
        ]
        for (what, status, inner, asNew, reply) in rows {
            XCTAssertEqual(PushReply.put(status: status, inner: inner, asNew: asNew), reply, what)
        }
    }

    /// A DELETE's status to its meaning.
    func testDeleteStatusesHaveTheirMeaning() {
        let rows: [(Int, PushReply)] = [
            (200, .done), (204, .done), (404, .goneThere), (410, .goneThere), (412, .changedThere),
            (403, .failed(status: 403)), (409, .failed(status: 409)), (207, .done), (500, .failed(status: 500)),
            (503, .failed(status: 503)), (400, .failed(status: 400)),
        ]
        for (status, reply) in rows {
            XCTAssertEqual(PushReply.delete(status: status), reply, "DELETE answered \(status)")
        }
    }

    /// An upload's next step, from its answer, the tries left and what was found there after a 412.
    func testEachUploadReplyHasItsStep() {
        let done = CalDAVCollection.WriteOutcome.done(etag: "\"e2\"")
        let rows: [(String, UploadFacts, UploadStep)] = [
            ("taken, with a new ETag", UploadFacts(reply: done, attemptsLeft: 4), .keepRecord),
            ("taken, without an ETag", UploadFacts(reply: .done(etag: nil), attemptsLeft: 4), .keepRecord),
            ("taken on the last try", UploadFacts(reply: done, attemptsLeft: 0), .keepRecord),
            ("deleted there while edited here", UploadFacts(reply: .notFound, attemptsLeft: 4), .sendAsNew),
            ("deleted there, no try left", UploadFacts(reply: .notFound, attemptsLeft: 0), .giveUp),
            ("changed there", UploadFacts(reply: .preconditionFailed, attemptsLeft: 3), .readCurrent),
            ("changed there, no try left: not read", UploadFacts(reply: .preconditionFailed, attemptsLeft: 0), .giveUp),
            ("changed there, then gone",
             UploadFacts(reply: .preconditionFailed, attemptsLeft: 2, current: .gone), .sendAsNew),
            ("changed there, read", UploadFacts(reply: .preconditionFailed, attemptsLeft: 1, current: .there), .merge),
            ("merged, still newer here",
             UploadFacts(reply: .preconditionFailed, attemptsLeft: 1, current: .merged(newerHere: true)), .sendMerged),
            ("merged, both sides agree (or the item left the list)",
             UploadFacts(reply: .preconditionFailed, attemptsLeft: 1, current: .merged(newerHere: false)), .settled),
        ]
        for (what, facts, step) in rows {
            XCTAssertEqual(UploadStep.decide(facts), step, what)
        }
    }

    /// A deletion's next step, from where the item is now, its answer, and what was found there.
    func testEachDeletionReplyHasItsStep() {
        let rows: [(String, DeletionFacts, DeletionStep)] = [
            ("deleted here: over the ETag last seen", DeletionFacts(), .send(ifMatch: true)),
            ("moved to another list: whatever is there", DeletionFacts(movedAway: true), .send(ifMatch: false)),
            ("a retry over the new ETag", DeletionFacts(retried: true), .send(ifMatch: true)),
            ("deleted there", DeletionFacts(reply: .done(etag: nil)), .forget),
            ("already gone there", DeletionFacts(reply: .notFound), .forget),
            ("already gone there on the retry", DeletionFacts(reply: .notFound, retried: true), .forget),
            ("changed there", DeletionFacts(reply: .preconditionFailed), .readCurrent),
            ("changed there, moved away", DeletionFacts(movedAway: true, reply: .preconditionFailed), .readCurrent),
            ("changed there again after a retry", DeletionFacts(reply: .preconditionFailed, retried: true), .giveUp),
            ("changed there, then gone or unreadable",
             DeletionFacts(reply: .preconditionFailed, current: .gone), .dropRecord),
            ("only rewritten there (a field dropped, refolded)",
             DeletionFacts(reply: .preconditionFailed, current: .rewritten), .deleteAgain),
            ("edited there after it was deleted here",
             DeletionFacts(reply: .preconditionFailed, current: .there), .merge),
        ]
        for (what, facts, step) in rows {
            XCTAssertEqual(DeletionStep.decide(facts), step, what)
        }
    }
}
