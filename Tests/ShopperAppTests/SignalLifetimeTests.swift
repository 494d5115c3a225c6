import CGtk
import XCTest
@testable import ShopperApp

/// The signal helper's lifetime rules: a connection retains its closure exactly as long as it is
/// connected; disconnecting works; nothing is called once the widget is destroyed.
final class SignalLifetimeTests: GtkTestCase {
    func testClosureIsReleasedWhenItsWidgetIsDestroyed() {
        MainActor.assumeIsolated {
            weak var sentinel: Sentinel?
            let counter = Counter()
            let window = Window()
            let button = Button(label: "Press")
            window.child(button.widget)
            var buttonRef = GWeakRef()
            g_weak_ref_init(&buttonRef, button.widget.gobject)
            do {
                let s = Sentinel()
                sentinel = s
                button.onClicked { _ = s; counter.n += 1 }
            }
            shopper_signal_emit(button.widget.raw, "clicked")
            XCTAssertEqual(counter.n, 1)
            XCTAssertNotNil(sentinel, "the connection keeps its closure alive")

            window.destroy()
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            XCTAssertNil(g_weak_ref_get(&buttonRef), "the button was finalized with its window")
            XCTAssertNil(sentinel, "the closure was released with it")
            g_weak_ref_clear(&buttonRef)
        }
    }

    func testDisconnectStopsCallsAndReleasesTheClosure() {
        MainActor.assumeIsolated {
            weak var sentinel: Sentinel?
            let counter = Counter()
            let button = Button(label: "Press")
            g_object_ref_sink(button.widget.gobject)
            defer { g_object_unref(button.widget.gobject) }
            let token: SignalToken
            do {
                let s = Sentinel()
                sentinel = s
                token = button.widget.on("clicked") { _ = s; counter.n += 1 }
            }
            XCTAssertTrue(token.isConnected)
            shopper_signal_emit(button.widget.raw, "clicked")
            token.disconnect()
            XCTAssertFalse(token.isConnected)
            XCTAssertNil(sentinel, "disconnecting released the closure")
            shopper_signal_emit(button.widget.raw, "clicked")
            XCTAssertEqual(counter.n, 1, "no call after disconnect")
            token.disconnect()  // a second disconnect is harmless
        }
    }

    func testNothingIsCalledAfterDestroyEvenIfSomeoneStillHoldsTheWidget() {
        MainActor.assumeIsolated {
            weak var sentinel: Sentinel?
            let counter = Counter()
            let button = Button(label: "Press")
            g_object_ref_sink(button.widget.gobject)
            let token: SignalToken
            do {
                let s = Sentinel()
                sentinel = s
                token = button.widget.on("clicked") { _ = s; counter.n += 1 }
            }
            // Destroying runs dispose, which drops every handler, while our reference keeps the
            // object itself alive.
            g_object_run_dispose(button.widget.gobject)
            XCTAssertNil(sentinel)
            XCTAssertFalse(token.isConnected)
            shopper_signal_emit(button.widget.raw, "clicked")
            XCTAssertEqual(counter.n, 0)
            g_object_unref(button.widget.gobject)
            token.disconnect()  // the object is gone: a safe no-op
        }
    }

    func testMainLoopHelpersRunInsideTheGLibLoop() {
        MainActor.assumeIsolated {
            let counter = Counter()
            MainLoop.idle { counter.n += 1 }
            var ticks = 0
            MainLoop.timeout(milliseconds: 5) { ticks += 1; return ticks < 3 }
            let cancelled = MainLoop.after(milliseconds: 5) { counter.n += 100 }
            MainLoop.cancel(cancelled)
            iterate(until: { counter.n == 1 && ticks == 3 }, "idle and timeouts")
            runTimeoutsAdded(upTo: 30, "the timers due in 30 ms")
            XCTAssertEqual(counter.n, 1, "a cancelled timeout never runs")
            XCTAssertEqual(ticks, 3, "a timeout repeats while it returns true")
        }
    }
}
