import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// What a sync wrote reaches the rows when the sync ends (its completion has the model read the
/// news), not on the application's one-second poll; and one change brings the window's actions
/// up to date once.
final class SyncArrivalTests: GtkTestCase {
    /// A store's path in a folder of its own, gone after the test.
    private func storePath() throws -> String {
        let folder = NSTemporaryDirectory() + "sync-arrival-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder + "/shopper.sqlite"
    }

    /// Another connection writes as the sharing helper does; the sync's end is the controller's
    /// own (a sync asked for with no list shared ends at once, through the same completion). A
    /// test window has no poll at all: the row can only come from the completion, and it is
    /// there when whoever asked for the sync is told it is done.
    func testASyncsChangeIsOnTheRowsWhenTheSyncEnds() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: try Store(path: path))
            _ = try model.items.add(ItemFields(description: "Bread"))
            let harness = try WindowHarness(model: model, size: (600, 600))
            defer { harness.close() }
            let window = harness.window
            window.show(.all)
            XCTAssertEqual(window.currentPage.projection.itemCount, 1)
            // The helper's write: its own connection, as another process.
            let helper = try ShoppingModel(store: try Store(path: path))
            _ = try helper.items.add(ItemFields(description: "Milk from the phone"))
            waitForFrame(window.window.widget, "a frame after the helper's write")
            XCTAssertEqual(window.currentPage.projection.itemCount, 1, "nothing reads the news before the sync ends")
            var rowsWhenDone: Int?
            window.sharing.sync { _ in rowsWhenDone = window.currentPage.projection.itemCount }
            iterate(until: { rowsWhenDone != nil }, "the sync ended")
            XCTAssertEqual(rowsWhenDone, 2, "the synced item is a row when the sync is said to be done")
        }
    }

    /// Ticking an item off is one change: the actions are brought up to date once for it (the
    /// sync status that follows the lists' counts no longer does it a second time). The row
    /// ticked is not the one selected, whose change would be another reason to.
    func testOneTickUpdatesTheActionsOnce() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: try Store(path: path))
            let bread = try model.items.add(ItemFields(description: "Bread"))
            let id = try model.items.add(ItemFields(description: "Eggs"))
            let harness = try WindowHarness(model: model, size: (600, 600))
            defer { harness.close() }
            harness.window.show(.shopping)
            // Another row selected: the selection stays where it is (a change of its own else).
            harness.window.currentPage.select(bread)
            waitForFrame(harness.window.window.widget, "the selection drawn")
            let before = MainWindow.actionUpdates
            harness.window.items.perform(.tick, on: id)
            XCTAssertEqual(MainWindow.actionUpdates - before, 1, "one tick, one update of the actions")
            XCTAssertTrue(model.items.item(id)?.inCart == true)
            // The row's going leaves the focus to be put back in an idle: before the window goes.
            waitForFrame(harness.window.window.widget, "the row gone, drawn")
        }
    }
}
