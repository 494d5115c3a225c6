/// Everything one operation writes, applied to the store in one transaction and to memory after it.
/// Undo applies the inverse change set, so it restores exactly: ids, positions, history and all.
public struct ChangeSet: Sendable {
    /// New value, or nil to delete.
    public var items: [ItemID: Item?] = [:]
    public var searches: [SavedSearch.ID: SavedSearch?] = [:]
    public var historyAdded: [PriceRecord] = []
    public var historyRemoved: [PriceRecord] = []
    /// Replaces the whole aisle order of `list` when set (it is short).
    public var aisleOrder: [String]?
    /// The list the operation was made on: whose aisle order it sets, whose undo history shows it.
    public var list: ListID = .first
    /// Lists created, renamed, reordered, deleted or brought back (nil: gone for good).
    public var lists: [ListID: ShoppingList?] = [:]

    public init(list: ListID = .first) { self.list = list }

    public var isEmpty: Bool {
        items.isEmpty && searches.isEmpty && historyAdded.isEmpty && historyRemoved.isEmpty && aisleOrder == nil && lists.isEmpty
    }
}
