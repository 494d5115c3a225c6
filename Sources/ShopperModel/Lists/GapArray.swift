/// An array with a gap at its last edit: an insertion or removal moves only the elements between it
/// and the edit before, not every element after it. A list's edits come close together (ticking
/// the top rows off one after another, items added in one aisle), and at a million rows each tick
/// shifted 40 MB in a plain array.
///
/// Elements before the gap sit at `[0, gapStart)` of the storage, those after it at `[gapEnd, end)`;
/// the gap's slots hold `filler` or stale copies, so the storage stays an ordinary array of values
/// (plain values only: a stale copy of a reference would keep its object alive).
struct GapArray<Element: BitwiseCopyable>: RandomAccessCollection, MutableCollection {
    private var storage: [Element]
    private var gapStart: Int
    private var gapEnd: Int
    private let filler: Element

    init(_ elements: [Element] = [], filler: Element) {
        storage = elements
        gapStart = elements.count
        gapEnd = elements.count
        self.filler = filler
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count - (gapEnd - gapStart) }

    subscript(i: Int) -> Element {
        get { storage[i < gapStart ? i : i + gapEnd - gapStart] }
        set { storage[i < gapStart ? i : i + gapEnd - gapStart] = newValue }
    }

    mutating func insert(_ e: Element, at i: Int) {
        precondition(i >= 0 && i <= count, "GapArray insert out of range")
        moveGap(to: i)
        if gapStart == gapEnd {
            // Room for many edits at once: a new gap moves the elements after it once.
            let room = Swift.max(64, count / 32)
            storage.insert(contentsOf: repeatElement(filler, count: room), at: gapStart)
            gapEnd += room
        }
        storage[gapStart] = e
        gapStart += 1
    }

    @discardableResult
    mutating func remove(at i: Int) -> Element {
        precondition(i >= 0 && i < count, "GapArray remove out of range")
        moveGap(to: i)
        let e = storage[gapEnd]
        gapEnd += 1
        return e
    }

    /// The elements as a plain array, leaving this one empty: for passes over every element that
    /// want no test of where the gap is per element (no copy is made).
    mutating func takeElements() -> [Element] {
        moveGap(to: count)
        storage.removeLast(storage.count - gapStart)
        defer { self = GapArray(filler: filler) }
        return storage
    }

    /// The storage, gap and all, in no particular order, leaving this array empty: room for other
    /// elements to be written into, with no allocation (no copy is made; the contents mean nothing).
    mutating func takeStorage() -> [Element] {
        defer { self = GapArray(filler: filler) }
        return storage
    }

    /// For tests: where the storage is (`takeStorage` hands it on).
    var storageAddress: Int { storage.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } }

    /// Moves the gap so that it starts at element `i`.
    private mutating func moveGap(to i: Int) {
        guard i != gapStart else { return }
        let gap = gapEnd - gapStart
        storage.withUnsafeMutableBufferPointer { b in
            let base = b.baseAddress!
            if i < gapStart {
                // Elements [i, gapStart) go to the end of the gap.
                (base + i + gap).update(from: base + i, count: gapStart - i)
            } else {
                // Elements after the gap, up to element i, come down to its start.
                (base + gapStart).update(from: base + gapEnd, count: i - gapStart)
            }
        }
        gapStart = i
        gapEnd = i + gap
    }
}
