import Foundation
import ShopperModel

/// `SHOPPER_BENCH=first-frame`: print when the first frame was drawn, then quit.
/// `SHOPPER_BENCH=trips`: after the first frame, open the Trips page: the read of the trips, and the
/// page's building and first paint after it (layout and paint of that frame), then quit.
/// `SHOPPER_BENCH=recipes`: the Recipes page opened, scrolled, and a recipe added to the list
/// (`BenchmarkRunner+Recipes.swift`); `SHOPPER_BENCH=recipe-add` or `recipes-open`: one part alone, for a profile.
/// `SHOPPER_BENCH=store-switch`, `sync-arrival`, `undo-move`, `scroll` or `list-switch`: that operation of `ops`
/// alone, for a profile (`list-switch`: 30 switches, then the reads).
/// `SHOPPER_BENCH=ops`: after the first frame, time what a user does: the operation itself plus the
/// work of the next frame (layout and paint, not the wait for the frame clock's tick), then quit. Lines read "BENCH
/// name microseconds" (first-frame: the monotonic time). Used by `make bench`; nothing here is a test.
@MainActor
final class BenchmarkRunner {
    let window: MainWindow
    private let app: Application
    var steps: [(@escaping @MainActor () -> Void) -> Void] = []
    static let repeats = 15
    static let width: Int32 = 600, height: Int32 = 720
    static let scrollFrames = 200
    /// `SHOPPER_BENCH=scroll` (a profile's mode): each timed figure also prints the spans it counted.
    private var marksMeasured = false

    init(window: MainWindow, app: Application) {
        self.window = window
        self.app = app
    }

    static func mode() -> String? { ProcessInfo.processInfo.environment["SHOPPER_BENCH"] }

    func start(mode: String) {
        window.window.afterFirstFrame { [self] in
            emit("first-frame", Clock.now)
            // The steps before it, and what the dynamic linker brought in, for the timeline.
            for (step, at) in StartupTimeline.shared.recorded { emit("mark-\(step.rawValue)", at) }
            // One write, as `emit`'s: print's buffer would be flushed mid-line between them.
            let libraries = StartupTimeline.loadedLibraries().map { "LIBRARY \($0)\n" }.joined()
            FileHandle.standardOutput.write(Data(libraries.utf8))
            switch mode {
            case "ops": planOperations()
            // One operation alone, to profile it: `perf record -g shopper` with this mode.
            case "store-switch": planShopSwitches()
            case "sync-arrival": planSyncArrivals()
            case "scroll":
                untimed { self.window.show(.all) }
                marksMeasured = true
                planScroll()
            case "undo-move": planUndoAndMove()
            case "trips": planTrips()
            case "list-switch":
                untimed { self.window.show(.all) }
                planListSwitches(Self.repeats * 2)
                planListReads()
            case "recipes": planRecipes()
            case "recipe-add": planRecipeAdds(40)
            case "recipes-open": planRecipesOpening()
            default: return app.quit()
            }
            runNext()
        }
    }

    private func planOperations() {
        let prefs = window.preferences
        for _ in 0..<Self.repeats {
            timed("preference-toggle") { prefs.set(.showQuantity, !prefs.bool(.showQuantity)) }
        }
        untimed { self.window.show(.shopping) }
        for _ in 0..<Self.repeats {
            timed("check-off") { [self] in
                let page = window.page(.shopping)
                // Timing a tick that did not happen would pass for a fast one: stop with an error instead.
                guard let id = (0..<min(3, page.projection.count)).lazy.compactMap(page.projection.itemID).first else {
                    fail("the Shopping List has no item to tick off")
                }
                do { try window.model.items.tick(id) } catch { fail("ticking off failed: \(error)") }
            }
        }
        planUndoAndMove()
        untimed { [self] in
            window.show(.all)
            window.search.panel.bar.isOpen = true
        }
        // Typed a key at a time, as a person types (replacing the whole text would pass through
        // an empty search each time).
        for key in "item 4242" {
            timed("search-keystroke") { [self] in
                window.search.panel.bar.type(String(key))
                window.search.apply()
            }
        }
        untimed { [self] in
            window.search.panel.bar.text = ""
            window.search.apply()
        }
        planScroll()
        planListSwitches(Self.switches)
        planListReads()
        // Last: they add two stores and change items, which the reads above must not see.
        planShopSwitches()
        planSyncArrivals()
    }

