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

    @MainActor static var started = false
}

/// Runs the GLib main loop until `done`, failing after a few seconds.
@MainActor
func iterate(until done: () -> Bool, _ what: String, timeoutSeconds: Double = 5, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(MainLoop.iterate(until: done, timeoutSeconds: timeoutSeconds), "timed out waiting for \(what)", file: file, line: line)
}

/// Lets pending events, layout and drawing run.
@MainActor
func settle(_ ms: Int = 100) {
    let end = g_get_monotonic_time() + ms * 1000
    _ = MainLoop.iterate(until: { g_get_monotonic_time() > end })
}

func close(_ a: (Int, Int, Int), _ b: (Int, Int, Int), tolerance: Int = 4) -> Bool {
    abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
}

/// The repository's data/ folder, found from this file.
let repositoryData = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data").path

/// Where screenshots of in-process tests go.
let screenshotFolder: String = {
    let dir = URL(fileURLWithPath: repositoryData).deletingLastPathComponent().appendingPathComponent("out/screenshots").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}()

final class Counter { var n = 0 }
final class Sentinel {}
