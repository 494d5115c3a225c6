import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// Every sync scenario, run against each real server (RadicaleSyncTests, XandikosSyncTests).
struct SyncScenarios {
    let server: CalDAVServers.Server

    init(_ name: String) throws { server = try CalDAVServers.server(name) }

    /// A desktop sharing its first list with a new collection of its own, and a phone on it.
    func sharedDevice(_ lines: [String] = []) throws -> (Device, Phone, RemoteCollection) {
        let a = try Device()
        for l in lines { try a.add(l) }
        try a.share(server, collection: .new(name: "Test " + UUID().uuidString.prefix(8)))
        let b = try XCTUnwrap(a.binding)
        return (a, Phone(server: server, collection: b.collection), RemoteCollection(url: b.collection, name: b.collectionName))
    }

    func assertNoDuplicates(_ phone: Phone, count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let tasks = try phone.tasks()
        XCTAssertEqual(tasks.count, count, "tasks on the server: \(tasks.map(\.summary).sorted())", file: file, line: line)
        XCTAssertEqual(Set(tasks.map(\.uid)).count, tasks.count, "a UID twice", file: file, line: line)
        XCTAssertEqual(Set(tasks.map(\.summary)).count, tasks.count, "a summary twice: \(tasks.map(\.summary).sorted())", file: file, line: line)
    }

    // MARK: A phone's app

    func phoneRoundTrip() throws {
        let (a, phone, _) = try sharedDevice(["Milk", "2 kg Apples @ 1.29 [Fruit]", "500 g Mince = 5.49 | from the butcher"])
        let apples = try XCTUnwrap(phone.task("Apples"))
        XCTAssertEqual(apples.status, "NEEDS-ACTION")
        XCTAssertEqual(apples.categories, ["Fruit"])
        XCTAssertEqual(apples.x["X-SHOPPER-QUANTITY"], "2")
        XCTAssertEqual(apples.x["X-SHOPPER-UNIT"], "kg")
        XCTAssertEqual(apples.x["X-SHOPPER-UNIT-COST"], "1.29")
        XCTAssertEqual(apples.x["X-SHOPPER-STATE"], "NEEDED")
        XCTAssertEqual(apples.description, "2 kg · 1.29 each")
        let mince = try XCTUnwrap(phone.task("Mince"))
        XCTAssertEqual(mince.x["X-SHOPPER-PRICE-FOR-ALL"], "5.49")
        XCTAssertEqual(mince.description, "500 g · 5.49 for all\n\nfrom the butcher")

        // Typed on the phone in the add bar's syntax, with an alarm and a property of its own.
        try phone.run(["add", "3 Lemons @ 0.5 [Fruit]", "--uid", "phone-lemons", "--alarm", "--x", "X-TASKS-ORG-THING=keep me",
                       "--related-to", "phone-parent"])
        try a.sync()
        let lemons = try XCTUnwrap(a.item("Lemons"))
        XCTAssertEqual(lemons.quantity, 3)
        XCTAssertEqual(lemons.price, Decimal(string: "0.5"))
        XCTAssertEqual(lemons.aisle, "Fruit")
        XCTAssertTrue(lemons.needed)

        // A task without a category goes where an item typed here would (the table's fruit and
        // veg, on this list called Fruit), and its aisle goes back up.
        try phone.run(["add", "Bananas", "--uid", "phone-bananas"])
        try a.sync()
        XCTAssertEqual(try a.item("Bananas")?.aisle, "Fruit")
        try a.sync()
        XCTAssertEqual(try phone.task("Bananas")?.categories, ["Fruit"])

        // Completed there: in the cart here; reopened: back on the list.
        let milk = try XCTUnwrap(phone.task("Milk"))
        try phone.run(["complete", milk.uid])
        try a.sync()
        XCTAssertEqual(try a.item("Milk")?.inCart, true)
        try phone.run(["reopen", milk.uid])
        try a.sync()
        XCTAssertEqual(try a.item("Milk").map { $0.needed && !$0.inCart }, true)

        // A Shopper edit keeps what the phone set that Shopper does not know.
        try a.edit("Lemons") { $0.quantity = 4 }
        try a.sync()
        let after = try XCTUnwrap(phone.task("Lemons"))
        XCTAssertEqual(after.x["X-SHOPPER-QUANTITY"], "4")
        XCTAssertEqual(after.x["X-TASKS-ORG-THING"], "keep me")
        XCTAssertEqual(after.relatedTo, "phone-parent")
        XCTAssertTrue(after.ical.contains("BEGIN:VALARM"), after.ical)

        // Ticked off here: completed there.
        try a.model.items.tick(XCTUnwrap(a.item("Apples")).id)
        try a.sync()
        XCTAssertEqual(try phone.task("Apples")?.status, "COMPLETED")
        XCTAssertEqual(try phone.task("Apples")?.x["X-SHOPPER-STATE"], "IN-CART")
        XCTAssertTrue(try XCTUnwrap(phone.task("Apples")).ical.contains("PERCENT-COMPLETE:100"))

        // Deleted there: gone here.
        try phone.run(["delete", milk.uid])
        try a.sync()
        XCTAssertNil(try a.item("Milk"))
        try assertNoDuplicates(phone, count: 4)
    }

