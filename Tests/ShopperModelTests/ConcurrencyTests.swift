import Foundation
import GRDB
import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// Several writers on one store, as on a desktop: the window, `shopper add` from cron or ssh, and
/// later a sync. Nothing any of them was told is saved may be lost or overwritten unseen.
final class ConcurrencyTests: XCTestCase {
    private func storePath() -> String { temporaryFolder(self) + "/data/" + Store.fileName }

    /// 8 processes x 100 adds at once, each process with the store open the whole time.
    func testParallelWriterProcessesLoseNothing() throws {
        let path = storePath()
        let children = try (0..<8).map { try ChildProcess([path, "add", "P\($0)", "100"]) }
        var acknowledged: [String] = []
        for child in children {
            let r = child.finish()
            XCTAssertEqual(r.status, 0, r.errors)
            acknowledged += r.output.split(separator: "\n").map { String($0.dropFirst("added ".count)) }
        }
        XCTAssertEqual(acknowledged.count, 800)
        let items = try Store(path: path).load().items
        let counts = Dictionary(grouping: items, by: \.description).mapValues(\.count)
        for name in acknowledged { XCTAssertEqual(counts[name], 1, "\(name) lost or doubled") }
        XCTAssertEqual(items.count, 800)
    }

    /// The window stays open while a process without the bus (cron, ssh) adds directly: the
    /// window's next add takes a new id instead of replacing that item, and the window shows it.
    func testAnOpenModelSeesOthersWritesAndNeverReplacesThem() throws {
        let path = storePath()
        let window = try ShoppingModel(store: Store(path: path))
        try window.items.add(fields("Milk"))
        var heard: [ModelChange] = []
        window.core.observe { heard.append($0) }
        let cron = try ShoppingModel(store: Store(path: path))
        let cronID = try cron.items.add(fields("Cron item"))

        XCTAssertTrue(try window.core.refreshIfChangedElsewhere())
        XCTAssertEqual(window.items.item(cronID)?.description, "Cron item")
        XCTAssertEqual(heard.count, 1)
        XCTAssertNotNil(heard.first?.items[cronID] ?? nil)
        XCTAssertFalse(try window.core.refreshIfChangedElsewhere(), "nothing new since")

        let mine = try window.items.add(fields("Bread"))
        XCTAssertNotEqual(mine, cronID)
        XCTAssertEqual(try Store(path: path).load().items.map(\.description).sorted(), ["Bread", "Cron item", "Milk"])
    }

    /// A write of no item (the aisle order, a saved search) takes no revision of its own: it once
    /// did, and the next item another process wrote carried that revision, so the writer counted
    /// it as seen and never showed it (found by the projection fuzz with a second process).
    func testAnItemWrittenAfterAnAisleReorderIsSeen() throws {
        let path = storePath()
        let window = try ShoppingModel(store: Store(path: path))
        let id = try window.items.add(fields("Milk", aisle: "Dairy"))
        try window.items.add(fields("Bread", aisle: "Bakery"))
        let cron = try ShoppingModel(store: Store(path: path))
        try window.aisles.setAisleOrder(["Bakery", "Dairy"])
        try window.searches.saveSearch(name: "Milk", query: "milk")
        try cron.core.refreshIfChangedElsewhere()
        try cron.items.setNeeded(id, false)

        XCTAssertTrue(try window.core.refreshIfChangedElsewhere())
        XCTAssertEqual(window.items.item(id)?.needed, false)
        XCTAssertEqual(window.items[id]?.needed, false)
    }

    /// Lines typed for a known item change only what they write, over the item as it is when
    /// written: notes another process wrote while the lines were planned stay.
    func testATypedLineKeepsWhatAnotherProcessWroteMeanwhile() throws {
        let path = storePath()
        let window = try ShoppingModel(store: Store(path: path))
        let milk = try window.items.add(fields("Milk", cost: 1))
        let other = try ShoppingModel(store: Store(path: path))
        let line = try PlainTextFormat.read("2 Milk").get()
        try window.items.add(lines: [line]) { _ in
            // Between the plan and the write.
            _ = try? other.core.refreshIfChangedElsewhere()
            var f = other.items.item(milk)!.fields
            f.notes = "the oat one"
            try? other.items.update(milk, f)
            return milk
        }
        let stored = try XCTUnwrap(Store(path: path).load().items.first)
        XCTAssertEqual(stored.notes, "the oat one")
        XCTAssertEqual(stored.quantity, 2)
        XCTAssertEqual(window.items.item(milk)?.notes, "the oat one")
    }

