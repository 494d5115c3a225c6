import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// Ctrl+Z and Shift+Ctrl+Z do what the toast's Undo and Redo do, in every state: after a restart,
/// Delete List as the first thing left Ctrl+Z disabled while the toast offered Undo, and an undo
/// left Shift+Ctrl+Z disabled while the toast offered Redo. A deleted list waits in Recently
/// Deleted, and comes back from there as a step Ctrl+Z takes back. With nothing to take back, the
/// keys say so ("Nothing to undo").
final class UndoKeysTests: GtkTestCase {
    /// A store with two lists, opened again as after a restart: a history with nothing in it.
    @MainActor private static func restarted(width: Int32) throws -> WindowHarness {
        let path = temporaryFolder("undo-keys") + "/" + Store.fileName
        do {
            let before = try ShoppingModel(store: Store(path: path))
            try before.items.add(ItemFields(description: "Milk"))
            let party = try before.lists.createList(named: "Party")
            try kept(ShoppingModel(store: Store(path: path), list: party)) { try $0.items.add(ItemFields(description: "Cake")) }
        }
        return try WindowHarness(model: try ShoppingModel(store: Store(path: path)), size: (width, 640))
    }

    func testTheKeysFollowTheToastAfterDeleteListAsTheFirstThingDone() throws {
        try MainActor.assumeIsolated {
            for width: Int32 in [1000, 360] {
                let harness = try Self.restarted(width: width)
                defer { harness.close() }
                let window = harness.window
                let actions = ActionMap(window.window)
                // Nothing to take back yet: Ctrl+Z says so (issue 54), and changes nothing.
                actions.activate(AppAction.undo.rawValue)
                XCTAssertEqual(window.toast.text, "Nothing to undo")
                XCTAssertEqual(window.model.lists.all.map(\.name), ["Groceries", "Party"])
                window.showList(window.model.lists.all[1].id)
                actions.activate(AppAction.deleteList.rawValue)
                waitForFrame(window.window.widget, "the next list drawn")
                XCTAssertEqual(window.model.lists.all.map(\.name), ["Groceries"])
                XCTAssertTrue(actions.isEnabled(AppAction.undo.rawValue), "Ctrl+Z after Delete List, \(width) px")
                actions.activate(AppAction.undo.rawValue)
                waitForFrame(window.window.widget, "the list back, drawn")
                XCTAssertEqual(window.model.lists.all.map(\.name), ["Groceries", "Party"])
                XCTAssertTrue(actions.isEnabled(AppAction.redo.rawValue), "Shift+Ctrl+Z right after Ctrl+Z, \(width) px")
                actions.activate(AppAction.redo.rawValue)
                waitForFrame(window.window.widget, "the list gone again, drawn")
                XCTAssertEqual(window.model.lists.all.map(\.name), ["Groceries"])
                XCTAssertTrue(actions.isEnabled(AppAction.undo.rawValue))
                XCTAssertFalse(window.model.undo.canRedo)
                actions.activate(AppAction.redo.rawValue)
                XCTAssertEqual(window.toast.text, "Nothing to redo")
            }
        }
    }

    func testADeletedListIsRestoredFromRecentlyDeletedAndCtrlZTakesItBack() throws {
        try MainActor.assumeIsolated {
            let harness = try Self.restarted(width: 360)
            defer { harness.close() }
            let window = harness.window
            let actions = ActionMap(window.window)
            let party = window.model.lists.all[1]
            try window.model.lists.deleteList(party.id, now: Date().addingTimeInterval(-2 * 86_400))
            try window.model.store.purgeDeletedLists()
            actions.activate(AppAction.recentlyDeleted.rawValue)
            waitForFrame(window.window.widget, "Recently Deleted drawn")
            let dialog = try XCTUnwrap(window.lists.recentlyDeletedWindow)
            let texts = dialog.window.widget.descendants().compactMap(\.labelText)
            XCTAssertTrue(texts.contains("Party"), "\(texts)")
            XCTAssertTrue(texts.contains { $0.hasPrefix("1 item · deleted ") }, "\(texts)")
            window.lists.restore(party)
            dialog.window.close()
            waitForFrame(window.window.widget, "the restored list drawn")
            XCTAssertEqual(window.model.list, party.id, "the list restored is shown")
            XCTAssertEqual(window.currentPage.projection.itemCount, 1, "with its items")
            XCTAssertTrue(actions.isEnabled(AppAction.undo.rawValue))
            actions.activate(AppAction.undo.rawValue)
            waitForFrame(window.window.widget, "the undo drawn")
            XCTAssertEqual(window.model.lists.all.map(\.name), ["Groceries"])
            XCTAssertEqual(try window.model.lists.deletedLists().map(\.name), ["Party"], "back in Recently Deleted")
        }
    }

    /// The toast's Undo of Delete List shows the list it brought back, with its items (the audit's
    /// one-line bug: the list came back in the sidebar while the window stayed on the next one).
    func testUndoOfDeleteListShowsTheListAgain() throws {
        try MainActor.assumeIsolated {
            let harness = try Self.restarted(width: 1000)
            defer { harness.close() }
            let window = harness.window
            let party = window.model.lists.all[1].id
            window.showList(party)
            ActionMap(window.window).activate(AppAction.deleteList.rawValue)
            XCTAssertEqual(window.window.title, "Groceries – Shopper", "the next list shown")
            XCTAssertEqual(window.toast.text, "Deleted the list “Party”")
            waitForFrame(window.window.widget, "the toast drawn")
            window.toast.runAction()
            waitForFrame(window.window.widget, "the list drawn again")
            XCTAssertEqual(window.model.lists.all.map(\.name), ["Groceries", "Party"])
            XCTAssertEqual(window.model.list, party, "the list brought back is shown")
            XCTAssertEqual(window.window.title, "Party – Shopper")
            XCTAssertEqual(window.currentPage.projection.itemCount, 1, "with its items")
        }
    }
}
