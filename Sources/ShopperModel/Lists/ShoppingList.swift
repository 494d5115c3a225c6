/// Stable identity of a list; items, aisles and saved searches belong to one.
public struct ListID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: Int64
    public init(_ raw: Int64) { self.raw = raw }
    public static func < (a: ListID, b: ListID) -> Bool { a.raw < b.raw }
    public var description: String { "list #\(raw)" }
    /// The list every store starts with (and the one a store of one list had all along, Schema v5).
    public static let first = ListID(1)
}

/// One of the user's lists (groceries, the hardware store, the party), as the sidebar shows it.
public struct ShoppingList: Equatable, Sendable, Identifiable {
    public let id: ListID
    public var name: String
    /// Sparse ordering key, as items have.
    public var position: Int64
    /// A deleted list keeps its items until the next start, so Undo brings it back whole at no
    /// cost (a list of 100,000 items is one row to mark, not 100,000 to copy).
    public var deleted: Bool
    /// Kept by the store's triggers in the same transaction as every item write, by whichever
    /// process: items still to buy (needed, not in the cart), and all items.
    public internal(set) var toBuy: Int
    public internal(set) var itemCount: Int

    public init(id: ListID, name: String, position: Int64, deleted: Bool = false, toBuy: Int = 0, itemCount: Int = 0) {
        self.id = id
        self.name = name
        self.position = position
        self.deleted = deleted
        self.toBuy = toBuy
        self.itemCount = itemCount
    }

    /// Whether two rows say the same of the list itself (counts aside): what undo compares.
    func sameDefinition(_ other: ShoppingList?) -> Bool {
        guard let other else { return false }
        return id == other.id && name == other.name && position == other.position && deleted == other.deleted
    }
}
