import Foundation

/// How a list tests, builds and narrows its rows, apart from any list: the query's words as bytes,
/// a row against a query, which rows pass in order of id, rows written straight to their sections,
/// a whole build and a narrowing.
/// Pure functions of their arguments (`ListProjection` holds the state).
enum RowMatching {
    /// The query's words as bytes, as the texts are matched: made once per query, not per row.
    static func needles(of query: SearchQuery?) -> [[UInt8]] { query?.words.map { Array($0.utf8) } ?? [] }

    /// Whether a row passes the query: filters from what the row keeps, words and aisles from the
    /// item's search text. No item is looked up.
    static func rowMatches(_ k: RowKey, _ query: SearchQuery, _ needles: [[UInt8]], texts: SearchTexts,
                                   in column: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = needles.isEmpty && !query.readsAisle ? UnsafeBufferPointer(start: nil, count: 0)
            : SearchTexts.text(texts.span(of: ItemID(k.id)), in: column)
        let passes = query.filters.isEmpty || query.matchesFilters(
            needed: k.flags & ItemEntry.Flags.needed != 0, inCart: k.flags & ItemEntry.Flags.inCart != 0,
            lineCost: k.flags & ItemEntry.Flags.priced != 0 ? CostSum(units: Int128(k.lineCost)) : nil) { a in
            // The aisle is the text's second line.
            guard let newline = text.firstIndex(of: 0x0A) else { return false }
            return text[(newline + 1)...].starts(with: a.utf8)
        }
        return passes && SearchQuery.contains(all: needles, in: text)
    }

    /// Which of `rows` pass `query`, as a bit per id: tested in order of id, the order the texts
    /// lie in the column, so the pass reads it from one end to the other. Rows in the order shown
    /// (by section) jump about the column, and at a million rows each jump was a miss of the
    /// processor's cache: most of a keystroke. nil when ids are too sparse for a bit each.
    static func matchesInOrderOfID(_ rows: [RowKey], _ query: SearchQuery, _ needles: [[UInt8]],
                                           texts: SearchTexts, items: ItemTable) -> [UInt64]? {
        var maxID: Int64 = 0
        for k in rows where !k.isHeader { maxID = max(maxID, k.id) }
        guard maxID < Int64(4 * rows.count + 4096) else { return nil }
        var shown = [UInt64](repeating: 0, count: Int(maxID >> 6) + 1)
        for k in rows where !k.isHeader { shown[Int(k.id) >> 6] |= 1 << (UInt64(k.id) & 63) }
        var matched = [UInt64](repeating: 0, count: shown.count)
        texts.bytes.withUnsafeBufferPointer { column in
            for w in shown.indices {
                var bits = shown[w]
                while bits != 0 {
                    let b = bits.trailingZeroBitCount
                    bits &= bits - 1
                    let id = Int64(w << 6 | b)
                    // Filters read what the entry keeps (the rows keep the same); words only the text.
                    var k = RowKey(section: 0, position: 0, id: id)
                    if !query.filters.isEmpty, let entry = items[ItemID(id)] {
                        k.lineCost = entry.lineCost
                        k.flags = entry.flags
                    }
                    if rowMatches(k, query, needles, texts: texts, in: column) { matched[w] |= 1 << UInt64(b) }
                }
            }
        }
        return matched
    }

    /// The rows `eachRow` hands out, `counts` of them per section, sorted and with each section's
    /// header: written straight to their section's place, then each section sorted only if its
    /// rows did not come in order (at a million rows, one sort of everything was a third of
    /// building the list, and its buffer half a copy of it).
    static func placedBySection(counts: [SectionKey: Int], _ eachRow: ((RowKey) -> Void) -> Void) -> [RowKey] {
        let sections = counts.keys.sorted()
        var starts: [Int] = [], at = 0
        for s in sections {
            starts.append(at)
            at += counts[s]! + 1
        }
        let slots = SectionSlots(sections)
        var next = starts.map { $0 + 1 }
        let total = at
        return [RowKey](unsafeUninitializedCapacity: total) { buffer, initialized in
            for (n, s) in sections.enumerated() { (buffer.baseAddress! + starts[n]).initialize(to: .header(s)) }
            eachRow { k in
                let n = slots[k.section]
                (buffer.baseAddress! + next[n]).initialize(to: k)
                next[n] += 1
            }
            initialized = total
            for n in sections.indices {
                var run = UnsafeMutableBufferPointer(rebasing: buffer[(starts[n] + 1)..<next[n]])
                if !zip(run, run.dropFirst()).allSatisfy({ $0 < $1 }) { run.sort() }
            }
        }
    }

