@testable import ShopperSync
import XCTest

/// What a sync does with the server's answers to its reads, table-tested without a server: each
/// table's rows are a status (and what was sent), and the meaning each must have.
final class PullDecisionTests: XCTestCase {
    /// A sync-collection REPORT, from a token or from nothing.
    func testSyncCollectionStatusesHaveTheirMeaning() {
        let rows: [(Int, Bool, PullReply)] = [
            (207, true, .read), (207, false, .read),
            (404, true, .collectionGone), (410, false, .collectionGone),
            (400, true, .tokenRefused), (403, true, .tokenRefused), (405, false, .tokenRefused),
            (409, true, .tokenRefused), (412, true, .tokenRefused), (415, false, .tokenRefused),
            (501, false, .tokenRefused), (501, true, .tokenRefused),
            (500, true, .tokenRefused), (503, true, .tokenRefused),
            (500, false, .failed(status: 500)), (503, false, .failed(status: 503)),
            (200, true, .failed(status: 200)), (302, false, .failed(status: 302)), (499, true, .failed(status: 499)),
        ]
        for (status, sentToken, reply) in rows {
            XCTAssertEqual(PullReply.changes(status: status, sentToken: sentToken), reply,
                           "\(status) \(sentToken ? "from a token" : "from nothing")")
        }
    }

    /// A calendar-query REPORT listing every ETag.
    func testListingStatusesHaveTheirMeaning() {
        let rows: [(Int, PullReply)] = [
            (207, .read), (404, .collectionGone), (410, .collectionGone), (200, .failed(status: 200)),
            (403, .failed(status: 403)), (500, .failed(status: 500)), (503, .failed(status: 503)),
        ]
        for (status, reply) in rows {
            XCTAssertEqual(PullReply.listing(status: status), reply, "\(status)")
        }
    }

    /// One task's GET (after a 412).
    func testTaskStatusesHaveTheirMeaning() {
        let rows: [(Int, PullReply)] = [
            (200, .read), (203, .read), (404, .taskGone), (410, .taskGone), (207, .read),
            (403, .failed(status: 403)), (304, .failed(status: 304)), (500, .failed(status: 500)),
        ]
        for (status, reply) in rows {
            XCTAssertEqual(PullReply.task(status: status), reply, "\(status)")
        }
    }
}
