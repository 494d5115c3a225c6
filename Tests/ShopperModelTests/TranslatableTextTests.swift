import Foundation
import XCTest
@testable import ShopperModel

/// Translatable text reaches the template only as plain literals: xgettext reads Swift as C, so an
/// interpolated literal passed to `L` or `N` would be missing from every translation.
final class TranslatableTextTests: XCTestCase {
    func testNoLiteralPassedToLOrNInterpolates() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 50)
        var offenders: [String] = []
        var calls = 0
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for call in Self.calls(in: String(line)) {
                    calls += 1
                    if call.contains("\\(") { offenders.append("\(file):\(n + 1): \(call)") }
                }
            }
        }
        XCTAssertGreaterThan(calls, 200, "the scan finds the app's messages")
        XCTAssertEqual(offenders, [], "use {named} placeholders instead")
    }

    func testPlaceholdersAreFilledAndPluralsChosen() {
        XCTAssertEqual(L("Added “{item}”", ["item": "Tea"]), "Added “Tea”")
        XCTAssertEqual(N("{n} item", "{n} items", 1), "1 item")
        XCTAssertEqual(N("{n} item", "{n} items", 3), "3 items")
        // What the user typed is never read as a placeholder.
        XCTAssertEqual(L("Added “{item}” to {aisle}", ["item": "{aisle}", "aisle": "Dairy"]), "Added “{aisle}” to Dairy")
        XCTAssertEqual(L("{a}{b} {unknown} {", ["a": "1", "b": "{a}"]), "1{a} {unknown} {")
    }

    func testATemplateFillsItsOnePlaceholderAsLDoes() {
        let edit = MessageTemplate("Bearbeite {item} jetzt", key: "item")
        XCTAssertEqual(edit("Tee"), "Bearbeite Tee jetzt")
        XCTAssertEqual(edit("{item}"), "Bearbeite {item} jetzt", "a value is never read as a placeholder")
        XCTAssertEqual(MessageTemplate("{item} edit", key: "item")("Tea"), L("{item} edit", ["item": "Tea"]))
        // A translation that dropped the placeholder still reads as the translator wrote it.
        XCTAssertEqual(MessageTemplate("Bearbeiten", key: "item")("Tee"), "Bearbeiten")
    }

    /// The string literals that open an `L(` or `N(` call on a line (first argument, and the
    /// plural's second).
    static func calls(in line: String) -> [String] {
        var out: [String] = []
        var rest = Substring(line)
        while let r = rest.range(of: #"(?<![A-Za-z_])[LN]\(""#, options: .regularExpression) {
            var i = rest.index(before: r.upperBound)  // the opening quote
            var literal = ""
            i = rest.index(after: i)
            while i < rest.endIndex, rest[i] != "\"" {
                if rest[i] == "\\", rest.index(after: i) < rest.endIndex { literal.append(rest[i]); i = rest.index(after: i) }
                literal.append(rest[i])
                i = rest.index(after: i)
            }
            out.append(literal)
            rest = i < rest.endIndex ? rest[rest.index(after: i)...] : ""
        }
        return out
    }
}
