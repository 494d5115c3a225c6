internal import GRDB

extension Schema {
    // v14: the household's kitchen shared (recipes as journal entries, meals as events, on the
    // account one desktop chose). `kitchen` is the one binding; `kitchen_change` stamps every
    // recipe and meal a change set writes (in the same transaction), so a sync sends what was
    // written since its record's `synced_stamp`, whichever process wrote it; `kitchen_record` is
    // what each entry is on the server as of the last sync (as `sync_item` is for an item);
    // `plan_note` keeps events of the meals calendar that name no recipe (shown in the plan).
    // A meal added to a list on another desktop says where (`added_elsewhere`), so this one's
    // "Add the Week" leaves it; `planned_by` names who planned it. `sharing_name` is the name
    // this desktop's changes travel with ("Ana added Milk").
    static func v14(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE kitchen (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                server TEXT NOT NULL,
                user TEXT NOT NULL,
                meals_url TEXT NOT NULL,
                meals_name TEXT NOT NULL,
                recipes_url TEXT NOT NULL,
                recipes_name TEXT NOT NULL,
                uid_prefix TEXT NOT NULL,
                meals_token TEXT,
                recipes_token TEXT,
                last_sync INTEGER,
                problem TEXT,
                problem_line TEXT,
                offline INTEGER NOT NULL DEFAULT 0,
                notice TEXT
            );
            CREATE TABLE kitchen_change (
                kind TEXT NOT NULL, id INTEGER NOT NULL, stamp INTEGER NOT NULL, PRIMARY KEY (kind, id)
            ) WITHOUT ROWID;
            CREATE TABLE kitchen_record (
                kind TEXT NOT NULL,
                id INTEGER NOT NULL,
                uid TEXT NOT NULL,
                href TEXT NOT NULL,
                etag TEXT,
                base TEXT,
                synced_stamp INTEGER NOT NULL,
                sent TEXT,
                PRIMARY KEY (kind, id)
            ) WITHOUT ROWID;
            CREATE INDEX kitchen_record_href ON kitchen_record(kind, href);
            CREATE TABLE plan_note (
                uid TEXT NOT NULL PRIMARY KEY, href TEXT NOT NULL, etag TEXT, day TEXT NOT NULL, summary TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX plan_note_day ON plan_note(day);
            ALTER TABLE meal ADD COLUMN added_elsewhere TEXT;
            ALTER TABLE meal ADD COLUMN planned_by TEXT;
            CREATE TABLE sharing_name (id INTEGER PRIMARY KEY CHECK (id = 1), name TEXT NOT NULL);
            """)
    }
}
