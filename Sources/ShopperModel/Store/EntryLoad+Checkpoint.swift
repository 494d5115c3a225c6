import Foundation
internal import GRDB

/// A list read from its checkpoint (`EntryCheckpoint`) and the news since it, in one read
/// transaction: the news is of the same snapshot as the check of the list's count.
extension EntryLoad {
    /// Most items written or deleted since a checkpoint (in any list) for it to be worth reading:
    /// past this, the news costs about what the whole list does.
    static func newsLimit(listItems: Int) -> Int { max(1024, listItems / 8) }

    /// nil when the list has no checkpoint this version can use: none, of another format or
    /// schema, of a revision the store has not reached, too much news since, or parts that do
    /// not decode or do not add up to the list's own count (`ShoppingList.itemCount`, kept by the
    /// store's triggers). The caller then reads the list whole.
    static func fromCheckpoint(_ store: Store, list: ListID, listItems: Int) throws(StoreError) -> EntryLoad? {
        try store.read { db -> EntryLoad? in
            guard try db.tableExists("entry_checkpoint"),
                  let head = try Row.fetchOne(db, sql: """
                      SELECT generation, revision, entries, parts, aisles FROM entry_checkpoint
                      WHERE list_id = ? AND format = ? AND schema = ? AND typeof(generation) = 'integer'
                      AND typeof(revision) = 'integer' AND typeof(entries) = 'integer' AND typeof(parts) = 'integer'
                      AND typeof(aisles) = 'text' AND length(aisles) <= ?
                      """, arguments: [list.raw, EntryCheckpoint.format, Schema.latest, 1 << 20])
            else { return nil }
            let revision: Int64 = head[1]
            let limit = newsLimit(listItems: listItems)
            guard revision >= 0, revision <= (try Store.revision(db)), try newsCount(db, since: revision, limit: limit) < limit,
                  let aisles = EntryCheckpoint.aisles(head[4]),
                  var load = try parts(db, list: list, generation: head[0], parts: head[3], aisles: aisles, most: listItems + limit),
                  load.table.count == (head[2] as Int64)
            else { return nil }
            let news = try Store.changes(db, since: revision, list: list)
            for (item, at) in news.items { load.table.set(item.id, to: ItemEntry(item, revision: at, aisle: load.names.number(of: item.aisle))) }
            for id in news.deleted { load.table.set(id, to: nil) }
            guard let mine = news.lists.first(where: { $0.id == list }), mine.itemCount == load.table.count else { return nil }
            load.table.forEach { _, entry in
                load.sums.add(entry)
                load.lastPosition = max(load.lastPosition, entry.position)
            }
            load.contents = StoreContents(aisles: news.aisles, searches: news.searches, lists: news.lists, shops: news.shops,
                                          onlyAt: news.onlyAt, revision: news.revision)
            load.checkpoint = (revision, news.items.count + news.deleted.count)
            return load
        }
    }

    /// Items and tombstones written after `revision`, counted up to `limit` (through the revision
    /// indexes: the count costs what the news would, never more).
    private static func newsCount(_ db: Database, since revision: Int64, limit: Int) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM (SELECT 1 FROM item WHERE revision > ? LIMIT ?))
                 + (SELECT count(*) FROM (SELECT 1 FROM item_tombstone WHERE revision > ? LIMIT ?))
            """, arguments: [revision, limit, revision, limit]) ?? limit
    }

    /// The checkpoint's entries, its parts read in order straight from SQLite's buffers; nil when a
    /// part is missing, out of order, larger than a part is written, or does not decode, or when
    /// there are more than `most` entries (the list's count and the news since: a checkpoint
    /// another program grew is not read into memory whole before it is found wrong).
    private static func parts(_ db: Database, list: ListID, generation: Int64, parts: Int64, aisles: [String],
                              most: Int) throws -> EntryLoad? {
        var load = EntryLoad()
        for (n, name) in aisles.enumerated() where load.names.number(of: name) != Int32(n) { return nil }
        var next: Int64 = 0, lastID = Int64(0), usable = true
        load.table.reserveCapacity(maxID: try Int.fetchOne(db, sql: "SELECT ifnull(max(id), 0) FROM item") ?? 0)
        // A part too large is left out here (SQLite reads a blob's length without the blob), so
        // the parts then skip a number.
        try db.eachRow("""
            SELECT part, data FROM entry_checkpoint_part WHERE list_id = ? AND generation = ? AND length(data) <= ?
            ORDER BY part
            """, arguments: [list.raw, generation, EntryCheckpoint.partEntries * EntryCheckpoint.recordSize]) { row in
            guard usable else { return }
            usable = row.number(0) == next && row.blob(1).map {
                EntryCheckpoint.read($0, aisles: aisles.count, after: &lastID, into: &load.table)
            } == true && load.table.count <= most
            next += 1
        }
        return usable && next == parts ? load : nil
    }
}
