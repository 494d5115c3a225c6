import Foundation

/// Parsed, valid rows ready to add in one transaction.
public struct ImportedItem: Equatable, Sendable {
    public var fields: ItemFields
    public var needed: Bool
    public var inCart: Bool
    /// The stores the item is sold only at, by name (none: as it is; a new item, anywhere).
    public var stores: [String]

    public init(fields: ItemFields, needed: Bool = true, inCart: Bool = false, stores: [String] = []) {
        self.fields = fields
        self.needed = needed
        self.inCart = inCart
        self.stores = stores
    }
}

extension ShoppingModel {
    /// Adds every imported item in one transaction and one undo step; a row without an aisle goes
    /// where a new item goes (`placement`).
    @discardableResult
    public func importItems(_ rows: [ImportedItem], now: Date = Date()) throws(StoreError) -> [ItemID] {
        try refreshIfChangedElsewhere()
        return try add(batch: aislePlacer().placed(rows), now: now)
    }
}
