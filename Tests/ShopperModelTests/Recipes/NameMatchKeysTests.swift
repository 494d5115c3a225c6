import XCTest
@testable import ShopperModel

/// A long list is searched for the few phrases a name may mean (`NameMatcher.keys`) instead of
/// being indexed whole: the matcher of the items found must choose what the whole list's would.
final class NameMatchKeysTests: XCTestCase {
    /// Words with the plurals, irregulars, accents and punctuation the matcher reads.
    static let vocabulary = [
        "egg", "eggs", "Eier", "Ei", "tomato", "tomatoes", "Tomate", "Tomaten", "berry", "berries", "leaf", "leaves",
        "knife", "knives", "box", "boxes", "peach", "peaches", "dish", "dishes", "goose", "geese", "mouse", "mice",
        "Kraut", "Kräuter", "Zwiebel", "Zwiebeln", "Äpfel", "Apfel", "Nuss", "Nüsse", "Pilz", "Pilze", "Mais", "Mai",
        "red", "large", "cherry", "crème", "fraîche", "item", "17", "4242", "bus", "glass", "olive", "olives", "salt",
    ]
    static let separators = [" ", " ", " ", "-", ", ", " / ", " or ", " oder ", "  ", "'"]

    private func phrase(_ rng: inout SeededRandom, words: ClosedRange<Int>) -> String {
        (0..<Int.random(in: words, using: &rng)).map { i in
            (i == 0 ? "" : Self.separators.randomElement(using: &rng)!) + Self.vocabulary.randomElement(using: &rng)!
        }.joined()
    }

    private func filtered(_ candidates: [String], for name: String) -> [String] {
        let keys = NameMatcher.keys(for: name)
        return candidates.filter { keys.contains(NameMatcher.words($0).joined(separator: " ")) }
    }

    func testTheTablesMatchesComeFromTheKeys() {
        for (name, candidates, expected) in NameMatchTests.table {
            XCTAssertEqual(NameMatcher(filtered(candidates, for: name)).best(for: name), expected, "\(name) among \(candidates)")
        }
    }

    func testTheKeysFindWhatTheWholeListsMatcherFinds() {
        var rng = SeededRandom.fromEnvironment()
        print("NameMatchKeysTests seed \(rng.seed) (SHOPPER_TEST_SEED=\(rng.seed) runs it again)")
        for round in 0..<300 {
            let candidates = (0..<40).map { _ in phrase(&rng, words: 1...3) }
            let whole = NameMatcher(candidates)
            for _ in 0..<20 {
                let name = phrase(&rng, words: 1...4)
                XCTAssertEqual(NameMatcher(filtered(candidates, for: name)).best(for: name), whole.best(for: name),
                               "seed \(rng.seed), round \(round): \(name.debugDescription) among \(candidates)")
            }
        }
    }

    /// The pass over a list's search texts reads plain ASCII descriptions without making Strings:
    /// the key it makes is the matcher's own.
    func testTheASCIIKeyIsTheMatchersKey() {
        var rng = SeededRandom.fromEnvironment()
        print("NameMatchKeysTests ASCII seed \(rng.seed)")
        let bytes = Array("aZ09 -,./'&()\t".utf8)
        var key: [UInt8] = []
        for _ in 0..<2_000 {
            let text = String(decoding: (0..<Int.random(in: 0...24, using: &rng)).map { _ in bytes.randomElement(using: &rng)! }, as: UTF8.self)
            XCTAssertTrue(NameMatcher.asciiKey(Array(text.utf8), into: &key))
            XCTAssertEqual(String(decoding: key, as: UTF8.self), NameMatcher.words(text).joined(separator: " "),
                           "seed \(rng.seed): \(text.debugDescription)")
            // The list's pass hashes the key without making it, from a search text's first line.
            let searchText = Array((text + "\naisle é\nnotes").utf8)
            XCTAssertEqual(searchText.withUnsafeBufferPointer { KeyFilter.asciiKeyHash(ofDescriptionIn: $0) }, KeyFilter.hash(key),
                           "seed \(rng.seed): \(text.debugDescription)")
        }
        XCTAssertFalse(NameMatcher.asciiKey(Array("crème".utf8), into: &key), "not ASCII: the matcher's words instead")
        XCTAssertNil(Array("crème\nnotes".utf8).withUnsafeBufferPointer { KeyFilter.asciiKeyHash(ofDescriptionIn: $0) })
        XCTAssertFalse(NameMatcher.asciiKey(Array(String(repeating: "a", count: Ingredient.maxName + 1).utf8), into: &key))
    }
}
