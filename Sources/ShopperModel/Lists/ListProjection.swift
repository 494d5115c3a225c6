import Foundation

/// One row of a list as shown: a section header, an item, or the constant last row.
public enum ListRow: Equatable {
    case header(title: String, totals: Totals)
    case item(Item)
    /// "No more items", with the list's totals.
    case end(Totals)
}

/// Sort key of a row: section, then position. A header sorts before its section's items.
struct RowKey: Comparable {
    var section: SectionKey
    var position: Int64
    var id: Int64
    /// The item's line cost in `CostSum` units (at most 10^18: it fits), so sums need no lookup.
    /// Not part of the key.
    var lineCost: Int64 = 0
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

/// An ordered, sectioned, optionally filtered view of one list over the model. It follows the
/// model's changes incrementally (binary search and one array edit per changed item). Rows that come
/// or go are reported as (position, removed, added), the shape a GListModel announces; rows that stay
/// but show new content (an edited item, a header's or the end row's totals) are reported by
/// identity, so a view refreshes them in place and keeps their widgets (and keyboard focus).
public final class ListProjection {
    public let kind: ListKind
    public private(set) var sectioning: Sectioning
    public private(set) var query: SearchQuery? {
        didSet { needles = Self.needles(of: query) }
    }
    /// The query's words as bytes, as the texts are matched: made once per query, not per row.
    private var needles: [[UInt8]] = []
    private static func needles(of query: SearchQuery?) -> [[UInt8]] { query?.words.map { Array($0.utf8) } ?? [] }
    /// Count and cost of the items shown. The cost is summed when first asked for (the end row is
    /// on screen, say) and then kept up to date: a sum over every row was most of the time a filter
    /// or start-up took, for totals mostly never shown.
    public var totals: Totals { Totals(count: itemCount, sum: cost(of: nil)) }
    public private(set) var itemCount = 0
    public var onRowsChanged: ((_ position: Int, _ removed: Int, _ added: Int) -> Void)?
    /// Rows, by identity, that stayed in place but whose content changed.
    public var onContentChanged: ((Set<Int>) -> Void)?

    let model: ShoppingModel
    private let narrowingByIDAbove: Int
    private var observer = 0
    /// Headers and items, sorted; the end row is not stored.
    private var rows = rowArray([])
    /// Rows in the gap array the list keeps them in (the gap's filler is never shown).
    private static func rowArray(_ keys: [RowKey]) -> GapArray<RowKey> { GapArray(keys, filler: .header(.end)) }
    /// Items per section; a section with none has no header.
    private var sectionCounts: [SectionKey: Int] = [:]
    /// Costs summed so far: nil key for the whole list. Absent means not yet summed.
    private var costs: [SectionKey?: CostSum] = [:]

    public convenience init(model: ShoppingModel, kind: ListKind, sectioning: Sectioning = .none, query: SearchQuery? = nil) {
        self.init(model: model, kind: kind, sectioning: sectioning, query: query, narrowingByIDAbove: 1 << 18)
    }

    /// `narrowingByIDAbove`: how many rows a list needs for typing on to test them in order of id
    /// (see `matchesInOrderOfID`; tests lower it, so both ways are tried on small lists).
    init(model: ShoppingModel, kind: ListKind, sectioning: Sectioning, query: SearchQuery?, narrowingByIDAbove: Int) {
        self.narrowingByIDAbove = narrowingByIDAbove
        self.model = model
        self.kind = kind
        self.sectioning = sectioning
        self.query = query
        needles = Self.needles(of: query)
        rebuild()
        announced = count
        observer = model.observe { [weak self] change in self?.apply(change) }
    }

    deinit { model.removeObserver(observer) }

    /// Items shown, headers and end row not counted.
    public var isEmpty: Bool { itemCount == 0 }
    /// Rows including headers and, when there are items, the end row.
    public var count: Int { rows.count + (isEmpty ? 0 : 1) }

