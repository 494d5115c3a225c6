import Foundation

/// When each step of a start happened (CLOCK_MONOTONIC, µs: the clock GLib's frame times and the
/// benchmark's launch time use), for `make bench`'s start-up timeline. A mark costs a clock read;
/// the store's thread marks too, hence the lock.
final class StartupTimeline: @unchecked Sendable {
    static let shared = StartupTimeline()

    /// The steps, in the order a start takes them.
    enum Step: String, CaseIterable {
        case main, toolkitStarted = "toolkit-started", storeOpen = "store-open", modelRead = "model-read"
        case appStartup = "app-startup", windowBuilt = "window-built"
    }

    private let lock = NSLock()
    private var marks: [Step: Int64] = [:]

    static var now: Int64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Int64(t.tv_sec) * 1_000_000 + Int64(t.tv_nsec) / 1000
    }

    /// The first time `step` was reached (a later one, such as a second window's, is not a start).
    func mark(_ step: Step) {
        let at = Self.now
        lock.lock()
        if marks[step] == nil { marks[step] = at }
        lock.unlock()
    }

    var recorded: [(Step, Int64)] {
        lock.lock()
        defer { lock.unlock() }
        return Step.allCases.compactMap { step in marks[step].map { (step, $0) } }
    }

    /// The shared libraries mapped into this process now, by path (for the linker's share of a start).
    static func loadedLibraries() -> [String] {
        // Read to its end: a file of /proc says it is empty, and a read by size stops short.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps"), let data = try? file.readToEnd() else {
            return []
        }
        let maps = String(decoding: data, as: UTF8.self)
        var seen = Set<String>()
        return maps.split(separator: "\n").compactMap { line in
            guard
                let path = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first.map(
                    String.init),
                  path.hasPrefix("/"), path.contains(".so"), seen.insert(path).inserted else { return nil }
            return path
        }
    }
}