    // MARK: Two desktops

    /// An item's stores travel with it, by name: the other desktop makes a store it does not know,
    /// and a change of stores there comes back; trips stay on the device that made them.
    func storesTravelWithTheItem() throws {
        let (a, phone, collection) = try sharedDevice(["Milk", "Bread"])
        let am = try a.model
        let aldi = try am.shops.addShop(named: "Aldi"), sud = try am.shops.addShop(named: "Lidl, Süd")
        let milk = try XCTUnwrap(a.item("Milk")).id
        try am.shops.setOnlyAt(milk, [aldi, sud])
        try a.sync()
        // Written "Aldi|Lidl%2C Süd"; how a third-party client shows it depends on its parser.
        let written = try XCTUnwrap(try phone.task("Milk")?.x["X-SHOPPER-STORES"])
        XCTAssertTrue(written.hasPrefix("Aldi|Lidl") && written.hasSuffix(" Süd"), written)

        let b = try Device()
        let bm = try b.model
        let known = try bm.shops.addShop(named: "ALDI")
        try b.share(server, collection: .existing(collection))
        let bMilk = try XCTUnwrap(b.item("Milk")).id
        let after = try b.model
        XCTAssertEqual(after.shops.all.map(\.name), ["ALDI", "Lidl, Süd"], "Aldi matched by name, the other made")
        XCTAssertEqual(after.shops.onlyAt[bMilk].count, 2)
        XCTAssertTrue(after.shops.onlyAt[bMilk].contains(known))
        XCTAssertEqual(after.shops.onlyAt[try XCTUnwrap(b.item("Bread")).id], [])

        // B takes Aldi away; A hears of it.
        try after.shops.setOnlyAt(bMilk, after.shops.onlyAt[bMilk].subtracting([known]))
        try b.sync()
        try a.sync()
        XCTAssertEqual(try a.model.shops.onlyAt[milk], [sud])
        XCTAssertEqual(try phone.task("Milk")?.x["X-SHOPPER-STORES"].map { $0.hasPrefix("Lidl") && !$0.contains("Aldi") }, true)
        // Sold anywhere again: the property goes.
        try a.model.shops.setOnlyAt(milk, [])
        try a.sync()
        XCTAssertNil(try phone.task("Milk")?.x["X-SHOPPER-STORES"])
        try b.sync()
        XCTAssertEqual(try b.model.shops.onlyAt[bMilk], [])

        // Both choose stores offline, A first: B's later choice stands on both, and A is told
        // which of its stores it replaced, by name.
        try a.model.shops.setOnlyAt(milk, [sud])
        Thread.sleep(forTimeInterval: 1.1)  // LAST-MODIFIED is in whole seconds: B's edit must be a second later
        try b.model.shops.setOnlyAt(bMilk, [known])
        try b.sync()
        let aReport = try a.sync()
        XCTAssertEqual(try a.model.shops.shopNames(of: milk), ["Aldi"])
        XCTAssertTrue(aReport.lost.contains { $0.value.field == .stores && $0.value.lost == "Lidl, Süd" && $0.value.lostStores == ["Lidl, Süd"] },
                      "the stores that lost are said: \(aReport.lost)")
        try b.sync()
        XCTAssertEqual(try b.model.shops.onlyAt[bMilk], [known])
        try a.model.shops.setOnlyAt(milk, [])
        try a.sync()
        try b.sync()

        // A trip stays where it was made.
        try a.model.items.tick(milk)
        try a.model.items.finishShopping()
        try a.sync()
        try b.sync()
        XCTAssertEqual(try a.model.trips.all().count, 1)
        XCTAssertEqual(try b.model.trips.all().count, 0)
        try assertNoDuplicates(phone, count: 2)
    }

