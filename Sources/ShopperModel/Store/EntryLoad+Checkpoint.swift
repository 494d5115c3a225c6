import Foundation
internal import GRDB

/// A list read from its checkpoint (`EntryCheckpoint`) and the news since it, in one read
/// transaction: the news is of the same snapshot as the check of the list's count.
extension EntryLoad {
    /// Most items written or deleted since a checkpoint (in any list) for it to be worth reading:
    /// past this, the news costs about what the whole list does.
    static func newsLimit(listItems: Int) -> Int { max(1024, listItems / 8) }

    /// nil when the list has no checkpoint this version can use: none, of another format or
    /// schema, of a revision the store has not reached, too much news since, parts that do not
    /// decode or match their checksums, entries whose revisions the news does not account for, a
    /// count that is not the list's own (`ShoppingList.itemCount`, kept by the store's triggers),
    /// or checkpoint tables SQLite cannot read. The caller then reads the list whole. An error
    /// reading the news is thrown: a whole read would meet the same damaged item.
    static func fromCheckpoint(_ store: Store, list: ListID, listItems: Int) throws(StoreError) -> EntryLoad? {
        try store.read { db -> EntryLoad? in
            let limit = newsLimit(listItems: listItems)
            // The checkpoint's own tables: whatever is wrong with them only means a whole read.
            guard let (revision, load) = try? stored(db, list: list, listItems: listItems, limit: limit),
                  var load else { return nil }
            let news = try Store.changes(db, since: revision, list: list)
            var written = Set<ItemID>()
            for (item, at) in news.items {
                load.table.set(item.id, to: ItemEntry(item, revision: at, aisle: load.names.number(of: item.aisle)))
                written.insert(item.id)
            }
            for id in news.deleted { load.table.set(id, to: nil) }
            guard let mine = news.lists.first(where: { $0.id == list }), mine.itemCount == load.table.count else {
                return nil
            }
            var accounted = true
            load.table.forEach { id, entry in
                // Written after the checkpoint, yet not in the news: not an entry as the model had it.
                if entry.revision > revision, !written.contains(id) { accounted = false }
                load.sums.add(entry)
                load.lastPosition = max(load.lastPosition, entry.position)
            }
            guard accounted else { return nil }
            load.contents = StoreContents(
                aisles: news.aisles, searches: news.searches, lists: news.lists, shops: news.shops,
                                          onlyAt: news.onlyAt, revision: news.revision)
            load.checkpointNews = news.items.count + news.deleted.count
            return load
        }
    }

    /// The checkpoint as stored, with its revision; (0, nil) when there is none worth reading.
    private static func stored(_ db: Database, list: ListID, listItems: Int, limit: Int) throws -> (Int64, EntryLoad?) {
        guard try db.tableExists("entry_checkpoint"),
              let head = try Row.fetchOne(db, sql: """
                  SELECT generation, revision, entries, parts, aisles FROM entry_checkpoint
                  WHERE list_id = ? AND format = ? AND schema = ? AND typeof(generation) = 'integer'
                  AND typeof(revision) = 'integer' AND typeof(entries) = 'integer' AND typeof(parts) = 'integer'
                  AND typeof(aisles) = 'text' AND length(aisles) <= ?
                  """, arguments: [list.raw, EntryCheckpoint.format, Schema.latest, 1 << 20])
        else { return (0, nil) }
        let revision: Int64 = head[1]
        guard revision >= 0, revision <= (try Store.revision(db)),
            try newsCount(db, since: revision, limit: limit) < limit,
              let aisles = EntryCheckpoint.aisles(head[4]),
            let load = try parts(
                db, list: list, generation: head[0], parts: head[3], aisles: aisles, most: listItems + limit),
              load.table.count == (head[2] as Int64)
        else { return (0, nil) }
        return (revision, load)
    }

    /// Items and tombstones written after `revision`, counted up to `limit` (through the revision
    /// indexes: the count costs what the news would, never more).
    static func newsCount(_ db: Database, since revision: Int64, limit: Int) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM (SELECT 1 FROM item WHERE revision > ? LIMIT ?))
                 + (SELECT count(*) FROM (SELECT 1 FROM item_tombstone WHERE revision > ? LIMIT ?))
            """, arguments: [revision, limit, revision, limit]) ?? limit
    }

    /// The checkpoint's entries, its parts read in order straight from SQLite's buffers; nil when a
    /// part is missing, out of order, larger than a part is written, does not match its checksum or
    /// does not decode, or when there are more than `most` entries (the list's count and the news
    /// since: a checkpoint another program grew is not read into memory whole before it is found wrong).
    static func parts(_ db: Database, list: ListID, generation: Int64, parts: Int64, aisles: [String], most: Int) throws
        -> EntryLoad?
    {
        var load = EntryLoad()
        for (n, name) in aisles.enumerated() where load.names.number(of: name) != Int32(n) { return nil }
        var next: Int64 = 0, usable = true
        load.table.reserveCapacity(maxID: try Int.fetchOne(db, sql: "SELECT ifnull(max(id), 0) FROM item") ?? 0)
        // A part too large is left out here (SQLite reads a blob's length without the blob), so
        // the parts then skip a number.
        try db.eachRow("""
            SELECT part, data, checksum FROM entry_checkpoint_part WHERE list_id = ? AND generation = ? AND \
            length(data) <= ?
            ORDER BY part
            """, arguments: [list.raw, generation, EntryCheckpoint.partBytes]) { row in
            guard usable else { return }
            usable = row.number(0) == next && row.blob(1).map { bytes in
                    row.number(2) == EntryCheckpoint.checksum(bytes)
                        && EntryCheckpoint.read(bytes, aisles: aisles.count, into: &load.table)
            } == true && load.table.count <= most
            next += 1
        }
        return usable && next == parts ? load : nil
    }
}
