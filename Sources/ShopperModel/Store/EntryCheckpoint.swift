import Foundation

/// A list's entries as a model held them when it last wrote them, kept in the store, so that
/// opening the list again reads them back at the speed of memory and then only what was written
/// since (`Store.changes`), rather than decoding every item's row (17 ms at 100,000 items, 290 ms
/// at a million).
///
/// It is the store's own file, but another program may have written to it, or a write may have
/// been cut off: a checkpoint whose parts do not decode exactly as laid out here or do not match
/// their checksums, whose entries claim revisions the news does not account for, or whose count
/// does not come out as the list's own after the news, is not used: the list is read whole.
struct EntryCheckpoint {
    /// Changes whenever `ItemEntry` or how an entry is made from an item changes: a checkpoint of
    /// another format is not used.
    /// 2: a line's cost is of the buyable amount (`Buyable`), not the exact need.
    static let format: Int64 = 2
    /// Entries a part holds: a part is one row, one transaction of its own when written (160 KB).
    static let partEntries = 4096
    /// Bytes of one entry: id, revision, position, line cost (8 each, little-endian), the aisle's
    /// number (4), the flags (1), and three zero bytes.
    static let recordSize = 40
    static let partBytes = partEntries * recordSize

    /// Appends one entry as laid out above.
    static func append(_ id: ItemID, _ e: ItemEntry, to part: inout [UInt8]) {
        let at = part.count
        part.append(contentsOf: repeatElement(0, count: recordSize))
        part.withUnsafeMutableBytes { b in
            b.storeBytes(of: id.raw.littleEndian, toByteOffset: at, as: Int64.self)
            b.storeBytes(of: e.revision.littleEndian, toByteOffset: at + 8, as: Int64.self)
            b.storeBytes(of: e.position.littleEndian, toByteOffset: at + 16, as: Int64.self)
            b.storeBytes(of: e.lineCost.littleEndian, toByteOffset: at + 24, as: Int64.self)
            b.storeBytes(of: e.aisle.littleEndian, toByteOffset: at + 32, as: Int32.self)
            b.storeBytes(of: e.flags, toByteOffset: at + 36, as: UInt8.self)
        }
    }

    /// Puts a part's entries into `table`; false, with the table left partly filled, when the
    /// bytes are not entries as written here: a length that is not a whole number of them, an id
    /// met before, an aisle without a name, a flag no entry has, padding that is not zero.
    static func read(_ bytes: UnsafeRawBufferPointer, aisles: Int, into table: inout ItemTable) -> Bool {
        guard bytes.count % recordSize == 0 else { return false }
        for at in stride(from: 0, to: bytes.count, by: recordSize) {
            let id = ItemID(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: Int64.self)))
            let aisle = Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 32, as: Int32.self))
            let flags = bytes[at + 36]
            guard table[id] == nil, aisle >= -1, aisle < aisles, flags & ItemEntry.Flags.present != 0,
                flags & ~ItemEntry.Flags.all == 0, bytes[at + 37] | bytes[at + 38] | bytes[at + 39] == 0
            else { return false }
            let entry = ItemEntry(
                revision: Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 8, as: Int64.self)),
                position: Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 16, as: Int64.self)),
                lineCost: Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 24, as: Int64.self)),
                                  aisle: aisle, flags: flags)
            table.set(id, to: entry)
        }
        return true
    }

    /// A part's checksum, stored beside it: a part changed by anything but a checkpoint's write
    /// is found out before its entries are used. Four lanes of eight bytes at a time (the lanes
    /// independent, so the processor runs them side by side: a part in about 20 µs), whole
    /// entries only, so every byte counts.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count), 1, 2, 3)
        func mix(_ h: inout UInt64, _ at: Int) {
            h = (h ^ bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* prime
            h ^= h >> 29
        }
        let blocks = bytes.count - bytes.count % 32
        for at in stride(from: 0, to: blocks, by: 32) {
            mix(&lanes.0, at)
            mix(&lanes.1, at + 8)
            mix(&lanes.2, at + 16)
            mix(&lanes.3, at + 24)
        }
        for at in stride(from: blocks, to: bytes.count - bytes.count % 8, by: 8) { mix(&lanes.0, at) }
        var h = lanes.0
        for lane in [lanes.1, lanes.2, lanes.3] { h = (h ^ lane) &* prime }
        return Int64(bitPattern: h)
    }

    /// The aisle names by number, as stored (a JSON array of strings); nil when it is not one.
    static func aisles(_ text: String) -> [String]? {
        guard let data = text.data(using: .utf8),
              let names = try? JSONSerialization.jsonObject(with: data) as? [String] else { return nil }
        return names
    }

    static func aislesText(_ names: [String]) -> String {
        // Strings only: serialization cannot fail.
        let data = (try? JSONSerialization.data(withJSONObject: names)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
