import Foundation
import Glibc

/// A thread that runs only when nothing else on the machine wants a processor (Linux's SCHED_IDLE):
/// for work made ahead of a need that may never come (the search texts), which must not take a core
/// from the main thread or the display server while they draw. On a two-core machine a worker at
/// the normal priority made frames of the first half second after start-up late.
enum IdleThread {
    static func start(_ body: @escaping @Sendable () -> Void) {
        Thread.detachNewThread {
            var param = sched_param()
            // SCHED_IDLE is 5 on Linux and missing from Swift's Glibc module; any thread may lower
            // itself to it. Should it fail, the work still runs, at the normal priority.
            _ = pthread_setschedparam(pthread_self(), 5, &param)
            body()
        }
    }
}
