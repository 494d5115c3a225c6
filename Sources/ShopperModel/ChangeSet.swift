/// Everything one operation writes, applied to the store in one transaction and to memory after it.
/// Undo applies the inverse change set, so it restores exactly: ids, positions, history and all.
public struct ChangeSet: Sendable {
    /// New value, or nil to delete.
    public var items: [ItemID: Item?] = [:]
    public var searches: [SavedSearch.ID: SavedSearch?] = [:]
    public var historyAdded: [PriceRecord] = []
    public var historyRemoved: [PriceRecord] = []
    /// Replaces the whole aisle order when set (it is short).
    public var aisleOrder: [String]?

    public var isEmpty: Bool {
        items.isEmpty && searches.isEmpty && historyAdded.isEmpty && historyRemoved.isEmpty && aisleOrder == nil
    }
}