    public func row(at index: Int) -> ListRow {
        if index == rows.count { return .end(totals) }
        let key = rows[index]
        if key.isHeader {
            return .header(title: sectioning.title(of: key.section, aisles: model.sectionAisles), totals: sectionTotals(key.section))
        }
        return .item(item(ItemID(key.id), at: index))
    }

    /// The item on row `index`, read with the rows after it when not cached (GTK asks for rows
    /// in order: a screen is one read). An item another process deleted a moment ago (memory reads
    /// the news within a second) shows as an empty row until then.
    private func item(_ id: ItemID, at index: Int) -> Item {
        if let item = model.cachedItem(id) { return item }
        let ids = rows[index..<min(index + Self.rowsPerRead, rows.count)].lazy.filter { !$0.isHeader }.map { ItemID($0.id) }
        model.prefetch(ids)
        if let item = model.item(id) { return item }
        let entry = model.items[id]
        return Item(id: id, description: "", needed: entry?.needed ?? false, inCart: entry?.inCart ?? false,
                    position: entry?.position ?? 0, createdAt: Date(timeIntervalSince1970: 0))
    }

    /// Rows read at once: more than the thirty or so GTK keeps bound and binds again when the list
    /// jumps (a scrollbar drag), so a jump is one read; rows already cached are not read again.
    static let rowsPerRead = 64

    /// A row's stable, non-zero identity: an item's id, a section's header, or the end row. Views keep
    /// identities rather than indices, since indices shift as rows come and go.
    public func identity(at index: Int) -> Int {
        if index == rows.count { return -1 }
        let key = rows[index]
        return key.isHeader ? -(Int(key.section) + 2) : Int(key.id)
    }

    /// The row with that identity as it is now; nil when it has left the list.
    public func row(identity: Int) -> ListRow? {
        switch identity {
        case -1: return isEmpty ? nil : .end(totals)
        case ..<(-1):
            let s = SectionKey(-identity - 2)
            guard sectionCounts[s] != nil else { return nil }
            return .header(title: sectioning.title(of: s, aisles: model.sectionAisles), totals: sectionTotals(s))
        default:
            let id = ItemID(Int64(identity))
            guard let entry = model.items[id], includes(id, entry) else { return nil }
            if let cached = model.cachedItem(id) { return .item(cached) }
            return .item(item(id, at: find(key(id, entry)) ?? 0))
        }
    }

    /// The item on a row, nil for headers and the end row.
    public func itemID(at index: Int) -> ItemID? {
        guard index < rows.count, !rows[index].isHeader else { return nil }
        return ItemID(rows[index].id)
    }

    public func index(of id: ItemID) -> Int? {
        guard let entry = model.items[id], includes(id, entry) else { return nil }
        return find(key(id, entry))
    }

    public func setSectioning(_ s: Sectioning) {
        guard s != sectioning else { return }
        sectioning = s
        reset()
    }

    public func setQuery(_ q: SearchQuery?) {
        let q = (q?.isEmpty ?? true) ? nil : q
        guard q != query else { return }
        // Typing on: the new query's matches are among the rows shown, so only they are tested, in
        // their order (no pass over every item, no sort). The first keystroke too: the whole list
        // is shown then, and every query's matches are among it.
        let narrowing = q.map { new in query.map { new.narrows($0) } ?? true } ?? false
        query = q
        reset(narrowing: narrowing)
    }

