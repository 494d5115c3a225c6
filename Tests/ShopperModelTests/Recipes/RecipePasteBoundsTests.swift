import Foundation
import XCTest
@testable import ShopperModel

/// Paste a Recipe reads its text in the window's own process, a moment after each key: under the
/// same bounds as the helper's reading, by construction (the first 200,000 characters, 500 a
/// line, a step no longer than a step keeps, every field capped), so that any paste is read in
/// well under a second and gives a bounded draft. Chosen over the helper: a process started for
/// every pause in typing would cost more than the reading itself, and this reader is Swift alone
/// (no C parser, no recursion a text can deepen). Measured here on the debug build.
final class RecipePasteBoundsTests: XCTestCase {
    private func read(_ name: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) -> RecipeDraft? {
        let begun = ContinuousClock.now
        let draft = RecipeText.read(text)
        print("paste bounds: \(name) (\(text.utf8.count >> 10) KB): \(begun.duration(to: .now))")
        // Bounded by construction: what is read is the text's first 200,000 characters, whatever
        // follows them (the time is printed, not asserted: a wall-clock bound fails under load).
        XCTAssertEqual(draft, RecipeText.read(String(text.prefix(200_000))), "\(name): read past the first 200,000 characters",
                       file: file, line: line)
        if let draft { RecipeReaderFuzzTests.checkBounded(draft, name) }
        return draft
    }

    func testHostilePastesAreReadWithinBounds() {
        let megabytes5 = 5 << 20
        XCTAssertEqual(read("a 4.9 MB ingredient line", "Long\n" + String(repeating: "1 g flour ", count: 490_000))?.title, "Long")
        _ = read("5 MB of {}", String(repeating: "{}", count: megabytes5 / 2))
        _ = read("5 MB of <p>", String(repeating: "<p>", count: megabytes5 / 3))
        _ = read("4.8 MB of tiny JSON", "[" + Array(repeating: #"{"a":1}"#, count: 600_000).joined(separator: ",") + "]")
        let steps = read("a numbered step and 2.5 million short lines", "Title\nIngredients\n1 egg\nMethod\n1. Mix\n" + String(repeating: "a\n", count: 2_500_000))
        XCTAssertEqual(steps?.method.count, 1)
        XCTAssertLessThanOrEqual(steps?.method.first?.count ?? 0, RecipeDraft.maxStep)
        let lines = read("5 MB of ingredient lines", "Lines\n" + String(repeating: "1 g flour\n", count: megabytes5 / 10))
        XCTAssertEqual(lines?.ingredients.count, RecipeDraft.maxLines)
    }
}
