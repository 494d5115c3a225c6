import Foundation

/// Parsed, valid rows ready to add in one transaction.
package struct ImportedItem: Equatable, Sendable {
    package var fields: ItemFields
    var needed: Bool
    var inCart: Bool
    /// The stores the item is sold only at, by name (none: as it is; a new item, anywhere).
    var stores: [String]
    /// Whether the row may be placed in an aisle where it has none (`AislePlacer.placed`): a line
    /// of text, or a CSV file without an aisle column. An empty cell of an aisle column is
    /// No Aisle as written (a file Shopper exported comes back as it was).
    var placesAisle = false

    package init(fields: ItemFields, needed: Bool = true, inCart: Bool = false, stores: [String] = []) {
        self.fields = fields
        self.needed = needed
        self.inCart = inCart
        self.stores = stores
    }

    /// As read: whether it may be placed is how it was read, not what it says.
    package static func == (a: ImportedItem, b: ImportedItem) -> Bool {
        a.fields == b.fields && a.needed == b.needed && a.inCart == b.inCart && a.stores == b.stores
    }
}