    /// Moves the item on row `from` so that it shows at row `to` (indices of the current rows), taking
    /// on the aisle of the section it lands in.
    public func moveItem(from: Int, to: Int) throws(StoreError) {
        guard let id = itemID(at: from), from != to else { return }
        var ids = rows
        let moving = ids.remove(at: from)
        let dest = min(max(to, 0), ids.count)
        ids.insert(moving, at: dest)
        // Neighbours in the same section decide the position; the header above decides the aisle.
        let prev = dest > 0 && !ids[dest - 1].isHeader ? ItemID(ids[dest - 1].id) : nil
        let next = dest + 1 < ids.count && !ids[dest + 1].isHeader ? ItemID(ids[dest + 1].id) : nil
        var aisle = ShoppingModel.AisleChange.keep
        if sectioning == .aisle, let header = ids[..<dest].last(where: \.isHeader),
           header.section != moving.section {
            aisle = .set(header.section == .noAisle ? nil : model.sectionAisles.names[Int(header.section)])
        }
        try model.move(id, after: prev, before: next, aisle: aisle)
    }

    // MARK: Following the model

    /// Whether the shopping list leaves the item out: sold only at other shops than the one the
    /// list is shopped at, unless the user opened those (`showsOtherShops`).
    private func hides(_ id: ItemID) -> Bool {
        kind == .shopping && !showsOtherShops && !model.hiddenHere.isEmpty && model.hiddenHere.contains(id)
    }

    /// The items hidden here for other shops are shown too ("3 items for other stores", opened).
    public var showsOtherShops = false {
        didSet { if showsOtherShops != oldValue, !model.hiddenHere.isEmpty { reset() } }
    }

    /// How many items this list leaves out as sold only at other shops (0 while they are shown).
    public var hiddenForOtherShops: Int { kind == .shopping && !showsOtherShops ? model.hiddenForOtherShops : 0 }

    /// Whether the item belongs on this list, as memory holds it now. (An older version of an item
    /// was on the list if its row is: see `apply`.)
    private func includes(_ id: ItemID, _ entry: ItemEntry) -> Bool {
        guard kind.contains(entry), !hides(id) else { return false }
        guard let query else { return true }
        if readsText { model.makeSearchText(of: id) }
        let texts = model.texts
        return texts.bytes.withUnsafeBufferPointer { column in
            Self.rowMatches(key(id, entry), query, needles, texts: texts, in: column)
        }
    }

    private func key(_ id: ItemID, _ entry: ItemEntry, sections: SectionKeys? = nil) -> RowKey {
        RowKey(section: (sections ?? sectionKeys).key(for: entry), position: entry.position,
               id: id.raw, lineCost: entry.lineCost, flags: entry.flags)
    }

    /// Made again only when the sectioning or the aisles changed (a price band's threshold is
    /// converted to fixed point once, not per item changed).
    private var sectionKeys: SectionKeys {
        let aisles = model.sectionAisles, names = model.aisleNames
        if let made = madeSectionKeys, made.fit(sectioning, aisles, names) { return made }
        let made = SectionKeys(sectioning, aisles: aisles, names: names)
        madeSectionKeys = made
        return made
    }
    private var madeSectionKeys: SectionKeys?

    /// Whether the query reads the items' search texts: it has words, or an aisle filter.
    private var readsText: Bool { query.map { !$0.words.isEmpty || $0.readsAisle } ?? false }

