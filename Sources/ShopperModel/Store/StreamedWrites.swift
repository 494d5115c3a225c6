import Foundation
internal import GRDB

extension StreamedWrites {
    /// One IMMEDIATE transaction that `body` writes into batch by batch (`StreamWrite.flush`), every
    /// item at one new revision; whatever `body` throws rolls every batch back. SQLite spills the
    /// transaction's pages to the WAL as its page cache fills, so memory stays one batch and the
    /// cache however many are written. The cache is `importCacheKiB` meanwhile: with the 256 KB a
    /// connection keeps, the index pages every batch touches were spilled and written again batch
    /// after batch (a fifth of a million-row import's time went to those writes).
    func writeStreamed<T>(list: ListID, now: Date, _ body: (inout StreamWrite) throws -> T) throws -> T {
        guard store.access == .readWrite, let db = store.db else { throw StoreError.readOnly(path: store.path) }
        return try db.write { db in
            try db.execute(sql: "PRAGMA cache_size = -\(Self.importCacheKiB)")
            defer { try? db.execute(sql: "PRAGMA cache_size = -\(Store.pageCacheKiB)") }
            var w = try StreamWrite(db, list: list, now: now)
            return try body(&w)
        }
    }

    static let importCacheKiB = 32_768
}

/// An import's write in progress: the change being built (one batch), what it must know of the
/// list and the household to build it (the items' keys, the aisles, the stores, the last place),
/// and what it has done so far.
struct StreamWrite {
    let db: Database
    let list: ListID
    let now: Date
    let revision: Int64
    private let reader: StoreReader
    private var b: ChangeBuilder
    /// The aisle order before the import, and after it.
    private var aisles: ImportAisles
    private var newIDs: NewItemIDs
    private var keys = ImportKeys()
    private var shops: ShopNames
    /// Where new items go.
    private var placing: NewItemPlacing
    /// What the import has done so far.
    private(set) var progress = ImportProgress()

    init(_ db: Database, list: ListID, now: Date) throws {
        self.db = db
        self.list = list
        self.now = now
        revision = try Store.revision(db) + 1
        let scope = ListScope(list)
        reader = StoreReader(db: db, scope: scope)
        let storedAisles = try Store.aisles(db, list: list)
        aisles = ImportAisles(before: storedAisles)
        let ids = try Store.idSource(db)
        newIDs = NewItemIDs(first: ids.nextItem)
        b = ChangeBuilder(ids: ids, aisles: AisleOrder(storedAisles), list: list)
        shops = ShopNames(try ShopTables.shops(db))
        let placer = try AislePlacer.reading(list, db)
        let condition = try scope.condition(db)
        let lastPosition =
            try Int64.fetchOne(db, sql: "SELECT ifnull(max(position), 0) FROM item WHERE \(condition)") ?? 0
        placing = NewItemPlacing(placer: placer, lastPosition: lastPosition)
        // The oldest item of a key is the one a row updates.
        let rows = try Row.fetchCursor(db, sql: "SELECT id, description FROM item WHERE \(condition) ORDER BY id")
        while let row = try rows.next() {
            let key = ShoppingModel.matchKey(row[1] ?? "")
            let id = ItemID(row[0])
            if try keys.find(key, keyOf: keyOf) == nil { keys.insert(key, id) }
        }
    }

    /// The key of an item the write knows: as this batch left it, else as stored.
    private func keyOf(_ id: ItemID) throws -> String? {
        if let written = b.cs.items[id] { return written.map { ShoppingModel.matchKey($0.description) } }
        return try String.fetchOne(
            db.cachedStatement(sql: "SELECT description FROM item WHERE id = ?"), arguments: [id.raw]
        ).map(ShoppingModel.matchKey)
    }

    /// Builds one row into the batch; what it would exceed (a bound of one import), else nil.
    mutating func take(_ row: ImportedItem) throws -> String? {
        let key = ShoppingModel.matchKey(row.fields.description)
        let aislesNow = b.aisleCount
        let id: ItemID
        if let found = try keys.find(key, keyOf: keyOf), let item = try current(found) {
            update(item, with: row)
            id = found
        } else {
            id = b.ids.newItemID()
            let item = Item(id: id, description: "", needed: row.needed || row.inCart, inCart: row.inCart,
                            position: placing.nextPosition(), createdAt: now, list: list)
            b.cs.items[id] = b.applying(placing.placer.placed([row])[0].fields, to: item)
            keys.insert(key, id)
            progress.added += 1
        }
        // A row that names none leaves the item's stores as they are.
        if !row.stores.isEmpty {
            if newIDs.isKnown(id), progress.onlyAtBefore[id] == nil {
                let marks = try Int64.fetchAll(
                    db.cachedStatement(sql: "SELECT shop_id FROM item_shop WHERE item_id = ?"), arguments: [id.raw])
                progress.onlyAtBefore[id] = Set(marks.map(ShopID.init))
            }
            b.cs.onlyAt[id] = shops.marks(row.stores, ids: &b.ids, into: &b.cs)
            if shops.made > StreamedImport.maxNewStores {
                return L(
                    "Names a new store beyond the {max} new stores one import may make.",
                    ["max": "\(StreamedImport.maxNewStores)"])
            }
        }
        if b.aisleCount > aislesNow, b.aisleCount - aisles.countBefore > StreamedImport.maxNewAisles {
            return L(
                "Names a new aisle beyond the {max} new aisles one import may make.",
                ["max": "\(StreamedImport.maxNewAisles)"])
        }
        return nil
    }

