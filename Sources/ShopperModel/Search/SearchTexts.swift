/// The folded search text (description, aisle, notes; see `SearchQuery.searchText`) of every item,
/// one after another in one byte column, found by id: what searches and `aisle:` filters read,
/// with no item looked up and no String made per row. Made in order of id, a slice at a time in
/// idle moments after the first frame (`Searches.prepareSearch`); an item that changes has
/// its text made again at once, so what is made is never stale.
struct SearchTexts {
    private(set) var bytes: [UInt8] = []
    /// By id: where the text is in `bytes`, packed as offset << 24 | length; `none` for no text.
    private(set) var spans: ContiguousArray<UInt64> = []
    /// Ids far past the others (see `ItemTable`).
    private(set) var far: [ItemID: UInt64] = [:]
    /// Every item up to this id has its text.
    var madeUpTo = ItemID(0)
    /// The scan in order of id reached the last item: from now on every item has its text.
    var complete = false
    /// Bytes no span points at any more (texts made again): the column is packed when they are
    /// most of it.
    private var dead = 0
    private var live = 0

    static let none = UInt64.max

    func span(of id: ItemID) -> UInt64 {
        let r = id.raw
        return r >= 0 && r < spans.count ? spans[Int(r)] : far[id] ?? Self.none
    }

    func has(_ id: ItemID) -> Bool { span(of: id) != Self.none }

    /// The bytes of a span within `column` (`bytes`, as a buffer).
    static func text(_ span: UInt64, in column: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard span != none else { return UnsafeBufferPointer(start: nil, count: 0) }
        let start = Int(span >> 24), count = Int(span & 0xFF_FFFF)
        return UnsafeBufferPointer(rebasing: column[start..<(start + count)])
    }

    func string(of id: ItemID) -> String? {
        let s = span(of: id)
        guard s != Self.none else { return nil }
        return bytes.withUnsafeBufferPointer { String(decoding: Self.text(s, in: $0), as: UTF8.self) }
    }

    /// Makes `item`'s text, replacing any it had.
    mutating func set(_ item: Item) { make(item.id, item.description.utf8, item.aisle?.utf8, item.notes.utf8) }

    /// Makes the text of item `id` from its fields as the store holds them.
    mutating func set(_ id: ItemID, description: UnsafeBufferPointer<UInt8>, aisle: UnsafeBufferPointer<UInt8>?,
                      notes: UnsafeBufferPointer<UInt8>) {
        make(id, description, aisle, notes)
    }

    /// `SearchQuery.searchText` of the fields, as UTF-8: plain ASCII folded as it is copied, with no
    /// String made; anything else folded by Foundation.
    private mutating func make<Text: Collection<UInt8>>(
        _ id: ItemID, _ description: Text, _ aisle: Text?, _ notes: Text
    ) {
        remove(id)
        let start = bytes.count
        Self.appendFolded(description, aisle, notes, to: &bytes)
        keep(id, from: start)
    }

    /// Takes `text`, made elsewhere by `appendFolded` (on a worker thread), as item `id`'s.
    mutating func adopt(_ id: ItemID, _ text: UnsafeBufferPointer<UInt8>) {
        remove(id)
        let start = bytes.count
        bytes.append(contentsOf: text)
        keep(id, from: start)
    }

    /// The bytes from `start` to the end are item `id`'s text.
    private mutating func keep(_ id: ItemID, from start: Int) {
        // A text longer than a span holds (16 MB of notes) is searched by its first 16 MB.
        let length = min(bytes.count - start, 0xFF_FFFF)
        live += length
        put(id, UInt64(start) << 24 | UInt64(length))
    }

    /// Appends the folded text of the fields to `bytes`.
    static func appendFolded<Text: Collection<UInt8>>(
        _ description: Text, _ aisle: Text?, _ notes: Text, to bytes: inout [UInt8]
    ) {
        let start = bytes.count
        var ascii = SearchQuery.appendFoldedASCII(description, to: &bytes)
        if ascii {
            bytes.append(0x0A)
            if let aisle { ascii = SearchQuery.appendFoldedASCII(aisle, to: &bytes) }
        }
        if ascii {
            bytes.append(0x0A)
            ascii = SearchQuery.appendFoldedASCII(notes, to: &bytes)
        }
        if !ascii {
            bytes.removeLast(bytes.count - start)
            let fields = [description, aisle, notes].map { $0.map { String(decoding: $0, as: UTF8.self) } ?? "" }
            bytes.append(contentsOf: SearchQuery.fold(fields.joined(separator: "\n")).utf8)
        }
    }

    /// The folded description: a text's first line.
    static func description(in text: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        text.prefix { $0 != 0x0A }
    }

    mutating func remove(_ id: ItemID) {
        let s = span(of: id)
        guard s != Self.none else { return }
        dead += Int(s & 0xFF_FFFF)
        live -= Int(s & 0xFF_FFFF)
        put(id, Self.none)
        if dead > 1 << 20, dead > live { pack() }
    }

    private mutating func put(_ id: ItemID, _ span: UInt64) {
        let r = id.raw
        if r >= 0 && r < spans.count {
            spans[Int(r)] = span
        } else if r >= 0, r < Int64(Swift.max(1024, 2 * (spans.count + far.count))) {
            while spans.count <= r { spans.append(Self.none) }
            spans[Int(r)] = span
            for (f, s) in far where f.raw < Int64(spans.count) {
                spans[Int(f.raw)] = s
                far[f] = nil
            }
        } else {
            far[id] = span == Self.none ? nil : span
        }
    }

    /// Copies the live texts into a new column.
    private mutating func pack() {
        var packed: [UInt8] = []
        packed.reserveCapacity(live)
        let old = bytes
        func move(_ s: inout UInt64) {
            guard s != Self.none else { return }
            let start = Int(s >> 24), count = Int(s & 0xFF_FFFF)
            let at = packed.count
            packed.append(contentsOf: old[start..<(start + count)])
            s = UInt64(at) << 24 | UInt64(count)
        }
        for r in spans.indices { move(&spans[r]) }
        for id in far.keys { move(&far[id]!) }
        bytes = packed
        dead = 0
    }
}
