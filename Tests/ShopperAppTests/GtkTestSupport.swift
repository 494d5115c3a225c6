import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// In-process GTK tests: real widgets and windows under Xvfb (make test runs them headless). XCTest
/// runs test methods on the main thread, where GTK and the app's main actor live.
class GtkTestCase: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated {
            if !GtkTestCase.started {
                XCTAssertNotEqual(gtk_init_check(), 0, "no display: run the tests through `make test`")
                GtkTestCase.started = true
            }
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            for dir in GtkTestCase.folders { try? FileManager.default.removeItem(atPath: dir) }
            GtkTestCase.folders = []
        }
        super.tearDown()
    }

    @MainActor static var started = false
    /// The folders this test made (`temporaryFolder(_:)`), removed when it ends.
    @MainActor static var folders: [String] = []
}

/// Runs the GLib main loop until `done`, failing after a few seconds.
@MainActor
func iterate(until done: () -> Bool, _ what: String, timeoutSeconds: Double = 5, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(MainLoop.iterate(until: done, timeoutSeconds: timeoutSeconds), "timed out waiting for \(what)", file: file, line: line)
}

/// Runs the loop until every GLib timeout of at most `ms` milliseconds, at the default priority, that
/// was added before this call has run. A timeout falls due `ms` after it is added (by the
/// monotonic clock), and GLib runs the due sources of one priority in the order they were added,
/// so one of `ms` added now runs after all of those: whatever they do is done when this returns,
/// however slowly the machine ran them. (A fixed sleep may end before a late one runs, and a check
/// after it then passes without checking.)
@MainActor
func runTimeoutsAdded(upTo ms: UInt32, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    var ran = false
    MainLoop.after(milliseconds: ms) { ran = true }
    iterate(until: { ran }, what, file: file, line: line)
}

/// Lets pending events, layout and drawing run for `ms`: a fixed pump, which a loaded machine
/// overruns (a frame or a timer not yet come when it ends). Kept for branches that still call it.
@available(*, deprecated, message: "wait for the event: waitUntil, waitForFrame or runTimeoutsAdded")
@MainActor
func settle(_ ms: Int = 100) {
    let end = g_get_monotonic_time() + ms * 1000
    _ = MainLoop.iterate(until: { g_get_monotonic_time() > end })
}

/// Runs the GLib main loop until `condition` holds: a test waits for the event itself (a row bound,
/// a toast shown, a page switched), not for a number of milliseconds a loaded machine may overrun.
/// The timeout only ends a wait that would never end, and fails naming what never came.
@MainActor
func waitUntil(_ condition: () -> Bool, _ what: String, timeoutSeconds: Double = 30,
               file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(MainLoop.iterate(until: condition, timeoutSeconds: timeoutSeconds),
                  "waited \(Int(timeoutSeconds)) s for \(what)", file: file, line: line)
}

/// Waits for `widget`'s window to draw a frame asked for now, then runs what is ready after it:
/// whatever was changed before the call has been laid out, allocated and drawn when this returns.
/// `after`: a frame that begins at least that many milliseconds from now, for what animates (a
/// style's CSS transitions): drawn after their time, which a fixed pump under load never promised.
@MainActor
func waitForFrame(_ widget: Widget, after ms: Int64 = 0, _ what: String = "a frame drawn",
                  file: StaticString = #filePath, line: UInt = #line) {
    let due = Clock.now + ms * 1000
    var drawn = false
    func ask() { widget.afterNextFrame { _ in if Clock.now >= due { drawn = true } else { ask() } } }
    ask()
    waitUntil({ drawn }, what, file: file, line: line)
    runPending()
}

/// Runs the event sources ready now (an idle callback, a signal's handler), without waiting for any;
/// bounded, so a source that adds itself again ends it.
@MainActor
func runPending() {
    var turns = 0
    while turns < 1_000, g_main_context_iteration(nil, 0) != 0 { turns += 1 }
}

/// Timers a test fires itself by moving its clock on (`InAppNotification.timers`): what it checks is the order
/// of events, which holds on a slow machine as on a fast one; real seconds slept were either too
/// few for a loaded machine or checked nothing while the toast was held anyway.
@MainActor
final class TestTimers: TimerSource {
    /// Milliseconds since the test's start, as far as the test moved it on.
    private(set) var now: UInt64 = 0
    private var due: [UInt32: (at: UInt64, fire: @MainActor () -> Void)] = [:]
    private var lastHandle: UInt32 = 0

    func after(milliseconds: UInt32, _ fire: @escaping @MainActor () -> Void) -> UInt32 {
        lastHandle += 1
        due[lastHandle] = (now + UInt64(milliseconds), fire)
        return lastHandle
    }

    func cancel(_ timer: UInt32) { due[timer] = nil }

    /// Timers scheduled and neither fired nor cancelled.
    var pending: Int { due.count }

    /// Moves the clock on by `ms`, firing each timer that falls due on the way at its time, the
    /// earliest first (those of one time in the order they were set).
    func advance(_ ms: UInt64) {
        let end = now + ms
        while let next = due.filter({ $0.value.at <= end }).min(by: { ($0.value.at, $0.key) < ($1.value.at, $1.key) }) {
            due[next.key] = nil
            now = next.value.at
            next.value.fire()
        }
        now = end
    }
}

func close(_ a: (Int, Int, Int), _ b: (Int, Int, Int), tolerance: Int = 4) -> Bool {
    abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
}

/// The repository's data/ folder, found from this file.
let repositoryData = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data").path

/// A new folder for one test, removed with everything in it when the test ends (pass or fail): a
/// store, a data folder, a file to import. `name` says whose it is when one is left behind.
func temporaryFolder(_ test: XCTestCase, _ name: String) -> String {
    let dir = makeTemporaryFolder(name)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
}

/// `temporaryFolder` for the main actor's side of a `GtkTestCase`, which removes it in `tearDown`
/// (the test case itself cannot be handed across to the main actor).
@MainActor
func temporaryFolder(_ name: String) -> String {
    let dir = makeTemporaryFolder(name)
    GtkTestCase.folders.append(dir)
    return dir
}

private func makeTemporaryFolder(_ name: String) -> String {
    let dir = NSTemporaryDirectory() + "shopper-\(name)-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// Where screenshots of in-process tests go.
let screenshotFolder: String = {
    let dir = URL(fileURLWithPath: repositoryData).deletingLastPathComponent().appendingPathComponent("out/screenshots").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}()

final class Counter { var n = 0 }
final class Sentinel {}
