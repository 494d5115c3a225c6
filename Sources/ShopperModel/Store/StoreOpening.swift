import Foundation
internal import GRDB

/// Opening a file safely: refused before anything writes to it when it is not ours or newer than
/// this version understands, read after a writer was killed, and SQLite's words for what went
/// wrong, in the user's terms.
enum StoreOpening {
    /// Reads, never writes: a read-only connection cannot change the file it checks. Only SQLite
    /// opens the file: on Linux its locks are POSIX locks, held per process and file, and closing
    /// any other descriptor of it (a peek at its header) drops every lock this process's
    /// connections hold. Another process would then take itself for the last, checkpoint, and
    /// unlink the -wal and -shm files the window still writes to (its commits lost at restart).
    /// SQLite's own connections share their locks and keep a closed descriptor until they go.
    static func checkExisting(_ path: String, check: Store.Check = .none) throws(StoreError) {
        var st = stat()
        guard stat(path, &st) == 0, st.st_size > 0 else { return }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(Store.busySeconds)
        let found: [String]
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            defer { try? queue.close() }
            found = try queue.read { db -> [String]? in
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                if tables.isEmpty { return [] }
                guard tables.contains("grdb_migrations") else { return nil }
                if check == .quick, let problem = try quickCheck(db) {
                    throw StoreError.damaged(path: path, problem: problem)
                }
                return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            } ?? { throw StoreError.notAShopperStore(path: path) }()
        } catch let e as StoreError {
            throw e
        } catch let e as DatabaseError where e.resultCode == .SQLITE_NOTADB {
            throw .notADatabase(path: path)
        } catch let e as DatabaseError where e.resultCode == .SQLITE_CORRUPT {
            throw .damaged(path: path, problem: e.message ?? "\(e.resultCode)")
        } catch {
            throw .cannotOpen(path: path, reason: reason(error))
        }
        if let unknown = found.first(where: { !Schema.versions.contains($0) }) {
            throw .newerSchema(path: path, found: unknown, supported: Schema.latest)
        }
    }

    /// SQLite's quick check (every page's structure, not every index against its table): the first
    /// problem it names, nil when the file is sound. Measured at a million items in `make bench`.
    static func quickCheck(_ db: Database) throws -> String? {
        let found = try String.fetchAll(db, sql: "PRAGMA quick_check(1)")
        guard found != ["ok"] else { return nil }
        // One line for a one-line message: SQLite heads its report "*** in database main ***".
        return (found.first ?? "").split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("***") }.joined(
            separator: "; ")
    }

    /// A read-only connection, over a file whose last writer was killed mid-write too: its WAL then
    /// needs a recovery that only a writer can run (SQLITE_READONLY_RECOVERY, which said "the data
    /// file is read-only" of a file that was not). Where the file can be written, a writing
    /// connection opened and closed at once recovers it, and the read goes on.
    static func openForReading(_ path: String, _ config: Configuration) throws(StoreError) -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            do {
                try queue.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
                return queue
            } catch let e as DatabaseError where needsRecovery(e) && Glibc.access(path, W_OK) == 0 {
                try? queue.close()
                // Only to let SQLite recover the WAL; it writes nothing of its own.
                var writer = Configuration()
                writer.busyMode = .timeout(Store.busySeconds)
                try DatabaseQueue(path: path, configuration: writer).inDatabase { db in
                    _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                }
                return try DatabaseQueue(path: path, configuration: config)
            }
        } catch {
            throw .cannotOpen(path: path, reason: reason(error))
        }
    }

    /// A WAL left by a writer that stopped mid-write, which a read-only connection cannot recover.
    static func needsRecovery(_ e: DatabaseError) -> Bool {
        [ResultCode.SQLITE_READONLY_RECOVERY, .SQLITE_READONLY_CANTINIT].contains(e.extendedResultCode)
    }

    /// SQLite's words for what went wrong, in the user's terms where they are common.
    static func reason(_ error: Error) -> String {
        if let e = error as? DatabaseError {
            switch e.resultCode {
            case .SQLITE_FULL: return L("the disk is full")
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return L("another program kept the data file busy for over {seconds} seconds",
                         ["seconds": "\(Int(Store.busySeconds))"])
            case .SQLITE_READONLY where needsRecovery(e):
                return L(
                    "the data file was left mid-write by a program that stopped; start Shopper once, with write access to the file, to recover it"
                )
            case .SQLITE_READONLY: return L("the data file is read-only")
            case .SQLITE_CORRUPT:
                return L(
                    "the data file is damaged (SQLite calls it malformed); put back your last backup of it, or save what SQLite can still read with its .recover command"
                )
            default: return e.message ?? "\(e.resultCode)"
            }
        }
        if error is RowDecodingError { return L("a row of the data file could not be read") }
        return error.localizedDescription
    }
}
