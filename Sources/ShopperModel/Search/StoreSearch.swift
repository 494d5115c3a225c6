import Foundation
internal import GRDB

/// An item found by a searcher outside the window (GNOME Shell's overview), with the list it is on.
package struct FoundItem: Equatable, Sendable {
    package let item: Item
    let listName: String

    /// What the overview shows under the item's name: "1 l · Groceries · To buy". The quantity is
    /// left out when it is a plain 1, as a row leaves it out.
    package func summary(_ money: MoneyFormat) -> String {
        let quantity = item.quantityAmount == .one && item.unit == nil ? nil : RowPresentation.quantityText(item, money)
        let state = item.inCart ? L("In the cart") : item.needed ? L("To buy") : nil
        return [quantity, listName, state].compactMap { $0 }.joined(separator: " · ")
    }
}

extension Store {
    /// The items of `ids` still on a list not deleted, in the order asked, each with its list's
    /// name; ids no longer there are left out (the overview may ask about a result a moment old).
    package func found(_ ids: [ItemID]) throws(StoreError) -> [FoundItem] {
        guard !ids.isEmpty else { return [] }
        return try read { db in
            let names = Dictionary(try Self.lists(db).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            let items = Dictionary(
                try StoreReader(db: db).items(ids).map { ($0.item.id, $0.item) }, uniquingKeysWith: { a, _ in a })
            return ids.compactMap { id in
                guard let item = items[id], let name = names[item.list] else { return nil }
                return FoundItem(item: item, listName: name)
            }
        }
    }
}

/// Every list's items as GNOME Shell's overview searches them, kept between its calls: it asks at
/// every key, and the pass over the file (35–45 ms at 100,000 items) becomes a few milliseconds in
/// memory for as long as nothing is written (the writer's own count of changes and SQLite's
/// data_version, which another process's commit moves, both say so). Its owner lets it go when
/// the searches stop: the texts of every list cost memory the window does not otherwise spend.
package final class StoreSearchTexts {
    package let store: Store
    private var version: [Int64] = []
    /// Each item's folded description, aisle and notes, one after the other; `entries` say where
    /// each ends and how it sorts.
    private var texts: [UInt8] = []
    private var entries: [(end: Int, key: BestFound.Key)] = []

    package init(store: Store) { self.store = store }

    /// Items to buy first, then those in the cart, then the rest, each by the sidebar's order of
    /// lists and the list's own order.
    package func find(words: [String], limit: Int) throws(StoreError) -> [ItemID] {
        let needles = words.map { SearchQuery.fold($0).trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }.map { Array($0.utf8) }
        guard !needles.isEmpty, limit > 0 else { return [] }
        try prepare()
        var best = BestFound(limit: limit)
        texts.withUnsafeBufferPointer { all in
            var start = 0
            for entry in entries {
                if SearchQuery.contains(all: needles, in: UnsafeBufferPointer(rebasing: all[start..<entry.end])) {
                    best.offer(entry.key)
                }
                start = entry.end
            }
        }
        return best.keys.map { ItemID($0.id) }
    }

    /// Reads the texts if anything was written since they were read (or they never were): a
    /// process started for a search does it while GTK starts, before the first call.
    package func prepare() throws(StoreError) {
        let now = [store.externalVersion(), Int64(store.totalChanges())]
        guard now != version else { return }
        try read()
        version = now
    }

    private func read() throws(StoreError) {
        var texts: [UInt8] = [], entries: [(end: Int, key: BestFound.Key)] = []
        try store.read { db in
            guard try db.tableExists("shopping_list") else { return }
            // The lists' order read first: a join would look each item's list up in SQLite.
            let lists = Dictionary(
                try Store.lists(db).map { ($0.id.raw, $0.position) }, uniquingKeysWith: { a, _ in a })
            let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            try db.eachRow("SELECT id, list_id, description, aisle, notes, needed, in_cart, position FROM item") {
                row in
                guard let listPosition = lists[row.int(1)] else { return }
                SearchTexts.appendFolded(row.bytes(2) ?? empty, row.bytes(3), row.bytes(4) ?? empty, to: &texts)
                let needed = row.int(5) != 0, inCart = row.int(6) != 0
                entries.append(
                    (
                        texts.count,
                        BestFound.Key(
                            rank: inCart ? 1 : needed ? 0 : 2, listPosition: listPosition,
                                                           position: row.int(7), id: row.int(0))))
            }
        }
        self.texts = texts
        self.entries = entries
    }
}

/// The first `limit` matches in the overview's order, kept as they come: a word that matches every
/// item (the first letter typed) costs no sort of them all.
fileprivate struct BestFound {
    struct Key: Comparable {
        let rank: Int64, listPosition: Int64, position: Int64, id: Int64
        static func < (a: Key, b: Key) -> Bool {
            (a.rank, a.listPosition, a.position, a.id) < (b.rank, b.listPosition, b.position, b.id)
        }
    }

    let limit: Int
    /// In order, at most `limit`.
    private(set) var keys: [Key] = []

    mutating func offer(_ key: Key) {
        if keys.count == limit {
            guard key < keys[limit - 1] else { return }
            keys.removeLast()
        }
        let at = keys.firstIndex { key < $0 } ?? keys.count
        keys.insert(key, at: at)
    }
}
