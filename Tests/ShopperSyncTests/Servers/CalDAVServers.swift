import Foundation
import XCTest

/// The real servers the sync tests run against: Radicale and Xandikos from Debian, started once
/// per test run by Tests/sync/caldav_servers.py on free loopback ports in temporary folders, with a
/// headless keyring in the test's D-Bus session. They stop when this process exits (the script
/// reads its standard input to the end).
final class CalDAVServers: @unchecked Sendable {
    struct Server {
        let name: String
        let url: String
        let user: String
        let password: String
    }

    static let shared: Result<CalDAVServers, Error> = Result { try CalDAVServers() }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    let servers: [String: Server]

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    private init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.repository.appendingPathComponent("Tests/sync/caldav_servers.py").path, "--keyring"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let first = Self.readLine(output.fileHandleForReading)
        guard let data = first.data(using: .utf8),
              let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw NSError(domain: "CalDAVServers", code: 1, userInfo: [NSLocalizedDescriptionKey: "no servers: \(first)"])
        }
        guard json["keyring"] as? Bool == true else {
            throw NSError(domain: "CalDAVServers", code: 2, userInfo: [NSLocalizedDescriptionKey: "no keyring (run inside dbus-run-session): \(first)"])
        }
        var found: [String: Server] = [:]
        for name in ["radicale", "xandikos"] {
            guard let s = json[name] as? [String: Any], let url = s["url"] as? String else { continue }
            found[name] = Server(name: name, url: url, user: s["user"] as? String ?? "", password: s["password"] as? String ?? "")
        }
        servers = found
    }

    static func server(_ name: String) throws -> Server {
        let all = try shared.get()
        guard let s = all.servers[name] else { throw NSError(domain: "CalDAVServers", code: 3, userInfo: [NSLocalizedDescriptionKey: "\(name) did not start"]) }
        return s
    }

    /// "stop radicale", "start radicale", ...: answered once done.
    static func command(_ line: String) throws {
        let all = try shared.get()
        all.lock.lock()
        defer { all.lock.unlock() }
        all.input.fileHandleForWriting.write(Data((line + "\n").utf8))
        let answer = readLine(all.output.fileHandleForReading)
        guard answer == "ok" else { throw NSError(domain: "CalDAVServers", code: 4, userInfo: [NSLocalizedDescriptionKey: "\(line): \(answer)"]) }
    }

    private static func readLine(_ h: FileHandle) -> String {
        var bytes: [UInt8] = []
        while true {
            let d = h.readData(ofLength: 1)
            if d.isEmpty || d.first == UInt8(ascii: "\n") { break }
            bytes.append(d.first!)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A phone's task app (Tests/sync/phone.py, python3-caldav) on one collection.
struct Phone {
    let server: CalDAVServers.Server
    let collection: String

    struct Task {
        let uid: String
        let summary: String
        let status: String?
        let categories: [String]
        let description: String?
        let x: [String: String]
        let relatedTo: String?
        let ical: String
    }

    @discardableResult
    func run(_ args: [String]) throws -> [String: Any] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [CalDAVServers.repository.appendingPathComponent("Tests/sync/phone.py").path, server.url, server.user, collection] + args
        var env = ProcessInfo.processInfo.environment
        env["PHONE_PASSWORD"] = server.password
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw NSError(domain: "Phone", code: Int(p.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "phone \(args): \(String(decoding: data, as: UTF8.self))"])
        }
        // Output that cannot be read is a failure, never an empty list of tasks (which would let
        // "no such task" and "0 tasks" pass without the server being read).
        guard let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw NSError(domain: "Phone", code: 2, userInfo: [NSLocalizedDescriptionKey: "phone \(args) wrote no JSON: \(String(decoding: data, as: UTF8.self))"])
        }
        return json
    }

    func tasks() throws -> [Task] {
        guard let items = try run(["list"])["items"] as? [[String: Any]] else {
            throw NSError(domain: "Phone", code: 3, userInfo: [NSLocalizedDescriptionKey: "phone list gave no items"])
        }
        return items.map { i in
            let x = (i["x"] as? [String: Any] ?? [:]).mapValues { v -> String in
                if let s = v as? String { return s }
                if let a = v as? [Any], let s = a.first as? String { return s }
                return "\(v)"
            }
            return Task(uid: i["uid"] as? String ?? "", summary: i["summary"] as? String ?? "", status: i["status"] as? String,
                        categories: i["categories"] as? [String] ?? [], description: i["description"] as? String,
                        x: x, relatedTo: (i["related_to"] as? [[String: Any]])?.first?["uid"] as? String, ical: i["ical"] as? String ?? "")
        }
    }

    func task(_ summary: String) throws -> Task? { try tasks().first { $0.summary == summary } }
}
