import CGtk
import XCTest
@testable import ShopperApp

/// Widgets GTK does not manage by itself: a popover parented by hand goes with its parent, and a
/// one-shot handler does not stay connected.
final class GtkLifetimeTests: GtkTestCase {
    func testAPopoverOnAButtonIsUnparentedAndFreedWithIt() {
        MainActor.assumeIsolated {
            let window = Window()
            let button = Button(label: "Save Search…")
            window.child(button.widget)
            let popover = Popover(child: Label("Name").widget, parent: button.widget)
            var popoverRef = GWeakRef()
            g_weak_ref_init(&popoverRef, popover.widget.gobject)
            window.present()
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            window.destroy()
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            XCTAssertNil(g_weak_ref_get(&popoverRef), "the popover was unparented and finalized with its button")
            g_weak_ref_clear(&popoverRef)
        }
    }

    func testAMenuPopoverOnAnOverlayGoesWithItToo() {
        MainActor.assumeIsolated {
            let window = Window()
            let overlay = Overlay()
            window.child(overlay.widget)
            let menu = Menu()
            menu.append("Edit…", action: "win.edit")
            var popoverRef = GWeakRef()
            do {
                let popover = PopoverMenu(menu: menu, parent: overlay.widget)
                g_weak_ref_init(&popoverRef, popover.widget.gobject)
            }
            window.destroy()
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            XCTAssertNil(g_weak_ref_get(&popoverRef))
            g_weak_ref_clear(&popoverRef)
        }
    }

    func testAfterFirstFrameRunsOnceAndLetsGoOfItsMapHandler() {
        MainActor.assumeIsolated {
            let window = Window()
            window.child(Label("Hello").widget)
            let counter = Counter()
            let token = window.afterFirstFrame { counter.n += 1 }
            XCTAssertTrue(token.isConnected)
            window.present()
            iterate(until: { counter.n == 1 }, "the first frame")
            XCTAssertFalse(token.isConnected, "the map handler is disconnected after the first map")
            window.widget.visible = false
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            window.widget.visible = true
            runTimeoutsAdded(upTo: 200, "the timers due in 200 ms")
            XCTAssertEqual(counter.n, 1, "a second map does not call again")
            window.destroy()
        }
    }
}
