import Foundation
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// Which hrefs from a server name a task of the task list: a table of tricky ones. Anything else is
/// never requested or written to (`../`, `/` and another host's made Shopper PUT outside it).
final class CollectionMemberTests: XCTestCase {
    func testOnlyHrefsDirectlyInsideTheTaskListAreMembers() throws {
        let base = try XCTUnwrap(URL(string: "https://dav.example.org/dav/alice%40example.org/groceries/"))
        let http = try HTTPTransport(server: base, user: "alice", password: "pw")
        let collection = CalDAVCollection(http: http, url: base)
        let table: [(String, Bool)] = [
            ("/dav/alice%40example.org/groceries/milk.ics", true),
            ("/dav/alice@example.org/groceries/milk.ics", true),  // the same path, written otherwise
            ("https://dav.example.org:443/dav/alice%40example.org/groceries/milk.ics", true),  // the default port
            ("milk.ics", true), ("Tea%20bags.ics", true), ("/dav/alice%40example.org/groceries/a%3Ab.ics", true),
            ("/dav/alice%40example.org/groceries/", false),  // the task list itself
            ("../evil.ics", false), ("/", false), ("/dav/alice%40example.org/groceries/../../x.ics", false),
            ("/dav/alice%40example.org/groceries/%2e%2e", false), ("/dav/alice%40example.org/groceries/a%2Fb.ics", false),
            ("/dav/alice%40example.org/groceries/sub/milk.ics", false), ("//evil.example/x.ics", false),
            ("https://evil.example/dav/alice%40example.org/groceries/milk.ics", false),
            ("https://dav.example.org:8443/dav/alice%40example.org/groceries/milk.ics", false),
            ("http://dav.example.org/dav/alice%40example.org/groceries/milk.ics", false),
            ("/dav/alice%40example.org/groceries/milk.ics?x=1", false), ("/dav/alice%40example.org/groceries/milk.ics#f", false),
            ("https://bob@dav.example.org/dav/alice%40example.org/groceries/milk.ics", false),
            ("/dav/alice%40example.org/groceries/milk\r\n.ics", false),
        ]
        for (href, inside) in table {
            XCTAssertEqual(collection.member(href) != nil, inside, href)
        }
    }
}