    func twoDesktopsConverge() throws {
        let (a, phone, collection) = try sharedDevice(["Milk", "Bread", "Eggs"])
        let b = try Device()
        try b.add("milk")  // the same item, typed on the other desktop before sharing
        try b.share(server, collection: .existing(collection))
        XCTAssertEqual(try b.items.count, 3, "a first sync merges by description")
        try assertNoDuplicates(phone, count: 3)

        // Both offline: different fields, the same field, and a delete against an edit.
        let t0 = Date()
        try a.edit("Milk", at: t0) { $0.quantity = 2 }
        // Not the table of groceries' Dairy, which both already gave it.
        try b.edit("milk", at: t0) { $0.aisle = "Fridge" }
        try a.edit("Bread", at: t0.addingTimeInterval(1)) { $0.notes = "from A" }
        try b.edit("Bread", at: t0.addingTimeInterval(2)) { $0.notes = "from B" }
        try a.model.items.delete([XCTUnwrap(a.item("Eggs")).id])
        try b.edit("Eggs", at: t0.addingTimeInterval(3)) { $0.quantity = 12 }

        try a.sync()
        let bReport = try b.sync()
        try a.sync()
        XCTAssertTrue(bReport.lost.contains { $0.value.field == .notes && $0.value.lost == "from A" && $0.value.kept == "from B" },
                      "the value that lost is said: \(bReport.lost)")
        for device in [a, b] {
            let milk = try XCTUnwrap(device.items.first { $0.description.lowercased() == "milk" })
            XCTAssertEqual(milk.quantity, 2)
            XCTAssertEqual(milk.aisle, "Fridge")
            XCTAssertEqual(try device.item("Bread")?.notes, "from B")
            XCTAssertEqual(try device.item("Eggs")?.quantity, 12, "an edit wins over a deletion")
            XCTAssertEqual(try device.items.count, 3)
        }
        try assertNoDuplicates(phone, count: 3)
    }

    /// tasks.org #1580: two people add while offline, one set vanished.
    func offlineAddsOnBoth() throws {
        let (a, phone, collection) = try sharedDevice()
        let b = try Device()
        try b.share(server, collection: .existing(collection))
        for i in 1...10 { try a.add("A item \(i)") }
        for i in 1...2 { try b.add("B item \(i)") }
        try b.sync()
        try a.sync()
        try b.sync()
        XCTAssertEqual(try a.items.count, 12)
        XCTAssertEqual(try b.items.count, 12)
        try assertNoDuplicates(phone, count: 12)
    }

    // MARK: The ETag fallback

    func refusedTokenListsEverything() throws {
        let (a, phone, _) = try sharedDevice(["Milk"])
        try phone.run(["add", "Butter"])
        var b = try XCTUnwrap(a.binding)
        b.syncToken = "http://example.org/ns/sync/refused-token"
        try a.store.syncTables.saveSyncBinding(b)
        try a.sync()
        XCTAssertNotNil(try a.item("Butter"), "found by the ETag listing")
        try phone.run(["delete", XCTUnwrap(phone.task("Milk")).uid])
        b = try XCTUnwrap(a.binding)
        b.syncToken = nil
        try a.store.syncTables.saveSyncBinding(b)
        try a.sync()
        XCTAssertNil(try a.item("Milk"), "a removal found by the listing")
        try assertNoDuplicates(phone, count: 1)
    }

    // MARK: Faults

    /// tasks.org #4424: a server down for a long time, then back: the queue goes up, nothing local wiped.
    func serverDownThenBack() throws {
        let (a, phone, _) = try sharedDevice(["Milk", "Bread"])
        try CalDAVServers.command("stop \(server.name)")
        try a.edit("Milk") { $0.quantity = 3 }
        try a.add("Cheese")
        XCTAssertThrowsError(try a.sync()) { error in
            XCTAssertTrue((error as? SyncError)?.isOffline == true, "\(error)")
        }
        let status = SyncStatus.of(try a.binding, pending: a.store.syncTables.syncPendingCount(.first), syncing: false) { _ in "now" }
        XCTAssertEqual(status.state, .offline)
        XCTAssertTrue(status.text.contains("2 changes waiting"), status.text)
        try CalDAVServers.command("start \(server.name)")
        try a.sync()
        XCTAssertEqual(try a.items.count, 3)
        XCTAssertEqual(try phone.task("Milk")?.x["X-SHOPPER-QUANTITY"], "3")
        XCTAssertNotNil(try phone.task("Cheese"))
        XCTAssertEqual(a.store.syncTables.syncPendingCount(.first), 0)
        XCTAssertNil(try a.binding?.problem)
    }

