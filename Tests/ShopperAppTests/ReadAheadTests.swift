import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// A scroll's frames find the items they show in memory: the rows near those just bound are read
/// from the store between frames (`RowReadAhead`), not in the frame that shows them; a drag through the
/// list reads them where it stops, not at every frame it passes.
final class ReadAheadTests: GtkTestCase {
    func testTheItemsBelowTheRowsShownAreReadBeforeAScrollReachesThem() throws {
        try MainActor.assumeIsolated {
            let scene = try Scene(items: 2_000)
            defer { scene.close() }
            let page = scene.page
            let lastBound = Self.boundPositions(page).max() ?? 0
            // Read with the screen: 64 rows. Ahead of the last row bound, the next ones too.
            XCTAssertTrue(scene.cached(lastBound + ListProjection.readAheadRows + 1), "read ahead of row \(lastBound)")
            // Scrolled a long way down: the rows ahead of and behind the new position.
            page.listView.scrollTo(1_000)
            iterate(until: { scene.cached(1_000 + ListProjection.readAheadRows + 1) }, "the rows below row 1000")
            XCTAssertTrue(scene.cached(1_000 - ListProjection.readAheadRows - 1), "the rows above it, for a scroll back up")
        }
    }

    /// A scrollbar dragged down the list moves 400 rows a frame, further than a read ahead reaches:
    /// what one would read around each row passed is never shown. Nothing is read around them; once
    /// no row has been bound for `RowReadAhead.settleMS`, the rows around where the drag stopped are.
    func testADragThroughTheListReadsAheadWhereItStopsNotWhereItPasses() throws {
        try MainActor.assumeIsolated {
            let scene = try Scene(items: 2_000)
            defer { scene.close() }
            let page = scene.page
            let timers = Self.testTimers(on: page)
            var passed = Self.drag(page, through: [400, 800, 1_200, 1_600], timers: timers)
            let stopped = passed.removeLast()
            // Above each top row bound on the way, only a read behind it would have read.
            for top in passed {
                XCTAssertFalse(scene.cached(top - 40), "nothing read around row \(top), passed")
            }
            XCTAssertFalse(scene.cached(stopped - 40))
            timers.advance(1)
            XCTAssertNil(page.readAhead.waiting)
            XCTAssertTrue(scene.cached(stopped - 40), "the rows above row \(stopped), where the drag stopped")
            XCTAssertTrue(scene.cached(stopped + RowListModel.gtkWindow + ListProjection.readAheadRows), "and below it")
        }
    }

    /// A short scroll after a drag is not a drag: the rows around it are read in the idle moment
    /// after its frame, and the wait for the drag to stop is given up.
    func testAShortScrollAfterADragReadsAtOnce() throws {
        try MainActor.assumeIsolated {
            let scene = try Scene(items: 2_000)
            defer { scene.close() }
            let page = scene.page
            let timers = Self.testTimers(on: page)
            let stopped = Self.drag(page, through: [600, 1_200], timers: timers).last ?? 0
            // A few rows further down: rows below the last bound come into its window.
            let below = (Self.boundPositions(page).max() ?? stopped) + 5
            page.listView.scrollTo(below)
            iterate(until: { page.readAhead.from == nil && Self.boundPositions(page).contains(below) }, "the rows at \(below) bound")
            XCTAssertNil(page.readAhead.waiting, "read at once")
            XCTAssertEqual(timers.pending, 0, "no wait left behind")
            let last = Self.boundPositions(page).max() ?? below
            let near = (last - ListProjection.readAheadRows)...(last + ListProjection.readAheadRows)
            XCTAssertTrue(near.allSatisfy { scene.cached($0) }, "every row within \(ListProjection.readAheadRows) of row \(last)")
        }
    }