    /// An import written on another thread is taken into memory after a refresh may already
    /// have read a newer version of one of its items: memory keeps the newer one.
    func testABackgroundImportDoesNotTakeMemoryBackToAnOlderVersion() throws {
        let path = storePath()
        let window = try ShoppingModel(store: Store(path: path))
        let job = try XCTUnwrap(window.imports.backgroundImport([ImportedItem(fields: fields("Tea"), needed: true, inCart: false)]))
        let result = job.write()
        let (written, _) = try result.get()
        let tea = try XCTUnwrap(written.items.keys.first)
        let other = try ShoppingModel(store: Store(path: path))
        try other.items.update(tea, fields("Green tea"))
        try window.core.refreshIfChangedElsewhere()
        try window.imports.finish(job, result)
        XCTAssertEqual(window.items.item(tea)?.description, "Green tea")
        try window.items.update(tea, fields("Green tea, loose"))
        XCTAssertEqual(try Store(path: path).load().items.first?.description, "Green tea, loose", "no conflict ever after")
    }

    /// A write over a version of an item its writer has not seen is refused whole; the model then
    /// reads the news and makes its change on top of the newest version.
    func testAStaleWriteIsRefusedAndRebuiltOnTheNewestVersion() throws {
        let path = storePath()
        let a = try ShoppingModel(store: Store(path: path))
        let id = try a.items.add(fields("Apples", cost: 1))
        let store = try Store(path: path)
        let seen = try store.load()
        try a.items.update(id, fields("Apples", cost: 2))
        // What `b` would write having read only `seen`: refused, nothing written.
        XCTAssertThrowsError(try store.write(seen: seen.revision, knownAisles: []) { _ in
            var cs = ChangeSet()
            var stale = seen.items[0]
            stale.inCart = true
            cs.items[id] = stale
            return (cs, [id: seen.revisions[id]])
        }) { XCTAssertEqual($0 as? StoreError, .conflict(id)) }
        XCTAssertEqual(try Store(path: path).load().items.first?.price, 2)

        let b = try ShoppingModel(store: Store(path: path))
        try a.items.update(id, fields("Apples", cost: 3))
        try b.items.tick(id)
        let stored = try XCTUnwrap(Store(path: path).load().items.first)
        XCTAssertEqual(stored.price, 3, "a's edit kept")
        XCTAssertTrue(stored.inCart, "b's tick on top of it")
    }

    /// Undo puts back what this process changed, but never over what another changed since.
    func testUndoRefusesToOverwriteAnotherProcessesEdit() throws {
        let path = storePath()
        let a = try ShoppingModel(store: Store(path: path))
        let id = try a.items.add(fields("Apples"))
        try a.items.tick(id)
        let b = try ShoppingModel(store: Store(path: path))
        try b.items.update(id, fields("Green apples"))
        XCTAssertThrowsError(try a.core.undoLast()) { e in
            guard case .changedElsewhere(let d, _) = e as? StoreError else { return XCTFail("\(e)") }
            XCTAssertEqual(d, "Green apples")
            XCTAssertTrue((e as! StoreError).localizedDescription.contains("Nothing was changed"))
        }
        let stored = try XCTUnwrap(Store(path: path).load().items.first)
        XCTAssertEqual(stored.description, "Green apples")
        XCTAssertTrue(stored.inCart)
        // The refused step is gone; the one before it (the add) is next, and also refused: the item
        // it would delete was edited elsewhere.
        XCTAssertEqual(a.undo.undoName, "adding “Apples”")
        XCTAssertThrowsError(try a.core.undoLast())
        XCTAssertEqual(try Store(path: path).load().items.count, 1)
    }