    /// A server that answers with an empty collection (restored, or a new account): nothing is
    /// deleted here in bulk; the items go back up, and the status says so.
    func emptiedCollectionDeletesNothing() throws {
        let names = (1...6).map { "Thing \($0)" }
        let (a, phone, _) = try sharedDevice(names)
        for t in try phone.tasks() { try phone.run(["delete", t.uid]) }
        let report = try a.sync()
        XCTAssertEqual(report.keptFromBulkDeletion, 6)
        XCTAssertEqual(try a.items.count, 6)
        XCTAssertNotNil(try a.binding?.notice)
        try assertNoDuplicates(phone, count: 6)
        // One deletion there is an edit, and is taken.
        try phone.run(["delete", XCTUnwrap(phone.task("Thing 1")).uid])
        try a.sync()
        XCTAssertEqual(try a.items.count, 5)
    }

    func malformedTaskIsSkipped() throws {
        let (a, phone, _) = try sharedDevice(["Milk"])
        let broken = NSTemporaryDirectory() + "broken-\(UUID().uuidString).ics"
        defer { try? FileManager.default.removeItem(atPath: broken) }
        // Valid iCalendar (servers check that much), but no item: no summary, a quantity of words.
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Broken//EN\r\nBEGIN:VTODO\r\nUID:broken-1\r\nDTSTAMP:20260101T000000Z\r\nX-SHOPPER-QUANTITY:lots\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            .write(toFile: broken, atomically: true, encoding: .utf8)
        try phone.run(["raw-put", "broken.ics", broken])
        try phone.run(["add", "Butter"])
        let report = try a.sync()
        XCTAssertEqual(report.skipped.count, 1)
        let notice = try XCTUnwrap(a.binding?.notice)
        XCTAssertTrue(notice.contains("broken.ics"), notice)
        XCTAssertNotNil(try a.item("Butter"))
        XCTAssertEqual(try a.items.count, 2)
        // It is skipped again, and the rest goes on syncing.
        try phone.run(["add", "Jam"])
        XCTAssertEqual(try a.sync().received, 1)
    }

    /// Every upload meets 412 (the ETags held are all stale): each is fetched, merged and sent again.
    func preconditionStorm() throws {
        let names = (1...20).map { "Item \($0)" }
        let (a, phone, collection) = try sharedDevice(names)
        let b = try Device()
        try b.share(server, collection: .existing(collection))
        for n in names { try b.edit(n) { $0.quantity = 5 } }
        try b.sync()
        try a.sync()
        for n in names { try a.edit(n) { $0.notes = "note \(n)" } }
        // Every ETag A holds goes stale: each upload is refused until A has merged what is there.
        let records = try a.store.syncTables.syncRecords(.first, hrefs: try a.store.syncTables.syncETags(.first).keys.sorted())
        try a.store.syncTables.saveSyncRecords(.first, records.map { var r = $0; r.etag = "\"stale\""; return r })
        try a.sync()
        try b.sync()
        for device in [a, b] {
            for n in names {
                let item = try XCTUnwrap(device.item(n))
                XCTAssertEqual(item.quantity, 5, n)
                XCTAssertEqual(item.notes, "note \(n)", n)
            }
        }
        try assertNoDuplicates(phone, count: 20)
    }

    /// An upload the server applied but whose answer never arrived (a 500 after the write, a
    /// connection cut): the item has no record here. The next sync finds its task, no duplicate.
    func uploadWithoutAnswerConverges() throws {
        let (a, phone, _) = try sharedDevice(["Milk", "Bread"])
        try a.store.syncTables.saveSyncRecords(.first, [], removing: try a.items.map(\.id))
        try a.edit("Milk") { $0.quantity = 2 }
        try a.sync()
        try assertNoDuplicates(phone, count: 2)
        XCTAssertEqual(try phone.task("Milk")?.x["X-SHOPPER-QUANTITY"], "2")
        XCTAssertEqual(try a.items.count, 2)
    }
}

