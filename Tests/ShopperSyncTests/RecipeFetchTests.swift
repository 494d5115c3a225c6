import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel

/// A recipe from a web address, from a server on 127.0.0.1 the test starts: read, redirected,
/// too slow (a deadline), too large (a cap), missing; plain http to another machine refused before
/// any request; and the whole way through `shopper-sync` as the window and the command line go.
final class RecipeFetchTests: XCTestCase {
    private func server() throws -> RecipeServer { try RecipeServer.shared.get() }

    private func fails(_ address: String, deadline: Deadline = Deadline(seconds: 20),
                       _ expected: (NetworkError) -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try WebPage.get(address, deadline: deadline), file: file, line: line) { e in
            guard case .network(let failure) = e as? RecipeImportError else {
                return XCTFail("\(address): \(e)", file: file, line: line)
            }
            XCTAssertTrue(expected(failure), "\(address): \(e)", file: file, line: line)
        }
    }

    func testAPageFromTheServerAndThroughARedirect() throws {
        let s = try server()
        let drafts = try RecipeImport.drafts(from: s.url + "page/graph-howtosection.html")
        XCTAssertEqual(drafts.map(\.title), ["Easy Lasagne"])
        XCTAssertEqual(drafts[0].source, s.url + "page/graph-howtosection.html")
        let redirected = try RecipeImport.drafts(from: s.url + "redirect/microdata.html")
        XCTAssertEqual(redirected.map(\.title), ["Grandma's Scones"])
        XCTAssertEqual(redirected[0].source, s.url + "page/microdata.html", "the address the page came from")
        XCTAssertEqual(try RecipeImport.drafts(from: s.url + "page/nextcloud-cookbook.json").map(\.servings), [4])
    }

    func testASlowAnswerEndsAtTheDeadline() throws {
        // The slow page takes two minutes: only the deadline ends it with `tooSlow` (how soon
        // is not timed here; a wall-clock bound fails on a loaded machine).
        let s = try server()
        fails(s.url + "slow", deadline: Deadline(seconds: 3)) { $0 == .tooSlow(host: "127.0.0.1:\(s.port)") }
    }

    func testAnOversizedAnswerIsCut() throws {
        let s = try server()
        let huge = try XCTUnwrap(URL(string: s.url + "huge"))
        let declared = try XCTUnwrap(URL(string: s.url + "huge-declared"))
        fails(huge.absoluteString) { $0 == .tooLarge(method: "GET", url: huge, cap: 5 << 20) }
        // Refused before the body: the server declares 6 MB and never sends it, so only the
        // header can give tooLarge (waiting for the body would end at the deadline, tooSlow).
        fails(declared.absoluteString) { $0 == .tooLarge(method: "GET", url: declared, cap: 5 << 20) }
        XCTAssertTrue(RecipeImportError.tooLarge("x", megabytes: 5).description.contains("larger than 5 MB"))
        let said = RecipeImportError.network(.tooLarge(method: "GET", url: huge, cap: 5 << 20)).description
        XCTAssertEqual(said, "\(s.url)huge is larger than 5 MB, more than any recipe needs; it was not read")
    }

    func testMissingPagesAndRedirectLoopsAreSaid() throws {
        let s = try server()
        fails(s.url + "missing") { $0 == .status(404, reason: "Not Found", host: "127.0.0.1:\(s.port)") }
        fails(s.url + "redirect-loop") { $0 == .tooManyRedirects(host: "127.0.0.1") }
        XCTAssertThrowsError(try RecipeImport.drafts(from: s.url + "page/none.html")) { e in
            XCTAssertEqual(e as? RecipeImportError, .noRecipe(s.url + "page/none.html"))
        }
    }

    /// "localhost." reaches this server, but is not how Shopper names this machine: plain http
    /// to it is refused, and the server never hears of it, directly or by a redirect.
    func testPlainHTTPToAnotherMachineIsRefusedWithoutARequest() throws {
        let s = try server()
        let plain = "http://localhost.:\(s.port)/plain-only"
        fails(plain) { $0 == .insecure(host: "localhost.") }
        fails("http://recipes.example.com/pancakes") { $0 == .insecure(host: "recipes.example.com") }
        fails(s.url + "redirect-plain") { $0 == .redirectedInsecurely(to: "http://localhost.:\(s.port)/plain-redirected") }
        let asked = try s.requests()
        XCTAssertTrue(asked.contains("/redirect-plain"), "\(asked)")
        XCTAssertFalse(asked.contains("/plain-only") || asked.contains("/plain-redirected"), "\(asked)")
        for bad in ["ftp://example.com/r", "https://user:pw@example.com/r", "https:///r", "file:///etc/passwd"] {
            fails(bad) { $0 == .badAddress(bad) }
        }
    }

    /// The whole way: the client starts `shopper-sync`, which fetches and reads, and the drafts
    /// come back as JSON; a slow server ends at SHOPPER_SYNC_DEADLINE, in one message.
    func testThroughTheHelper() throws {
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/shopper-sync").path
        _ = try builtHelper(helper)
        let s = try server()
        XCTAssertEqual(try SyncHelper.recipes(from: s.url + "page/two-recipes.html", helper: helper).map(\.title), ["Pancakes", "Blueberry Sauce"])
        XCTAssertEqual(try SyncHelper.recipes(from: RecipePageTests.fixtures.appendingPathComponent("microdata.html").path, helper: helper).count, 1)
        XCTAssertThrowsError(try SyncHelper.recipes(from: s.url + "page/none.html", helper: helper)) { e in
            XCTAssertTrue("\(e)".hasPrefix("no recipe was found in"), "\(e)")
        }
        setenv("SHOPPER_SYNC_DEADLINE", "2", 1)
        defer { unsetenv("SHOPPER_SYNC_DEADLINE") }
        // Two minutes of page: "too slow" is the deadline's word, not the end of the page.
        XCTAssertThrowsError(try SyncHelper.recipes(from: s.url + "slow", helper: helper)) { e in
            XCTAssertTrue("\(e)".contains("too slow"), "\(e)")
        }
    }
}
