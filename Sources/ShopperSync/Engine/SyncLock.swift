import Foundation
import Glibc
import ShopperModel
import ShopperSyncModel

/// One sync of a list at a time on this machine, whichever process runs it: a lock on a file of
/// its own beside the store (never on the store's file, whose POSIX locks are SQLite's). A second
/// `shopper sync` of the list says it waits, and waits for the running one, which its deadline
/// bounds.
struct SyncLock {
    private let fd: Int32

    init(_ storePath: String, _ list: ListID, waiting: (@Sendable () -> Void)? = nil) throws(SyncError) {
        fd = open(SyncLockFile.path(storePath, list), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) != 0 else { return }
        waiting?()
        // The running sync ends by its deadline; this one waits that long and a little more.
        let giveUp = Deadline(seconds: Deadline.standard + 15)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard !giveUp.passed else {
                close(fd)
                throw .store(L("another sync of this list has not ended; try again later"))
            }
            usleep(100_000)
        }
    }

    func release() {
        if fd >= 0 { flock(fd, LOCK_UN); close(fd) }
    }
}
