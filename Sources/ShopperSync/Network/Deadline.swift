import CSync
import Foundation

/// When a sync (or a share's discovery) must be done by, whatever the server does: a server that
/// sends a byte every few seconds never trips the inactivity timeout, and held `shopper sync` for
/// as long as it kept sending. What was not done by then waits for the next sync.
struct Deadline: Sendable {
    let end: ContinuousClock.Instant
    /// How long it gave, in seconds (said when it passes).
    let seconds: Double

    /// 60 s; SHOPPER_SYNC_DEADLINE (seconds) may shorten it, never lengthen it (tests).
    static var seconds: Double {
        let asked = ProcessInfo.processInfo.environment["SHOPPER_SYNC_DEADLINE"].flatMap(Double.init) ?? standard
        return asked > 0 ? min(asked, standard) : standard
    }
    static let standard = 60.0

    init(seconds: Double = Deadline.seconds) {
        self.seconds = seconds
        end = .now + .milliseconds(Int64(seconds * 1000))
    }

    var remaining: Duration { ContinuousClock.now.duration(to: end) }
    var passed: Bool { remaining <= .zero }

    /// A cancellable that fires when the deadline passes: the request waiting on it (to send, or
    /// for the next byte) ends at once with G_IO_ERROR_CANCELLED. The caller unrefs it.
    func cancellable() -> UnsafeMutablePointer<GCancellable> {
        let c = g_cancellable_new()!
        let box = Held(c: g_object_ref(c).assumingMemoryBound(to: GCancellable.self))
        let (s, atto) = remaining.components
        let ns = max(0, s * 1_000_000_000 + atto / 1_000_000_000)
        // A global queue, never the main one (which does not run inside g_application_run).
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(ns))) {
            g_cancellable_cancel(box.c)
            g_object_unref(box.c)
        }
        return c
    }

    /// The cancellable, held by the timer until it fires (GCancellable is thread-safe).
    private struct Held: @unchecked Sendable { let c: UnsafeMutablePointer<GCancellable> }
}