    /// An Undo offered for one step never undoes a later one, even once the history is full and
    /// its depth no longer changes.
    func testUndoOfAStepByItsIdentityAtTheHistoryLimit() throws {
        let m = try ShoppingModel(store: temporaryStore())
        for i in 0...UndoHistory.limit { try m.items.add(fields("Item \(i)")) }
        XCTAssertEqual(m.undo.undoStack.count, UndoHistory.limit)
        let offered = try XCTUnwrap(m.undo.latestID)
        try m.items.add(fields("Later"))
        XCTAssertEqual(m.undo.undoStack.count, UndoHistory.limit)
        XCTAssertNil(try m.core.undoLast(step: offered), "a stale Undo does nothing")
        XCTAssertNotNil(m.items.item(described: "Later"))
        XCTAssertEqual(try m.core.undoLast(step: m.undo.latestID), "adding “Later”")
        XCTAssertNil(m.items.item(described: "Later"))
    }

    /// A reorder by a process that had not seen another's new aisle keeps that aisle.
    func testAislesAddedElsewhereSurviveAReorder() throws {
        let path = storePath()
        let a = try ShoppingModel(store: Store(path: path))
        try a.items.add(fields("Milk", aisle: "Dairy"))
        try a.items.add(fields("Apples", aisle: "Fruit"))
        let store = try Store(path: path)
        let seen = try store.load()
        let b = try ShoppingModel(store: Store(path: path))
        try b.items.add(fields("Bread", aisle: "Bakery"))
        _ = try store.write(seen: seen.revision, knownAisles: seen.aisles) { _ in
            var cs = ChangeSet()
            cs.aisleOrder = ["Fruit", "Dairy"]
            return (cs, [:])
        }
        XCTAssertEqual(try Store(path: path).load().aisles, ["Fruit", "Dairy", "Bakery"])
    }

    /// A write waits for another process's transaction instead of failing at once. The other
    /// transaction ends once the write is seen waiting for it (asleep in SQLite's busy handler),
    /// not after a fixed time: a write that came later than that time met no transaction at all.
    func testABusyStoreIsWaitedFor() throws {
        let path = storePath()
        let m = try ShoppingModel(store: Store(path: path))
        let other = try DatabaseQueue(path: path)
        let holding = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let sawWaiting = DispatchSemaphore(value: 0)
        // XCTest runs a test on the main thread, whose thread id is the process's; GRDB runs the
        // write on the thread that asks for it.
        XCTAssertTrue(Thread.isMainThread)
        let writer = getpid()
        Thread.detachNewThread {
            try? other.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                holding.signal()
                if Self.isSeenAsleep(thread: writer, withinSeconds: 20) { sawWaiting.signal() }
                try db.execute(sql: "COMMIT")
            }
            released.signal()
        }
        holding.wait()
        XCTAssertNoThrow(try m.items.add(fields("Patient")))
        released.wait()
        XCTAssertEqual(sawWaiting.wait(timeout: .now()), .success, "the write waited while the other transaction was open")
        XCTAssertEqual(try Store(path: path).load().items.map(\.description), ["Patient"])
    }

    /// Whether thread `tid` of this process is seen in nanosleep or clock_nanosleep (its current
    /// system call, from /proc) within the time given. SQLite's busy handler sleeps between its
    /// tries, and nothing else on a write's way sleeps; the holder looks often enough to catch
    /// its sleeps, which grow to 100 ms.
    private static func isSeenAsleep(thread tid: pid_t, withinSeconds seconds: Double) -> Bool {
        #if arch(x86_64)
        let sleeps: Set<Substring> = ["35", "230"]
        #elseif arch(arm64)
        let sleeps: Set<Substring> = ["101", "115"]
        #else
        #error("name this architecture's nanosleep and clock_nanosleep system call numbers")
        #endif
        let deadline = DispatchTime.now() + seconds
        var buffer = [UInt8](repeating: 0, count: 256)
        while DispatchTime.now() < deadline {
            let fd = open("/proc/self/task/\(tid)/syscall", O_RDONLY)
            guard fd >= 0 else { return false }
            let n = read(fd, &buffer, buffer.count)
            close(fd)
            let call = String(decoding: buffer.prefix(max(0, n)), as: UTF8.self).split(separator: " ").first
            if let call, sleeps.contains(call) { return true }
            usleep(100)
        }
        return false
    }
}
