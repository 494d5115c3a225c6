import Foundation
import Glibc
import ShopperModel

/// Runs `shopper-sync` and reads its lines. Blocking: the window calls it on a worker thread, the
/// command line where it stands. The helper bounds its own time (every sync has a deadline); this
/// side bounds what it trusts of it too: a helper silent for too long is killed, an answer over
/// `maxAnswer` is cut, a line that is not a reply ends the run with a message.
package enum HelperProcess {
    /// Longer than a sync waiting for another (its deadline and 15 s) and then running its own.
    static let silenceSeconds: Int32 = 150
    static let maxAnswer = 64 << 20
    /// The process that started the helper, which it ends with (see `shopper-sync`'s main).
    package static let parentVariable = "SHOPPER_SYNC_PARENT"

    /// Why the helper gave no answer, in the user's words.
    package struct Failure: Error, LocalizedError, CustomStringConvertible, Sendable {
        package let description: String
        /// Ended by its `HelperRunHandle` (the person cancelled): nothing to say.
        package var cancelled = false
        package var errorDescription: String? { description }

        init(description: String, cancelled: Bool = false) {
            self.description = description
            self.cancelled = cancelled
        }
    }

    /// `shopper-sync` beside this executable (a build tree, or an installed `shopper` whose helper
    /// was put beside it), else in PREFIX/libexec/shopper.
    static func executable() -> String? {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [exe.appendingPathComponent("shopper-sync").path,
                          exe.deletingLastPathComponent().appendingPathComponent("libexec/shopper/shopper-sync").path]
        return candidates.first { access($0, X_OK) == 0 }
    }

    /// Why `command` cannot run without the helper, in the words of what the user asked for, and
    /// what to do: a build tree (`make run`) builds it, an installed Shopper is missing a file.
    static func missing(_ command: HelperCommand, executable: String = "/proc/self/exe") -> Failure {
        let exe = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        if exe.pathComponents.contains(where: { $0.hasPrefix(".build") }) {
            return Failure(
                description: L("{task} needs shopper-sync, which was not built: run make build", ["task": command.task])
            )
        }
        let libexec = exe.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "libexec/shopper"
        ).path
        return Failure(description: L("{task} needs shopper-sync, which is missing from {folder}; reinstall Shopper",
                                      ["task": command.task, "folder": libexec]))
    }

    /// The helper's replies to `command`, each handed to `each` as it comes (a "waiting" line is
    /// said at once); `input`, when given, is written on its standard input. `handle`: another
    /// thread may end the run at once (then `Failure.cancelled`). `helper` and `silence`
    /// (seconds): another program and wait, for the tests' misbehaving helpers.
    static func run(_ command: HelperCommand, input: String?, helper: String? = nil, silence: Int32 = silenceSeconds,
                            handle: HelperRunHandle? = nil, each: (HelperReply) -> Void) throws(Failure) {
        defer { handle?.ended() }
        guard let path = helper ?? executable() else { throw missing(command) }
        let child = try spawn(path, command.arguments)
        // Cancelled before it started: it ends now, having read nothing.
        if let handle, !handle.started(child.pid) { kill(child.pid, SIGKILL) }
        if let input {
            var line = Array((input + "\n").utf8)
            _ = line.withUnsafeMutableBytes { write(child.input, $0.baseAddress, $0.count) }
        }
        close(child.input)
        var saidWhy = false
        let problem = readReplies(child.output, silence: silence) { reply in
            saidWhy = saidWhy || reply.error != nil
            each(reply)
        }
        close(child.output)
        if problem != nil { kill(child.pid, SIGKILL) }
        let status = wait(child.pid, handle: handle)
        if handle?.isCancelled == true { throw Failure(description: L("the import was cancelled"), cancelled: true) }
        if let problem { throw Failure(description: problem) }
        // Killed (a crash, the OOM killer): said, never taken for a quiet success.
        if status.signal != 0 {
            throw Failure(
                description: L(
                    "the sharing helper stopped unexpectedly (signal {signal}); try again",
                    ["signal": "\(status.signal)"]))
        }
        // Ended in failure without saying why (a library missing, a refused start): not a success.
        if status.code != 0 && !saidWhy {
            throw Failure(
                description: L(
                    "the sharing helper ended with status {status}; if this goes on, reinstall Shopper",
                    ["status": "\(status.code)"]))
        }
    }

    /// Reads the helper's lines until it closes its output, each reply handed over as it comes;
    /// the problem, if the helper was silent too long, said too much or said what is no reply.
    private static func readReplies(_ fd: Int32, silence: Int32, each: (HelperReply) -> Void) -> String? {
        var pending = [UInt8]()
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watch, 1, silence * 1000)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return L("the sharing helper stopped answering; try again later") }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            total += n
            guard total <= maxAnswer else { return L("the sharing helper's answer was too large") }
            // Only the new bytes are searched for the end of a line: a flood without one costs
            // its length once, not its length for every read.
            var from = pending.count
            pending += chunk[..<n]
            while let end = pending[from...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(pending[..<end])
                pending.removeSubrange(...end)
                from = 0
                guard let reply = try? JSONDecoder().decode(HelperReply.self, from: line) else {
                    return L("the sharing helper's answer could not be read")
                }
                each(reply)
            }
        }
    }

    private struct Child {
        let pid: pid_t
        let input: Int32
        let output: Int32
    }

    private static func spawn(_ path: String, _ arguments: [String]) throws(Failure) -> Child {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard closedOnExec(pipe(&toChild), toChild) else {
            throw Failure(description: String(cString: strerror(errno)))
        }
        guard closedOnExec(pipe(&fromChild), fromChild) else {
            close(toChild[0]); close(toChild[1])
            throw Failure(description: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies: the helper gets these two and no other pipe end.
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        var environment = ProcessInfo.processInfo.environment
        environment[parentVariable] = "\(getpid())"
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // This process ignores SIGPIPE (below); the helper gets the default back.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let started = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        close(toChild[0])
        close(fromChild[1])
        guard started == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw Failure(
                description: L(
                    "the sharing helper could not be started ({reason})", ["reason": String(cString: strerror(started))]
                ))
        }
        // A helper that exits before reading its input must not kill this process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        return Child(pid: pid, input: toChild[1], output: fromChild[0])
    }

    /// Swift's Glibc has no pipe2: the ends are marked right after, so another helper started
    /// meanwhile by another thread does not inherit them.
    private static func closedOnExec(_ made: Int32, _ ends: [Int32]) -> Bool {
        guard made == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Its end, once its output closed: a helper that closed its output and hangs (or left a
    /// child holding it) is given ten seconds, then killed. Its end is seen before it is reaped
    /// (`WNOWAIT`), and `handle` told, so a Cancel never signals a number another process took.
    private static func wait(_ pid: pid_t, handle: HelperRunHandle?) -> (code: Int32, signal: Int32) {
        var waited = 0
        while true {
            var info = siginfo_t()
            let r = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if r == 0 && info._sifields._kill.si_pid == pid { break }
            if r < 0 && errno != EINTR { break }
            if waited == 10_000 { kill(pid, SIGKILL) }
            usleep(10_000)
            waited += 10
        }
        handle?.reaping()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, 0) : (0, signal)
    }
}

/// One run of the helper, as another thread sees it: the window's Cancel ends it at once
/// (SIGKILL: the helper holds nothing that must be finished, a recipe import writes nothing), and
/// a second import waits for the first to be gone before it starts (`waitUntilEnded`).
package final class HelperRunHandle: @unchecked Sendable {
    private let condition = NSCondition()
    private var pid: pid_t = 0
    private var cancelledNow = false
    private var over = false
    /// The helper `cancel` sent SIGKILL to, if any (tests: a Cancel that ends it at once, without a clock).
    private(set) var killed: pid_t = 0

    package init() {}

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelledNow
    }

    /// Ends the helper now; a run that has not started yet will not.
    package func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelledNow = true
        if pid > 0, kill(pid, SIGKILL) == 0 { killed = pid }
    }

    /// Returns once the run is over and its process gone.
    package func waitUntilEnded() {
        condition.lock()
        defer { condition.unlock() }
        while !over { condition.wait() }
    }

    /// The helper started as `pid`; false when the run was cancelled before (the caller ends it).
    func started(_ pid: pid_t) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        self.pid = pid
        return !cancelledNow
    }

    /// The helper has ended and is about to be reaped: its number is no longer its to signal.
    func reaping() {
        condition.lock()
        defer { condition.unlock() }
        pid = 0
    }

    func ended() {
        condition.lock()
        defer { condition.unlock() }
        pid = 0
        over = true
        condition.broadcast()
    }
}
