import CGtk

/// GLib main-loop scheduling. Swift's `Task { @MainActor }` and `DispatchQueue.main` never run while
/// `g_application_run` owns the thread on Linux, so the app schedules only through GLib sources.
@MainActor
enum MainLoop {
    // Immutable; run only on the main actor.
    private final class Callback: @unchecked Sendable {
        let run: @MainActor () -> Bool
        init(_ run: @escaping @MainActor () -> Bool) { self.run = run }
    }

    private static let trampoline: GSourceFunc = { data in
        let cb = Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue()
        return MainActor.assumeIsolated { cb.run() } ? 1 : 0
    }

    private static let release: GDestroyNotify = { data in
        Unmanaged<Callback>.fromOpaque(data!).release()
    }

    /// Runs `f` once, when the loop is idle.
    @discardableResult
    static func idle(_ f: @escaping @MainActor () -> Void) -> UInt32 {
        let data = Unmanaged.passRetained(Callback { f(); return false }).toOpaque()
        return g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, trampoline, data, release)
    }

    /// Runs `f` whenever the loop is idle, again and again while it returns true: below GTK's
    /// redraw, so a frame is drawn between two calls however long each takes. (A repeating timeout
    /// is not: GLib sets its next time from the start of the turn that ran it, so work longer than
    /// its interval is due again at once, at a priority above every redraw.)
    @discardableResult
    static func whileIdle(_ f: @escaping @MainActor () -> Bool) -> UInt32 {
        let data = Unmanaged.passRetained(Callback(f)).toOpaque()
        return g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, trampoline, data, release)
    }

    /// Runs `f` after `milliseconds`, again and again while it returns true.
    @discardableResult
    static func timeout(milliseconds: UInt32, _ f: @escaping @MainActor () -> Bool) -> UInt32 {
        let data = Unmanaged.passRetained(Callback(f)).toOpaque()
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, trampoline, data, release)
    }

    /// Runs `f` once after `milliseconds`.
    @discardableResult
    static func after(milliseconds: UInt32, _ f: @escaping @MainActor () -> Void) -> UInt32 {
        timeout(milliseconds: milliseconds) { f(); return false }
    }

    static func cancel(_ source: UInt32) {
        if source != 0 { g_source_remove(source) }
    }

    /// From any thread: runs `f` on the main loop (g_idle_add is thread-safe). How a worker thread
    /// hands its result back; DispatchQueue.main never runs under g_application_run.
    nonisolated static func post(_ f: @escaping @Sendable @MainActor () -> Void) {
        let data = Unmanaged.passRetained(Posted(f)).toOpaque()
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            let p = Unmanaged<Posted>.fromOpaque(data!).takeRetainedValue()
            MainActor.assumeIsolated { p.run() }
            return 0
        }, data, nil)
    }

    private final class Posted: Sendable {
        let run: @Sendable @MainActor () -> Void
        init(_ run: @escaping @Sendable @MainActor () -> Void) { self.run = run }
    }

    /// Runs pending events until `done` or the deadline; for tests and the benchmark flag.
    static func iterate(until done: () -> Bool, timeoutSeconds: Double = 5) -> Bool {
        let end = g_get_monotonic_time() + Int(timeoutSeconds * 1_000_000)
        while !done() {
            if g_get_monotonic_time() > end { return false }
            g_main_context_iteration(nil, 0)
            if !done() { g_usleep(1000) }
        }
        return true
    }
}

/// One-shot timers, for code whose timing a test checks: the app's come from GLib's main loop
/// (`MainLoopTimers`); a test puts in timers it fires itself, so it can check the order of events
/// (a toast held past its expiry, gone at it once let go) without sleeping for real seconds.
@MainActor
protocol TimerSource {
    /// Calls `fire` once, `milliseconds` from now; returns a non-zero handle for `cancel`.
    func after(milliseconds: UInt32, _ fire: @escaping @MainActor () -> Void) -> UInt32
    func cancel(_ timer: UInt32)
}

struct MainLoopTimers: TimerSource {
    func after(milliseconds: UInt32, _ fire: @escaping @MainActor () -> Void) -> UInt32 {
        MainLoop.after(milliseconds: milliseconds, fire)
    }

    func cancel(_ timer: UInt32) { MainLoop.cancel(timer) }
}