    /// The All Items page scrolled from its top to its end in `scrollFrames` frames.
    private func planScroll() {
        for k in 0..<Self.scrollFrames {
            timed("scroll-frame") { [self] in
                let scrolled = window.page(.all).scrolled
                scrolled.scrollOffset = scrolled.maxScrollOffset * Double(k) / Double(Self.scrollFrames - 1)
            }
        }
    }

    /// To the small list beside it and back: the timed switch is to the list of N items, its
    /// model read from the store and its first screen drawn.
    private func planListSwitches(_ times: Int) {
        for _ in 0..<times {
            untimed { [self] in window.lists.switchTo("2") }
            timed("list-switch") { [self] in
                window.lists.switchTo("1")
                guard window.currentPage.projection.itemCount > 0 else { fail("the first list showed no items") }
            }
        }
    }

    /// Of a list switch, the store's read of the list (its model made and let go, nothing shown).
    private func planListReads() {
        for _ in 0..<Self.switches {
            steps.append { [self] done in
                let store = window.model.store
                guard let list = window.model.lists.all.first?.id else { fail("no store") }
                let t0 = Clock.now
                do { _ = try ShoppingModel.opening(list, in: store, undo: UndoHistory()) } catch {
                    fail("reading the list failed: \(error)")
                }
                emit("list-read", Clock.now - t0)
                done()
            }
        }
    }

    static let switches = 5

    /// The Trips page opened once (a second opening would find it built).
    private func planTrips() {
        steps.append { [self] done in
            let t0 = Clock.now
            ActionMap(window.window).activate(AppAction.showList.rawValue, AppAction.tripsPage)
            let opened = Clock.now - t0
            guard let page = window.pageStack.trips, !page.trips.isEmpty else { fail("the Trips page showed no trips") }
            window.window.afterNextFrame { [self] frameWork in
                emit("trips-read", page.readTime)
                emit("trips-first-paint", opened - page.readTime + frameWork)
                // Its two parts: the page built (after the read), and that frame's layout and paint.
                emit("trips-build", opened - page.readTime)
                emit("trips-frame", frameWork)
                done()
            }
        }
    }

    func timed(_ name: String, _ op: @escaping @MainActor () -> Void) {
        steps.append { [self] done in
            let t0 = Clock.now
            op()
            let operation = Clock.now - t0
            window.window.afterNextFrame { [self] frameWork in
                let end = Clock.now
                emit(name, operation + frameWork)
                if marksMeasured { emitMeasured([(t0, t0 + operation), (end - frameWork, end)]) }
                done()
            }
        }
    }

    /// The spans (monotonic µs) a timed figure counted, for `make profile` to tell the CPU spent in
    /// them from the CPU spent between frames (benchmarks/cpu_profile.py).
    private func emitMeasured(_ spans: [(Int64, Int64)]) {
        for (from, to) in spans {
            emit("measured-from", from)
            emit("measured-to", to)
        }
    }

    func untimed(_ op: @escaping @MainActor () -> Void) {
        steps.append { [self] done in
            op()
            window.window.afterNextFrame { _ in done() }
        }
    }

    private func runNext() {
        guard !steps.isEmpty else { return app.quit() }
        let step = steps.removeFirst()
        step { MainLoop.idle { [self] in runNext() } }
    }

    func fail(_ why: String) -> Never {
        FileHandle.standardError.write(Data("shopper: benchmark: \(why)\n".utf8))
        exit(1)
    }

    func emit(_ name: String, _ value: Int64) {
        FileHandle.standardOutput.write(Data("BENCH \(name) \(value)\n".utf8))
    }
}
