import Foundation
import XCTest
@testable import ShopperModel

/// SQLite's locks on Linux are POSIX advisory locks, held per (process, file): closing any
/// descriptor of the database file in a process drops every lock that process's connections hold
/// on it. Another process then believes it is the last, checkpoints, and unlinks the -wal and -shm
/// files the first one still writes to: its later commits are lost at restart. The window opens the
/// store a second time for each sync; that open must never cost the window its locks.
final class StoreLockTests: XCTestCase {
    private func storePath() -> String { temporaryFolder(self) + "/data/" + Store.fileName }

    /// The store's files this process holds open that the file system no longer has.
    private func unlinkedStoreFiles(of path: String) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.compactMap { fd in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)") else { return nil }
            return target.hasPrefix(path) && target.hasSuffix("(deleted)") ? target : nil
        }
    }

    private func childWrites(_ path: String, _ prefix: String) {
        let r = (try? ChildProcess([path, "add", prefix, "1"]))?.finish()
        XCTAssertEqual(r?.status, 0, r?.errors ?? "the child did not start")
    }

    /// What another process reads now: the items a restart would find.
    private func readElsewhere(_ path: String) -> [String] {
        let r = (try? ChildProcess([path, "list"]))?.finish()
        XCTAssertEqual(r?.status, 0, r?.errors ?? "the child did not start")
        return (r?.output ?? "").split(separator: "\n").map(String.init).sorted()
    }

    /// The window with a list shared: its sync opens the store again (and lets it go), another
    /// process writes directly, then the window saves. Everything acknowledged is in the file.
    func testAnotherOpenInTheWindowProcessKeepsItsWritesSafe() throws {
        let path = storePath()
        let window = try ShoppingModel(store: Store(path: path))
        try window.items.add(ItemFields(description: "Milk"))
        // What each sync does on its worker thread: a connection of its own, opened and closed.
        for _ in 0..<2 { _ = try Store(path: path).lists() }
        _ = try Store(path: path, access: .readOnly).lists()
        childWrites(path, "Pepper")
        XCTAssertEqual(unlinkedStoreFiles(of: path), [], "the window writes to files another process removed")
        try window.items.add(ItemFields(description: "Plates"))
        childWrites(path, "Salt")
        XCTAssertEqual(unlinkedStoreFiles(of: path), [])
        XCTAssertEqual(readElsewhere(path), ["Milk", "Pepper 0", "Plates", "Salt 0"])
    }
}
