import Foundation
import Glibc
import XCTest
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel

/// Behind the read's own limits, the helper runs under the kernel's: its address space and CPU
/// time are limited before it reads anything, and a limit reached is said in one sentence, never
/// as a crash or "the sharing helper stopped answering". The deadline is also read inside the
/// parse, not only while downloading.
final class RecipeHelperLimitsTests: XCTestCase {
    /// A helper waiting on a page that never comes: its limits as /proc says them; then the alarm
    /// and the CPU limit as the kernel would send them.
    func testTheProcessLimitsAreSetAndSaid() throws {
        let slow = try RecipeServer.shared.get().url + "slow"
        for signal in [SIGALRM, SIGXCPU] {
            var limits = ""
            let run = try MeasuredHelper.run(slow, killAfter: 20) { pid in
                usleep(1_000_000)
                limits = (try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)) ?? ""
                kill(pid, signal)
            }
            let space = limits.split(separator: "\n").first { $0.hasPrefix("Max address space") }?.split(separator: " ", omittingEmptySubsequences: true)
            let cpu = limits.split(separator: "\n").first { $0.hasPrefix("Max cpu time") }?.split(separator: " ", omittingEmptySubsequences: true)
            XCTAssertEqual(cpu?[3], "32", "the deadline and 2 s of CPU: \(limits)")
            let bytes = try XCTUnwrap(space.flatMap { Double($0[3]) }, limits)
            XCTAssertLessThan(bytes, 600 * 1_048_576, "its libraries' mappings and 256 MB")
            XCTAssertEqual(run.replies.map(\.error), ["the page took too long to read (more than 30 s); nothing was imported from \(slow)"], "\(signal)")
            XCTAssertEqual(run.garbage, [])
            XCTAssertFalse(run.killed)
        }
    }

    /// With less memory allowed than the nested page needs, the kernel refuses an allocation
    /// (libxml2's, or the Swift runtime's, which traps): said as memory, in one line. A file, not
    /// a page: with so little room the network's threads could not even be started.
    func testMemoryRunningOutIsSaidAsThat() throws {
        let file = NSTemporaryDirectory() + "shopper-nested-\(UUID().uuidString).html"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let text = String(repeating: "flour ", count: (5 << 20 - 20_000) / 6)
        let page = #"<html><body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Deep</h1>"#
            + String(repeating: #"<div itemprop="recipeIngredient">"#, count: 198) + text + String(repeating: "</div>", count: 198) + "</div></body></html>"
        try page.write(toFile: file, atomically: false, encoding: .utf8)
        for megabytes in [4, 12] {
            let run = try MeasuredHelper.run(file, environment: ["SHOPPER_SYNC_MEMORY_MB": "\(megabytes)"])
            XCTAssertEqual(run.replies.map(\.error), ["reading \(file) needed more than the \(megabytes) MB of memory a recipe may take; nothing was imported"])
            XCTAssertEqual(run.garbage, [])
            XCTAssertFalse(run.killed)
        }
    }

    /// The clock is read while the page is parsed and walked, and while JSON is read.
    func testTheDeadlineIsReadInsideTheParse() throws {
        let page = try Data(contentsOf: RecipePageTests.fixtures.appendingPathComponent("graph-howtosection.html"))
        XCTAssertEqual(try RecipePage.read(html: page, source: nil, budget: ReadBudget(seconds: 30)).count, 1)
        XCTAssertThrowsError(try RecipePage.read(html: page, source: nil, budget: ReadBudget(seconds: 0))) {
            XCTAssertEqual($0 as? ReadLimit, .time(seconds: 0))
        }
        let json = Data(("[" + Array(repeating: #"{"@type":"Recipe","name":"r","recipeIngredient":["1 egg"]}"#, count: 2_000).joined(separator: ",") + "]").utf8)
        XCTAssertThrowsError(try SchemaOrgRecipe.read(json: json, source: nil, budget: ReadBudget(seconds: 0))) {
            XCTAssertEqual($0 as? ReadLimit, .time(seconds: 0))
        }
        XCTAssertEqual(RecipeImportError.limit("https://ex.org/r", .time(seconds: 30), page: true).description,
                       "the page took too long to read (more than 30 s); nothing was imported from https://ex.org/r")
    }
}
