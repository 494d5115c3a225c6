import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// On a touchscreen, with checkboxes off, a sideways swipe ticks a row off (and puts it back from the
/// cart); a slow or mostly vertical drag is a scroll and does nothing.
final class SwipeTests: GtkTestCase {
    func testASwipeTicksAndUnticksWithCheckboxesOff() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let tea = try model.items.add(ItemFields(description: "Tea"))
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let window = harness.window
            for kind in ListKind.allCases { window.page(kind).setOptions(DisplayOptions(showCheckboxes: false)) }
            window.show(.shopping)
            waitForFrame(window.window.widget)
            @MainActor func row(_ kind: ListKind) throws -> RowWidget {
                let found = window.page(kind).boundRows.first { $0.itemID == tea }
                return try XCTUnwrap(found)
            }
            XCTAssertFalse(try row(.shopping).visibleParts.check, "no checkbox to tap")
            try row(.shopping).swiped(vx: 300, vy: 0)
            try row(.shopping).swiped(vx: 900, vy: 800)
            // A swipe taken for a tick animates the row out and moves it when that timeout ends:
            // checked once any such timeout has run.
            runTimeoutsAdded(upTo: RowWidget.leaveMS, "the rows' leave animation")
            XCTAssertFalse(model.items.item(tea)!.inCart, "slow or diagonal: a scroll, not a swipe")
            try row(.shopping).swiped(vx: 900, vy: 40)
            iterate(until: { model.items.item(tea)!.inCart }, "the swipe to tick the row off")
            window.show(.cart)
            runTimeoutsAdded(upTo: 200, "the timers due in 200 ms")
            try row(.cart).swiped(vx: -900, vy: 0)
            iterate(until: { !model.items.item(tea)!.inCart }, "the swipe to put it back")
        }
    }
}
