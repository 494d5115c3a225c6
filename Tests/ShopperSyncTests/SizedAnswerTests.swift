import Foundation
import XCTest
@testable import ShopperSync

/// The network's response-size cap, at its edge: an answer of exactly the cap is read whole and
/// one of a byte more is refused, with its size declared (Content-Length) and without it (read
/// until the connection closes, where only the reader's count stops it). Dropping a cap, or
/// moving it by one, fails here (Tests/sync/sized_server.py answers with as many bytes as asked).
final class SizedAnswerTests: XCTestCase {
    private static let shared = Result { try ScriptServer("Tests/sync/sized_server.py") }

    private func base() throws -> String { try Self.shared.get().value("url") }

    private func sync(_ base: String) throws -> HTTPTransport {
        try HTTPTransport(server: XCTUnwrap(URL(string: base)), user: "alice", password: "pw")
    }

    func testASyncAnswerOfTheCapIsReadAndOneByteMoreIsNot() throws {
        let base = try base()
        XCTAssertEqual(HTTPTransport.maxResponse, 16 << 20, "the cap the architecture names")
        let http = try sync(base)
        let cap = HTTPTransport.maxResponse
        for kind in ["bytes", "declared"] {
            let whole = try http.request("GET", XCTUnwrap(URL(string: base + "\(kind)/\(cap)")))
            XCTAssertEqual(whole.body.count, cap, kind)
            let over = try XCTUnwrap(URL(string: base + "\(kind)/\(cap + 1)"))
            XCTAssertThrowsError(try http.request("GET", over)) {
                XCTAssertEqual($0 as? SyncError, .network(.tooLarge(method: "GET", url: over, cap: cap)), kind)
            }
        }
    }

    /// A single task has a cap of its own (`CalDAVCollection.maxTask`), passed with its request.
    func testATaskOfTheCapIsReadAndOneByteMoreIsNot() throws {
        let base = try base()
        let http = try sync(base)
        let cap = CalDAVCollection.maxTask
        for kind in ["bytes", "declared"] {
            let collection = CalDAVCollection(http: http, url: try XCTUnwrap(URL(string: base + kind + "/")))
            XCTAssertEqual(try collection.get("/\(kind)/\(cap)")?.text.utf8.count, cap, kind)
            let over = try XCTUnwrap(URL(string: base + "\(kind)/\(cap + 1)"))
            XCTAssertThrowsError(try collection.get("/\(kind)/\(cap + 1)")) {
                XCTAssertEqual($0 as? SyncError, .network(.tooLarge(method: "GET", url: over, cap: cap)), kind)
            }
        }
    }

    func testARecipePageOfTheCapIsReadAndOneByteMoreIsNot() throws {
        let base = try base()
        let cap = WebPage.maxSize
        XCTAssertEqual(cap, 5 << 20, "the cap the README names")
        for kind in ["bytes", "declared"] {
            XCTAssertEqual(try WebPage.get(base + "\(kind)/\(cap)").body.count, cap, kind)
            let over = try XCTUnwrap(URL(string: base + "\(kind)/\(cap + 1)"))
            XCTAssertThrowsError(try WebPage.get(over.absoluteString)) {
                XCTAssertEqual($0 as? RecipeImportError, .network(.tooLarge(method: "GET", url: over, cap: cap)), kind)
            }
        }
    }
}
