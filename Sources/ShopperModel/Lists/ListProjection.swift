import Foundation

/// An ordered, sectioned, optionally filtered view of one list over the model. It follows the
/// model's changes incrementally (binary search and one array edit per changed item). Rows that come
/// or go are reported as (position, removed, added), the shape a GListModel announces; rows that stay
/// but show new content (an edited item, a header's or the end row's totals) are reported by
/// identity, so a view refreshes them in place and keeps their widgets (and keyboard focus).
package final class ListProjection {
    package let kind: ListKind
    var sections: ListSections
    package var sectioning: Sectioning { sections.sectioning }
    var search: ListSearch
    package var query: SearchQuery? { search.query }
    /// Count and cost of the items shown. The cost is summed when first asked for (the end row is
    /// on screen, say) and then kept up to date: a sum over every row was most of the time a filter
    /// or start-up took, for totals mostly never shown.
    var totals: Totals { Totals(count: itemCount, sum: cost(of: nil)) }
    package var itemCount: Int { sums.items }
    /// The view's listeners, and what they were told.
    package let announcer = RowAnnouncer()

    let model: ShoppingModel
    /// Sizes from which the list is built or narrowed another way.
    let tuning: ProjectionTuning
    var observer = 0
    /// Headers and items, sorted; the end row is not stored.
    var rows = rowArray([])
    /// Rows in the gap array the list keeps them in (the gap's filler is never shown).
    static func rowArray(_ keys: [RowKey]) -> GapArray<RowKey> { GapArray(keys, filler: .header(.end)) }
    /// Items and costs per section.
    var sums = SectionSums()

    package convenience init(
        model: ShoppingModel, kind: ListKind, sectioning: Sectioning = .none, query: SearchQuery? = nil
    ) {
        self.init(model: model, kind: kind, sectioning: sectioning, query: query, narrowingByIDAbove: 1 << 18)
    }

    /// `narrowingByIDAbove`: how many rows a list needs for typing on to test them in order of id
    /// (see `matchesInOrderOfID`; tests lower it, so both ways are tried on small lists).
    /// `fillFrom`, `firstRows`: from how many items a rebuild leaves all but the first rows to
    /// `fillMore` (tests lower both, so fills happen on small lists).
    init(model: ShoppingModel, kind: ListKind, sectioning: Sectioning, query: SearchQuery?, narrowingByIDAbove: Int,
         fillFrom: Int = ListProjection.fillFrom, firstRows: Int = ListProjection.firstRows) {
        tuning = ProjectionTuning(narrowingByIDAbove: narrowingByIDAbove, fillFrom: fillFrom, firstRows: firstRows)
        self.model = model
        self.kind = kind
        sections = ListSections(sectioning)
        search = ListSearch(query)
        if fillsLater { rebuildFirstRows() } else { rebuild() }
        announcer.announced = count
        observer = model.core.observe { [weak self] change in self?.apply(change) }
        model.core.observeComing(observer) { [weak self] count, sectionsMove in
            self?.changeComing(count, sectionsMove: sectionsMove)
        }
    }

    deinit { model.core.removeObserver(observer) }

    /// Items shown, headers and end row not counted.
    package var isEmpty: Bool { itemCount == 0 }
    /// Rows including headers and, when there are items, the end row.
    package var count: Int { (filling.total ?? rows.count) + (isEmpty ? 0 : 1) }

    func row(at index: Int) -> ListRow {
        if filling.isUnderWay, index >= rows.count { finishFill() }
        if index == rows.count { return .end(totals) }
        let key = rows[index]
        if key.isHeader {
            return .header(
                title: sectioning.title(of: key.section, aisles: model.shops.sectionAisles),
                totals: sectionTotals(key.section))
        }
        return .item(item(ItemID(key.id), at: index))
    }

    /// The item on row `index`, read with the rows after it when not cached (GTK asks for rows
    /// in order: a screen is one read). An item another process deleted a moment ago (memory reads
    /// the news within a second) shows as an empty row until then.
    func item(_ id: ItemID, at index: Int) -> Item {
        if let item = model.items.cachedItem(id) { return item }
        model.items.prefetch(itemIDs(onRows: index..<min(index + Self.rowsPerRead, rows.count)))
        if let item = model.items.item(id) { return item }
        let entry = model.items[id]
        return Item(id: id, description: "", needed: entry?.needed ?? false, inCart: entry?.inCart ?? false,
                    position: entry?.position ?? 0, createdAt: Date(timeIntervalSince1970: 0))
    }

    /// The items on `range` of the rows, headers left out.
    func itemIDs(onRows range: Range<Int>) -> some Collection<ItemID> {
        rows[range].lazy.filter { !$0.isHeader }.map { ItemID($0.id) }
    }

    /// Rows read at once: more than the thirty or so GTK keeps bound and binds again when the list
    /// jumps (a scrollbar drag), so a jump is one read; rows already cached are not read again.
    static let rowsPerRead = 64

    /// A row's stable, non-zero identity: an item's id, a section's header, or the end row. Views keep
    /// identities rather than indices, since indices shift as rows come and go.
    package func identity(at index: Int) -> Int {
        if filling.isUnderWay, index >= rows.count { finishFill() }
        if index == rows.count { return -1 }
        let key = rows[index]
        return key.isHeader ? -(Int(key.section) + 2) : Int(key.id)
    }

    /// The row with that identity as it is now; nil when it has left the list.
    package func row(identity: Int) -> ListRow? {
        switch identity {
        case -1: return isEmpty ? nil : .end(totals)
        case ..<(-1):
            let s = SectionKey(-identity - 2)
            guard sums.counts[s] != nil else { return nil }
            return .header(title: sectioning.title(of: s, aisles: model.shops.sectionAisles), totals: sectionTotals(s))
        default:
            let id = ItemID(Int64(identity))
            guard let entry = model.items[id], includes(id, entry) else { return nil }
            if let cached = model.items.cachedItem(id) { return .item(cached) }
            // Its neighbours are read with it, when known.
            return .item(item(id, at: !filling.isUnderWay ? find(key(id, entry)) ?? 0 : 0))
        }
    }

    /// The item on a row, nil for headers and the end row.
    package func itemID(at index: Int) -> ItemID? {
        if filling.isUnderWay, index >= rows.count { finishFill() }
        guard index < rows.count, !rows[index].isHeader else { return nil }
        return ItemID(rows[index].id)
    }

    package func index(of id: ItemID) -> Int? {
        // Held back (`holdRebuilds`): the rows are from before the model's latest changes, and
        // the item is where the view was told it is, even one that has left the list since (the
        // window's own actions ask the list shown, which holds nothing).
        if hold.isWaiting {
            finishFill()
            return rows.firstIndex { !$0.isHeader && $0.id == id.raw }
        }
        guard let entry = model.items[id], includes(id, entry) else { return nil }
        let k = key(id, entry)
        // An item among the first rows of a fill under way is where it will be once all are placed
        // (they are the first of the whole): a list switch selects its first row without placing
        // a hundred thousand others in that frame.
        if filling.isUnderWay, !rows.isEmpty, !(rows[rows.count - 1] < k) { return find(k) }
        finishFill()
        return find(k)
    }

    package func setSectioning(_ s: Sectioning) {
        guard s != sectioning else { return }
        sections = ListSections(s)
        reset()
    }

    package func setQuery(_ q: SearchQuery?) {
        let q = (q?.isEmpty ?? true) ? nil : q
        guard q != query else { return }
        // Typing on: the new query's matches are among the rows shown, so only they are tested, in
        // their order (no pass over every item, no sort). The first keystroke too: the whole list
        // is shown then, and every query's matches are among it.
        let narrowing = q.map { new in query.map { new.narrows($0) } ?? true } ?? false
        search = ListSearch(q)
        reset(narrowing: narrowing)
    }

    /// Moves the item on row `from` so that it shows at row `to` (indices of the current rows), taking
    /// on the aisle of the section it lands in.
    package func moveItem(from: Int, to: Int) throws(StoreError) {
        // A list acted on is wanted now: one held back from a store switch is brought up to date
        // first (its sections are of the order before, and name no aisle of the new one).
        if hold.isWaiting { catchUp() }
        guard let id = itemID(at: from), from != to else { return }
        finishFill()
        var ids = rows
        let moving = ids.remove(at: from)
        let dest = min(max(to, 0), ids.count)
        ids.insert(moving, at: dest)
        // Neighbours in the same section decide the position; the header above decides the aisle.
        let prev = dest > 0 && !ids[dest - 1].isHeader ? ItemID(ids[dest - 1].id) : nil
        let next = dest + 1 < ids.count && !ids[dest + 1].isHeader ? ItemID(ids[dest + 1].id) : nil
        var aisle = Items.AisleChange.keep
        if sectioning == .aisle, let header = ids[..<dest].last(where: \.isHeader),
           header.section != moving.section {
            aisle = .set(header.section == .noAisle ? nil : model.shops.sectionAisles.names[Int(header.section)])
        }
        try model.items.move(id, after: prev, before: next, aisle: aisle)
    }

    /// The items hidden here for other shops are shown too ("3 items for other stores", opened).
    package var showsOtherShops = false {
        didSet { if showsOtherShops != oldValue, !model.shops.hiddenHere.isEmpty { reset() } }
    }
    /// The rows past the first ones, while they are being placed (`fillMore`).
    var filling = RowFilling()
    /// Whether this list, not on screen, holds its rebuilds (`holdRebuilds`) until `catchUp`.
    package internal(set) var hold = RebuildHold()
    /// Lists from this many items are built in two parts (`rebuildFirstRows`): below it, the
    /// whole build takes less than a millisecond.
    static let fillFrom = 8_192
    /// Rows of a list's first part: more than the tallest screen shows and GTK builds at once.
    static let firstRows = 160
}
