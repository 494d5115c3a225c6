import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// A deleted list waits a week in Recently Deleted, and the keys that undo and redo a step are
/// enabled exactly when the history can.
final class RecentlyDeletedTests: XCTestCase {
    private func store() throws -> Store { try Store(path: temporaryFolder(self) + "/" + Store.fileName) }
    private func typed(_ line: String) throws -> PlainTextFormat.TypedLine { try PlainTextFormat.read(line, numbers: .neutral).get() }

    /// Recently Deleted: a list deleted days ago (after restarts) comes back whole, as one step of
    /// the undo history; Undo of the restore deletes it again, never removes it.
    func testADeletedListIsRestoredWholeAfterARestartAndTheRestoreIsUndone() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        let party = try g.lists.createList(named: "Party")
        let p = try ShoppingModel(store: s, list: party)
        try p.items.add(typed("Cake [Baking]"))
        try p.items.add(typed("3 Balloons"))
        let deletion = Date().addingTimeInterval(-3 * 86_400)
        try g.lists.deleteList(party, now: deletion)
        try s.purgeDeletedLists()
        let later = try ShoppingModel(store: Store(path: s.path))
        let deleted = try later.lists.deletedLists()
        XCTAssertEqual(deleted.map(\.name), ["Party"])
        XCTAssertEqual(deleted.first?.deletedAt, StoreTime.rounded(deletion))
        XCTAssertEqual(deleted.first?.itemCount, 2)
        try later.lists.restoreList(party)
        XCTAssertEqual(later.lists.all.map(\.name), ["Groceries", "Party"])
        XCTAssertEqual(try later.lists.deletedLists(), [])
        XCTAssertEqual(try kept(ShoppingModel(store: s, list: party)) { try $0.items.table.count }, 2)
        XCTAssertEqual(later.undo.undoName, "restoring the list “Party”")
        try later.core.undoLast()
        XCTAssertEqual(later.lists.all.map(\.name), ["Groceries"])
        XCTAssertEqual(try later.lists.deletedLists().map(\.name), ["Party"], "deleted again, not removed")
        try later.core.redoLast()
        XCTAssertEqual(later.lists.all.map(\.name), ["Groceries", "Party"])
    }

    /// Whoever hears of a step (the window enabling Ctrl+Z and Shift+Ctrl+Z) hears of it once the
    /// history has it: after a restart, the first step was heard of with nothing to undo, and an
    /// undo with nothing to redo.
    func testObserversHearAStepOnceTheUndoHistoryHasIt() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        let party = try g.lists.createList(named: "Party")
        let fresh = try ShoppingModel(store: Store(path: s.path))
        var heard: [(undo: Bool, redo: Bool)] = []
        _ = fresh.core.observe { _ in heard.append((fresh.undo.canUndo, fresh.undo.canRedo)) }
        try fresh.lists.deleteList(party)
        XCTAssertEqual(heard.last?.undo, true, "Ctrl+Z left disabled after a Delete List")
        try fresh.core.undoLast()
        XCTAssertEqual(heard.last?.redo, true, "Shift+Ctrl+Z left disabled after an undo")
        XCTAssertEqual(heard.last?.undo, false)
        try fresh.core.redoLast()
        XCTAssertEqual(heard.last?.undo, true)
        XCTAssertEqual(heard.last?.redo, false)
    }

    /// A list shared with a task list, deleted, and meanwhile another list shared with the same
    /// task list: restored, it is no longer shared (two lists on one task list would take each
    /// other's items); restored twice, the second does nothing and says so.
    func testARestoredListDoesNotShareATaskListTakenMeanwhile() throws {
        let s = try store()
        let g = try ShoppingModel(store: s)
        let party = try g.lists.createList(named: "Party"), bbq = try g.lists.createList(named: "BBQ")
        try s.syncTables.createSyncBinding(SyncBinding(list: party, server: "https://dav.example.org/", user: "alice",
                                            collection: "https://dav.example.org/dav/party/", collectionName: "Party"))
        try g.lists.deleteList(party)
        XCTAssertEqual(try s.syncTables.syncBindings().map(\.list), [], "a deleted list's binding is not in use")
        try s.syncTables.createSyncBinding(SyncBinding(list: bbq, server: "https://dav.example.org/", user: "alice",
                                            collection: "https://dav.example.org/dav/party/", collectionName: "Party"))
        XCTAssertTrue(try g.lists.restoreList(party))
        XCTAssertNil(try s.syncTables.syncBinding(for: party), "no longer shared")
        XCTAssertEqual(try s.syncTables.syncBinding(for: bbq)?.collection, "https://dav.example.org/dav/party/")
        XCTAssertFalse(try g.lists.restoreList(party), "restored already: nothing to do")
    }
}
