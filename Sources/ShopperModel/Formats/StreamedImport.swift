import Foundation

/// An import written as it is read, for files of any size (the command line's `shopper import`):
/// rows go to the store `batchSize` at a time, all inside one IMMEDIATE transaction, so the import
/// is all or nothing as before: a bad line anywhere, or any error, rolls every batch back, and no
/// other process ever sees half of it (nor does a crash leave half: SQLite's WAL drops an
/// uncommitted transaction). What memory holds is one batch, the stream's line, and a 16-byte
/// entry per item the list has or the file adds (`ImportKeys`), not the file.
///
/// The rules are `importItems`': a row naming an item of the list (case and accents aside) updates
/// it, a description twice in the files is one item (the first row's place, the later row's
/// fields), the aisles and stores a row names join the list's order and the household's stores.
package enum StreamedImport {
    package struct Outcome: Equatable, Sendable {
        /// New items, and known items updated (each counted once however often the files name it).
        package let added: Int
        package let updated: Int
    }

    /// Why nothing was imported: the bad lines of one source (its index in the sources), or the store.
    package enum Failure: Error, Equatable {
        case lines(source: Int, ImportError)
        case store(StoreError)
    }

    /// Rows built into one change set before it is written: what one batch holds in memory.
    static let batchSize = 2_000
    /// New aisles and stores one import may make: far beyond any shop, far below what a file of a
    /// million rows, each naming others, would make of the sidebar and the Stores window.
    static let maxNewAisles = 10_000
    static let maxNewStores = 1_000

    /// Imports the sources in order into `list`, as one step. `progress` hears, after each batch,
    /// the source being read and the share of all their bytes read.
    package static func run(_ sources: [ImportStream], into store: Store, list: ListID, now: Date = Date(),
                           progress: (Int, Double) -> Void = { _, _ in }) throws(Failure) -> Outcome {
        try write(sources, into: store, list: list, now: now, skippingBadLines: false, progress: progress).outcome
    }

    /// The window's import of a long file, confirmed in its preview: the bad lines the preview
    /// named are left out (as the preview said), and what undoing it needs comes back instead of
    /// its items (`ImportUndo`).
    package static func runUndoable(_ stream: ImportStream, into store: Store, list: ListID, now: Date = Date(),
        progress: (Double) -> Void = { _ in }
    ) throws(Failure) -> (outcome: Outcome, undo: ImportUndo) {
        try write([stream], into: store, list: list, now: now, skippingBadLines: true) { progress($1) }
    }

    private static func write(
        _ sources: [ImportStream], into store: Store, list: ListID, now: Date, skippingBadLines: Bool,
                              progress: (Int, Double) -> Void) throws(Failure) -> (outcome: Outcome, undo: ImportUndo) {
        let total = max(1, sources.reduce(0) { $0 + $1.source.size })
        var before = 0
        do {
            return try store.streamedWrites.writeStreamed(list: list, now: StoreTime.rounded(now)) { w in
                for (index, stream) in sources.enumerated() {
                    try read(stream, index: index, into: &w, skippingBadLines: skippingBadLines) {
                        progress(index, Double(before + stream.source.consumed) / Double(total))
                    }
                    before += stream.source.size
                }
                try w.finish()
                return (Outcome(added: w.progress.added, updated: w.progress.updated.count), w.undo)
            }
        } catch let e as Failure {
            throw e
        } catch let e as StoreError {
            throw .store(e)
        } catch {
            throw .store(.writeFailed(reason: StoreOpening.reason(error)))
        }
    }

    /// One source's rows into the write; its bad lines, once it is read to the end, throw (unless
    /// they are to be left out).
    private static func read(_ stream: ImportStream, index: Int, into w: inout StreamWrite, skippingBadLines: Bool,
                             progress: () -> Void) throws {
        var inBatch = 0
        while let row = stream.next() {
            // A bad line means nothing is imported: the rest is read only to count the others.
            guard skippingBadLines || stream.errorCount == 0 else { continue }
            if let refusal = try w.take(row) {
                throw Failure.lines(
                    source: index, ImportError(lines: [ImportLineError(line: stream.lastLine, message: refusal)]))
            }
            inBatch += 1
            if inBatch == batchSize {
                try w.flush()
                inBatch = 0
                progress()
            }
        }
        if !skippingBadLines, let failure = stream.failure { throw Failure.lines(source: index, failure) }
        progress()
    }
}

/// The items an import can name, by match key: a 64-bit hash a key, checked against the item's
/// own description when found (so two keys that share a hash are never one item), the rare second
/// key of a hash kept whole. Memory follows the number of items, not the length of their names.
struct ImportKeys {
    private var byHash: [Int: ItemID] = [:]
    private var collided: [String: ItemID] = [:]

    /// The item `key` names; `keyOf` gives a found item's own key.
    func find(_ key: String, keyOf: (ItemID) throws -> String?) rethrows -> ItemID? {
        if let id = collided[key] { return id }
        guard let id = byHash[key.hashValue] else { return nil }
        return try keyOf(id) == key ? id : nil
    }

    /// Records a key `find` did not find.
    mutating func insert(_ key: String, _ id: ItemID) {
        let h = key.hashValue
        if byHash[h] == nil { byHash[h] = id } else { collided[key] = id }
    }
}

/// The household's stores by name (case and accents aside) as an import makes them: `marks(named:)`'s
/// rule, kept across batches instead of made again for every row.
struct ShopNames {
    private var byKey: [String: ShopID] = [:]
    private var position: Int64
    private(set) var madeIDs: [ShopID] = []
    var made: Int { madeIDs.count }

    init(_ shops: [Shop]) {
        for s in shops where !s.deleted {
            byKey[ShoppingModel.matchKey(s.name)] = byKey[ShoppingModel.matchKey(s.name)] ?? s.id
        }
        position = shops.map(\.position).max() ?? 0
    }

    mutating func marks(_ names: [String], ids: inout IDSource, into cs: inout ChangeSet) -> Set<ShopID> {
        var marks = Set<ShopID>()
        for name in names {
            let key = ShoppingModel.matchKey(name)
            if let known = byKey[key] { marks.insert(known); continue }
            let id = ids.newShopID()
            position += ShoppingModel.positionGap
            cs.shops[id] = Shop(id: id, name: name, position: position)
            byKey[key] = id
            madeIDs.append(id)
            marks.insert(id)
        }
        return marks
    }
}
