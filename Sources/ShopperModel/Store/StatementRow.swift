internal import GRDB
internal import GRDBSQLite

/// The current row of a statement stepped by hand, read with SQLite's own column calls: what
/// GRDB's row decoding does for these types (NULL is nil; SQLite converts the rest), without its
/// generic decoding per column or a String for an amount's text. It reads every item at start-up,
/// where that decoding was a third of the time.
struct StatementRow {
    fileprivate let statement: SQLiteStatement

    func number(_ i: Int32) -> Int64? {
        sqlite3_column_type(statement, i) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, i)
    }

    /// The column as a number with no question of its type: NULL reads as 0. For columns the
    /// query has vouched for.
    func int(_ i: Int32) -> Int64 { sqlite3_column_int64(statement, i) }

    func text(_ i: Int32) -> String? {
        guard sqlite3_column_type(statement, i) != SQLITE_NULL, let c = sqlite3_column_text(statement, i) else {
            return nil
        }
        return String(cString: c)
    }

    /// The column's text as bytes, valid until the statement steps on (SQLite keeps each column's
    /// text until then, as long as that column is not read as another type); nil for NULL, which
    /// has no text (no need to ask the column's type first).
    func bytes(_ i: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard let c = sqlite3_column_text(statement, i) else { return nil }
        return UnsafeBufferPointer(start: c, count: Int(sqlite3_column_bytes(statement, i)))
    }

    /// The column's bytes as a blob, valid until the statement steps on; nil unless it is one.
    func blob(_ i: Int32) -> UnsafeRawBufferPointer? {
        guard sqlite3_column_type(statement, i) == SQLITE_BLOB else { return nil }
        let count = Int(sqlite3_column_bytes(statement, i))
        return UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, i), count: count)
    }

    /// The column's text as bytes, valid only inside `body`; nil for NULL.
    func withBytes<T>(_ i: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T?) -> T? { bytes(i).flatMap(body) }
}

extension Database {
    /// Runs `sql` and hands each row to `body`, stepping the statement directly.
    /// `cached`: the statement is compiled once per connection and kept (reads made again and
    /// again, of the rows on screen), not for a statement run once.
    func eachRow(_ sql: String, arguments: StatementArguments = [], cached: Bool = false,
                 _ body: (StatementRow) throws -> Void) throws {
        let statement = cached ? try cachedStatement(sql: sql) : try makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let row = StatementRow(statement: statement.sqliteStatement)
        while true {
            let code = sqlite3_step(statement.sqliteStatement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqliteConnection)),
                    sql: sql)
            }
            try body(row)
        }
    }
}
