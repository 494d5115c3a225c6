import CGtk
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

final class ToastTests: GtkTestCase {
    /// The undo toast waits while a person holds it (here: the keyboard focus in it, as Tab or F6
    /// takes it there), and gets its whole time again once let go, as libadwaita's own toasts do.
    /// The toast's timers are the test's own: the clock moves only when the test moves it, so the
    /// checks are of the order of events (held past its expiry; gone at the expiry after release).
    func testTheToastStaysWhileTheFocusIsInIt() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let harness = try WindowHarness(model: model, size: (600, 480))
            defer { harness.close() }
            let toast = harness.window.toast
            let clock = TestTimers()
            toast.timers = clock
            toast.show("Ticked off Milk", actionTitle: "Undo", action: {}, seconds: 1)
            XCTAssertEqual(clock.pending, 1, "its second started")
            var button: Widget?
            iterate(until: {
                button = toast.overlay.toastWidgets.last?.descendants().first { $0.grabFocus() }
                return button != nil
            }, "a focusable button in the toast")
            iterate(until: { toast.isHeld }, "the focus in the toast to hold it")
            clock.advance(1500)
            XCTAssertTrue(toast.isShown, "held past its second")

            // A new message while held is held too.
            toast.show("Ticked off Bread", actionTitle: "Undo", action: {}, seconds: 1)
            clock.advance(1300)
            XCTAssertTrue(toast.isShown, "the new message held as well")

            // Let go: the whole second again, then gone.
            XCTAssertTrue(harness.window.pageStack.stack.widget.descendants().contains { $0.grabFocus() }, "somewhere outside the toast to focus")
            XCTAssertFalse(try XCTUnwrap(button).hasFocus)
            iterate(until: { !toast.isHeld }, "the toast let go")
            XCTAssertTrue(toast.isShown, "not gone the moment it is let go")
            clock.advance(999)
            XCTAssertTrue(toast.isShown, "its whole second again from the release")
            clock.advance(1)
            XCTAssertFalse(toast.isShown, "gone once its time ran out")
            // Its hide animation ends before the window goes, as it did when the test slept.
            iterate(until: { toast.overlay.toastWidgets.isEmpty }, "the toast's widget gone")
        }
    }

    /// The whole message shows: on one line where there is room, wrapped beside "Rückgängig" on a
    /// phone (libadwaita 1.2's own title cut „Item 17“ ist im Wagen to „Item 17“ ist…), inside
    /// the toast, up to four lines; a longer one ends in "…" on the fourth.
    func testTheMessageWrapsOnAPhone() throws {
        try MainActor.assumeIsolated {
            let message = "“Whole milk” is in the cart"
            for (width, lines) in [(Int32(800), 1), (360, 2)] {
                let harness = try WindowHarness(model: try ShoppingModel(store: temporaryStore()), size: (width, 640))
                defer { harness.close() }
                let toast = harness.window.toast
                toast.show(message, actionTitle: "Rückgängig", action: {})
                waitForFrame(harness.window.window.widget)
                let widget = try XCTUnwrap(toast.overlay.toastWidgets.last)
                let title = try XCTUnwrap(widget.descendants()
                    .first { $0.labelText == message }.map(Label.init(wrapping:)), "the message at \(width) px")
                XCTAssertFalse(title.isCut, "the whole message at \(width) px")
                XCTAssertEqual(title.lineCount, lines, "at \(width) px")
                if width == 360 {
                    for (text, cut) in [("Rückgängig: „Fettarme Milch“ in den Wagen legen", false),
                                        (String(repeating: "A long message that goes on ", count: 6), true)] {
                        toast.show(text, actionTitle: "Wiederholen", action: {})
                        waitForFrame(harness.window.window.widget)
                        XCTAssertEqual(title.isCut, cut, text)
                        XCTAssertLessThanOrEqual(title.lineCount, 4, text)
                        // Inside the toast: libadwaita sizes it for what its title asks.
                        let t = try XCTUnwrap(title.widget.bounds(in: widget)), w = Double(widget.height)
                        XCTAssertLessThanOrEqual(t.y + t.height, w, "the last line inside the toast: \(text)")
                        XCTAssertGreaterThanOrEqual(t.y, 0, text)
                    }
                }
                toast.hide()
            }
        }
    }
}
