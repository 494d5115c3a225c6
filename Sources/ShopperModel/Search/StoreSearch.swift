import Foundation
internal import GRDB

/// An item found by a searcher outside the window (GNOME Shell's overview), with the list it is on.
public struct FoundItem: Equatable, Sendable {
    public let item: Item
    public let listName: String

    /// What the overview shows under the item's name: "1 l · Groceries · To buy". The quantity is
    /// left out when it is a plain 1, as a row leaves it out.
    public func summary(_ money: MoneyFormat) -> String {
        let quantity = item.quantityAmount == .one && item.unit == nil ? nil : RowPresentation.quantityText(item, money)
        let state = item.inCart ? L("In the cart") : item.needed ? L("To buy") : nil
        return [quantity, listName, state].compactMap { $0 }.joined(separator: " · ")
    }
}

extension Store {
    /// The ids of up to `limit` items on lists not deleted whose description, aisle or notes hold
    /// every word (as the window's search matches: case and accents ignored): items to buy first,
    /// then those in the cart, then the rest, each by the sidebar's order of lists and the list's
    /// own order. One pass over the file, no model made: the overview asks while no window is open.
    public func find(words: [String], limit: Int) throws(StoreError) -> [ItemID] {
        let needles = words.map { SearchQuery.fold($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.map { Array($0.utf8) }
        guard !needles.isEmpty, limit > 0 else { return [] }
        var found: [(rank: Int64, listPosition: Int64, position: Int64, id: Int64)] = []
        var folded: [UInt8] = []
        try read { db in
            guard try db.tableExists("shopping_list") else { return }
            let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            try db.eachRow("""
                SELECT item.id, item.description, item.aisle, item.notes, item.needed, item.in_cart, l.position, item.position
                FROM item JOIN shopping_list l ON l.id = item.list_id WHERE NOT l.deleted
                """, cached: false) { row in
                folded.removeAll(keepingCapacity: true)
                SearchTexts.appendFolded(row.bytes(1) ?? empty, row.bytes(2), row.bytes(3) ?? empty, to: &folded)
                let hit = folded.withUnsafeBufferPointer { SearchQuery.contains(all: needles, in: $0) }
                guard hit, let id = row.number(0) else { return }
                let needed = (row.number(4) ?? 0) != 0, inCart = (row.number(5) ?? 0) != 0
                found.append((inCart ? 1 : needed ? 0 : 2, row.number(6) ?? 0, row.number(7) ?? 0, id))
            }
        }
        return found.sorted { ($0.rank, $0.listPosition, $0.position, $0.id) < ($1.rank, $1.listPosition, $1.position, $1.id) }
            .prefix(limit).map { ItemID($0.id) }
    }

    /// The items of `ids` still on a list not deleted, in the order asked, each with its list's
    /// name; ids no longer there are left out (the overview may ask about a result a moment old).
    public func found(_ ids: [ItemID]) throws(StoreError) -> [FoundItem] {
        guard !ids.isEmpty else { return [] }
        return try read { db in
            let names = Dictionary(try Self.lists(db).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            let items = Dictionary(try StoreReader(db: db).items(ids).map { ($0.item.id, $0.item) }, uniquingKeysWith: { a, _ in a })
            return ids.compactMap { id in
                guard let item = items[id], let name = names[item.list] else { return nil }
                return FoundItem(item: item, listName: name)
            }
        }
    }
}
