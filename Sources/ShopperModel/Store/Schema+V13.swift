internal import GRDB

extension Schema {
    // v13: what the household taught about aisles (`LearnedAisles`): a folded name and the aisle
    // an item of that name was moved to. Empty at first; nothing else refers to it.
    static func v13(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE learned_aisle (name TEXT NOT NULL PRIMARY KEY, aisle TEXT NOT NULL)")
    }
}