    private func current(_ id: ItemID) throws -> Item? {
        if let written = b.cs.items[id] { return written }
        return try reader.items([id]).first?.item
    }

    /// A row written over an item it names (`ShoppingModel.merged`): a known item, or one a row
    /// before it added.
    private mutating func update(_ old: Item, with row: ImportedItem) {
        var item = old
        item.needed = row.needed || row.inCart
        item.inCart = row.inCart
        if newIDs.isKnown(item.id) {
            item.updatedAt = now
            progress.noteUpdated(old)
        }
        b.cs.items[item.id] = b.applying(Imports.merged(row, over: ImportedItem(fields: item.fields)).fields, to: item)
    }

    /// Writes the batch built so far, and starts the next. An item new in this batch is inserted
    /// alone, in order of id: its id is above every id in use or buried (`IDSource`), so the
    /// revision and tombstone statements `writeItems` runs for each item have nothing to find
    /// (they were a third of the write). Items an earlier batch inserted go through `writeItems`.
    mutating func flush() throws {
        var rest = ChangeSet(list: list)
        let insert = try db.cachedStatement(
            sql: "INSERT INTO item (\(ItemColumns.list), revision) VALUES (\(ItemColumns.placeholders), ?)")
        var highest = newIDs.inserted
        for id in b.cs.items.keys.sorted() {
            guard let item = b.cs.items[id] ?? nil else { continue }
            guard !newIDs.isKnown(id), id.raw > newIDs.inserted else {
                rest.items[id] = item
                continue
            }
            try insert.execute(arguments: StatementArguments(ItemColumns.values(item) + [revision]))
            highest = max(highest, id.raw)
        }
        newIDs.inserted = highest
        try Store.writeItems(rest, expected: [:], revision: revision, db)
        try ShopTables.writeShops(b.cs, db)
        b.cs = ChangeSet(list: list)
    }

    /// What undoing this import needs (`ImportUndo`), once it is finished.
    var undo: ImportUndo {
        ImportUndo(list: list, revision: revision, firstNew: newIDs.first,
                   lastNew: max(newIDs.inserted, newIDs.first - 1),
                   before: progress.before, onlyAtBefore: progress.onlyAtBefore, shopsMade: shops.madeIDs,
                   aislesBefore: aisles.before, aislesAfter: aisles.after ?? aisles.before,
                   added: progress.added, updated: progress.updated.count)
    }

    /// The last batch, then the aisle order with the aisles the import named, written once.
    mutating func finish() throws {
        try flush()
        if let order = b.finished.aisleOrder {
            aisles.after = try Store.writeAisles(order, known: aisles.before, list: list, db)
        }
    }
}

/// The aisle order of an import's list before it, and the one it left (once finished).
private struct ImportAisles {
    let before: [String]
    /// Aisles before: the import may name only so many new ones.
    let countBefore: Int
    var after: [String]?

    init(before: [String]) {
        self.before = before
        countBefore = AisleOrder(before).names.count
    }
}

/// The ids an import gives its new items: from `first` on (every one below is a known item), and
/// the highest a batch has inserted so far.
private struct NewItemIDs {
    let first: Int64
    var inserted: Int64 = 0

    init(first: Int64) { self.first = first }

    /// Whether the item was there before the import.
    func isKnown(_ id: ItemID) -> Bool { id.raw < first }
}

/// Where an import's new items go: after the list's last place, and to the aisle `placer` finds
/// for a row read without one, as the list was before the import.
private struct NewItemPlacing {
    let placer: AislePlacer
    var lastPosition: Int64

    /// The place of the next new item.
    mutating func nextPosition() -> Int64 {
        lastPosition += ShoppingModel.positionGap
        return lastPosition
    }
}

/// What an import has done so far, as its outcome and its Undo (`ImportUndo`) need it.
struct ImportProgress {
    var added = 0
    var updated = Set<ItemID>()
    /// Known items as they were before the import changed them, and the stores of those whose
    /// stores it changed.
    var before: [Item] = []
    var onlyAtBefore: [ItemID: Set<ShopID>] = [:]

    /// A known item the import updates: kept as it was the first time.
    mutating func noteUpdated(_ old: Item) {
        if updated.insert(old.id).inserted { before.append(old) }
    }
}