    /// Every row of a list, sorted, with each section's header when `headers`, the items per
    /// section and the items: in one pass over `items` in order of id. Counted in locals, with the
    /// aisles taken once: per item, each access to a property of a class is a check of exclusive
    /// access, and the aisles a copy.
    static func built(items: ItemTable, texts: SearchTexts, query: SearchQuery?, needles: [[UInt8]], kind: ListKind,
                      hidden: Set<ItemID>, sections: SectionKeys, headers: Bool,
                      aisles: Int) -> (keys: [RowKey], counts: [SectionKey: Int], count: Int) {
        /// Each row of the list, in order of id.
        func eachRow(_ body: (RowKey) -> Void) {
            texts.bytes.withUnsafeBufferPointer { column in
                items.forEach { id, entry in
                    guard kind.contains(entry), hidden.isEmpty || !hidden.contains(id) else { return }
                    let k = RowKey(section: sections.key(for: entry), position: entry.position, id: id.raw,
                                   lineCost: entry.lineCost, flags: entry.flags)
                    if let query, !rowMatches(k, query, needles, texts: texts, in: column) { return }
                    body(k)
                }
            }
        }
        var counts: [SectionKey: Int] = [:]
        var count = 0
        var keys: [RowKey] = []
        if headers && query == nil {
            // Counted first, then each row written where its section starts: rows keep their order
            // of id within a section, which is often the order shown (items added one after
            // another), so most sections need no sort, and none needs a second array. Runs of one
            // section are counted in locals (a hash per row was a tenth of the pass).
            var section = SectionKey.end, inSection = 0
            eachRow { k in
                count += 1
                if k.section != section {
                    if inSection > 0 { counts[section, default: 0] += inSection }
                    section = k.section
                    inSection = 0
                }
                inSection += 1
            }
            if inSection > 0 { counts[section, default: 0] += inSection }
            keys = placedBySection(counts: counts, eachRow)
        } else {
            // Room for every item: growing by doubling held the old rows and the new at once (at a
            // million, 60 MB more at the peak); room a shorter list leaves untouched costs no memory.
            keys.reserveCapacity(items.count + (headers ? aisles + 2 : 0))
            var sorted = true
            eachRow { k in
                if sorted, let last = keys.last, !(last < k) { sorted = false }
                keys.append(k)
                counts[k.section, default: 0] += 1
                count += 1
            }
            if headers {
                keys += counts.keys.map(RowKey.header)
                sorted = false
            }
            if !sorted { keys.sort() }
        }
        return (keys, counts, count)
    }

    /// The rows that pass `query`, moved down in place (no second array, no reference counting per
    /// row), each header kept with the first item of its section kept; with each section's count,
    /// the items kept, and the first and last row dropped (nil for none).
    static func narrowed(_ rows: inout [RowKey], query: SearchQuery?, needles: [[UInt8]], texts: SearchTexts,
                         items: ItemTable, byIDAbove: Int)
        -> (counts: [SectionKey: Int], kept: Int, dropped: ClosedRange<Int>?) {
        var firstDropped: Int?, lastDropped = 0
        // A header is kept with the first item of its section kept: a drop before that counts from
        // the header, so a section that loses every item loses its header inside the span.
        var pendingHeader: Int?
        var written = 0, kept = 0
        // Rows come sorted by section: each section's count is written once, when it ends.
        var counts: [SectionKey: Int] = [:]
        var section: SectionKey?, inSection = 0
        // Below this many rows the column fits the processor's cache, and testing rows in the
        // order shown costs no misses: the bits would cost more than they save.
        let matched = rows.count <= byIDAbove ? nil
            : query.flatMap { matchesInOrderOfID(rows, $0, needles, texts: texts, items: items) }
        texts.bytes.withUnsafeBufferPointer { column in
            for r in rows.indices {
                if rows[r].isHeader { pendingHeader = r; continue }
                let keep = if let matched {
                    matched[Int(rows[r].id) >> 6] & (1 << (UInt64(rows[r].id) & 63)) != 0
                } else if let query {
                    rowMatches(rows[r], query, needles, texts: texts, in: column)
                } else { true }
                guard keep else {
                    firstDropped = firstDropped ?? (pendingHeader ?? r)
                    lastDropped = r
                    continue
                }
                if rows[r].section != section {
                    if let section, inSection > 0 { counts[section] = inSection }
                    section = rows[r].section
                    inSection = 0
                }
                if let h = pendingHeader {
                    rows.swapAt(written, h)
                    written += 1
                    pendingHeader = nil
                }
                if written != r { rows.swapAt(written, r) }
                written += 1
                inSection += 1
                kept += 1
            }
        }
        if let section, inSection > 0 { counts[section] = inSection }
        rows.removeLast(rows.count - written)
        return (counts, kept, firstDropped.map { $0...lastDropped })
    }
}