extension SyncScenarios {
    /// Each list shares with a collection of its own; an item moved between two shared lists
    /// leaves the one collection and arrives in the other.
    func twoListsTwoCollections() throws {
        let (a, groceries, _) = try sharedDevice(["Milk", "Glue"])
        let m = try a.model
        let hardware = try m.lists.createList(named: "Hardware")
        let lists = try a.store.lists()
        let list = try XCTUnwrap(lists.first { $0.id == hardware })
        _ = try Sharing.share(store: a.store, list: list, server: server.url, user: server.user, password: server.password,
                              target: .new(name: "Hardware " + UUID().uuidString.prefix(6)))
        let binding = try XCTUnwrap(a.store.syncTables.syncBinding(for: hardware))
        XCTAssertEqual(try a.store.syncTables.syncBindings().count, 2, "a second shared list is a second binding")
        let tools = Phone(server: server, collection: binding.collection)
        XCTAssertEqual(try tools.tasks().count, 0)
        let glue = try XCTUnwrap(a.item("Glue"))
        try m.lists.moveItems([glue.id], to: hardware)
        _ = try SyncEngine.sync(store: a.store, list: .first)
        _ = try SyncEngine.sync(store: a.store, list: hardware)
        XCTAssertEqual(try groceries.tasks().map(\.summary), ["Milk"])
        XCTAssertEqual(try tools.tasks().map(\.summary), ["Glue"])
    }
}

extension SyncScenarios {
    /// Undo of a change already synced is one more change, and goes out as one.
    func undoGoesOutAsAChange() throws {
        let (a, phone, _) = try sharedDevice(["Milk"])
        let m = try a.model
        var f = try XCTUnwrap(a.item("Milk")).fields
        f.quantity = 6
        try m.items.update(try XCTUnwrap(a.item("Milk")).id, f)
        try a.sync()
        XCTAssertEqual(try phone.task("Milk")?.x["X-SHOPPER-QUANTITY"], "6")
        _ = try m.core.undoLast()
        try a.sync()
        XCTAssertEqual(try phone.task("Milk")?.x["X-SHOPPER-QUANTITY"], "1")
        try assertNoDuplicates(phone, count: 1)
    }
}

extension SyncScenarios {
    /// The task list deleted on the server: the status says so and what to do; every item stays.
    func collectionDeletedOnTheServer() throws {
        let (a, _, collection) = try sharedDevice(["Milk", "Bread"])
        let http = try HTTPTransport(server: XCTUnwrap(URL(string: server.url)), user: server.user,
                                      password: server.password)
        let gone = try http.send("DELETE", XCTUnwrap(URL(string: collection.url)))
        XCTAssertTrue((200..<300).contains(gone.status), "DELETE of the collection: \(gone.status)")
        try a.edit("Milk") { $0.quantity = 2 }
        XCTAssertThrowsError(try a.sync()) { XCTAssertEqual($0 as? SyncError, .collectionGone) }
        let status = SyncStatus.of(try a.binding, pending: a.store.syncTables.syncPendingCount(.first), syncing: false) { _ in "now" }
        XCTAssertEqual(status.state, .problem)
        XCTAssertTrue(status.text.contains("deleted on the server"), status.text)
        XCTAssertEqual(try a.items.count, 2)
        XCTAssertEqual(try a.item("Milk")?.quantity, 2)
    }
}

extension SyncScenarios {
    /// An upload applied whose record was lost, then the item renamed here: the task is found by
    /// its UID (not its old name), the rename goes up, and nothing is doubled.
    func lostRecordThenRenamed() throws {
        let (a, phone, _) = try sharedDevice(["Milk", "Bread"])
        try a.store.syncTables.saveSyncRecords(.first, [], removing: try a.items.map(\.id))
        try a.edit("Milk") { $0.description = "Oat milk" }
        try a.sync()
        try a.sync()
        try assertNoDuplicates(phone, count: 2)
        XCTAssertEqual(try phone.tasks().map(\.summary).sorted(), ["Bread", "Oat milk"])
        XCTAssertEqual(try a.items.map(\.description).sorted(), ["Bread", "Oat milk"])
        XCTAssertEqual(a.store.syncTables.syncPendingCount(.first), 0)
    }

    /// Stop Sharing while a sync runs: the sync's end does not bring the binding back.
    func stopSharingStaysStopped() throws {
        let (a, _, _) = try sharedDevice(["Milk"])
        let old = try XCTUnwrap(a.binding)
        try Sharing.stop(store: a.store, list: .first)
        try a.store.syncTables.saveSyncBinding(old)  // what a sync ending now would write
        XCTAssertNil(try a.binding)
        try a.store.syncTables.saveSyncRecords(.first, [SyncRecord(item: ItemID(1), uid: "x", href: "/x.ics", etag: nil, base: nil, syncedRevision: 0)])
        XCTAssertTrue(try a.store.syncTables.syncRecords(.first, items: [ItemID(1)]).isEmpty)
        XCTAssertThrowsError(try a.store.syncTables.applySync(.first) { _ throws(StoreError) in SyncWrite(list: .first) })
    }
}
