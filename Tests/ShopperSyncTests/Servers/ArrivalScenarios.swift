import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// What another desktop changed, as a sync's report names it for a notification
/// (`SyncReport.arrivals`): A (going by "Ana") and B on one task list, and a phone.
extension SyncScenarios {
    func arrivalsNameWhoChangedWhat() throws {
        let a = try Device()
        try a.store.kitchenTables.setSharingName("Ana")
        try a.add("Milk")
        try a.share(server, collection: .new(name: "Test " + UUID().uuidString.prefix(8)))
        let binding = try XCTUnwrap(a.binding)
        let phone = Phone(server: server, collection: binding.collection)
        XCTAssertEqual(try phone.task("Milk")?.x["X-SHOPPER-BY"], "Ana", "every task written says who wrote it")
        XCTAssertEqual(a.lastReport.arrivals, [], "a first sync says nothing")

        let b = try Device()
        let collection = RemoteCollection(url: binding.collection, name: binding.collectionName)
        try b.share(server, collection: .existing(collection))
        XCTAssertEqual(try b.items.map(\.description), ["Milk"])
        XCTAssertEqual(b.lastReport.arrivals, [], "joining brings everything, and says nothing of it")

        // A adds two and ticks one off: B hears of the three, by A's name.
        try a.add("Eggs", "Bread")
        try a.model.items.tick(XCTUnwrap(a.item("Milk")).id)
        try a.sync()
        let heard = try b.sync().arrivals
        XCTAssertEqual(Set(heard.map { "\($0.kind) \($0.what) \($0.by ?? "-")" }),
                       ["added Eggs Ana", "added Bread Ana", "ticked Milk Ana"])
        XCTAssertTrue(heard.allSatisfy { $0.list == ListID.first.raw && $0.day == nil })

        // B's own change comes back to B as nothing; A hears it by B's account.
        try b.edit("Bread") { $0.quantity = 2 }
        XCTAssertEqual(try b.sync().arrivals, [], "B's own upload, read back, is no news")
        XCTAssertEqual(try b.sync().arrivals, [])
        XCTAssertEqual(try a.sync().arrivals, [Arrival(kind: .changed, what: "Bread", by: server.user, list: .first)])
        XCTAssertEqual(try phone.task("Bread")?.x["X-SHOPPER-BY"], server.user)

        // A task whose name alone changed is no change: not merged, not sent, not said.
        let eggs = try XCTUnwrap(phone.task("Eggs"))
        try phone.run(["edit", eggs.uid, "--x", "X-SHOPPER-BY=Somebody else"])
        let quiet = try b.sync()
        XCTAssertEqual(quiet.arrivals, [])
        XCTAssertEqual(quiet.sent, 0, "nothing to send back")
        XCTAssertTrue(quiet.lost.isEmpty)
        XCTAssertEqual(try a.sync().arrivals, [])

        // The phone says no name; a deletion says none either. (In an aisle: A's sync would send
        // one without back, placed, under A's name.)
        try phone.run(["add", "Lemons", "--uid", "phone-lemons", "--category", "Fruit"])
        try a.model.items.delete([XCTUnwrap(a.item("Eggs")).id])
        try a.sync()
        XCTAssertEqual(Set(try b.sync().arrivals.map { "\($0.kind) \($0.what) \($0.by ?? "-")" }),
                       ["added Lemons -", "removed Eggs -"])
    }
}

final class RadicaleArrivalTests: XCTestCase {
    func testArrivalsNameWhoChangedWhat() throws { try SyncScenarios("radicale").arrivalsNameWhoChangedWhat() }
}

final class XandikosArrivalTests: XCTestCase {
    func testArrivalsNameWhoChangedWhat() throws { try SyncScenarios("xandikos").arrivalsNameWhoChangedWhat() }
}
