import Foundation
import XCTest

/// The shape the sources keep so that a newcomer can read them: no file over 400 lines, no function
/// over 60, and `public` only on what another module names (tests use `@testable import`). Checked
/// on the text, as a reader meets it.
final class SourceShapeTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each Swift file below `folder` (relative to the package), with its lines.
    static func files(in folder: String) throws -> [(path: String, lines: [String])] {
        let base = root.appendingPathComponent(folder)
        let names = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return try names.filter { $0.hasSuffix(".swift") }.sorted().map { name in
            let text = try String(contentsOf: base.appendingPathComponent(name), encoding: .utf8)
            return ("\(folder)/\(name)", text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
    }

    func testNoFileOver400Lines() throws {
        let files = try Self.files(in: "Sources")
        XCTAssertGreaterThan(files.count, 100, "the sources were found")
        for file in files where file.lines.count > 401 {  // the last element is after the final newline
            XCTFail("\(file.path) has \(file.lines.count - 1) lines")
        }
    }

    func testNoFunctionOver60Lines() throws {
        // Functions, initialisers, subscripts, and computed properties (a `var` whose line opens its body).
        let start = try NSRegularExpression(pattern: #"^\s*(@\w+(\([^)]*\))?\s+)*((public|package|private|fileprivate|internal|static|final|override|mutating|nonisolated|isolated|convenience|required|class|private\(set\)|internal\(set\))\s+)*(func\s|init[(<?]|deinit\b|subscript\b|var\s+\w+\s*:[^=]*\{\s*$)"#)
        var functions = 0
        for file in try Self.files(in: "Sources") {
            for (i, line) in file.lines.enumerated() where start.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                guard let length = Self.bodyLength(from: i, in: file.lines) else { continue }
                functions += 1
                if length > 60 { XCTFail("\(file.path):\(i + 1): a function of \(length) lines") }
            }
        }
        XCTAssertGreaterThan(functions, 1000, "the functions were found")
    }

    /// Lines from a declaration to the brace that closes its body; nil for a requirement without one.
    /// Braces inside strings ("{item}") come in pairs and cancel out.
    static func bodyLength(from first: Int, in lines: [String]) -> Int? {
        var depth = 0, opened = false
        for j in first..<lines.count {
            let code = lines[j].components(separatedBy: "//").first ?? ""
            for c in code {
                if c == "{" { depth += 1; opened = true } else if c == "}" { depth -= 1 }
            }
            if opened && depth <= 0 { return j - first + 1 }
            if !opened && j > first + 5 { return nil }
        }
        return nil
    }

    /// A `public` declaration of ShopperModel, ShopperSyncModel or ShopperSync is named by a module that imports it
    /// (in its code, not its comments), or is a type named in a public declaration that is itself
    /// used so (a type in a used public signature stays public with it). `public init`,
    /// `subscript` and extensions are not told apart by name, and are not checked.
    func testPublicOnlyWhereAnotherModuleUsesIt() throws {
        let users = ["ShopperModel": ["Sources/ShopperApp", "Sources/ShopperSync", "Sources/ShopperSyncModel", "Sources/ShopperSyncHelper",
                                      "Tests/StoreCrashChild", "benchmarks/MakeStore"],
                     "ShopperSyncModel": ["Sources/ShopperApp", "Sources/ShopperSync", "Sources/ShopperSyncHelper"],
                     "ShopperSync": ["Sources/ShopperSyncHelper"]]
        let decl = try NSRegularExpression(pattern: #"^\s*(?:@\w+ )*public (?:(?:static|final|override|mutating|nonisolated|convenience|indirect|private\(set\)|internal\(set\)) )*(func|var|let|struct|class|enum|typealias|protocol|actor)\s+`?(\w+)"#)
        var checked = 0
        for (module, readers) in users {
            let used = try Set(readers.flatMap { try Self.files(in: $0) }.flatMap { $0.lines }.map(Self.code).flatMap(Self.words))
            let files = try Self.files(in: "Sources/\(module)")
            var found: [(place: String, kind: String, name: String, line: String)] = []
            for file in files {
                for (i, line) in file.lines.enumerated() {
                    guard let m = decl.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                          let kindRange = Range(m.range(at: 1), in: line), let nameRange = Range(m.range(at: 2), in: line) else { continue }
                    found.append(("\(file.path):\(i + 1)", String(line[kindRange]), String(line[nameRange]), Self.code(line)))
                }
            }
            checked += found.count
            // `callAsFunction` is called without its name.
            let usedHere = found.filter { used.contains($0.name) || $0.name == "callAsFunction" }
            // A public enum's cases are public without the word (and name the types they carry).
            let cases = files.flatMap { $0.lines }.map(Self.code).filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("case ") }
            let named = Set((usedHere.map(\.line) + cases).flatMap(Self.words))
            for d in found where !used.contains(d.name) && d.name != "callAsFunction" {
                let isType = ["struct", "class", "enum", "typealias", "protocol", "actor"].contains(d.kind)
                if isType && named.contains(d.name) { continue }
                XCTFail("\(d.place): public \(d.kind) \(d.name) is used by no other module: make it internal")
            }
        }
        XCTAssertGreaterThan(checked, 300, "the public declarations were found")
    }

    /// The line without its comment.
    static func code(_ line: String) -> String { line.components(separatedBy: "//").first ?? "" }

    static func words(_ line: String) -> [String] {
        line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }
}
