import Foundation

/// Building the rows again (a new filter, sections or a large change), and narrowing them as a
/// search is typed, announcing only the span that changed.
extension ListProjection {
    /// Rebuilds the rows (new filter or sections) and announces only the span between the rows
    /// that stayed at the start and at the end, so a view keeps those rows' widgets. Rows that
    /// stayed but show something new (`changed` items, headers' and the end row's totals) are
    /// refreshed in place.
    func reset(changed: Set<Int> = [], narrowing: Bool = false) {
        // A rebuild now is also the one that waited (`holdRebuilds`), and narrows nothing: the
        // rows it would narrow are from before.
        var changed = changed, narrowing = narrowing
        if let held = heldChanges {
            changed.formUnion(held)
            heldChanges = nil
            narrowing = false
        }
        if narrowing {
            finishFill()
            return announceNarrowing(narrow())
        }
        if fillsLater { return resetFirstRows(changed: changed) }
        finishFill()
        let old = (0..<announced).map(identity)
        rebuild()
        let new = (0..<count).map(identity)
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        if old.count - head - tail > 0 || new.count - head - tail > 0 {
            onRowsChanged?(head, old.count - head - tail, new.count - head - tail)
        }
        announced = count
        // Headers and the end row that stayed may show new totals.
        let kept = Set(new.prefix(head) + new.suffix(tail)).filter { $0 < 0 || changed.contains($0) }
        if !kept.isEmpty { onContentChanged?(kept) }
    }

    /// `reset` of a list built in two parts: the rows after the first ones are unknown until
    /// filled, so only the rows that stayed at the start are kept; the rest is announced anew.
    func resetFirstRows(changed: Set<Int>) {
        // The new first rows are at most `firstRows` items and as many headers: no more can stay.
        let old = (0..<min(announced, rows.count, 2 * firstRows)).map(identity)
        rebuildFirstRows()
        var head = 0
        while head < old.count, head < rows.count, old[head] == identity(at: head) { head += 1 }
        if announced - head > 0 || count - head > 0 { onRowsChanged?(head, announced - head, count - head) }
        announced = count
        let kept = Set((0..<head).map(identity)).filter { $0 < 0 || changed.contains($0) }
        if !kept.isEmpty { onContentChanged?(kept) }
    }

    /// Called with no fill under way (`reset` finishes it first).
    func rebuild() {
        costs = [:]
        if readsText { model.searches.prepareAllSearchTexts() }
        // Counted in locals, with the aisles taken once: per item, each access to a property of
        // this class (or the model's) is a check of exclusive access, and the aisles a copy.
        let sections = sectionKeys
        let query = self.query, needles = self.needles, kind = self.kind, texts = model.searches.texts, items = model.items.table
        let hidden = kind == .shopping && !showsOtherShops ? model.shops.hiddenHere : []
        /// Each row of the list, in order of id.
        func eachRow(_ body: (RowKey) -> Void) {
            texts.bytes.withUnsafeBufferPointer { column in
                items.forEach { id, entry in
                    guard kind.contains(entry), hidden.isEmpty || !hidden.contains(id) else { return }
                    let k = key(id, entry, sections: sections)
                    if let query, !Self.rowMatches(k, query, needles, texts: texts, in: column) { return }
                    body(k)
                }
            }
        }
        var counts: [SectionKey: Int] = [:]
        var count = 0
        var keys: [RowKey] = []
        if sectioning.hasHeaders && query == nil {
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
            keys = Self.placedBySection(counts: counts, eachRow)
        } else {
            // Room for every item: growing by doubling held the old rows and the new at once (at a
            // million, 60 MB more at the peak); room a shorter list leaves untouched costs no memory.
            keys.reserveCapacity(items.count + (sectioning.hasHeaders ? model.shops.sectionAisles.names.count + 2 : 0))
            var sorted = true
            eachRow { k in
                if sorted, let last = keys.last, !(last < k) { sorted = false }
                keys.append(k)
                counts[k.section, default: 0] += 1
                count += 1
            }
            if sectioning.hasHeaders {
                keys += counts.keys.map(RowKey.header)
                sorted = false
            }
            if !sorted { keys.sort() }
        }
        rows = Self.rowArray(keys)
        itemCount = count
        sectionCounts = counts
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

    /// Narrowing only removes rows, and `narrow` knows which: the span from the first row it dropped
    /// to the last is announced as replaced, with no pass over the rows to compare identities (at a
    /// million rows that pass was most of a keystroke).
    func announceNarrowing(_ dropped: ClosedRange<Int>?) {
        let old = announced
        announced = count
        if let dropped {
            // The end row stays with the last item, and goes with it.
            let tail = isEmpty ? 0 : old - 1 - dropped.upperBound
            let head = isEmpty ? 0 : dropped.lowerBound
            onRowsChanged?(head, old - head - tail, count - head - tail)
        }
        guard !isEmpty else { return }
        // Headers and the end row that stayed show new totals (refreshing one that was announced
        // anew costs nothing: it is bound afresh anyway).
        onContentChanged?(Set(sectionCounts.keys.map { -(Int($0) + 2) } + [-1]))
    }

    /// `rebuild` for a query that narrows the last: the rows shown, filtered in place, and the
    /// headers of the sections left. Returns the first and last row it dropped, nil for none.
    func narrow() -> ClosedRange<Int>? {
        costs = [:]
        // Rows shown are on this list already: only the query is tested, against the folded texts
        // and what each row keeps (no item read). The rows kept are moved down in place: no
        // second array, no reference counting per row.
        // Texts not made yet (typed before the idle slices finished) first: the pass only reads.
        if readsText { model.searches.prepareAllSearchTexts() }
        // The pass runs on the rows moved out to a local (no copy: the property lets go of them)
        // and on the column's bytes: at a million rows, checks of exclusive access to the
        // properties, row by row, cost more than the matching.
        var rows = self.rows.takeElements()
        let query = self.query, needles = self.needles, texts = model.searches.texts
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
        let matched = rows.count <= narrowingByIDAbove ? nil
            : query.flatMap { Self.matchesInOrderOfID(rows, $0, needles, texts: texts, items: model.items.table) }
        texts.bytes.withUnsafeBufferPointer { column in
            for r in rows.indices {
                if rows[r].isHeader { pendingHeader = r; continue }
                let keep = if let matched {
                    matched[Int(rows[r].id) >> 6] & (1 << (UInt64(rows[r].id) & 63)) != 0
                } else if let query {
                    Self.rowMatches(rows[r], query, needles, texts: texts, in: column)
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
        self.rows = Self.rowArray(rows)
        itemCount = kept
        sectionCounts = counts
        return firstDropped.map { $0...lastDropped }
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

    func lowerBound(_ k: RowKey) -> Int { rows.lowerBound { $0 < k } }

    func find(_ k: RowKey) -> Int? {
        let i = lowerBound(k)
        return i < rows.count && rows[i] == k ? i : nil
    }
}
