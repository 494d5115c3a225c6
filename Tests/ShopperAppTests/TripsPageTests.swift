import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// The Trips page on real widgets: not read until shown; Finish Shopping adds the trip at the top
/// and its week's bar; the plot's text names each week's amount and Left picks the week before;
/// a trip opens with what was bought; Delete takes it away with Undo; no trips explain themselves.
final class TripsPageTests: GtkTestCase {
    @MainActor private static func model() throws -> ShoppingModel {
        let folder = temporaryFolder("trips")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try ShoppingModel(store: Store(path: folder + "/shopper.sqlite"))
    }

    private static func shop(_ model: ShoppingModel, _ items: [(String, Decimal)], on date: Date) throws {
        for (name, price) in items {
            let id = try model.items.add(ItemFields(description: name, price: price))
            try model.items.tick(id)
        }
        try model.items.finishShopping(date: date)
    }

    func testTripsShowTheirWeeksAndOpenDeleteAndComeBack() throws {
        try MainActor.assumeIsolated {
            let model = try Self.model()
            let now = Date()
            try Self.shop(model, [("Milk", Decimal(string: "1.09")!), ("Bread", 2)], on: now.addingTimeInterval(-14 * 86_400))
            let harness = try WindowHarness(model: model, size: (600, 800))
            defer { harness.close() }
            let window = harness.window
            XCTAssertNil(window.pageStack.trips, "not read at start")
            ActionMap(window.window).activate(AppAction.showList.rawValue, AppAction.tripsPage)
            waitForFrame(window.window.widget)
            let page = try XCTUnwrap(window.pageStack.trips)
            XCTAssertEqual(page.trips.count, 1)
            XCTAssertEqual(window.strip.totalsText, "1 trip · 3.09 spent")
            // A trip finished while the page is open comes at the top, and its week's bar with it.
            try Self.shop(model, [("Tea", Decimal(string: "3.50")!)], on: now)
            waitForFrame(window.window.widget)
            XCTAssertEqual(page.trips.map(\.total), [Decimal(string: "3.50")!, Decimal(string: "3.09")!])
            let plot = page.spendingPlot
            XCTAssertEqual(plot.bars.count, 3, "two weeks with trips and the empty one between")
            // Made in an idle after the bars are shown: waited for, not a fixed pump.
            iterate(until: { plot.textAlternative.contains("3.50") }, "the plot's words for screen readers", timeoutSeconds: 20)
            let description = plot.textAlternative
            XCTAssertTrue(description.hasPrefix("Week of "), description)
            XCTAssertTrue(description.contains(": 3.50 (1 trip)"), description)
            XCTAssertTrue(description.contains(": 0.00 (0 trips)"), description)
            // The keyboard picks bars: focus picks the newest, Left the one before.
            _ = plot.widget.grabFocus()
            waitForFrame(window.window.widget)
            XCTAssertTrue(page.captionText.hasSuffix(": 3.50 (1 trip)"), page.captionText)
            XCTAssertTrue(plot.press(UInt32(GDK_KEY_Left)))
            XCTAssertTrue(page.captionText.hasSuffix(": 0.00 (0 trips)"), page.captionText)
            page.choose(.month)
            waitForFrame(window.window.widget)
            XCTAssertEqual(plot.period, .month)
            XCTAssertEqual(plot.bars.map(\.total).reduce(0, +), Decimal(string: "6.59")!)

            // Open the older trip: what was bought, and its total.
            page.open(1)
            waitForFrame(window.window.widget)
            XCTAssertTrue(page.isShowingTrip)
            XCTAssertEqual(page.detail.totalText, "Total 3.09")
            // Delete it; the window's Undo brings it back.
            let id = page.trips[1].id
            shopper_signal_emit(page.detail.deleteButton.widget.raw, "clicked")
            waitForFrame(window.window.widget)
            XCTAssertFalse(page.isShowingTrip)
            XCTAssertEqual(page.trips.map(\.id).contains(id), false)
            XCTAssertTrue(window.toast.text.hasPrefix("Deleted the trip of "), window.toast.text)
            window.toast.runAction()
            waitForFrame(window.window.widget)
            XCTAssertEqual(page.trips.count, 2)
        }
    }

    /// The page's first frame builds what it shows: a screenful of rows (the rest follow that
    /// frame), no open trip, no explanation of an empty page. All of it still works after.
    func testTheFirstFrameBuildsAScreenfulAndTheRestFollow() throws {
        try MainActor.assumeIsolated {
            let model = try Self.model()
            let count = TripsPage.firstScreenful + 20
            let start = Date().addingTimeInterval(-Double(count) * 7 * 86_400)
            for week in 0..<count {
                try Self.shop(model, [("Milk \(week)", Decimal(week + 1))], on: start.addingTimeInterval(Double(week) * 7 * 86_400))
            }
            let harness = try WindowHarness(model: model, size: (600, 800))
            defer { harness.close() }
            let window = harness.window
            ActionMap(window.window).activate(AppAction.showList.rawValue, AppAction.tripsPage)
            let page = try XCTUnwrap(window.pageStack.trips)
            XCTAssertEqual(page.rowsShown, TripsPage.firstScreenful, "a screenful before the first frame")
            XCTAssertFalse(page.isDetailBuilt)
            XCTAssertFalse(page.isEmptyBuilt)
            iterate(until: { page.rowsShown == count }, "the rest after the first frame")
            // The oldest trip, at the bottom, opens.
            page.listView.scrollTo(count - 1)
            page.open(count - 1)
            waitForFrame(window.window.widget)
            XCTAssertTrue(page.isShowingTrip)
            XCTAssertEqual(page.detail.totalText, "Total 1.00")
            XCTAssertEqual(window.strip.totalsText, "\(count) trips · \(count * (count + 1) / 2).00 spent")
            // Every trip deleted: the page explains itself; a new trip takes the explanation away.
            for trip in page.trips { try model.trips.deleteTrip(trip.id) }
            waitForFrame(window.window.widget)
            XCTAssertTrue(page.isEmptyShown)
            XCTAssertFalse(page.isShowingTrip)
            try Self.shop(model, [("Tea", 2)], on: Date())
            waitForFrame(window.window.widget)
            XCTAssertFalse(page.isEmptyShown)
            XCTAssertEqual(page.rowsShown, 1)
        }
    }

    func testNoTripsExplainThemselves() throws {
        try MainActor.assumeIsolated {
            let harness = try WindowHarness(model: try Self.model(), size: (360, 640))
            defer { harness.close() }
            ActionMap(harness.window.window).activate(AppAction.showList.rawValue, AppAction.tripsPage)
            waitForFrame(harness.window.window.widget)
            let page = try XCTUnwrap(harness.window.pageStack.trips)
            XCTAssertTrue(page.isEmptyShown)
            XCTAssertEqual(harness.window.strip.totalsText, "0 trips · 0.00 spent")
        }
    }
}
