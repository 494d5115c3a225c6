import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel
@testable import ShopperSyncModel

/// A value that lost to another device's in a merge is said in the window, and Undo puts it back as
/// one more change (which the next sync sends).
final class SyncLossToastTests: GtkTestCase {
    /// A store's path in a folder of its own, gone after the test.
    private func storePath() throws -> String {
        let folder = NSTemporaryDirectory() + "loss-toast-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder + "/shopper.sqlite"
    }

    func testTheLostValueIsSaidAndUndoPutsItBack() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let store = try Store(path: path)
            let model = try ShoppingModel(store: store)
            let id = try model.items.add(ItemFields(description: "Bread", notes: "from B"))
            let harness = try WindowHarness(model: model, size: (600, 600))
            defer { harness.close() }
            // The merge kept the other device's "from B"; this device's "from A" lost.
            let mine = SharedItem(ItemFields(description: "Bread", notes: "from A"))
            let theirs = SharedItem(ItemFields(description: "Bread", notes: "from B"))
            let (_, lost) = FieldMerge.merge(base: SharedItem(ItemFields(description: "Bread")), local: mine, remote: theirs, localNewer: false)
            let loss = try XCTUnwrap(lost.first)
            let list = try XCTUnwrap(model.lists.all.first)
            harness.window.features.sharing.showLoss(SyncReport.Loss(item: id, description: "Bread", value: loss), on: list)
            waitForFrame(harness.window.window.widget)
            XCTAssertEqual(harness.window.toast.text, "“Bread”: the notes “from B” kept, “from A” replaced")
            let before = try XCTUnwrap(try store.items([id])[id]).revision
            harness.window.toast.runAction()
            waitForFrame(harness.window.window.widget)
            XCTAssertEqual(model.items.item(id)?.notes, "from A", "Undo put the lost value back")
            XCTAssertEqual(model.undo.undoName, "editing “Bread”", "as one more step")
            XCTAssertGreaterThan(try XCTUnwrap(try store.items([id])[id]).revision, before, "and one more change to send")
        }
    }

    /// A choice of stores that lost is said by name, and Undo puts it back, making a store this
    /// desktop no longer has.
    func testLostStoresAreSaidAndUndoPutsThemBack() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let store = try Store(path: path)
            let model = try ShoppingModel(store: store)
            let aldi = try model.shops.addShop(named: "Aldi")
            let id = try model.items.add(ItemFields(description: "Milk"))
            try model.shops.setOnlyAt(id, [aldi])
            let harness = try WindowHarness(model: model, size: (600, 600))
            defer { harness.close() }
            // The other device's Aldi was kept; this one's "Aldi, Corner Shop" lost.
            let (_, lost) = FieldMerge.merge(base: SharedItem(ItemFields(description: "Milk")), local: SharedItem(ItemFields(description: "Milk"), stores: ["Aldi", "Corner Shop"]),
                                             remote: SharedItem(ItemFields(description: "Milk"), stores: ["Aldi"]), localNewer: false)
            let list = try XCTUnwrap(model.lists.all.first)
            harness.window.features.sharing.showLoss(SyncReport.Loss(item: id, description: "Milk", value: try XCTUnwrap(lost.first)), on: list)
            waitForFrame(harness.window.window.widget)
            XCTAssertEqual(harness.window.toast.text, "“Milk”: the stores “Aldi” kept, “Aldi, Corner Shop” replaced")
            let before = try XCTUnwrap(try store.items([id])[id]).revision
            harness.window.toast.runAction()
            waitForFrame(harness.window.window.widget)
            XCTAssertEqual(model.shops.shopNames(of: id), ["Aldi", "Corner Shop"], "Undo put the stores back")
            XCTAssertGreaterThan(try XCTUnwrap(try store.items([id])[id]).revision, before, "as one more change to send")
            // One step, which takes the store it made away again.
            XCTAssertEqual(model.undo.undoName, "choosing the stores for “Milk”")
            try model.core.undoLast()
            XCTAssertEqual(model.shops.all.map(\.name), ["Aldi"])
            XCTAssertEqual(model.shops.shopNames(of: id), ["Aldi"])
        }
    }

    /// Several values replaced in one sync, one of them in a sync that then failed: one message,
    /// and its Undo puts every one back.
    func testSeveralLossesAreOneMessageWithOneUndo() throws {
        let path = try storePath()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: Store(path: path))
            let bread = try model.items.add(ItemFields(description: "Bread", notes: "from B"))
            let milk = try model.items.add(ItemFields(description: "Milk", quantity: 3))
            let harness = try WindowHarness(model: model, size: (600, 600))
            defer { harness.close() }
            func loss(_ id: ItemID, _ mine: SharedItem, _ theirs: SharedItem) throws -> SyncReport.Loss {
                let (_, lost) = FieldMerge.merge(base: SharedItem(ItemFields(description: mine.description)), local: mine, remote: theirs, localNewer: false)
                return SyncReport.Loss(item: id, description: mine.description, value: try XCTUnwrap(lost.first))
            }
            var first = SyncReport(), second = SyncReport()
            first.lost = [try loss(bread, SharedItem(ItemFields(description: "Bread", notes: "from A")), SharedItem(ItemFields(description: "Bread", notes: "from B")))]
            second.lost = [try loss(milk, SharedItem(ItemFields(description: "Milk", quantity: 2)), SharedItem(ItemFields(description: "Milk", quantity: 3)))]
            let list = try XCTUnwrap(model.lists.all.first)
            harness.window.features.sharing.finished([
                SyncController.Outcome(list: list, problem: nil, report: first),
                SyncController.Outcome(list: list, problem: "the server answered 503", report: second),
            ])
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            XCTAssertEqual(harness.window.toast.text, "2 values were replaced by later edits on other devices")
            harness.window.toast.runAction()
            waitForFrame(harness.window.window.widget)
            XCTAssertEqual(model.items.item(bread)?.notes, "from A")
            XCTAssertEqual(model.items.item(milk)?.quantity, 2)
        }
    }
}
