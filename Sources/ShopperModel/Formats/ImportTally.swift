/// What a long file's import would do, counted as its preview reads it without keeping its rows:
/// the new items (a description twice in the file is one) and the known items it would update,
/// by the 64-bit hash of each match key. Memory follows the number of distinct descriptions, a
/// few bytes each, not the file.
public struct ImportTally {
    /// Known items by the hash of their match key (`Imports.knownHashes`).
    private let known: [Int: ItemID]
    private var newKeys = Set<Int>()
    public private(set) var updated = Set<ItemID>()

    public init(known: [Int: ItemID]) { self.known = known }

    public mutating func take(_ row: ImportedItem) {
        let key = ShoppingModel.matchKey(row.fields.description).hashValue
        if let id = known[key] {
            updated.insert(id)
        } else {
            newKeys.insert(key)
        }
    }

    /// The known item `row` would update, if any.
    public func knownItem(for row: ImportedItem) -> ItemID? { known[ShoppingModel.matchKey(row.fields.description).hashValue] }

    /// New items the import would make.
    public var added: Int { newKeys.count }
}
