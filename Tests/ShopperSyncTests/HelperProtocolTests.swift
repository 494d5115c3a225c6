import Foundation
import XCTest
@testable import ShopperModel
@testable import ShopperSyncModel

/// The window and `shopper-sync` talk through arguments and JSON lines: every command survives the
/// trip, a report comes back exact (amounts, the losing side of a merge), and a helper that
/// misbehaves (garbage, a flood, silence, a crash) ends in one clear message, never a hang.
final class HelperProtocolTests: XCTestCase {
    func testEveryCommandSurvivesItsArguments() {
        let commands: [HelperCommand] = [
            .sync(store: "/tmp/a b.sqlite", lists: []),
            .sync(store: "/s", lists: [ListID(3), ListID(12)]),
            .collections(server: "https://dav.example.org/", user: "anna maria"),
            .share(store: "/s", list: ListID(4), server: "localhost:5232", user: "u", target: .sameNameOrNew),
            .share(store: "/s", list: ListID(4), server: "s", user: "u", target: .new(name: "--existing")),
            .share(store: "/s", list: ListID(4), server: "s", user: "u",
                   target: .existing(RemoteCollection(url: "https://s/cal/x/", name: "Einkäufe, gemeinsam"))),
            .stop(store: "/s", list: ListID(9)),
            .password(server: "https://s/", user: "u"),
            .recipes(source: "https://example.org/rezepte/käse spätzle?x=1&y=2"),
            .recipes(source: "/home/anna/My Recipes/--new.json"),
            .recipes(source: "-rf"),
        ]
        for c in commands { XCTAssertEqual(HelperCommand(arguments: c.arguments), c, "\(c.arguments)") }
        for bad in [[], ["sync"], ["sync", "/s", "x"], ["stop", "/s"], ["share", "/s", "1", "s"], ["share", "/s", "1", "s", "u", "--new"], ["rm", "-rf"],
                    ["recipes"], ["recipes", "a", "b"]] {
            XCTAssertNil(HelperCommand(arguments: bad), "\(bad)")
        }
    }

    /// A report's lost values come back able to put back exactly what lost: amounts to the last
    /// digit, a price for all, stores, a state.
    func testAReportComesBackExact() throws {
        let mine = SharedItem(ItemFields(description: "Käse", quantity: Decimal(string: "0.125")!, unit: "kg",
                                         price: Decimal(string: "12.99")!, priceBasis: .forAll, aisle: "Dairy", notes: "aged"),
                              state: .inCart, position: 7, stores: ["Aldi", "Corner Shop"])
        var theirs = mine
        theirs.quantity = 1
        theirs.notes = "young"
        theirs.state = .notNeeded
        theirs.stores = ["Lidl"]
        let (_, lost) = FieldMerge.merge(base: nil, local: mine, remote: theirs, localNewer: false)
        var report = SyncReport()
        report.received = 3
        report.lost = lost.map { SyncReport.Loss(item: ItemID(42), description: "Käse", value: $0) }
        report.skip("task “x”", why: "unreadable")
        let line = try JSONEncoder().encode(HelperReply(list: ListID(5), report: report, error: "Teilweise: 503"))
        let back = try JSONDecoder().decode(HelperReply.self, from: line)
        XCTAssertEqual(back.list, 5)
        XCTAssertEqual(back.error, "Teilweise: 503")
        let got = try XCTUnwrap(back.report)
        XCTAssertEqual(got.received, 3)
        XCTAssertEqual(got.skipped, report.skipped)
        XCTAssertEqual(got.lost.map(\.value), report.lost.map(\.value))
        XCTAssertEqual(got.lost.map(\.item), Array(repeating: ItemID(42), count: lost.count))
        XCTAssertEqual(Set(got.lost.map(\.value.field)), [.quantity, .notes, .state, .stores])
        XCTAssertEqual(got.lost.first { $0.value.field == .stores }?.value.lostStores, ["Aldi", "Corner Shop"])
        XCTAssertEqual(got.lost.first { $0.value.field == .quantity }?.value.losing.fields, mine.fields)
    }

