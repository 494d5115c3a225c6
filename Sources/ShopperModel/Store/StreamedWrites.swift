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
    private let storedAisles: [String]
    private let aislesBefore: Int
    /// Ids from here on are the import's own items.
    private let firstNew: Int64
    private var lastPosition: Int64
    /// The highest id a batch has inserted so far.
    private var inserted: Int64 = 0
    private var keys = ImportKeys()
    private var shops: ShopNames
    /// Where rows read without an aisle go (`AislePlacer`), as the list was before the import.
    private let placer: AislePlacer
    private(set) var added = 0
    private(set) var updated = Set<ItemID>()
    /// Known items as they were before the import changed them, and the stores of those whose
    /// stores it changed (for its Undo).
    private var before: [Item] = []
    private var onlyAtBefore: [ItemID: Set<ShopID>] = [:]
    /// The aisle order the import left.
    private var aislesAfter: [String]?

    init(_ db: Database, list: ListID, now: Date) throws {
        self.db = db
        self.list = list
        self.now = now
        revision = try Store.revision(db) + 1
        let scope = ListScope(list)
        reader = StoreReader(db: db, scope: scope)
        storedAisles = try Store.aisles(db, list: list)
        aislesBefore = AisleOrder(storedAisles).names.count
        let ids = try Store.idSource(db)
        firstNew = ids.nextItem
        b = ChangeBuilder(ids: ids, aisles: AisleOrder(storedAisles), list: list)
        shops = ShopNames(try ShopTables.shops(db))
        placer = try Store.aislePlacer(for: list, db)
        let condition = try scope.condition(db)
        lastPosition = try Int64.fetchOne(db, sql: "SELECT ifnull(max(position), 0) FROM item WHERE \(condition)") ?? 0
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
        return try String.fetchOne(db.cachedStatement(sql: "SELECT description FROM item WHERE id = ?"), arguments: [id.raw]).map(ShoppingModel.matchKey)
    }

    /// Builds one row into the batch; what it would exceed (a bound of one import), else nil.
    mutating func take(_ row: ImportedItem) throws -> String? {
        let key = ShoppingModel.matchKey(row.fields.description)
        let aisles = b.aisleCount
        let id: ItemID
        if let found = try keys.find(key, keyOf: keyOf), let item = try current(found) {
            update(item, with: row)
            id = found
        } else {
            id = b.ids.newItemID()
            lastPosition += ShoppingModel.positionGap
            let item = Item(id: id, description: "", needed: row.needed || row.inCart, inCart: row.inCart,
                            position: lastPosition, createdAt: now, list: list)
            b.cs.items[id] = b.applying(placer.placed([row])[0].fields, to: item)
            keys.insert(key, id)
            added += 1
        }
        // A row that names none leaves the item's stores as they are.
        if !row.stores.isEmpty {
            if id.raw < firstNew, onlyAtBefore[id] == nil {
                let marks = try Int64.fetchAll(db.cachedStatement(sql: "SELECT shop_id FROM item_shop WHERE item_id = ?"), arguments: [id.raw])
                onlyAtBefore[id] = Set(marks.map(ShopID.init))
            }
            b.cs.onlyAt[id] = shops.marks(row.stores, ids: &b.ids, into: &b.cs)
            if shops.made > StreamedImport.maxNewStores {
                return L("Names a new store beyond the {max} new stores one import may make.", ["max": "\(StreamedImport.maxNewStores)"])
            }
        }
        if b.aisleCount > aisles, b.aisleCount - aislesBefore > StreamedImport.maxNewAisles {
            return L("Names a new aisle beyond the {max} new aisles one import may make.", ["max": "\(StreamedImport.maxNewAisles)"])
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
        if item.id.raw < firstNew {
            item.updatedAt = now
            if updated.insert(item.id).inserted { before.append(old) }
        }
        b.cs.items[item.id] = b.applying(Imports.merged(row, over: ImportedItem(fields: item.fields)).fields, to: item)
    }

    /// Writes the batch built so far, and starts the next. An item new in this batch is inserted
    /// alone, in order of id: its id is above every id in use or buried (`IDSource`), so the
    /// revision and tombstone statements `writeItems` runs for each item have nothing to find
    /// (they were a third of the write). Items an earlier batch inserted go through `writeItems`.
    mutating func flush() throws {
        var rest = ChangeSet(list: list)
        let insert = try db.cachedStatement(sql: "INSERT INTO item (\(ItemColumns.list), revision) VALUES (\(ItemColumns.placeholders), ?)")
        var highest = inserted
        for id in b.cs.items.keys.sorted() {
            guard let item = b.cs.items[id] ?? nil else { continue }
            guard id.raw >= firstNew, id.raw > inserted else {
                rest.items[id] = item
                continue
            }
            try insert.execute(arguments: StatementArguments(ItemColumns.values(item) + [revision]))
            highest = max(highest, id.raw)
        }
        inserted = highest
        try Store.writeItems(rest, expected: [:], revision: revision, db)
        try ShopTables.writeShops(b.cs, db)
        b.cs = ChangeSet(list: list)
    }

    /// What undoing this import needs (`ImportUndo`), once it is finished.
    var undo: ImportUndo {
        ImportUndo(list: list, revision: revision, firstNew: firstNew, lastNew: max(inserted, firstNew - 1), before: before,
                   onlyAtBefore: onlyAtBefore, shopsMade: shops.madeIDs, aislesBefore: storedAisles, aislesAfter: aislesAfter ?? storedAisles,
                   added: added, updated: updated.count)
    }

    /// The last batch, then the aisle order with the aisles the import named, written once.
    mutating func finish() throws {
        try flush()
        if let order = b.finished.aisleOrder { aislesAfter = try Store.writeAisles(order, known: storedAisles, list: list, db) }
    }
}
