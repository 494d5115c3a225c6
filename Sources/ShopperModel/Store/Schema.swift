import Foundation
internal import GRDB

// Times are stored as integer milliseconds since 1970 (see StoreTime): exact round trips.

/// Schema migrations. Never edit a shipped migration: add the next one.
enum Schema {
    /// The gap between neighbours' positions: items', saved searches' and lists'.
    static let positionGap: Int64 = 1 << 20

    static let versions = ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14"]
    static var latest: String { versions.last! }

    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        // One function a version, in order: a shipped one is never edited.
        let steps: [@Sendable (Database) throws -> Void] = [
            { try v1($0) }, { try v2($0) }, { try v3($0) }, { try v4($0) },
            { try v5($0) }, { try v6($0) }, { try v7($0) }, { try v8($0) },
            { try v9($0) }, { try v10($0) }, { try v11($0) }, { try v12($0) },
            { try v13($0) }, { try v14($0) },
        ]
        precondition(steps.count == versions.count, "a version without its migration")
        for (version, step) in zip(versions, steps) { m.registerMigration(version, migrate: step) }
        return m
    }

    private static func v1(_ db: Database) throws {
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
    private static func v2(_ db: Database) throws {
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
    private static func v3(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE item ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX item_revision ON item(revision);
            CREATE TABLE item_tombstone (id INTEGER PRIMARY KEY, revision INTEGER NOT NULL);
            CREATE INDEX item_tombstone_revision ON item_tombstone(revision);
            """)
    }

    // v4: a price may be for the whole line ("500 g Mince = 5.49") rather than per unit.
    private static func v4(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE item ADD COLUMN price_for_all INTEGER NOT NULL DEFAULT 0")
    }

    // v5: several lists. Everything a store held becomes its first list ("Groceries"); aisles and
    // saved searches belong to a list too (a hardware store's aisles are not a grocer's). Each
    // list's counts are kept by triggers inside every item write, by any process, so the sidebar
    // reads one small table instead of counting a million items.
    private static func v5(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE shopping_list (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                position INTEGER NOT NULL,
                deleted INTEGER NOT NULL DEFAULT 0,
                to_buy INTEGER NOT NULL DEFAULT 0,
                item_count INTEGER NOT NULL DEFAULT 0
            );
            INSERT INTO shopping_list (id, name, position) VALUES (1, ?, \(positionGap));
            ALTER TABLE item ADD COLUMN list_id INTEGER NOT NULL DEFAULT 1;
            CREATE INDEX item_list ON item(list_id, id);
            CREATE TABLE aisle_v5 (list_id INTEGER NOT NULL, name TEXT, position INTEGER NOT NULL,
                                   PRIMARY KEY (list_id, name));
            INSERT INTO aisle_v5 (list_id, name, position)
                SELECT 1, name, position FROM aisle WHERE typeof(name) = 'text' AND name <> '';
            DROP TABLE aisle;
            ALTER TABLE aisle_v5 RENAME TO aisle;
            ALTER TABLE saved_search ADD COLUMN list_id INTEGER NOT NULL DEFAULT 1;
            UPDATE shopping_list SET
                item_count = (SELECT count(*) FROM item),
                to_buy = (SELECT count(*) FROM item WHERE needed AND NOT in_cart);
            CREATE TRIGGER item_counted_in AFTER INSERT ON item BEGIN
                UPDATE shopping_list SET item_count = item_count + 1, to_buy = to_buy + (NEW.needed AND NOT NEW.in_cart)
                WHERE id = NEW.list_id;
            END;
            CREATE TRIGGER item_counted_out AFTER DELETE ON item BEGIN
                UPDATE shopping_list SET item_count = item_count - 1, to_buy = to_buy - (OLD.needed AND NOT OLD.in_cart)
                WHERE id = OLD.list_id;
            END;
            CREATE TRIGGER item_recounted AFTER UPDATE OF needed, in_cart ON item
            WHEN OLD.list_id IS NEW.list_id AND (OLD.needed IS NOT NEW.needed OR OLD.in_cart IS NOT NEW.in_cart) BEGIN
                UPDATE shopping_list SET to_buy = to_buy - (OLD.needed AND NOT OLD.in_cart) + (NEW.needed AND NOT \
                NEW.in_cart)
                WHERE id = NEW.list_id;
            END;
            CREATE TRIGGER item_moved AFTER UPDATE OF list_id ON item WHEN OLD.list_id IS NOT NEW.list_id BEGIN
                UPDATE shopping_list SET item_count = item_count - 1, to_buy = to_buy - (OLD.needed AND NOT OLD.in_cart)
                WHERE id = OLD.list_id;
                UPDATE shopping_list SET item_count = item_count + 1, to_buy = to_buy + (NEW.needed AND NOT NEW.in_cart)
                WHERE id = NEW.list_id;
            END;
            """, arguments: [L("Groceries")])
    }

    // v6: sharing a list over CalDAV. A list's binding to its server collection, and per item
    // the task it is on the server: its address, ETag, and the iCalendar text both sides last
    // agreed on (the merge's base, and what a Shopper edit patches). `synced_revision` is the
    // item's revision that text matches: an item written since has changes to send.
    private static func v6(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sync_binding (
                list_id INTEGER PRIMARY KEY,
                server TEXT NOT NULL,
                user TEXT NOT NULL,
                collection TEXT NOT NULL,
                collection_name TEXT NOT NULL DEFAULT '',
                uid_prefix TEXT NOT NULL,
                sync_token TEXT,
                last_sync INTEGER,
                problem TEXT,
                offline INTEGER NOT NULL DEFAULT 0,
                notice TEXT
            );
            CREATE TABLE sync_item (
                list_id INTEGER NOT NULL,
                item_id INTEGER NOT NULL,
                uid TEXT NOT NULL,
                href TEXT NOT NULL,
                etag TEXT,
                base TEXT,
                synced_revision INTEGER NOT NULL,
                PRIMARY KEY (list_id, item_id)
            );
            CREATE UNIQUE INDEX sync_item_href ON sync_item(list_id, href);
            """)
    }

    // v7: shops ("stores" to the user), each with the order its aisles are walked in; items
    // marked as sold only at some shops; the shop each list is shopped at now (0: Any Store,
    // which is no row and walks the list's own aisle order), and where each price was paid.
    // Trips: each finished shopping, with what was bought, kept as bought. The prices recorded
    // before become trips, one a finish. Shops' and trips' ids are never handed out twice
    // (AUTOINCREMENT): a store or trip removed for good must not lend its id, its prices or its
    // place in another process's undo, to a new one.
    private static func v7(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE shop (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                position INTEGER NOT NULL,
                deleted INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE shop_aisle (shop_id INTEGER NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL,
                                     PRIMARY KEY (shop_id, name));
            CREATE TABLE item_shop (item_id INTEGER NOT NULL, shop_id INTEGER NOT NULL,
                                    PRIMARY KEY (item_id, shop_id));
            ALTER TABLE shopping_list ADD COLUMN shop_id INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE price_history ADD COLUMN shop_id INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE trip (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                list_id INTEGER NOT NULL,
                shop_id INTEGER NOT NULL,
                shop_name TEXT NOT NULL,
                date INTEGER NOT NULL,
                total TEXT NOT NULL,
                line_count INTEGER NOT NULL
            );
            CREATE INDEX trip_date ON trip(date);
            CREATE TABLE trip_line (
                trip_id INTEGER NOT NULL,
                position INTEGER NOT NULL,
                item_id INTEGER,
                description TEXT NOT NULL,
                quantity TEXT NOT NULL,
                unit TEXT,
                unit_cost TEXT,
                cost TEXT NOT NULL,
                aisle TEXT,
                PRIMARY KEY (trip_id, position)
            );
            """)
        try TripTables.tripsFromPriceHistory(db)
    }

    // v8: a deleted list is kept for a week (Recently Deleted), not until the next start: when
    // it was deleted. A list v7 left deleted starts its week now. A sync's problem gets the
    // short line the status shows ("the server answered 503 …"), beside its whole description.
    private static func v8(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE shopping_list ADD COLUMN deleted_at INTEGER;
            UPDATE shopping_list SET deleted_at = ? WHERE deleted;
            ALTER TABLE sync_binding ADD COLUMN problem_line TEXT;
            """, arguments: [StoreTime.millis(Date())])
    }

    // v9: recipes and the week's plan, for the whole household (no list owns them), and what each
    // list item owes to them: a share is how much of the item one planned meal (or one add of a
    // recipe) asked for, so taking the meal off takes exactly that back. Recipes, meals and shares
    // stay on this device: sharing syncs items only, whose amounts already include the shares.
    // A recipe's lines (ingredients, method steps, tags) are rows in order, each kind apart.
    // Meals' days are local calendar days ("2026-11-24"): a plan is not moved by a time zone.
    private static func v9(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE recipe (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                title TEXT NOT NULL,
                servings INTEGER,
                yield_text TEXT,
                source TEXT,
                notes TEXT NOT NULL DEFAULT '',
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE TABLE recipe_line (
                recipe_id INTEGER NOT NULL,
                kind TEXT NOT NULL,
                position INTEGER NOT NULL,
                text TEXT NOT NULL,
                PRIMARY KEY (recipe_id, kind, position)
            ) WITHOUT ROWID;
            CREATE TABLE meal (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                recipe_id INTEGER NOT NULL,
                day TEXT NOT NULL,
                servings INTEGER NOT NULL,
                position INTEGER NOT NULL,
                list_id INTEGER
            );
            CREATE INDEX meal_day ON meal(day);
            CREATE TABLE item_share (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                item_id INTEGER NOT NULL,
                meal_id INTEGER,
                recipe_id INTEGER NOT NULL,
                recipe_title TEXT NOT NULL,
                day TEXT,
                amount TEXT,
                unit TEXT,
                added TEXT NOT NULL,
                item_unit TEXT,
                before_quantity TEXT,
                before_unit TEXT,
                made_item INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX item_share_item ON item_share(item_id);
            CREATE INDEX item_share_meal ON item_share(meal_id);
            """)
    }

    // v10: what is always at home (salt, pepper, oil…), the household's own list: a recipe's
    // staples are shown when it is added, never put on a list. It starts as the defaults, English
    // and German, and the person edits it (Always at Home…); a name is kept once, however cased.
    private static func v10(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE staple (name TEXT NOT NULL PRIMARY KEY COLLATE NOCASE) WITHOUT ROWID")
        let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO staple (name) VALUES (?)")
        for name in PantryStaples.defaults { try insert.execute(arguments: [name]) }
    }

    // v11: each list's entries as a model last held them (`EntryCheckpoint`), so that a list opens
    // by reading them back and what was written since. A checkpoint is written in parts, each its
    // own short transaction, under a generation of its own; the last transaction names that
    // generation in `entry_checkpoint`; the others' parts are removed after, a part a transaction
    // (SQLite zeroes what it deletes: 40 MB at once held the store for 200 ms). Nothing else
    // refers to them: dropping both tables loses nothing but time.
    private static func v11(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE entry_checkpoint (
                list_id INTEGER PRIMARY KEY,
                generation INTEGER NOT NULL,
                revision INTEGER NOT NULL,
                format INTEGER NOT NULL,
                schema TEXT NOT NULL,
                entries INTEGER NOT NULL,
                parts INTEGER NOT NULL,
                aisles TEXT NOT NULL
            );
            CREATE TABLE entry_checkpoint_part (
                list_id INTEGER NOT NULL,
                generation INTEGER NOT NULL,
                part INTEGER NOT NULL,
                data BLOB NOT NULL,
                checksum INTEGER NOT NULL,
                PRIMARY KEY (list_id, generation, part)
            );
            """)
    }

    // v12: the text of an upload under way, kept before it is sent: a sync killed after the server
    // took it, but before its answer came, finds at the next sync that the server's task is this
    // desktop's own upload, not another's edit (no conflict to report).
    private static func v12(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE sync_item ADD COLUMN sent TEXT")
    }
}
