import XCTest
@testable import ShopperModel

/// The list's rows with a gap at the last edit: the same elements, in the same order, as a plain
/// array given the same edits, wherever the edits fall.
final class GapArrayTests: XCTestCase {
    func testEditsAnywhereGiveWhatAnArrayGives() {
        var random = SeededRandom.fromEnvironment()
        var gapped = GapArray<Int>((0..<100).map { $0 * 10 }, filler: -1)
        var plain = (0..<100).map { $0 * 10 }
        for step in 0..<20_000 {
            // Runs of edits close together (a gap's point), and jumps (its cost is a move).
            let near = random.next() % 4 != 0
            let at = { (n: Int) in near ? min(n, Int(random.next() % 8)) : Int(random.next() % UInt64(n + 1)) }
            switch random.next() % 5 {
            case 0, 1, 2:
                let i = at(plain.count), v = step
                gapped.insert(v, at: i)
                plain.insert(v, at: i)
            case 3 where !plain.isEmpty:
                let i = at(plain.count - 1)
                XCTAssertEqual(gapped.remove(at: i), plain.remove(at: i), "seed \(random.seed), step \(step)")
            default:
                guard !plain.isEmpty else { continue }
                let i = Int(random.next() % UInt64(plain.count))
                gapped[i] = -step
                plain[i] = -step
            }
            if step % 499 == 0 { XCTAssertEqual(Array(gapped), plain, "seed \(random.seed), step \(step)") }
        }
        XCTAssertEqual(gapped.count, plain.count)
        XCTAssertEqual(gapped.takeElements(), plain, "seed \(random.seed): taken out in order")
        XCTAssertTrue(gapped.isEmpty, "taking the elements leaves none behind")
    }

    func testASortedGapArrayIsSearchedAsTheArray() {
        var gapped = GapArray<Int>([], filler: 0)
        for v in stride(from: 0, to: 1_000, by: 2) { gapped.insert(v, at: gapped.count) }
        gapped.remove(at: 10)  // the gap now sits among the elements
        let plain = Array(gapped)
        for sought in [-1, 0, 19, 20, 21, 22, 500, 997, 998, 999, 2_000] {
            XCTAssertEqual(gapped.lowerBound { $0 < sought }, plain.lowerBound { $0 < sought }, "\(sought)")
        }
    }
}
