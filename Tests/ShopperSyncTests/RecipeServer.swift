import Foundation
import XCTest

/// Tests/recipes/recipe_server.py on a free port of 127.0.0.1, serving the recipe fixtures and
/// answering slowly, hugely or with redirects on purpose. It stops when this process exits.
final class RecipeServer: @unchecked Sendable {
    static let shared: Result<RecipeServer, Error> = Result { try RecipeServer() }

    private let process = Process()
    private let input = Pipe()
    let url: String
    let port: Int
    let log: String

    private init() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [repository.appendingPathComponent("Tests/recipes/recipe_server.py").path,
                             repository.appendingPathComponent("Tests/Fixtures/recipes").path]
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
        guard let json = try JSONSerialization.jsonObject(with: line) as? [String: Any], let url = json["url"] as? String,
              let port = json["port"] as? Int, let log = json["log"] as? String else {
            throw NSError(domain: "RecipeServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "no server: \(String(decoding: line, as: UTF8.self))"])
        }
        self.url = url
        self.port = port
        self.log = log
    }

    /// The paths asked for so far.
    func requests() throws -> [String] {
        let text = try String(contentsOfFile: log, encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }
}
