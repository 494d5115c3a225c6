import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel
@testable import ShopperSyncModel

/// A shared list's changes waiting are counted on a worker thread: counting visits every item of
/// the list, and the status follows every tick on a shared list. The status still says the right
/// number, after ticks and after an edit that leaves the list's counts alone.
final class SyncStatusCountTests: GtkTestCase {
    func testChangesWaitingAreCountedOffTheMainThreadAndShown() throws {
        let folder = NSTemporaryDirectory() + "status-count-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try MainActor.assumeIsolated {
            let store = try Store(path: folder + "/shopper.sqlite")
            let model = try ShoppingModel(store: store)
            let ids = try (0..<3).map { try model.items.add(ItemFields(description: "Item \($0)")) }
            try store.syncTables.createSyncBinding(SyncBinding(list: model.list, server: "https://dav.example.org/", user: "alice",
                                                    collection: "https://dav.example.org/dav/groceries/", collectionName: "Groceries"))
            // The first two were sent as they are; the third never was.
            let now = try store.items(ids)
            try store.syncTables.saveSyncRecords(model.list, ids.prefix(2).map { id in
                SyncRecord(item: id, uid: "task-\(id.raw)", href: "/dav/groceries/\(id.raw).ics", etag: "\"1\"", base: nil,
                           syncedRevision: now[id]!.revision)
            })
            let harness = try WindowHarness(model: model, size: (600, 600))
            defer { harness.close() }
            let window = harness.window, pending = window.features.sharing.syncs.pending
            iterate(until: { window.features.sharing.statusText.contains("1 change waiting") }, "one change waiting, not \(window.features.sharing.statusText)")

            let made = pending.made
            try model.items.toggleNeeded(ids[0])
            XCTAssertEqual(pending.made, made, "not counted in the tick's own call")
            XCTAssertTrue(window.features.sharing.statusText.contains("1 change waiting"),
                          "the last count shown until the new one comes, not \(window.features.sharing.statusText)")
            iterate(until: { window.features.sharing.statusText.contains("2 changes waiting") }, "two changes waiting, not \(window.features.sharing.statusText)")

            // Notes change no list's counts, and are a change to send all the same.
            try model.items.update(ids[1], ItemFields(description: "Item 1", notes: "the big one"))
            iterate(until: { window.features.sharing.statusText.contains("3 changes waiting") }, "three changes waiting, not \(window.features.sharing.statusText)")
            XCTAssertFalse(pending.madeOnMainThread)
        }
    }

    /// Before its first count a list's status leaves the count out rather than say "0 waiting".
    func testAStatusNotCountedYetLeavesTheCountOut() {
        let b = SyncBinding(list: .first, server: "https://dav.example.org/", user: "alice",
                            collection: "https://dav.example.org/dav/groceries/", collectionName: "Groceries")
        XCTAssertEqual(SyncStatus.of(b, pending: nil, syncing: false) { _ in "14:05" }.text, "Not synced yet")
        XCTAssertEqual(SyncStatus.of(b, pending: 2, syncing: false) { _ in "14:05" }.text, "Not synced yet, 2 changes waiting")
        var synced = b
        synced.lastSync = Date()
        XCTAssertEqual(SyncStatus.of(synced, pending: nil, syncing: false) { _ in "14:05" }.text, "Synced at 14:05")
        XCTAssertEqual(SyncStatus.of(synced, pending: 1, syncing: false) { _ in "14:05" }.text, "Synced at 14:05 (1 change waiting)")
        var offline = synced
        offline.problem = "The server did not answer."
        offline.problemLine = "dav.example.org is not answering"
        offline.offline = true
        XCTAssertEqual(SyncStatus.of(offline, pending: nil, syncing: false) { _ in "14:05" }.text, "Offline: dav.example.org is not answering")
        XCTAssertEqual(SyncStatus.of(offline, pending: 3, syncing: false) { _ in "14:05" }.text,
                       "Offline: dav.example.org is not answering; 3 changes waiting")
    }
}