    /// Applies one model change. Each row edit is announced as soon as it is made, so whoever
    /// listens (GTK) always sees a count and rows that agree with what it was told.
    private func apply(_ change: ModelChange) {
        applying = true
        defer { applying = false }
        // A big change (an import, finishing a long trip) is one rebuild and one announcement:
        // row by row it is an array edit and a view update per item, quadratic in the list.
        let shopsMove = change.shopsChanged && (sectioning == .aisle || kind == .shopping)
        if (change.aislesReordered && sectioning == .aisle) || shopsMove || change.items.count > max(Self.rebuildThreshold, rows.count / 8) {
            reset(changed: Set(change.items.keys.map { Int($0.raw) }))
            return
        }
        var touched = Set<SectionKey>()
        var refreshed = Set<Int>()
        for (id, c) in change.items {
            // The old version was shown if its row is here: no second search of text no longer held.
            let oldKey = c.old.map { key(id, $0) }
            let oldIn = oldKey.map { find($0) != nil } ?? false
            let newIn = c.new.map { includes(id, $0) } ?? false
            let newKey = c.new.map { key(id, $0) }
            if oldIn, newIn, let oldKey, let newKey, oldKey == newKey, let i = find(newKey) {
                adjustCosts(newKey.section, by: CostSum(units: Int128(newKey.lineCost) - Int128(rows[i].lineCost)))
                // What the row keeps of the item follows it.
                rows[i] = newKey
                refreshed.insert(Int(id.raw))
                touched.insert(newKey.section)
                continue
            }
            if oldIn, let oldKey {
                announce(remove(oldKey))
                touched.insert(oldKey.section)
            }
            if newIn, let newKey {
                announce(insert(newKey))
                touched.insert(newKey.section)
            }
        }
        guard !touched.isEmpty, !isEmpty else { return }
        // Header and end rows show totals.
        if sectioning.hasHeaders {
            for s in touched where sectionCounts[s] != nil { refreshed.insert(-(Int(s) + 2)) }
        }
        refreshed.insert(-1)
        onContentChanged?(refreshed)
    }

    /// Makes the search texts of up to `budget` items that have none yet, so that the first
    /// keystroke of a search finds them ready; for an idle moment (a list calls it in slices after
    /// its first frame). Returns whether items without text remain. The texts are the model's,
    /// shared by every list.
    public func prepareSearch(budget: Int) -> Bool { model.prepareSearch(budget: budget) }

