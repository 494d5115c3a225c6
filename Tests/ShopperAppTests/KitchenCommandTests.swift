import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel
@testable import ShopperSyncModel

/// `shopper share --kitchen` and what `share --status` and `sync` say of the recipes and plan:
/// the arguments, and the lines read from a store with a kitchen binding (as the helper leaves it).
final class KitchenCommandTests: XCTestCase {
    private func parse(_ args: String...) throws -> Command { try Command.parse(["shopper"] + args) }

    private func paths() throws -> AppPaths {
        let folder = NSTemporaryDirectory() + "kitchen-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return AppPaths(dataFolder: folder, resources: "")
    }

    private func binding(_ server: String = "https://dav.example.org/dav/") -> KitchenBinding {
        KitchenBinding(server: server, user: "alice",
                       meals: .init(url: server + "alice/meals/", name: "Meals"),
                       recipes: .init(url: server + "alice/recipes/", name: "Recipes"))
    }

    func testKitchenArgumentsAreParsedAndAListIsRefused() throws {
        XCTAssertEqual(try parse("share", "--kitchen", "https://dav.example.org/", "alice"),
                       .shareKitchen(server: "https://dav.example.org/", user: "alice"))
        XCTAssertEqual(try parse("share", "https://dav.example.org/", "alice", "--kitchen"),
                       .shareKitchen(server: "https://dav.example.org/", user: "alice"), "the option anywhere")
        XCTAssertEqual(try parse("share", "--kitchen", "--stop"), .shareKitchenStop)
        XCTAssertEqual(try parse("share", "--kitchen", "--status"), .shareStatus(list: nil))
        XCTAssertThrowsError(try parse("share", "--kitchen")) { e in
            XCTAssertTrue("\(e)".contains("share --kitchen needs a server address and a user name"), "\(e)")
        }
        XCTAssertThrowsError(try parse("share", "--kitchen", "https://dav.example.org/", "alice", "bob"))
        XCTAssertThrowsError(try parse("share", "--kitchen", "--stop", "--list", "Party")) { e in
            XCTAssertTrue("\(e)".contains("not a list: leave out --list"), "\(e)")
        }
        // A list's sharing is as it was.
        XCTAssertEqual(try parse("share", "--stop", "--list", "Party"), .shareStop(list: "Party"))
        XCTAssertTrue(Command.usage.contains("shopper share --kitchen URL USER"))
        XCTAssertTrue(Command.usage.contains("shopper share --kitchen --stop"))
    }

    /// The kitchen's line comes first, then each shared list's; a list named leaves it out.
    @MainActor
    func testStatusSaysWhereTheKitchenIsAndHowItsLastSyncWent() throws {
        let paths = try paths()
        let store = try Store(path: paths.storeFile)
        XCTAssertEqual(try SharingCommands.status(list: nil, paths: paths), "No list is shared.\n")
        var b = binding()
        try store.kitchenTables.saveBinding(b)
        let place = "“Meals” and “Recipes” on dav.example.org as alice"
        XCTAssertEqual(try SharingCommands.status(list: nil, paths: paths), "Recipes and plan\t\(place)\tNot synced yet\n")

        let synced = Date(timeIntervalSince1970: 1_795_000_000)
        b.lastSync = synced
        try store.kitchenTables.saveBinding(b)
        let time = SharingCommands.timeText(synced)
        XCTAssertEqual(try SharingCommands.status(list: nil, paths: paths), "Recipes and plan\t\(place)\tSynced at \(time)\n")

        b.problem = "The server did not answer in 30 seconds."
        b.problemLine = "dav.example.org is not answering"
        b.offline = true
        try store.kitchenTables.saveBinding(b)
        XCTAssertEqual(try SharingCommands.status(list: nil, paths: paths),
                       "Recipes and plan\t\(place)\tOffline: dav.example.org is not answering\n")
        b.offline = false
        b.problemLine = nil
        b.problem = "the server refused the password"
        try store.kitchenTables.saveBinding(b)
        XCTAssertEqual(try SharingCommands.status(list: nil, paths: paths),
                       "Recipes and plan\t\(place)\tNot synced: the server refused the password\n")

        try store.syncTables.createSyncBinding(SyncBinding(list: .first, server: "https://dav.example.org/dav/", user: "alice",
                                                           collection: "https://dav.example.org/dav/alice/groceries/",
                                                           collectionName: "Groceries"))
        let lines = try SharingCommands.status(list: nil, paths: paths).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("Recipes and plan\t"), "the kitchen first: \(lines)")
        XCTAssertTrue(lines[1].hasPrefix("Groceries\t"), "\(lines)")
        XCTAssertFalse(try SharingCommands.status(list: "Groceries", paths: paths).contains("Recipes and plan"))
    }

    /// Stopping what was never shared says so and changes nothing; no helper is needed for it.
    @MainActor
    func testStoppingAKitchenNotSharedSaysSo() throws {
        let paths = try paths()
        _ = try Store(path: paths.storeFile)
        XCTAssertEqual(try SharingCommands.stopKitchen(paths: paths), "The recipes and plan were not shared.")
        XCTAssertNil(try Store(path: paths.storeFile).kitchenTables.binding())
    }

    /// With only the recipes and plan shared, `shopper sync` still runs the helper, and its line
    /// names them: here the server is out of reach (the discard port of this computer), so the
    /// sync fails with the kitchen's problem, never "No list is shared".
    func testSyncRunsForTheKitchenAloneAndNamesIt() throws {
        let paths = try paths()
        let store = try Store(path: paths.storeFile)
        try store.kitchenTables.saveBinding(binding("http://127.0.0.1:9/"))
        XCTAssertThrowsError(try SharingCommands.syncNow(store: store, list: nil)) { e in
            XCTAssertTrue(e.localizedDescription.hasPrefix("Recipes and plan: "), e.localizedDescription)
        }
    }

    /// The line of a sync that went well, as `shopper sync` and the window's answer print it.
    func testASyncLineSaysWhatTheKitchenSyncDid() {
        var report = SyncReport()
        report.received = 2
        report.sent = 1
        XCTAssertEqual(KitchenStatus.line(report, problem: nil), "Recipes and plan: synced (2 received, 1 sent, 0 deleted).")
        XCTAssertEqual(KitchenStatus.line(report, problem: "the server is gone"), "Recipes and plan: the server is gone")
        XCTAssertTrue(KitchenStatus.broughtChanges(report))
        XCTAssertFalse(KitchenStatus.broughtChanges(SyncReport()))
    }
}
