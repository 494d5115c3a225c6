import Foundation
import XCTest

/// Tests/recipes/recipe_server.py on a free port of 127.0.0.1, serving the recipe fixtures and
/// answering slowly, hugely or with redirects on purpose. It stops when this process exits.
final class RecipeServer: @unchecked Sendable {
    static let shared: Result<RecipeServer, Error> = Result { try RecipeServer() }

    private let server: ScriptServer
    let url: String
    let port: Int
    let log: String

    private init() throws {
        server = try ScriptServer("Tests/recipes/recipe_server.py",
                                  [ScriptServer.repository.appendingPathComponent("Tests/Fixtures/recipes").path])
        url = try server.value("url")
        port = try server.value("port")
        log = try server.value("log")
    }

    /// The paths asked for so far.
    func requests() throws -> [String] {
        let text = try String(contentsOfFile: log, encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }
}
