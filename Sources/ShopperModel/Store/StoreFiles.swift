import Foundation

/// The data folder and file as the file system sees them: private to the user (0700 and 0600, as
/// SQLite gives its -wal and -shm files the mode of the database), never a folder someone else
/// could swap files in, and never opened for writing when it cannot be written (SQLite would then
/// leave a read-only -shm behind that keeps failing after the permissions are fixed).
enum StoreFiles {
    /// An exclusive lock on the data folder, held while a process creates or migrates the store.
    struct FolderLock {
        let fd: Int32
        func release() { if fd >= 0 { flock(fd, LOCK_UN); close(fd) } }
    }

    static let sidecars = ["-wal", "-shm"]

    static func prepare(_ path: String) throws(StoreError) -> FolderLock {
        let dir = (path as NSString).deletingLastPathComponent
        try prepareFolder(dir)
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { flock(fd, LOCK_EX) }
        let lock = FolderLock(fd: fd)
        do {
            try prepareFile(path)
        } catch {
            lock.release()
            throw error
        }
        return lock
    }

    static func prepareFolder(_ dir: String) throws(StoreError) {
        var st = stat()
        if stat(dir, &st) != 0 {
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw .folderNotWritable(path: dir, reason: "it cannot be created (\(blocker(of: dir)))")
            }
            return
        }
        guard st.st_mode & S_IFMT == S_IFDIR else { throw .folderNotWritable(path: dir, reason: "it is a file, not a folder") }
        if st.st_uid != geteuid(), st.st_mode & (S_IWGRP | S_IWOTH) != 0 { throw .unsafeFolder(path: dir) }
        guard access(dir, W_OK) == 0 else { throw .folderNotWritable(path: dir, reason: "it is not writable") }
    }

    /// Creates the file 0600 before SQLite does (SQLite would use the umask, usually 0644), and
    /// tightens an existing one of ours that others can read.
    static func prepareFile(_ path: String) throws(StoreError) {
        var st = stat()
        if stat(path, &st) != 0 {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { close(fd) }
            return
        }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .notADatabase(path: path) }
        if st.st_uid == geteuid(), st.st_mode & 0o077 != 0 { chmod(path, st.st_mode & 0o700) }
        guard access(path, R_OK | W_OK) == 0 else { throw .readOnly(path: path) }
        // SQLite gives a new -wal or -shm the store's mode of that moment: one made while the
        // store was read-only stays read-only after the store is fixed. Ours follow the store.
        for file in sidecars.map({ path + $0 }) where stat(file, &st) == 0 {
            if st.st_uid == geteuid(), st.st_mode & 0o777 != 0o600 { chmod(file, 0o600) }
            guard access(file, R_OK | W_OK) == 0 else { throw .readOnly(path: file) }
        }
    }

    static func checkReadable(_ path: String) throws(StoreError) {
        guard access(path, R_OK) == 0 else {
            throw .cannotOpen(path: path, reason: "it cannot be read (\(String(cString: strerror(errno))))")
        }
    }

    /// The deepest existing part of `dir`, and why a folder cannot be made below it.
    private static func blocker(of dir: String) -> String {
        var part = dir
        var st = stat()
        while !part.isEmpty, part != "/" {
            part = (part as NSString).deletingLastPathComponent
            if stat(part, &st) == 0 {
                return st.st_mode & S_IFMT == S_IFDIR ? L("“{path}” is not writable", ["path": part]) : L("“{path}” is a file, not a folder", ["path": part])
            }
        }
        return "no part of the path exists"
    }
}
