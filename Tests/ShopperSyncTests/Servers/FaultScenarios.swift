import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// Faults a server or the machine causes mid-sync: nothing acknowledged is lost, nothing doubled.
extension SyncScenarios {
    /// A server that applies a PUT and then answers 500 (the Xandikos proxy plays it).
    func putAppliedThenFailed() throws {
        let (a, phone, _) = try sharedDevice(["Milk", "Bread"])
        try CalDAVServers.command("fault xandikos put-500 5")
        try a.edit("Milk") { $0.quantity = 2 }
        try a.add("Cheese")
        XCTAssertThrowsError(try a.sync())
        try CalDAVServers.command("fault xandikos none")
        try a.sync()
        try assertNoDuplicates(phone, count: 3)
        XCTAssertEqual(try phone.task("Milk")?.x["X-SHOPPER-QUANTITY"], "2")
        XCTAssertEqual(try a.items.count, 3)
        XCTAssertEqual(a.store.syncTables.syncPendingCount(.first), 0)
    }

    /// tasks.org #4424 again, with the server answering 503 throughout: offline, nothing wiped.
    func serviceUnavailable() throws {
        let (a, phone, _) = try sharedDevice(["Milk", "Bread"])
        try CalDAVServers.command("fault xandikos 503")
        try a.edit("Bread") { $0.notes = "wholemeal" }
        for _ in 1...3 {
            XCTAssertThrowsError(try a.sync()) { XCTAssertTrue(($0 as? SyncError)?.isOffline == true, "\($0)") }
        }
        let status = SyncStatus.of(try a.binding, pending: a.store.syncTables.syncPendingCount(.first), syncing: false) { _ in "now" }
        XCTAssertEqual(status.state, .offline, status.text)
        XCTAssertEqual(try a.items.count, 2)
        try CalDAVServers.command("fault xandikos none")
        try a.sync()
        XCTAssertEqual(try phone.task("Bread")?.description, "wholemeal")
        try assertNoDuplicates(phone, count: 2)
    }

    /// `shopper sync` killed with SIGKILL mid-upload, then run again: every item once on the server.
    /// It is killed once the server holds its first upload (the collection listed between the
    /// child's requests), not after a fixed time: a kill before any upload resumed nothing, and
    /// one after the last killed nothing mid-upload.
    func killedSyncResumes() throws {
        let binary = CalDAVServers.repository.appendingPathComponent(".build/debug/shopper").path
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary), "build the shopper binary first")
        let (a, phone, remote) = try sharedDevice()
        let m = try a.model
        _ = try m.items.add(batch: (1...150).map { ImportedItem(fields: ItemFields(description: "Item \($0)")) })
        let http = try HTTPTransport(server: XCTUnwrap(URL(string: server.url)), user: server.user,
                                      password: server.password)
        let collection = CalDAVCollection(http: http, url: try XCTUnwrap(URL(string: remote.url)))
        func run(killWhen: (() throws -> Bool)?) throws -> Process {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: binary)
            p.arguments = ["sync"]
            var env = ProcessInfo.processInfo.environment
            env["SHOPPER_DATA_DIR"] = a.folder
            p.environment = env
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            if let killWhen {
                // Killed too when a listing fails: the child must not go on alone.
                defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
                while p.isRunning, try !killWhen() { usleep(2_000) }
            }
            p.waitUntilExit()
            return p
        }
        let killed = try run(killWhen: {
            var outside: [String] = []
            return try !collection.listing(outside: &outside).isEmpty
        })
        XCTAssertEqual(killed.terminationReason, .uncaughtSignal, "killed, not ended by itself (status \(killed.terminationStatus))")
        let sentBefore = try phone.tasks().count
        XCTAssertGreaterThan(sentBefore, 0, "killed after an upload")
        XCTAssertLessThan(sentBefore, 150, "killed before the end (\(sentBefore) sent)")
        XCTAssertEqual(try run(killWhen: nil).terminationStatus, 0)
        try assertNoDuplicates(phone, count: 150)
        XCTAssertEqual(try a.items.count, 150)
        XCTAssertEqual(a.store.syncTables.syncPendingCount(.first), 0)
    }

    /// One change costs the same requests whatever the list's size.
    func oneChangeCostsTheSame() throws {
        var costs: [Int] = []
        for size in [20, 200] {
            let (a, _, _) = try sharedDevice()
            let m = try a.model
            _ = try m.items.add(batch: (1...size).map { ImportedItem(fields: ItemFields(description: "Thing \($0)")) })
            try a.sync()
            try a.edit("Thing 7") { $0.quantity = 3 }
            costs.append(try a.sync().requests)
        }
        XCTAssertEqual(costs[0], costs[1], "requests for one change at 20 and at 200 items")
        XCTAssertLessThanOrEqual(costs[0], 4)
    }
}

extension SyncScenarios {
    /// A merge replaced a value, then the upload after it failed: the loss is still reported (the
    /// window offers it back), with the error.
    func lossReportedWhenTheUploadFails() throws {
        let (a, phone, _) = try sharedDevice(["Milk"])
        try a.edit("Milk", at: Date().addingTimeInterval(-120)) { $0.notes = "from the desk" }
        try phone.run(["edit", XCTUnwrap(phone.task("Milk")).uid, "--description", "from the phone"])
        try a.add("Cheese")
        try CalDAVServers.command("fault xandikos put-500 5")
        defer { try? CalDAVServers.command("fault xandikos none") }
        let (report, error) = SyncEngine.syncReporting(store: a.store, list: .first)
        XCTAssertNotNil(error)
        XCTAssertEqual(report.lost.map(\.value.lost), ["from the desk"])
        XCTAssertEqual(try a.item("Milk")?.notes, "from the phone")
    }
}
