import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// The window on a phone: it can be as narrow as 360 px (Phosh), the bottom switcher then shows
/// the lists, and a finger finds targets of at least 32 px.
final class AdaptiveTests: GtkTestCase {
    func testTheWindowFitsAPhoneAndTheSwitcherMovesToTheBottom() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(ItemFields(description: "A rather long description of a thing to buy", quantity: 12, unit: "kg",
                                     price: Decimal(string: "1234.56"), aisle: "Fruit & Vegetables"))
            // Totals and a section header longer than a phone is wide (as German makes them).
            try model.items.add(ItemFields(description: "Gold", quantity: 9999, price: 999_999,
                                     aisle: "Fruit, Vegetables and Other Fresh Thing"))
            for (width, bottom) in [(Int32(360), true), (1280, false)] {
                let harness = try WindowHarness(model: model, size: (width, width == 360 ? 640 : 800))
                let window = harness.window
                XCTAssertLessThanOrEqual(window.window.widget.minimumWidth, MainWindow.minimumWidth, "nothing is wider than a phone")
                iterate(until: { window.window.widget.width > 0 }, "the window")
                // The default size counts the client-side shadow; the window itself is a little narrower.
                XCTAssertEqual(Double(window.window.widget.width), Double(width), accuracy: 24)
                runTimeoutsAdded(upTo: 200, "the timers due in 200 ms")
                XCTAssertEqual(window.pageStack.isBottomSwitcherShown, bottom, "at \(width) px")
                XCTAssertEqual(window.pageStack.switcherBar.hasButtons, bottom, "the bottom bar's buttons made only to show, at \(width) px")
                if bottom {
                    let shown = window.window.widget.drawnContent().compactMap { _, c -> String? in
                        if case .text(let t) = c { return t } else { return nil }
                    }
                    XCTAssertTrue(shown.contains("Shopping List") && shown.contains("Cart"), "the bottom bar's pages: \(shown)")
                }
                _ = harness.render(name: "adaptive-\(width)")
                harness.close()
            }
            // A wide window made narrow: the bar's buttons are made as it first shows.
            let harness = try WindowHarness(model: model, size: (1280, 800))
            runTimeoutsAdded(upTo: 200, "the timers due in 200 ms")
            XCTAssertFalse(harness.window.pageStack.switcherBar.hasButtons)
            harness.window.window.defaultSize(360, 640)
            iterate(until: { harness.window.pageStack.isBottomSwitcherShown }, "the bottom bar on a narrow window")
            XCTAssertTrue(harness.window.pageStack.switcherBar.hasButtons)
            runTimeoutsAdded(upTo: 300, "the timers due in 300 ms")
            let drawn = harness.window.window.widget.drawnContent().compactMap { _, c -> String? in
                if case .text(let t) = c { return t } else { return nil }
            }
            XCTAssertTrue(drawn.contains("Cart"), "the bottom bar shows its pages: \(drawn)")
            harness.close()
            XCTAssertLessThanOrEqual(MainWindow.minimumWidth, 360)
        }
    }

    /// A window narrower than the header's switcher needs (the 800 px Shopper opens at, a phone)
    /// starts as it stays: its first frame has the bottom bar with its pages, not sliding in, and
    /// the title centred in the header; the header's switcher, which libadwaita would build, show
    /// and fade out in that frame, is not made. Made wide, the header switches the pages.
    func testANarrowWindowStartsWithTheBottomBarAndTheHeaderSwitcherComesWithTheRoom() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(ItemFields(description: "Apples"))
            for width: Int32 in [360, 800] {
                var firstFrame: (drawn: [String], barHeight: Int32, headerButtons: Bool)?
                let harness = try WindowHarness(model: model, size: (width, 720)) { window in
                    window.window.afterFirstFrame {
                        let bar = window.pageStack.switcherBar.widget
                        let drawn = bar.drawnContent().compactMap { _, c -> String? in
                            if case .text(let t) = c { return t } else { return nil }
                        }
                        firstFrame = (drawn, bar.height, window.pageStack.switcherTitle.hasButtons)
                    }
                }
                defer { harness.close() }
                iterate(until: { firstFrame != nil }, "the first frame at \(width) px")
                let seen = try XCTUnwrap(firstFrame)
                XCTAssertTrue(seen.drawn.contains("Cart") && seen.drawn.contains("Trips"), "the bar's pages in the first frame: \(seen.drawn)")
                // Sliding in, the bar would be a few pixels tall in the first frame.
                XCTAssertGreaterThanOrEqual(seen.barHeight, 40, "the bar at its full height in the first frame at \(width) px")
                XCTAssertFalse(seen.headerButtons, "no header switcher made at \(width) px")
                runTimeoutsAdded(upTo: 300, "the timers due in 300 ms")
                XCTAssertTrue(harness.window.pageStack.isBottomSwitcherShown)
                XCTAssertFalse(harness.window.pageStack.switcherTitle.hasButtons, "not made while there is no room")
                if width == 800 {
                    // Made wide: the header's switcher is made and takes over from the bar.
                    harness.window.window.defaultSize(1280, 720)
                    iterate(until: { !harness.window.pageStack.isBottomSwitcherShown }, "the header's switcher on a wide window")
                    XCTAssertTrue(harness.window.pageStack.switcherTitle.hasButtons)
                    XCTAssertFalse(harness.window.pageStack.switcherTitle.titleVisible, "the switcher fits at 1280 px")
                    // And narrow again: the bar comes back.
                    harness.window.window.defaultSize(700, 720)
                    iterate(until: { harness.window.pageStack.isBottomSwitcherShown }, "the bottom bar again")
                }
            }
        }
    }

    /// The narrowest width the header's switcher is left out at is one it cannot fit (in English,
    /// GTK's default font): a window there never shows the bar first and the switcher after.
    func testTheHeaderSwitcherDoesNotFitBelowTheWidthItIsMadeAt() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let harness = try WindowHarness(model: model, size: (1280, 720))
            defer { harness.close() }
            XCTAssertFalse(harness.window.pageStack.switcherTitle.titleVisible)
            harness.window.window.defaultSize(PageStack.roomForHeaderSwitcher, 720)
            runTimeoutsAdded(upTo: 300, "the timers due in 300 ms")
            XCTAssertTrue(harness.window.pageStack.switcherTitle.titleVisible, "no room for the switcher at \(PageStack.roomForHeaderSwitcher) px")
            XCTAssertTrue(harness.window.pageStack.isBottomSwitcherShown)
        }
    }

    func testRowTargetsAreAtLeast32Pixels() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(ItemFields(description: "Apples"))
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            harness.window.show(.all)
            runTimeoutsAdded(upTo: 150, "the timers due in 150 ms")
            let row = try XCTUnwrap(harness.window.currentPage.boundRows.first { $0.itemID != nil })
            XCTAssertGreaterThanOrEqual(row.checkArea.widget.width, RowWidget.touchTarget)
            XCTAssertGreaterThanOrEqual(row.checkArea.widget.height, RowWidget.touchTarget)
            XCTAssertGreaterThanOrEqual(row.editButton.widget.width, RowWidget.touchTarget)
            XCTAssertGreaterThanOrEqual(row.editButton.widget.height, RowWidget.touchTarget)
        }
    }
}
