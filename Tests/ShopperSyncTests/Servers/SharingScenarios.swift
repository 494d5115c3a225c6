import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

extension SyncScenarios {
    /// A second list shared onto the task list the first already uses is refused, by name, and
    /// nothing is bound: two lists on one task list would each take the other's items as theirs.
    func oneTaskListForOneList() throws {
        let (a, groceriesTasks, groceries) = try sharedDevice(["Milk"])
        let hardware = try a.model.lists.createList(named: "Hardware")
        let list = try XCTUnwrap(try a.store.lists().first { $0.id == hardware })
        try a.model.items.add(ItemFields(description: "Glue"))
        XCTAssertThrowsError(try Sharing.share(store: a.store, list: list, server: server.url, user: server.user,
                                               password: server.password, target: .existing(groceries))) { error in
            XCTAssertEqual(error as? SyncError, .collectionInUse(list: "Groceries"))
        }
        XCTAssertNil(try a.store.syncTables.syncBinding(for: hardware), "nothing bound")
        XCTAssertEqual(try groceriesTasks.tasks().map(\.summary), ["Milk"], "the task list untouched")
    }
}