    /// A read put off in one list is not made in the list shown in its place, and the first rows
    /// of that list are not taken for a jump from where the other was.
    func testAReadPutOffForOneListIsNotMadeInTheListShownInItsPlace() throws {
        try MainActor.assumeIsolated {
            let folder = NSTemporaryDirectory() + "readahead-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var lists: [(ShoppingModel, ListProjection)] = []
            for name in ["a", "b"] {
                let path = "\(folder)/\(name).sqlite"
                do {
                    let writer = try ShoppingModel(store: Store(path: path))
                    try writer.items.add(batch: (0..<1_000).map { ImportedItem(fields: ItemFields(description: "\(name) \($0)"), needed: true, inCart: false) })
                }
                let model = try ShoppingModel(store: Store(path: path))
                lists.append((model, ListProjection(model: model, kind: .all)))
            }
            @MainActor func cached(_ list: Int, _ row: Int) -> Bool {
                lists[list].1.itemID(at: row).map { lists[list].0.items.cachedItem($0) != nil } ?? false
            }
            final class Shown { var list = 0 }
            let shown = Shown()
            let readAhead = RowReadAhead { lists[shown.list].1 }
            let timers = TestTimers()
            readAhead.timers = timers
            // Rows 0 to 63 read as a frame shows the top; then row 60 bound: 64 on are missing.
            @MainActor func bind(_ row: Int) {
                readAhead.bound(row)
                XCTAssertTrue(MainLoop.iterate(until: { readAhead.from == nil }), "the idle moment after row \(row)")
            }
            _ = lists[0].1.row(at: 0)
            bind(60)
            XCTAssertTrue(cached(0, 150), "a first read ahead is made at once")
            bind(700)
            XCTAssertEqual(readAhead.waiting, 700, "a jump: put off")
            shown.list = 1
            timers.advance(UInt64(RowReadAhead.settleMS))
            XCTAssertNil(readAhead.waiting)
            XCTAssertFalse(cached(1, 700 - 40), "list a's wait read nothing in list b")
            XCTAssertFalse(cached(0, 700 - 40), "nor in list a, no longer shown")
            _ = lists[1].1.row(at: 0)
            bind(60)
            XCTAssertNil(readAhead.waiting, "list b's first rows read at once, not taken for a jump from row 700 of a")
            XCTAssertTrue(cached(1, 150))
        }
    }

    /// Test timers in place of GLib's, set while no read waits on a GLib timer.
    @MainActor private static func testTimers(on page: ListPage) -> TestTimers {
        XCTAssertNil(page.readAhead.waiting, "no GLib timer armed before the test's are set")
        let timers = TestTimers()
        page.readAhead.timers = timers
        return timers
    }

    /// Scrolls to each of `targets` a frame at a time, as a scrollbar dragged: each read ahead put
    /// off, one timer waiting, less than `settleMS` between frames. Returns the top row bound at each.
    @MainActor private static func drag(_ page: ListPage, through targets: [Int], timers: TestTimers) -> [Int] {
        var tops: [Int] = []
        for target in targets {
            page.listView.scrollTo(target)
            // The frame that binds the rows there, then the idle moment after it: put off.
            iterate(until: { page.readAhead.from == nil && boundPositions(page).contains(target) }, "the rows at \(target) bound")
            XCTAssertNotNil(page.readAhead.waiting, "the read around row \(target) put off")
            XCTAssertEqual(timers.pending, 1, "one wait for the scroll to stop, not one a frame")
            tops.append(boundPositions(page).min() ?? target)
            timers.advance(UInt64(RowReadAhead.settleMS) - 1)
        }
        return tops
    }

    @MainActor private static func boundPositions(_ page: ListPage) -> [Int] {
        page.boundRows.compactMap(\.itemID).compactMap { page.projection.index(of: $0) }
    }
}

/// A window on a store of items, started anew (it reads what it shows), every row of All Items shown.
@MainActor private struct Scene {
    let harness: WindowHarness
    let model: ShoppingModel
    let folder: String
    var page: ListPage { harness.window.page(.all) }

    init(items count: Int) throws {
        folder = NSTemporaryDirectory() + "readahead-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + Store.fileName
        do {
            let writer = try ShoppingModel(store: Store(path: path))
            try writer.items.add(batch: (0..<count).map { ImportedItem(fields: ItemFields(description: "Item \($0)"), needed: true, inCart: false) })
        }
        model = try ShoppingModel(store: Store(path: path))
        harness = try WindowHarness(model: model, size: (600, 720))
        let page = harness.window.page(.all)
        iterate(until: { page.allRowsShown }, "the rows after the first screenful")
        waitForFrame(harness.window.window.widget)
    }

    /// Whether the item on All Items' `row` is in memory.
    func cached(_ row: Int) -> Bool { page.projection.itemID(at: row).map { model.items.cachedItem($0) != nil } ?? false }

    func close() {
        harness.close()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
