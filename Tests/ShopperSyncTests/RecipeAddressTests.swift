import Foundation
import XCTest
@testable import ShopperSync

/// Where a redirect may send the recipe import, decided on the address as parsed, for every hop:
/// an address is where the resolver takes it (inet_aton reads 127.1, 0x7f.1 and 2130706433 as
/// 127.0.0.1), and a redirect never leads further in than the import began.
final class RecipeAddressTests: XCTestCase {
    static let thisComputer = ["127.0.0.1", "127.1", "0x7f.1", "0X7F.0.0.1", "2130706433", "0177.0.0.1", "017700000001", "127.0.0.1.",
                               "127.255.255.254", "0.0.0.0", "0", "0.1.2.3", "[::]", "::", "[::1]", "[0:0:0:0:0:0:0:1]",
                               "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::127.0.0.1]", "[64:ff9b::7f00:1]", "localhost", "LOCALHOST.",
                               "recipes.localhost", "%31%32%37.0.0.1", "１２７.０.０.１", "127。0。0。1"]
    static let localNetwork = ["10.0.0.1", "10.1", "012.0.0.1", "0xa.0.0.1", "167772161", "172.16.0.1", "172.31.255.255", "192.168.1.1",
                               "192.168.257", "169.254.169.254", "0xa9.0xfe.0xa9.0xfe", "2852039166", "100.64.0.1", "[fe80::1]",
                               "[fe80::1%25eth0]", "[febf::1]", "[fc00::1]", "[fd12:3456::1]", "[::ffff:192.168.0.1]", "[::ffff:a9fe:a9fe]"]
    static let internet = ["172.32.0.1", "172.15.255.255", "192.169.0.1", "169.255.0.1", "8.8.8.8", "100.128.0.1", "example.org",
                           "127.0.0.1.example.com", "10.0.0.1.nip.io", "localhost.example.org", "[2001:db8::1]", "[fec0::1]x",
                           "1.2.3.4.5", "256.1.1.1", "0x100000000", "08.0.0.1", "[::ffff:8.8.8.8]", "4294967296"]

    func testAnAddressIsWhereTheResolverTakesIt() {
        for host in Self.thisComputer { XCTAssertEqual(AddressPlace.of(host: host), .thisComputer, host) }
        for host in Self.localNetwork { XCTAssertEqual(AddressPlace.of(host: host), .localNetwork, host) }
        for host in Self.internet { XCTAssertEqual(AddressPlace.of(host: host), .internet, host) }
    }

    private func follows(_ location: String, from start: String) -> Result<String, NetworkError> {
        let url = URL(string: start)!
        return Result { () throws(NetworkError) in
            try WebPage.next(location, from: url, start: AddressPlace.of(host: url.host ?? "")).absoluteString
        }
    }

    /// From the Internet: never to this computer nor the local network, however written; from the
    /// local network: not to this computer; from this computer: anywhere https (or plain http here).
    func testARedirectNeverLeadsFurtherIn() {
        let page = "https://recipes.example.com/pancakes"
        for to in ["https://127.1/admin", "https://0.0.0.0:631/", "https://[::]/", "https://2130706433/", "//127.1/x", "https://localhost./",
                   "https://10.0.0.1/", "https://169.254.169.254/latest/meta-data/", "https://[fe80::1]/", "https://[fd00::1]/",
                   "https://192.168.1.1/", "http://127.0.0.1:8080/", "http://localhost/"] {
            guard case .failure(.redirectedInward) = follows(to, from: page) else { return XCTFail("\(to) was followed from \(page)") }
        }
        if case .failure(let e) = follows("http://example.org/", from: page) { XCTAssertEqual(e, .redirectedInsecurely(to: "http://example.org/")) }
        XCTAssertEqual(try follows("https://cdn.example.net/pancakes", from: page).get(), "https://cdn.example.net/pancakes")
        XCTAssertEqual(try follows("/other", from: page).get(), "https://recipes.example.com/other")

        let home = "https://192.168.1.5/cookbook"
        XCTAssertEqual(try follows("https://10.0.0.2/r", from: home).get(), "https://10.0.0.2/r")
        XCTAssertEqual(try follows("https://example.org/r", from: home).get(), "https://example.org/r")
        guard case .failure(.redirectedInward) = follows("https://127.0.0.1/r", from: home) else { return XCTFail("home to here") }

        let here = "http://localhost:8080/r"
        XCTAssertEqual(try follows("https://192.168.1.5/r", from: here).get(), "https://192.168.1.5/r")
        XCTAssertEqual(try follows("http://127.0.0.1:9/r", from: here).get(), "http://127.0.0.1:9/r")
        if case .failure(let e) = follows("http://127.1/r", from: here) {
            XCTAssertEqual(e, .redirectedInsecurely(to: "http://127.1/r"), "plain http only to this computer written in full, as before")
        } else { XCTFail("plain http to 127.1") }
    }

    /// Through the helper's fetch: the refused hop is never asked for.
    func testARefusedHopIsNeverRequested() throws {
        let s = try RecipeServer.shared.get()
        let next = "http://127.1:\(s.port)/page/microdata.html"
        XCTAssertThrowsError(try WebPage.get(s.url + "redirect-to?" + next)) { e in
            XCTAssertEqual(e as? RecipeImportError, .network(.redirectedInsecurely(to: next)))
        }
        XCTAssertFalse(try s.requests().contains("/page/microdata.html"))
    }
}
