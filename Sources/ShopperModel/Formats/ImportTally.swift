/// What a long file's import would do, counted as its preview reads it without keeping its rows:
/// the new items (a description twice in the file is one) and the known items it would update,
/// by the 64-bit hash of each match key. Memory follows the number of distinct descriptions, a
/// few bytes each, not the file.
package struct ImportTally {
    /// Known items by the hash of their match key (`Imports.knownHashes`).
    private let known: [Int: ItemID]
    private var newKeys = Set<Int>()
    package private(set) var updated = Set<ItemID>()

    package init(known: [Int: ItemID]) { self.known = known }

    package mutating func take(_ row: ImportedItem) {
        let key = ShoppingModel.matchKey(row.fields.description).hashValue
        if let id = known[key] {
            updated.insert(id)
        } else {
            newKeys.insert(key)
        }
    }

    /// The known item `row` would update, if any.
    package func knownItem(for row: ImportedItem) -> ItemID? {
        known[ShoppingModel.matchKey(row.fields.description).hashValue]
    }

    /// New items the import would make.
    package var added: Int { newKeys.count }
}
