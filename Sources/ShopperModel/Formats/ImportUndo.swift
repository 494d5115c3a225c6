import Foundation

/// What undoing a streamed import needs, without its items: the import's new items are the ids
/// `firstNew...lastNew` of its list (ids are handed out in order, above every id ever used), all
/// written at `revision`; the known items it updated are kept as they were before it (as many as
/// the list had, never the file's rows); and the stores and aisles it made. A million imported
/// rows cost one of these, not a million items held for Undo (issue 53, item 3).
package struct ImportUndo: Sendable, Equatable {
    let list: ListID
    let revision: Int64
    /// The new items' ids; an empty range when the import only updated.
    let firstNew: Int64
    let lastNew: Int64
    /// Known items the import changed, as they were before it.
    let before: [Item]
    /// The stores of those whose stores it changed, as they were.
    let onlyAtBefore: [ItemID: Set<ShopID>]
    /// Stores the import made (its rows named them first).
    let shopsMade: [ShopID]
    /// The list's aisle order before the import.
    let aislesBefore: [String]
    /// The order it left, to tell its aisles from those added by anyone since.
    let aislesAfter: [String]
    /// Items the import added and updated, for the undo step's name.
    let added: Int
    let updated: Int

    package var count: Int { added + updated }
}
