import Glibc
import ShopperModel

/// The file whose lock says a sync of a list runs, in whichever process: beside the store, never
/// the store's own file (whose POSIX locks are SQLite's). The sync engine holds it; the window and
/// `shopper share --status` only ask.
package enum SyncLockFile {
    package static func path(_ storePath: String, _ list: ListID) -> String { storePath + ".sync-\(list.raw).lock" }

    /// Whether a sync of the list runs now, in this process or another ("Syncing…").
    package static func isHeld(_ storePath: String, _ list: ListID) -> Bool {
        let fd = open(path(storePath, list), O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return true }
        flock(fd, LOCK_UN)
        return false
    }
}
