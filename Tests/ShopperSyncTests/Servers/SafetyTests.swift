import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// What the sync refuses to do with an account: send a password in the clear, trust a certificate
/// it cannot check, follow a redirect to another host with the credentials, or take a wrong password
/// quietly.
final class SafetyTests: XCTestCase {
    func testPlainHTTPOnlyToThisMachine() throws {
        for address in ["http://dav.example.org/", "http://192.168.1.4:5232/"] {
            XCTAssertThrowsError(try Sharing.serverURL(address), address) { error in
                guard case .network(.insecure) = error as? SyncError else { return XCTFail("\(error)") }
            }
        }
        for address in ["https://dav.example.org/", "dav.example.org", "http://127.0.0.1:5232/", "http://localhost:8080/dav/", "http://[::1]:5232/"] {
            XCTAssertNoThrow(try Sharing.serverURL(address), address)
        }
        XCTAssertEqual(try Sharing.serverURL("dav.example.org").absoluteString, "https://dav.example.org/")
        XCTAssertThrowsError(try Sharing.serverURL("ftp://dav.example.org/"))
    }

    /// Plain http:// only to this machine, told by the host as parsed: a prefix let
    /// http://127.0.0.1.example.com/ have the password in the clear.
    func testThisMachineIsToldByItsAddressNotAPrefix() throws {
        let table: [(String, Bool)] = [
            ("http://localhost:5232/", true), ("http://127.0.0.1/", true), ("http://127.255.1.2:80/dav/", true),
            ("http://[::1]:5232/", true), ("http://LOCALHOST/", true),
            ("http://127.0.0.1.example.com/", false), ("http://127.1/", false), ("http://0x7f.0.0.1/", false),
            ("http://0177.0.0.1/", false), ("http://127.000.0.1/", false), ("http://127.0.0.256/", false),
            ("http://[::ffff:127.0.0.1]/", false), ("http://localhost./", false), ("http://localhost.example.org/", false),
            ("http://127.0.0.1@evil.example/", false), ("http://evil.example#@127.0.0.1/", false),
            ("http://evil.example?@127.0.0.1/", false), ("http://user:pw@127.0.0.1:5232/", true), ("http://128.0.0.1/", false),
        ]
        for (address, allowed) in table {
            if allowed {
                XCTAssertNoThrow(try Sharing.serverURL(address), address)
            } else {
                XCTAssertThrowsError(try Sharing.serverURL(address), address)
            }
        }
    }

    func testWrongPasswordIsSaid() throws {
        let server = try CalDAVServers.server("radicale")
        XCTAssertThrowsError(try Sharing.collections(server: server.url, user: server.user, password: "not-it")) { error in
            XCTAssertEqual(error as? SyncError, .wrongPassword)
            XCTAssertTrue("\(error)".contains("password"))
        }
    }

    func testSelfSignedCertificateIsRefused() throws {
        try FakeServer.with("tls") { url, _ in
            XCTAssertThrowsError(try Sharing.collections(server: url, user: "alice", password: "secret")) { error in
                guard case .network(.certificate(let host, _)) = error as? SyncError else { return XCTFail("\(error)") }
                XCTAssertEqual(host, "127.0.0.1")
            }
        }
    }

    /// "localhost:5232" typed without a scheme means https://: a server that speaks plain HTTP
    /// there is said to be one, with the address to use on this computer (not "the certificate
    /// was refused", in GnuTLS's English).
    func testAPlainHTTPServerAddressedWithoutASchemeIsNamedSo() throws {
        let server = try CalDAVServers.server("radicale")
        let plain = try XCTUnwrap(URL(string: server.url))
        let typed = "\(plain.host!):\(plain.port!)"
        XCTAssertThrowsError(try Sharing.collections(server: typed, user: server.user, password: server.password)) { error in
            XCTAssertEqual(error as? SyncError, .network(.notHTTPS(host: plain.host!, plain: "http://\(typed)")))
            XCTAssertTrue("\(error)".contains("does not speak HTTPS; on this computer use http://\(typed)"), "\(error)")
        }
    }

    func testRedirectToAnotherHostGetsNoPassword() throws {
        try FakeServer.with("redirect") { url, log in
            XCTAssertThrowsError(try Sharing.collections(server: url, user: "alice", password: "secret")) { error in
                guard case .network(.redirectedElsewhere) = error as? SyncError else { return XCTFail("\(error)") }
            }
            // Shopper stops at the redirect: the other host is not even asked, let alone told the password.
            XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "", "requests the other host got")
        }
    }

    func testTheKeyringKeepsThePassword() throws {
        _ = try CalDAVServers.shared.get()  // the keyring runs in this D-Bus session
        try Keyring.store(server: "https://keyring.test/", user: "bob", password: "pa ss")
        XCTAssertEqual(try Keyring.password(server: "https://keyring.test/", user: "bob"), "pa ss")
        Keyring.forget(server: "https://keyring.test/", user: "bob")
        XCTAssertThrowsError(try Keyring.password(server: "https://keyring.test/", user: "bob")) { XCTAssertEqual($0 as? SyncError, .noPassword) }
    }

    /// The password is nowhere in the data folder after sharing and syncing.
    func testThePasswordIsNotInTheStore() throws {
        let server = try CalDAVServers.server("radicale")
        let a = try Device()
        try a.add("Milk")
        try a.share(server, collection: .new(name: "Safety " + UUID().uuidString.prefix(6)))
        try a.sync()
        for file in try FileManager.default.contentsOfDirectory(atPath: a.folder) {
            let data = try Data(contentsOf: URL(fileURLWithPath: a.folder + "/" + file))
            XCTAssertNil(data.range(of: Data(server.password.utf8)), file)
        }
    }
}

/// Tests/sync/fake_servers.py, for one test.
enum FakeServer {
    static func with(_ mode: String, _ body: (String, String) throws -> Void) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [CalDAVServers.repository.appendingPathComponent("Tests/sync/fake_servers.py").path, mode]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        defer { try? input.fileHandleForWriting.close(); p.waitUntilExit() }
        var line = Data()
        while true {
            let d = output.fileHandleForReading.readData(ofLength: 1)
            if d.isEmpty || d.first == UInt8(ascii: "\n") { break }
            line.append(d)
        }
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: line) as? [String: String])
        try body(try XCTUnwrap(json["url"]), try XCTUnwrap(json["log"]))
    }
}
