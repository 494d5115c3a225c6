internal import GRDB

// Times are stored as integer milliseconds since 1970 (see StoreTime): exact round trips.

/// Schema migrations. Never edit a shipped migration: add the next one.
enum Schema {
    static let versions = ["v1", "v2", "v3", "v4"]
    static var latest: String { versions.last! }

    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE item (
                    id INTEGER PRIMARY KEY,
                    description TEXT NOT NULL,
                    quantity TEXT NOT NULL DEFAULT '1',
                    unit TEXT,
                    unit_cost TEXT,
                    aisle TEXT,
                    notes TEXT NOT NULL DEFAULT '',
                    needed INTEGER NOT NULL DEFAULT 0,
                    in_cart INTEGER NOT NULL DEFAULT 0,
                    position INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    last_price TEXT,
                    last_price_date INTEGER
                );
                CREATE TABLE aisle (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
                """)
        }
        // v2: price history and saved searches.
        m.registerMigration("v2") { db in
            try db.execute(sql: """
                CREATE TABLE price_history (
                    id INTEGER PRIMARY KEY,
                    item_id INTEGER NOT NULL,
                    unit_cost TEXT NOT NULL,
                    quantity TEXT NOT NULL,
                    date INTEGER NOT NULL
                );
                CREATE INDEX price_history_item ON price_history(item_id, date);
                CREATE TABLE saved_search (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    query TEXT NOT NULL,
                    position INTEGER NOT NULL
                );
                """)
        }
        // v3: several processes share one file. Every write stamps the rows it touches with a store-wide
        // revision (the highest in use, plus one), and a deleted item leaves a tombstone: so a process
        // finds what others changed since the revision it last saw with two indexed range queries, and
        // a new id (one above every id in use or ever deleted) is never handed out twice.
        m.registerMigration("v3") { db in
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX item_revision ON item(revision);
                CREATE TABLE item_tombstone (id INTEGER PRIMARY KEY, revision INTEGER NOT NULL);
                CREATE INDEX item_tombstone_revision ON item_tombstone(revision);
                """)
        }
        // v4: a price may be for the whole line ("500 g Mince = 5.49") rather than per unit.
        m.registerMigration("v4") { db in
            try db.execute(sql: "ALTER TABLE item ADD COLUMN price_for_all INTEGER NOT NULL DEFAULT 0")
        }
        return m
    }
}
