import Foundation
internal import GRDB

/// What is always at home: the household's list of staples (schema v10), read when a recipe is
/// added to a list and edited in Always at Home…. Each change is one small transaction of its own:
/// staples are no list's, so they are not steps of a list's undo history (the window offers Undo
/// of a removal itself).
package struct StapleTables: Sendable {
    let store: Store

    /// Longest name kept: a staple is a word or two ("salt", "Olivenöl"), anything longer is cut.
    package static let stapleLimit = 80
    /// Most staples kept: a list of what is at home, not a store of its own.
    package static let staplesMost = 500

    /// The staples, in alphabetical order with case and accents folded ("Öl" beside "oil"), as
    /// the recipes are: the same whatever Foundation thinks the locale is.
    package func staples() throws(StoreError) -> [String] {
        try store.read { db in try Self.staples(db) }
    }

    static func staples(_ db: Database) throws -> [String] {
        try keptNames(db).map { String($0.prefix(stapleLimit)) }
            .map { (ShoppingModel.matchKey($0), $0) }.sorted { $0 < $1 }.map(\.1)
    }

    /// The names as stored, text only and no more than the most: a row another program wrote (a
    /// number, bytes, a thousand more) is passed over rather than read into every recipe's add.
    private static func keptNames(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db, sql: "SELECT name FROM staple WHERE typeof(name) = 'text' LIMIT ?", arguments: [staplesMost])
    }

    /// Keeps `name` as a staple (spaces tidied, cut at `stapleLimit`). Returns the name kept, or
    /// nil when it was empty or one of the same name (in any case, with or without accents) is kept.
    @discardableResult
    package func addStaple(_ name: String) throws(StoreError) -> String? {
        let clean = String(ItemDraft.clean(name).prefix(Self.stapleLimit))
        guard !clean.isEmpty else { return nil }
        return try writeStaples { db in
            let kept = try Self.keptNames(db)
            let key = ShoppingModel.matchKey(clean)
            guard !kept.contains(where: { ShoppingModel.matchKey($0) == key }), kept.count < Self.staplesMost else {
                return nil
            }
            try db.execute(sql: "INSERT INTO staple (name) VALUES (?)", arguments: [clean])
            return clean
        }
    }

    /// No longer a staple: `name`, or the one kept under another case or accents. Returns the
    /// name removed, nil when none was kept.
    @discardableResult
    package func removeStaple(_ name: String) throws(StoreError) -> String? {
        let key = ShoppingModel.matchKey(ItemDraft.clean(name))
        return try writeStaples { db in
            guard let kept = try Self.keptNames(db).first(where: { ShoppingModel.matchKey($0) == key })
            else { return nil }
            try db.execute(sql: "DELETE FROM staple WHERE name = ?", arguments: [kept])
            return kept
        }
    }

    private func writeStaples<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        guard store.access == .readWrite, let db = store.db else { throw .readOnly(path: store.path) }
        do {
            return try db.write(body)
        } catch let e as StoreError {
            throw e
        } catch {
            throw .writeFailed(reason: StoreOpening.reason(error))
        }
    }
}