    /// Recipes come back whole: every field, in order, also words in other scripts.
    func testRecipesComeBackWhole() throws {
        let drafts = [RecipeDraft(title: "Käsespätzle", servings: 4, yieldText: "4 Teller", ingredients: ["400 g Mehl", "Für oben:", "2 Zwiebeln"],
                                  method: ["Teig:", "Rühren.", "\"Schaben\" \\ kochen."], source: "https://ex.de/k", notes: "עברית\nzwei", tags: ["A", "b"]),
                      RecipeDraft(title: "")]
        let line = try JSONEncoder().encode(HelperReply(recipes: drafts))
        XCTAssertFalse(line.contains(UInt8(ascii: "\n")), "one line")
        XCTAssertEqual(try JSONDecoder().decode(HelperReply.self, from: line).recipes, drafts)
        XCTAssertNil(try JSONDecoder().decode(HelperReply.self, from: Data("{}".utf8)).recipes, "a sync's reply has none")
    }

    func testAHelperThatMisbehavesEndsInOneMessage() throws {
        // A helper silent for 30 s: ended when it stops answering, not waited for to its end,
        // which would leave this file behind (the condition, where a clock's bound failed under load).
        let waitedFor = NSTemporaryDirectory() + "shopper-waited-for-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: waitedFor) }
        let cases: [(script: String, silence: Int32, words: String)] = [
            ("echo 'Segmentation fault'", 5, "could not be read"),
            ("head -c 70000000 /dev/zero", 5, "too large"),
            ("sleep 30; touch '\(waitedFor)'", 1, "stopped answering"),
            ("kill -9 $$", 5, "signal 9"),
            // Ended in failure without a word (a library missing): no quiet success.
            ("exit 3", 5, "status 3"),
        ]
        for c in cases {
            let helper = try script(c.script)
            XCTAssertThrowsError(try HelperProcess.run(.sync(store: "/s", lists: []), input: nil, helper: helper, silence: c.silence) { _ in },
                                 c.script) { XCTAssertTrue("\($0)".contains(c.words), "\(c.script): \($0)") }
            XCTAssertFalse(FileManager.default.fileExists(atPath: waitedFor), "\(c.script) was waited for to its end")
        }
    }

    /// No helper beside Shopper: the message names what the user asked for and what to do, which
    /// differs for the README's build tree (`make run`) and an installed Shopper.
    func testAMissingHelperIsSaidInTheWordsOfWhatWasAsked() {
        XCTAssertEqual(HelperProcess.missing(.recipes(source: "/tmp/r.html"), executable: "/home/a/shopper/.build/debug/shopper").description,
                       "importing a recipe needs shopper-sync, which was not built: run make build")
        XCTAssertEqual(HelperProcess.missing(.share(store: "/s", list: .first, server: "https://d", user: "a", target: .sameNameOrNew),
                                             executable: "/usr/bin/shopper").description,
                       "sharing a list needs shopper-sync, which is missing from /usr/libexec/shopper; reinstall Shopper")
        XCTAssertTrue(HelperProcess.missing(.sync(store: "/s", lists: []), executable: "/opt/x/.build/release/shopper").description
            .hasPrefix("syncing a shared list needs"))
    }

    /// Replies before a crash are still handed over (a sync's report before the helper died).
    func testRepliesBeforeACrashArriveAndTheCrashIsSaid() throws {
        let helper = try script(#"echo '{"list":3,"report":{"received":1,"sent":0,"deletedHere":0,"deletedThere":0,"lost":[],"skipped":[],"limited":[],"notSent":0,"keptFromBulkDeletion":0,"requests":2,"arrivals":[],"arrivalsBeyond":0}}'; kill -9 $$"#)
        var got: [HelperReply] = []
        XCTAssertThrowsError(try HelperProcess.run(.sync(store: "/s", lists: []), input: nil, helper: helper) { got.append($0) })
        XCTAssertEqual(got.first?.report?.requests, 2)
    }

    /// The real helper, built beside the tests: a store with nothing shared syncs nothing, and an
    /// address it must not use is refused in words (nothing reaches a network).
    func testTheRealHelperAnswers() throws {
        let folder = NSTemporaryDirectory() + "helper-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/shopper.sqlite"
        _ = try ShoppingModel(store: Store(path: path))
        XCTAssertNotNil(HelperProcess.executable(), "shopper-sync is built beside the tests")
        XCTAssertEqual(try SyncHelper.sync(store: path, lists: []).count, 0)
        XCTAssertThrowsError(try SyncHelper.collections(server: "http://example.org/", user: "u", password: "p")) {
            XCTAssertTrue("\($0)".contains("https://"), "\($0)")
        }
    }

    private func script(_ body: String) throws -> String {
        let path = NSTemporaryDirectory() + "fake-helper-" + UUID().uuidString
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}
