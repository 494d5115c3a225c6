import Foundation
internal import GRDB

/// The kitchen's binding and each entry's record (schema v14): what a kitchen sync reads and
/// writes besides the recipes and meals themselves.
package struct KitchenTables: Sendable {
    let store: Store

    package func binding() throws(StoreError) -> KitchenBinding? {
        try store.read { db in
            guard try db.tableExists("kitchen") else { return nil }
            return try Row.fetchOne(db, sql: """
                SELECT server, user, meals_url, meals_name, meals_token, recipes_url, recipes_name, recipes_token, \
                uid_prefix, last_sync, problem, problem_line, offline, notice FROM kitchen WHERE id = 1
                """).map { r in
                var b = KitchenBinding(
                    server: r[0], user: r[1], meals: .init(url: r[2], name: r[3], token: r[4]),
                    recipes: .init(url: r[5], name: r[6], token: r[7]), uidPrefix: r[8])
                b.lastSync = (r[9] as Int64?).map(StoreTime.date)
                b.problem = r[10]
                b.problemLine = r[11]
                b.offline = r[12]
                b.notice = r[13]
                return b
            }
        }
    }

    package func saveBinding(_ b: KitchenBinding) throws(StoreError) {
        try writeState { db in try Self.save(b, db) }
    }

    static func save(_ b: KitchenBinding, _ db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO kitchen (id, server, user, meals_url, meals_name, meals_token, recipes_url, \
            recipes_name, recipes_token, uid_prefix, last_sync, problem, problem_line, offline, notice)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [
                b.server, b.user, b.meals.url, b.meals.name, b.meals.token, b.recipes.url, b.recipes.name,
                b.recipes.token, b.uidPrefix, b.lastSync.map(StoreTime.millis), b.problem, b.problemLine, b.offline,
                b.notice,
            ])
    }

    /// Forgets the binding, the records and the notes; every recipe and meal stays.
    package func stop() throws(StoreError) {
        try writeState { db in
            try db.execute(sql: "DELETE FROM kitchen; DELETE FROM kitchen_record; DELETE FROM plan_note")
        }
    }

    /// The name this desktop's changes travel with; nil: the account's user.
    package func sharingName() throws(StoreError) -> String? {
        try store.read { db in
            guard try db.tableExists("sharing_name") else { return nil }
            return try String.fetchOne(db, sql: "SELECT name FROM sharing_name WHERE id = 1")
        }
    }

    package func setSharingName(_ name: String?) throws(StoreError) {
        let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines).prefix(80)
        try writeState { db in
            if let trimmed, !trimmed.isEmpty {
                try db.execute(sql: "INSERT OR REPLACE INTO sharing_name (id, name) VALUES (1, ?)",
                               arguments: [String(trimmed)])
            } else {
                try db.execute(sql: "DELETE FROM sharing_name")
            }
        }
    }

    /// Every record of a kind (one per recipe or meal shared: as many as the book holds), or those
    /// of `ids`. `texts: false` leaves out `base` and `sent`: a recipe's may be 768 KB, and a sync
    /// holds only those of the entries it merges or sends, never the whole book's at once.
    package func records(_ kind: KitchenKind, texts: Bool = true, ids: [Int64]? = nil) throws(StoreError)
        -> [KitchenRecord] {
        if ids?.isEmpty == true { return [] }
        let only = ids.map { " AND id IN (" + $0.map(String.init).joined(separator: ",") + ")" } ?? ""
        let (base, sent) = texts ? ("base", "sent") : ("NULL", "NULL")
        return try store.read { db in
            guard try db.tableExists("kitchen_record") else { return [] }
            return try Row.fetchAll(db, sql: """
                SELECT id, uid, href, etag, \(base), synced_stamp, \(sent) FROM kitchen_record WHERE kind = ?\(only)
                ORDER BY id
                """, arguments: [kind.rawValue]).map { r in
                KitchenRecord(kind: kind, id: r[0], uid: r[1], href: r[2], etag: r[3], base: r[4], syncedStamp: r[5],
                              sent: r[6])
            }
        }
    }

    /// The recipes or meals with changes to send (never sent, or written since their record's
    /// stamp), each with its stamp now: a record saved after an upload is in sync with that stamp,
    /// not with a write made while the upload ran.
    package func pending(_ kind: KitchenKind) throws(StoreError) -> [Int64: Int64] {
        let table = kind == .recipe ? "recipe" : "meal"
        return try store.read { db in
            guard try db.tableExists("kitchen_record") else { return [:] }
            var out: [Int64: Int64] = [:]
            for r in try Row.fetchAll(db, sql: """
                SELECT t.id, coalesce(c.stamp, 0) FROM \(table) t
                LEFT JOIN kitchen_change c ON c.kind = ?1 AND c.id = t.id
                LEFT JOIN kitchen_record r ON r.kind = ?1 AND r.id = t.id
                WHERE r.id IS NULL OR r.synced_stamp < 0 OR coalesce(c.stamp, 0) > r.synced_stamp
                """, arguments: [kind.rawValue]) { out[r[0]] = r[1] }
            return out
        }
    }

    package func saveRecords(_ records: [KitchenRecord], removing: [(KitchenKind, Int64)] = []) throws(StoreError) {
        try writeState { db in
            for r in records { try Self.save(r, db) }
            for (kind, id) in removing { try Self.remove(kind, id, db) }
        }
    }

    /// The notes of the plan from `from` on.
    package func planNotes(from: PlanDay? = nil) throws(StoreError) -> [PlanNote] {
        try store.read { db in
            guard try db.tableExists("plan_note") else { return [] }
            return try Row.fetchAll(db, sql: """
                SELECT uid, href, etag, day, summary FROM plan_note WHERE day >= ? ORDER BY day, summary
                """, arguments: [from?.description ?? ""]).compactMap { r in
                PlanDay(text: r[3]).map { PlanNote(uid: r[0], href: r[1], etag: r[2], day: $0, summary: r[4]) }
            }
        }
    }

    static func save(_ r: KitchenRecord, _ db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO kitchen_record (kind, id, uid, href, etag, base, synced_stamp, sent)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [r.kind.rawValue, r.id, r.uid, r.href, r.etag, r.base, r.syncedStamp, r.sent])
    }

    static func remove(_ kind: KitchenKind, _ id: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM kitchen_record WHERE kind = ? AND id = ?", arguments: [kind.rawValue, id])
    }

    /// Stamps every recipe and meal a change set writes, in its transaction: the next kitchen
    /// sync sends them, whichever process wrote them. One stamp a write, above every one before.
    static func stamp(_ book: RecipeBookChange, _ db: Database) throws {
        guard !(book.recipes.isEmpty && book.meals.isEmpty), try db.tableExists("kitchen_change") else { return }
        let next = 1 + (try Int64.fetchOne(db, sql: "SELECT max(stamp) FROM kitchen_change") ?? 0)
        let put = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO kitchen_change (kind, id, stamp) VALUES (?, ?, ?)")
        for id in book.recipes.keys { try put.execute(arguments: [KitchenKind.recipe.rawValue, id.raw, next]) }
        for id in book.meals.keys { try put.execute(arguments: [KitchenKind.meal.rawValue, id.raw, next]) }
    }

    /// The latest stamp of any recipe, meal or note: another process's write of one changes it.
    static func latestStamp(_ db: Database) throws -> Int64 {
        guard try db.tableExists("kitchen_change") else { return 0 }
        return try Int64.fetchOne(db, sql: "SELECT max(stamp) FROM kitchen_change") ?? 0
    }

    /// Stamps the plan's notes as written (a sync's write of them alone changes no recipe or meal).
    static func stampNotes(_ db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO kitchen_change (kind, id, stamp) \
            VALUES ('note', 0, 1 + (SELECT coalesce(max(stamp), 0) FROM kitchen_change))
            """)
    }

    /// The stamp a recipe or meal carries now (0: never written since v14).
    static func currentStamp(_ kind: KitchenKind, _ id: Int64, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT stamp FROM kitchen_change WHERE kind = ? AND id = ?",
                           arguments: [kind.rawValue, id]) ?? 0
    }

    func writeState(_ body: (Database) throws -> Void) throws(StoreError) {
        guard store.access == .readWrite, let db = store.db else { throw .readOnly(path: store.path) }
        do { try db.write(body) } catch let e as StoreError { throw e } catch {
            throw .writeFailed(reason: StoreOpening.reason(error))
        }
    }
}