    /// Whether a row passes the query: filters from what the row keeps, words and aisles from the
    /// item's search text. No item is looked up.
    private static func rowMatches(_ k: RowKey, _ query: SearchQuery, _ needles: [[UInt8]], texts: SearchTexts,
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

    /// Changes of more items than this (or an eighth of the rows) rebuild instead.
    static let rebuildThreshold = 256

    /// Rows the listener has been told about.
    private var announced = 0
    /// Inside `apply`: the model already holds every new item while some rows still await their
    /// edit, so a cost summed now is not cached (the deltas still to come would count it twice).
    private var applying = false

    /// The end row comes with the first item and goes with the last: those edits are announced as
    /// one replacement of the whole (short) list.
    private func announce(_ edit: (Int, Int, Int)) {
        if announced == 0 || isEmpty {
            onRowsChanged?(0, announced, count)
        } else {
            onRowsChanged?(edit.0, edit.1, edit.2)
        }
        announced = count
    }

    private func insert(_ k: RowKey) -> (Int, Int, Int) {
        var i = lowerBound(k)
        var added = 1
        if sectioning.hasHeaders && sectionCounts[k.section, default: 0] == 0 {
            rows.insert(.header(k.section), at: i)
            i += 1
            added = 2
        }
        rows.insert(k, at: i)
        itemCount += 1
        sectionCounts[k.section, default: 0] += 1
        adjustCosts(k.section, by: CostSum(units: Int128(k.lineCost)))
        return (i - (added - 1), 0, added)
    }

    private func remove(_ k: RowKey) -> (Int, Int, Int) {
        let i = find(k)!
        rows.remove(at: i)
        itemCount -= 1
        sectionCounts[k.section, default: 0] -= 1
        adjustCosts(k.section, by: .zero - CostSum(units: Int128(k.lineCost)))
        if sectionCounts[k.section] == 0 {
            sectionCounts[k.section] = nil
            costs[k.section] = nil
        }
        if sectioning.hasHeaders && sectionCounts[k.section] == nil {
            rows.remove(at: i - 1)
            return (i - 1, 2, 0)
        }
        return (i, 1, 0)
    }

    /// Keeps the sums already made up to date; ones not made yet stay unmade.
    private func adjustCosts(_ section: SectionKey, by delta: CostSum) {
        guard !costs.isEmpty else { return }
        if let c = costs[nil] { costs[nil] = c + delta }
        if let c = costs[section] { costs[section] = c + delta }
    }

    private func sectionTotals(_ s: SectionKey) -> Totals {
        Totals(count: sectionCounts[s] ?? 0, sum: cost(of: s))
    }

    /// The cost of one section's items, or of all (nil), summed on first use.
    private func cost(of section: SectionKey?) -> CostSum {
        if let c = costs[section] { return c }
        var sum = CostSum.zero
        var i = 0
        if let section {
            guard let h = find(.header(section)) else { return .zero }
            i = h + 1
        }
        while i < rows.count, !(section != nil && rows[i].section != section) {
            sum.units += Int128(rows[i].lineCost)
            i += 1
        }
        if !applying { costs[section] = sum }
        return sum
    }

    /// Rebuilds the rows (new filter or sections) and announces only the span between the rows
    /// that stayed at the start and at the end, so a view keeps those rows' widgets. Rows that
    /// stayed but show something new (`changed` items, headers' and the end row's totals) are
    /// refreshed in place.
    private func reset(changed: Set<Int> = [], narrowing: Bool = false) {
        if narrowing { return announceNarrowing(narrow()) }
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

    private func rebuild() {
        costs = [:]
        if readsText { model.prepareAllSearchTexts() }
        // Counted in locals, with the aisles taken once: per item, each access to a property of
        // this class (or the model's) is a check of exclusive access, and the aisles a copy.
        let sections = sectionKeys
        let query = self.query, needles = self.needles, kind = self.kind, texts = model.texts, items = model.items
        let hidden = kind == .shopping && !showsOtherShops ? model.hiddenHere : []
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
            keys.reserveCapacity(items.count + (sectioning.hasHeaders ? model.sectionAisles.names.count + 2 : 0))
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
        var slot: [SectionKey: Int] = [:]
        for (n, s) in sections.enumerated() {
            slot[s] = n
            starts.append(at)
            at += counts[s]! + 1
        }
        // Aisle sections are small numbers: a table finds a row's slot with no hashing.
        let small = sections.filter { $0 >= 0 && $0 < 4096 }
        var table = [Int](repeating: -1, count: Int(small.last ?? -1) + 1)
        for s in small { table[Int(s)] = slot[s]! }
        var next = starts.map { $0 + 1 }
        let total = at
        return [RowKey](unsafeUninitializedCapacity: total) { buffer, initialized in
            for (n, s) in sections.enumerated() { (buffer.baseAddress! + starts[n]).initialize(to: .header(s)) }
            eachRow { k in
                let n = k.section >= 0 && Int(k.section) < table.count ? table[Int(k.section)] : slot[k.section]!
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
    private func announceNarrowing(_ dropped: ClosedRange<Int>?) {
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
    private func narrow() -> ClosedRange<Int>? {
        costs = [:]
        // Rows shown are on this list already: only the query is tested, against the folded texts
        // and what each row keeps (no item read). The rows kept are moved down in place: no
        // second array, no reference counting per row.
        // Texts not made yet (a search typed before the idle slices finished) are made first, so
        // the pass below only reads the column.
        if readsText { model.prepareAllSearchTexts() }
        // The pass runs on the rows moved out to a local (no copy: the property lets go of them)
        // and on the column's bytes: at a million rows, checks of exclusive access to the
        // properties, row by row, cost more than the matching.
        var rows = self.rows.takeElements()
        let query = self.query, needles = self.needles, texts = model.texts
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
            : query.flatMap { Self.matchesInOrderOfID(rows, $0, needles, texts: texts, items: model.items) }
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
    private static func matchesInOrderOfID(_ rows: [RowKey], _ query: SearchQuery, _ needles: [[UInt8]],
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

    private func lowerBound(_ k: RowKey) -> Int { rows.lowerBound { $0 < k } }

    private func find(_ k: RowKey) -> Int? {
        let i = lowerBound(k)
        return i < rows.count && rows[i] == k ? i : nil
    }
}
