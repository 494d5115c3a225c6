import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// An upload the server took whose answer this desktop never recorded (a proxy's 500, a kill) is
/// this desktop's own value: the next sync merges it silently, whatever was edited here since,
/// and names no conflict that no one made.
extension SyncScenarios {
    /// The proxy in front of Xandikos applies the PUT and answers 500.
    func ownUploadWithoutAnswerIsNoConflict() throws {
        let (a, phone, _) = try sharedDevice(["7 Init70"])
        try a.edit("Init70") { $0.quantity = 8 }
        try CalDAVServers.command("fault xandikos put-500 1")
        defer { try? CalDAVServers.command("fault xandikos none") }
        XCTAssertThrowsError(try a.sync())
        try CalDAVServers.command("fault xandikos none")
        XCTAssertEqual(try phone.task("Init70")?.x["X-SHOPPER-QUANTITY"], "8", "the server took the upload")
        try a.edit("Init70") { $0.quantity = 9 }
        let report = try a.sync()
        XCTAssertEqual(report.lost.map(\.value.lost), [], "no conflict: the 8 was this desktop's own")
        XCTAssertEqual(try phone.task("Init70")?.x["X-SHOPPER-QUANTITY"], "9")
        XCTAssertEqual(try a.item("Init70")?.quantity, 9)
        XCTAssertEqual(a.store.syncTables.syncPendingCount(.first), 0)
        // A real edit on the phone after that is still a conflict when both sides change.
        try phone.run(["edit", XCTUnwrap(phone.task("Init70")).uid, "--description", "from the phone"])
        try a.edit("Init70", at: Date().addingTimeInterval(-120)) { $0.notes = "from the desk" }
        XCTAssertEqual(try a.sync().lost.map(\.value.lost), ["from the desk"])
    }

    /// `shopper sync` killed with SIGKILL while it uploads edits of items the server has, once the
    /// server holds a seeded number of them; then more edits here, of a seeded choice of those
    /// items, and a sync: no loss reported, and the server ends with this desktop's values.
    func killedEditUploadIsNoConflict(seed: UInt64) throws {
        print("killed upload on \(server.name), seed \(seed) (SHOPPER_KILL_SEED=\(seed) replays it)")
        var rng = SplitMix(seed)
        let binary = CalDAVServers.repository.appendingPathComponent(".build/debug/shopper").path
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary), "build the shopper binary first")
        let count = 60
        let (a, phone, remote) = try sharedDevice()
        _ = try a.model.items.add(batch: (1...count).map { ImportedItem(fields: ItemFields(description: "Item \($0)")) })
        try a.sync()
        let http = try HTTPTransport(server: XCTUnwrap(URL(string: server.url)), user: server.user,
                                      password: server.password)
        let collection = CalDAVCollection(http: http, url: try XCTUnwrap(URL(string: remote.url)))
        var outside: [String] = []
        let before = try collection.listing(outside: &outside)
        for item in try a.items {
            try a.edit(item.description) { $0.quantity = 2 }
        }
        let killAfter = rng.next(count / 2) + 1
        let killed = try killedSync(binary, folder: a.folder) {
            let now = try collection.listing(outside: &outside)
            return now.filter { before[$0.key] != $0.value }.count >= killAfter
        }
        XCTAssertEqual(killed.terminationReason, .uncaughtSignal, "seed \(seed): killed, not ended by itself")
        // Edited again here: some of what the server took (at least one), some of what it did not.
        let uploaded = Set(try phone.tasks().filter { $0.x["X-SHOPPER-QUANTITY"] == "2" }.map(\.summary))
        XCTAssertFalse(uploaded.isEmpty, "seed \(seed): killed after an upload")
        XCTAssertLessThan(uploaded.count, count, "seed \(seed): killed before the end")
        var edited = (1...count).filter { rng.next(uploaded.contains("Item \($0)") ? 2 : 3) == 0 }
        if let first = (1...count).first(where: { uploaded.contains("Item \($0)") }), !edited.contains(first) { edited.append(first) }
        for n in edited { try a.edit("Item \(n)") { $0.quantity = 3 } }
        let report = try a.sync()
        XCTAssertEqual(report.lost.map(\.description), [], "seed \(seed): conflicts no one made (killed after \(killAfter))")
        let quantities = Dictionary(try phone.tasks().map { ($0.summary, $0.x["X-SHOPPER-QUANTITY"] ?? "1") }, uniquingKeysWith: { a, _ in a })
        for n in 1...count {
            XCTAssertEqual(quantities["Item \(n)"], edited.contains(n) ? "3" : "2", "seed \(seed): Item \(n) on the server")
        }
        XCTAssertEqual(a.store.syncTables.syncPendingCount(.first), 0)
    }

    /// Runs `shopper sync` on `folder` and kills it with SIGKILL once `when` holds (or lets it end).
    private func killedSync(_ binary: String, folder: String, when: () throws -> Bool) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["sync"]
        var env = ProcessInfo.processInfo.environment
        env["SHOPPER_DATA_DIR"] = folder
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Killed too when a listing fails: the child must not go on alone.
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        while p.isRunning, try !when() { usleep(2_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        return p
    }
}
