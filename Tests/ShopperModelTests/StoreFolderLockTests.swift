import Foundation
import Synchronization
import XCTest
@testable import ShopperModel

/// The data folder's lock (`StoreFiles.prepare`): a process creating or migrating the store holds
/// an exclusive `flock` on the folder, so two first starts never make or migrate the file at once.
/// Proven without a clock: the test holds the lock, and the kernel's own table (`/proc/locks`)
/// shows the opening thread waiting for it; only once the test lets go does the store open. With
/// the lock taken out, the open ends before any waiter appears, and the test fails every time
/// (a race between two processes, which the old test relied on, caught it once in nine runs).
final class StoreFolderLockTests: XCTestCase {
    func testOpeningTheStoreWaitsForTheFolderLockAnotherHolds() throws {
        let dir = temporaryFolder(self) + "/data"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let held = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(held, 0)
        XCTAssertEqual(flock(held, LOCK_EX), 0)
        var st = stat()
        XCTAssertEqual(stat(dir, &st), 0)
        let done = Opened()
        let path = dir + "/" + Store.fileName
        Thread.detachNewThread {
            let opened = (try? Store(path: path)) != nil
            done.state.withLock { $0 = opened }
        }
        // The kernel lists a request blocked on the folder ("->") under its inode.
        let waiting = Self.waitFor(seconds: 60) { Self.blockedLocks(inode: UInt64(st.st_ino)) > 0 || done.state.withLock { $0 } != nil }
        XCTAssertTrue(waiting)
        XCTAssertNil(done.state.withLock { $0 }, "the store opened while another held the folder's lock")
        XCTAssertEqual(Self.blockedLocks(inode: UInt64(st.st_ino)), 1)
        flock(held, LOCK_UN)
        close(held)
        XCTAssertTrue(Self.waitFor(seconds: 60) { done.state.withLock { $0 } != nil })
        XCTAssertEqual(done.state.withLock { $0 }, true, "opened once the lock was let go")
    }

    /// The same across two processes, as two first starts are: this one takes the lock before the
    /// other exists, the other (`store-crash-child STORE add P 1`) must wait for it, as the kernel's
    /// table shows, and writes its line down the pipe only once this one lets go.
    func testAnotherProcessWaitsForTheFolderLockThisOneHolds() throws {
        let dir = temporaryFolder(self) + "/data"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let held = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        XCTAssertEqual(flock(held, LOCK_EX), 0)
        var st = stat()
        XCTAssertEqual(stat(dir, &st), 0)
        let child = try ChildProcess([dir + "/" + Store.fileName, "add", "P", "1"])
        let inode = UInt64(st.st_ino)
        XCTAssertTrue(Self.waitFor(seconds: 60) { Self.blockedLocks(inode: inode) > 0 || !child.process.isRunning })
        XCTAssertTrue(child.process.isRunning, "the other process went on while this one held the folder's lock")
        XCTAssertEqual(Self.blockedLocks(inode: inode), 1, "the other process waits for the folder's lock")
        flock(held, LOCK_UN)
        close(held)
        let (output, errors, status) = child.finish()
        XCTAssertEqual(status, 0, errors)
        XCTAssertEqual(output, "added P 0\n", "it went on once the lock was let go")
    }

    private final class Opened: Sendable {
        let state = Mutex<Bool?>(nil)
    }

    /// Requests waiting for a lock on the file with this inode, as /proc/locks lists them.
    private static func blockedLocks(inode: UInt64) -> Int {
        let table = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
        return table.split(separator: "\n").filter { line in
            line.contains("->") && line.contains("FLOCK") && line.split(separator: " ").contains { $0.hasSuffix(":\(inode)") }
        }.count
    }

    private static func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }
}
