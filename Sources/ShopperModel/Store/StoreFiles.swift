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
    /// Linux's O_PATH (the same on every architecture Debian builds Swift for); Glibc's module
    /// leaves it out, as it is behind _GNU_SOURCE.
    private static let oPath: Int32 = 0o10000000

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
                throw .folderNotWritable(
                    path: dir, reason: L("it cannot be created ({reason})", ["reason": blocker(of: dir)]))
            }
            return
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw .folderNotWritable(path: dir, reason: L("it is a file, not a folder"))
        }
        if st.st_uid != geteuid(), st.st_mode & (S_IWGRP | S_IWOTH) != 0 { throw .unsafeFolder(path: dir) }
        guard access(dir, W_OK) == 0 else { throw .folderNotWritable(path: dir, reason: L("it is not writable")) }
    }

    /// For a reader of a store that is not there: a folder that does not exist yet reads as empty,
    /// but a path that is a file (or lies under one) is said, never read as an empty list.
    static func checkFolderForReading(_ dir: String) throws(StoreError) {
        var st = stat()
        if stat(dir, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else {
                throw .folderNotWritable(path: dir, reason: L("it is a file, not a folder"))
            }
        } else if errno == ENOTDIR {
            throw .folderNotWritable(path: dir, reason: blocker(of: dir))
        }
    }

    /// Creates the file 0600 before SQLite does (SQLite would use the umask, usually 0644), and
    /// tightens an existing one of ours that others can read.
    static func prepareFile(_ path: String) throws(StoreError) {
        var st = stat()
        if lstat(path, &st) != 0 {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { close(fd) }
            return
        }
        try checkNoLinks(path)
        guard st.st_mode & S_IFMT == S_IFREG else { throw .notADatabase(path: path) }
        try tighten(path) { $0 & 0o077 != 0 ? $0 & 0o700 : nil }
        guard access(path, R_OK | W_OK) == 0 else { throw .readOnly(path: path) }
        // SQLite gives a new -wal or -shm the store's mode of that moment: one made while the
        // store was read-only stays read-only after the store is fixed. Ours follow the store.
        for file in sidecars.map({ path + $0 }) where lstat(file, &st) == 0 {
            try tighten(file) { $0 & 0o777 != 0o600 ? 0o600 : nil }
            guard access(file, R_OK | W_OK) == 0 else { throw .readOnly(path: file) }
        }
    }

    /// The store and its -wal and -shm are files in the data folder, never links: SQLite would
    /// write the store's pages wherever a link points, and a change of mode would reach its target.
    static func checkNoLinks(_ path: String) throws(StoreError) {
        var st = stat()
        for file in [path] + sidecars.map({ path + $0 }) where lstat(file, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK {
            throw .linked(path: file)
        }
    }

    /// Gives one of our files the mode `mode` asks for (nil: as it is), through a descriptor opened
    /// without following a link, so the file changed is the one looked at. O_PATH: closing any other
    /// descriptor of the store or its -shm would drop this process's SQLite locks on them (checked
    /// here: a real descriptor closed lets another process take the write lock; an O_PATH one does
    /// not). Such a descriptor cannot fchmod; its /proc/self/fd entry names the same file.
    private static func tighten(_ file: String, _ mode: (mode_t) -> mode_t?) throws(StoreError) {
        let fd = open(file, oPath | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFLNK { throw .linked(path: file) }
        guard st.st_uid == geteuid(), let wanted = mode(st.st_mode & 0o7777) else { return }
        chmod("/proc/self/fd/\(fd)", wanted)
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
                return st.st_mode & S_IFMT == S_IFDIR
                    ? L("“{path}” is not writable", ["path": part])
                    : L("“{path}” is a file, not a folder", ["path": part])
            }
        }
        return L("no part of the path exists")
    }
}
