import Foundation

/// A Python test server started from the repository's Tests folder: it prints one JSON line that
/// says where it listens, then serves until its standard input closes, that is, until this process
/// exits (it also asks the kernel to end it with its parent).
struct ScriptServer: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    /// What the server printed first ("url", "port", …).
    let info: [String: Any]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Starts `Tests/…/script` (a path from the repository) with `arguments`.
    init(_ script: String, _ arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.repository.appendingPathComponent(script).path] + arguments
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while true {
            let d = output.fileHandleForReading.readData(ofLength: 1)
            if d.isEmpty || d.first == UInt8(ascii: "\n") { break }
            line += d
        }
        guard let json = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            let said = String(decoding: line, as: UTF8.self)
            throw NSError(domain: "ScriptServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "no server: \(said)"])
        }
        info = json
    }

    /// Ends the server now (its standard input closed), for a test that starts one of its own.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The value the server printed under `key`.
    func value<T>(_ key: String) throws -> T {
        guard let v = info[key] as? T else {
            let said = "no \(key) in \(info)"
            throw NSError(domain: "ScriptServer", code: 2, userInfo: [NSLocalizedDescriptionKey: said])
        }
        return v
    }
}
