import Foundation
import ShopperModel
import ShopperSyncModel

/// One merge of recipes from the server into the book: each entry's outcome decided against its
/// record and the recipe here, into one write.
struct RecipePass {
    private let byHref: [String: KitchenRecord]
    private let byUID: [String: KitchenRecord]
    private let pending: [Int64: Int64]
    private var book: [RecipeID: Recipe]
    /// Recipes here never shared, by folded title: a first sync adopts the one of the same title.
    private var unshared: [String: Recipe]
    private let now: Date
    var write = KitchenWrite()
    var received = 0
    var deletedHere = 0

    init(records: [KitchenRecord], pending: [Int64: Int64], book: [Recipe], now: Date) {
        byHref = Dictionary(records.map { ($0.href, $0) }, uniquingKeysWith: { a, _ in a })
        byUID = Dictionary(records.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
        self.pending = pending
        self.book = Dictionary(book.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let recorded = Set(records.map(\.id))
        unshared = Dictionary(book.filter { !recorded.contains($0.id.raw) }.map { (SearchQuery.fold($0.title), $0) },
                              uniquingKeysWith: { a, _ in a })
        self.now = StoreTime.rounded(now)
    }

    mutating func take(_ remote: KitchenEngine.RemoteRecipe, ids: inout IDSource) {
        if let record = byHref[remote.href] ?? byUID[remote.recipe.uid] {
            let base = Self.base(of: record, remote: remote.recipe)
            if let local = book[RecipeID(record.id)] {
                merge(remote, record: record, base: base, local: local)
            } else if base != remote.recipe {
                // Deleted here, edited there: the edit is kept, under a new id (an id is never lent).
                write.removedRecords.append((.recipe, record.id))
                create(remote, ids: &ids)
            }
            // Deleted here and unchanged there: the deletion goes out with the push.
        } else if let same = unshared.removeValue(forKey: SearchQuery.fold(remote.recipe.title)) {
            // The same recipe on both desktops before they shared: one recipe, merged.
            merge(remote, record: record(remote, id: same.id), base: nil, local: same)
        } else {
            create(remote, ids: &ids)
        }
    }

    /// Gone from the server: gone here too, unless it was edited here since (then sent again).
    mutating func remove(_ href: String, meals: [Meal]) {
        guard let record = byHref[href] else { return }
        write.removedRecords.append((.recipe, record.id))
        let id = RecipeID(record.id)
        guard book[id] != nil, pending[record.id] == nil else { return }
        write.recipes[id] = .some(nil)
        // Its meals not yet on a list go with it, as when it is deleted here.
        for m in meals where m.recipe == id && !m.isAdded { write.meals[m.id] = .some(nil) }
        book[id] = nil
        deletedHere += 1
    }

    private mutating func merge(_ remote: KitchenEngine.RemoteRecipe, record: KitchenRecord, base: SharedRecipe?,
                                local: Recipe) {
        let here = SharedRecipe(uid: record.uid, draft: local.draft)
        var r = record
        r.href = remote.href
        r.etag = remote.etag
        r.base = remote.text
        r.sent = nil
        let changedHere = pending[record.id] != nil
        if base == remote.recipe {
            write.records.append((r, clean: !changedHere))
            return
        }
        let (merged, _) = RecipeMerge.merge(base: base, local: here, remote: remote.recipe, localNewer: changedHere)
        if merged.draft != here.draft {
            var kept = Recipe(id: local.id, merged.draft, createdAt: local.createdAt, updatedAt: now)
            kept.updatedAt = now
            write.recipes[local.id] = kept
            book[local.id] = kept
            received += 1
        }
        write.records.append((r, clean: merged.draft == remote.recipe.draft))
    }

    private mutating func create(_ remote: KitchenEngine.RemoteRecipe, ids: inout IDSource) {
        let id = ids.newRecipeID()
        let recipe = Recipe(id: id, remote.recipe.draft, createdAt: now)
        write.recipes[id] = recipe
        book[id] = recipe
        write.records.append((record(remote, id: id), clean: recipe.draft == remote.recipe.draft))
        received += 1
    }

    private func record(_ remote: KitchenEngine.RemoteRecipe, id: RecipeID) -> KitchenRecord {
        KitchenRecord(kind: .recipe, id: id.raw, uid: remote.recipe.uid, href: remote.href, etag: remote.etag,
                      base: remote.text, syncedStamp: 0)
    }

    /// What both sides last agreed on: the upload this desktop sent last when the server's entry
    /// reads as it (its answer lost), else the recorded base.
    static func base(of record: KitchenRecord, remote: SharedRecipe) -> SharedRecipe? {
        if let sent = record.sent.flatMap({ try? JournalMapping.recipe(from: $0) }), sent == remote { return sent }
        return record.base.flatMap { try? JournalMapping.recipe(from: $0) }
    }
}
