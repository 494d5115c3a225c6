import Foundation
internal import GRDB

/// What this household taught about aisles (schema v13): moving an item to an aisle teaches that
/// aisle for its name, so the next new item of that name goes there on any list. Household-wide,
/// like the staples; written in the same transaction and undo step as the move that taught it.
enum LearnedAisles {
    /// Most names kept: a household's own corrections, not a table of its own.
    static let most = 5_000

    /// The name a lesson is kept under: folded words, the last in its shortest singular form
    /// ("Red Onions" and "red onion" are one name; "Zwiebeln" and "Zwiebel" too).
    static func key(_ description: String) -> String {
        var words = GroceryTable.words(description)
        guard let last = words.popLast() else { return "" }
        let stem = Plurals.stems(last).min { ($0.count, $0) < ($1.count, $1) } ?? last
        return (words + [stem]).joined(separator: " ")
    }

    /// The aisle taught for `key`, if any (text only: a row another program wrote is passed over).
    static func aisle(for key: String, _ db: Database) throws -> String? {
        try String.fetchOne(
            db, sql: "SELECT aisle FROM learned_aisle WHERE name = ? AND typeof(aisle) = 'text' AND aisle <> ''",
                            arguments: [key])
    }

    /// Every lesson, by name (at most `most`).
    static func all(_ db: Database) throws -> [String: String] {
        var out: [String: String] = [:]
        for row in try Row.fetchAll(
            db,
            sql:
                "SELECT name, aisle FROM learned_aisle WHERE typeof(name) = 'text' AND typeof(aisle) = 'text' AND aisle <> '' LIMIT ?",
                                    arguments: [most]) {
            out[row[0]] = row[1]
        }
        return out
    }

    /// Writes a change set's lessons: an aisle kept for a name, or (nil) the name forgotten.
    static func write(_ cs: ChangeSet, _ db: Database) throws {
        guard !cs.learned.isEmpty else { return }
        for (key, aisle) in cs.learned {
            if let aisle {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO learned_aisle (name, aisle) VALUES (?, ?)", arguments: [key, aisle])
            } else {
                try db.execute(sql: "DELETE FROM learned_aisle WHERE name = ?", arguments: [key])
            }
        }
        // The oldest lessons go first when there are too many (rowid order is the order taught).
        try db.execute(
            sql:
                "DELETE FROM learned_aisle WHERE rowid IN (SELECT rowid FROM learned_aisle ORDER BY rowid DESC LIMIT -1 OFFSET ?)",
                       arguments: [most])
    }
}

extension Store {
    /// Where a new item goes on `list` (`AislePlacer`), read from the store in one pass of its
    /// descriptions and aisles: for a writer without a model (a sync's new tasks).
    package func aislePlacer(for list: ListID) throws(StoreError) -> AislePlacer {
        try read { db in try AislePlacer.reading(list, db) }
    }
}

extension AislePlacer {
    /// The placer of `list` as the store holds it: its items' aisles, the household's lessons.
    static func reading(_ list: ListID, _ db: Database) throws -> AislePlacer {
        var numbered: [String] = []
        var numbers: [String: Int32] = [:]
        var words = ListWords()
        let rows = try Row.fetchCursor(
            db,
            sql: "SELECT id, description, aisle FROM item WHERE list_id = ? AND typeof(aisle) = 'text' AND aisle <> ''",
                                       arguments: [list.raw])
        while let row = try rows.next() {
            let aisle: String = row[2]
            let key = aisle.lowercased()
            let number = numbers[key] ?? Int32(numbered.count)
            if numbers[key] == nil { numbers[key] = number; numbered.append(aisle) }
            words.add(ShoppingModel.matchKey(row[1] ?? ""), id: ItemID(row[0]), aisle: number)
        }
        let learned = try db.tableExists("learned_aisle") ? try LearnedAisles.all(db) : [:]
        return AislePlacer(
            words: words, numbered: numbered, order: AisleOrder(try Store.aisles(db, list: list)), learned: learned)
    }
}
