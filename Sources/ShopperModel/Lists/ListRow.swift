import Foundation

/// One row of a list as shown: a section header, an item, or the constant last row.
package enum ListRow: Equatable {
    case header(title: String, totals: Totals)
    case item(Item)
    /// "No more items", with the list's totals.
    case end(Totals)
}

/// Sort key of a row: section, then position. A header sorts before its section's items.
/// Its fields in this order take 32 bytes; with the section first, 40 (padded after it): a buffer
/// of a million rows 8 MB larger, and more to write in every fill (the first tick at a million
/// items, which finishes one, took a quarter longer).
struct RowKey: Comparable {
    var position: Int64
    var id: Int64
    /// The item's line cost in `CostSum` units (at most 10^18: it fits), so sums need no lookup.
    /// Not part of the key.
    var lineCost: Int64 = 0
    var section: SectionKey
    /// What filters ask of an item besides its text (`ItemEntry.Flags`). Not part of the key.
    var flags: UInt8 = 0

    static func < (a: RowKey, b: RowKey) -> Bool { (a.section, a.position, a.id) < (b.section, b.position, b.id) }
    static func == (a: RowKey, b: RowKey) -> Bool { a.section == b.section && a.position == b.position && a.id == b.id }
    static func header(_ s: SectionKey) -> RowKey { RowKey(section: s, position: .min, id: .min) }
    init(section: SectionKey, position: Int64, id: Int64, lineCost: Int64 = 0, flags: UInt8 = 0) {
        self.section = section
        self.position = position
        self.id = id
        self.lineCost = lineCost
        self.flags = flags
    }
    var isHeader: Bool { position == .min && id == .min }
}
