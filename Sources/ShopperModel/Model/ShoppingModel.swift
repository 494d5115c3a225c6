import Foundation

/// How one item changed: its entry before and after (nil: not there), and the old item whole where
/// known (the change was this process's own, or it was still cached).
public struct ItemChange {
    public var old: ItemEntry?
    public var new: ItemEntry?
    public var oldItem: Item?
}

/// What changed in one operation, for projections and views to update incrementally.
public struct ModelChange {
    public var items: [ItemID: ItemChange] = [:]
    public var searchesChanged = false
    public var aislesReordered = false
    /// A list was made, renamed, moved or deleted, or a list's counts changed.
    public var listsChanged = false
    /// The shops, the shop this list is shopped at, or items' "only at" marks changed: the
    /// sections' order (`sectionAisles`) or the items hidden here (`hiddenHere`) may have too.
    public var shopsChanged = false
    /// A trip was recorded, deleted or brought back.
    public var tripsChanged = false
}

/// Every item's entry (`ItemEntry`: what places, counts, filters and sums it), the aisles and the
/// saved searches, kept in memory; whole items come from the store for the rows shown
/// (`ItemContent`). Every operation is one transaction and one undo step, written through to the
/// store; it touches only the items it changes.
///
/// Other processes write to the same store (`shopper add` without a window, later a sync): each
/// operation first reads what they changed, and its write checks that every item it overwrites is
/// still the version read, so no one's acknowledged change is ever overwritten unseen. The window
/// calls `refreshIfChangedElsewhere` on a timer to show others' changes as they come.
public final class ShoppingModel {
    /// With the revision each had when this process last read or wrote it.
    public private(set) var items = ItemTable()
    public private(set) var aisles = AisleOrder() { didSet { placeShop() } }
    /// The order sections follow: the current shop's aisles first, then the list's (`AisleOrder.walking`).
    public private(set) var sectionAisles = AisleOrder()
    /// Every shop not deleted, in order, with its aisle order.
    public internal(set) var shops: [Shop] = [] { didSet { placeShop() } }
    /// This list's items sold only at some shops.
    public internal(set) var onlyAt = OnlyAt() { didSet { placeShop() } }
    /// Items the current shop does not sell: left off its shopping list.
    public private(set) var hiddenHere: Set<ItemID> = []
    /// The aisle names entries refer to by number.
    public private(set) var aisleNames = AisleNames()
    /// In display order.
    public private(set) var savedSearches: [SavedSearch] = []
    public private(set) var totals = TripTotals()
    public let store: Store?
    /// Shared by the models of every list a window shows (see `UndoHistory`).
    public let undo: UndoHistory
    /// The list this model holds; the store holds the others, which cost no memory here.
    public let list: ListID
    /// Every list (not deleted), in order, with its counts as of the last read or write.
    public internal(set) var lists: [ShoppingList] = [] { didSet { placeShop() } }

    public static let positionGap = Schema.positionGap
    private(set) var lastPosition: Int64 = 0
    /// Everything up to this revision is in memory.
    private var seenRevision: Int64 = 0
    /// The store's data_version when this process last read others' changes.
    private var seenExternalVersion: Int64 = 0
    /// For tests: whether the store was read in two halves at start (`EntryLoad`).
    private(set) var loadedInHalves = false
    /// What the trips were when this process last read them (nil: never; the first frame reads no
    /// trip), to tell others' trips to whoever shows them.
    var tripStamp: Int64?
    /// Without a store (tests of pure logic), trips are kept here.
    var memoryTrips: [TripID: Trip] = [:]
    /// Without a store (tests of pure logic), ids and revisions are counted here.
    private var memoryIDs = IDSource(nextItem: 1, nextSearch: 1)
    private var observers: [Int: (ModelChange) -> Void] = [:]
    /// While an undo or redo writes: the revisions of its items on other lists (see `replayChanges`).
    private var expectedForeign: [ItemID: Int64] = [:]
    private var nextObserver = 0
    let content: ItemContent
    /// The folded search texts, made on a worker thread (`SearchTextSlice`), in idle moments
    /// (`prepareSearch`, without a store) or when a search needs them.
    var texts = SearchTexts()
    /// The worker's reader, while one is out.
    var textReader: SearchTextReader?
    /// For tests: how many texts were taken as a worker made them.
    var textsFromReader = 0

    /// `store` nil keeps everything in memory (tests of pure logic); the app always passes one.
    public convenience init(store: Store?, list: ListID = .first, undo: UndoHistory = UndoHistory()) throws(StoreError) {
        try self.init(store: store, list: list, undo: undo, cacheLimit: ItemContent.defaultLimit)
    }

    /// A list opened while the app runs (the window shows another): read in two halves at once from
    /// a smaller size than at start (`EntryLoad.splitWhileRunningFrom`).
    public static func opening(_ list: ListID, in store: Store, undo: UndoHistory) throws(StoreError) -> ShoppingModel {
        try ShoppingModel(store: store, list: list, undo: undo, cacheLimit: ItemContent.defaultLimit,
                          splitLoadFrom: EntryLoad.splitWhileRunningFrom)
    }

    /// `cacheLimit`: items kept whole at most (tests make it small, so reads happen all the time).
    /// `splitLoadFrom`: from how many items the store is read in two halves at once; `between`
    /// comes between the halves (`EntryLoad`).
    init(store: Store?, list: ListID = .first, undo: UndoHistory = UndoHistory(), cacheLimit: Int,
         splitLoadFrom: Int = EntryLoad.splitFrom, between: (@Sendable () -> Void)? = nil) throws(StoreError) {
        self.store = store
        self.list = list
        self.undo = undo
        guard let store else {
            content = ItemContent(store: nil, limit: cacheLimit)
            lists = [.groceries()]
            return
        }
        seenExternalVersion = store.externalVersion()
        // A list that holds most of the store is read by a scan of the table, as a store of one list
        // always was; a smaller one through the (list, id) index, so its cost follows its size.
        let lists = try store.lists()
        let mine = lists.first { $0.id == list }?.itemCount ?? 0
        let scope = ListScope(list, byIndex: 2 * mine < lists.reduce(0) { $0 + $1.itemCount })
        content = ItemContent(store: store, limit: cacheLimit, scope: scope)
        let load = try EntryLoad.read(store, scope: scope, listItems: mine, splitFrom: splitLoadFrom, between: between)
        self.lists = load.contents.lists
        items = load.table
        totals = load.sums
        lastPosition = load.lastPosition
        aisleNames = load.names
        aisles = AisleOrder(load.contents.aisles)
        savedSearches = load.contents.searches
        shops = load.contents.shops
        onlyAt = load.contents.onlyAt
        seenRevision = load.contents.revision
        loadedInHalves = load.readInHalves
        placeShop()
    }

    /// Works out what follows from the current shop: the sections' order and the items it hides.
    private func placeShop() {
        let shop = currentShop
        sectionAisles = aisleOrder(at: shop)
        hiddenHere = onlyAt.hidden(at: shop, existing: Set(shops.map(\.id)))
    }

    /// Observers hear that the shops changed (see `ModelChange.shopsChanged`).
    func notifyShopsChanged() {
        var change = ModelChange()
        change.shopsChanged = true
        change.listsChanged = true
        for f in observers.values { f(change) }
    }

    /// The item as it is now; from the store unless one of the few cached. nil too when the store
    /// cannot be read: for showing an item (operations read with `readItem`, which says why).
    public func item(_ id: ItemID) -> Item? { try? readItem(id) }

    /// The item as it is now, or the error that kept it from being read.
    func readItem(_ id: ItemID) throws(StoreError) -> Item? {
        guard let entry = items[id] else { return nil }
        return try content.item(id, revision: entry.revision)
    }

    /// The item if cached as it is now; never reads the store.
    public func cachedItem(_ id: ItemID) -> Item? {
        items[id].flatMap { content.cached(id, revision: $0.revision) }
    }

    /// The items of `ids` that exist, in that order, read a thousand at a time (a whole list for
    /// the command line, say).
    public func items(_ ids: [ItemID]) throws(StoreError) -> [Item] {
        var found: [Item] = []
        found.reserveCapacity(ids.count)
        for start in stride(from: 0, to: ids.count, by: 1024) {
            let part = ids[start..<min(start + 1024, ids.count)]
            try content.prefetch(part) { items[$0]?.revision }
            for id in part { if let item = try readItem(id) { found.append(item) } }
        }
        return found
    }

    /// The items in the cart, in list order.
    public func cartItems() throws(StoreError) -> [Item] {
        var cart: [(ItemID, Int64)] = []
        items.forEach { id, entry in if entry.inCart { cart.append((id, entry.position)) } }
        return try items(cart.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0))
    }

    /// Reads the items of `ids` not cached in one go (a screen of rows about to be shown).
    public func prefetch(_ ids: some Sequence<ItemID>) {
        try? content.prefetch(ids) { items[$0]?.revision }
    }

    /// Every item, in order of id: one scan of the store, for tests; lists and export read what
    /// they show (`items(_:)`).
    public func allItems() throws(StoreError) -> [Item] {
        var all: [Item] = []
        all.reserveCapacity(items.count)
        _ = try content.forEach { item, _ in all.append(item) }
        return all
    }

    func entry(of item: Item, revision: Int64) -> ItemEntry {
        // Items read from the store are refused past this (`ItemColumns`), the app's own are
        // bounded far below it (`ItemDraft`): clamped, not trapped, should one ever get here.
        ItemEntry(revision: revision, position: item.position, lineCost: Int64(clamping: item.lineCost.units),
                  aisle: aisleNames.number(of: item.aisle), needed: item.needed, inCart: item.inCart,
                  priced: item.priceAmount != nil)
    }

    // MARK: Search texts

    /// What `SearchQuery` matches words against, for the item as it is now.
    public func searchText(of id: ItemID) -> String {
        makeSearchText(of: id)
        return texts.string(of: id) ?? ""
    }

    /// Makes the item's search text if it has none yet (one row bound before the idle slices
    /// reached it), with no String made.
    func makeSearchText(of id: ItemID) {
        guard !texts.has(id), let item = item(id) else { return }
        texts.set(item)
    }

    /// Makes the search texts of up to `budget` items that have none yet, in order of id, so the
    /// first keystroke of a search finds them ready; for an idle moment (a list calls it in slices
    /// after its first frame). Returns whether items without text remain.
    public func prepareSearch(budget: Int) -> Bool {
        guard !texts.complete else { return false }
        // Made into a local and put back: the scan calls back per item.
        var made = texts
        texts = SearchTexts()
        defer { texts = made }
        var count = 0
        let table = items
        // The store may be ahead of memory (another process's write not read yet): an item memory
        // does not hold yet gets its text when the news is read.
        do {
            let last = try content.forEachSearchText(after: made.madeUpTo, limit: budget, &made) { id in
                count += 1
                return table[id] != nil
            }
            if let last { made.madeUpTo = last }
        } catch {
            // Not complete, and no more slices for now: a search made later tries again.
            return false
        }
        if count < budget { made.complete = true }
        return !made.complete
    }

    /// Makes every search text not made yet: a search typed before the idle slices finished.
    func prepareAllSearchTexts() {
        while prepareSearch(budget: 65_536) {}
    }

    /// Every item's id and search text (all made first), in order of id.
    func forEachSearchText(_ body: (ItemID, ItemEntry, UnsafeBufferPointer<UInt8>) -> Void) {
        prepareAllSearchTexts()
        let texts = self.texts
        texts.bytes.withUnsafeBufferPointer { column in
            items.forEach { id, entry in body(id, entry, SearchTexts.text(texts.span(of: id), in: column)) }
        }
    }

    // MARK: Observing

    @discardableResult
    public func observe(_ f: @escaping (ModelChange) -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = f
        return nextObserver
    }

    public func removeObserver(_ token: Int) { observers[token] = nil }

    /// The lists read again (another model of this process wrote to one of them); observers hear
    /// of a change.
    public func reloadLists() {
        guard let store, let read = try? store.lists(), read != lists else { return }
        lists = read
        var change = ModelChange()
        change.listsChanged = true
        for f in observers.values { f(change) }
    }

    // MARK: Others' changes

    /// Shows what other processes wrote since this one last looked. Costs one PRAGMA when nothing
    /// changed, so a window can poll it. Returns whether anything was read.
    @discardableResult
    public func refreshIfChangedElsewhere() throws(StoreError) -> Bool {
        guard let store else { return false }
        let version = store.externalVersion()
        guard version != seenExternalVersion else { return false }
        try refresh()
        seenExternalVersion = version
        return true
    }

    private func refresh() throws(StoreError) {
        guard let store else { return }
        let news = try store.changes(since: seenRevision, list: list)
        var change = ModelChange()
        let before = shopsState
        if news.lists != lists {
            lists = news.lists
            change.listsChanged = true
        }
        if news.aisles != aisles.names {
            let old = aisles
            aisles = AisleOrder(news.aisles)
            change.aislesReordered = sectionsMove(old, news.aisles)
        }
        for (item, revision) in news.items {
            // This process's own write, read back: memory has it already.
            if items.revision(of: item.id) == revision { continue }
            change.items[item.id] = replaceInMemory(item.id, with: item, revision: revision)
        }
        for id in news.deleted where items[id] != nil {
            change.items[id] = replaceInMemory(id, with: nil, revision: 0)
        }
        if news.searches != savedSearches {
            savedSearches = news.searches
            change.searchesChanged = true
        }
        if news.shops != shops { shops = news.shops }
        if news.onlyAt != onlyAt { onlyAt = news.onlyAt }
        change.shopsChanged = shopsMoved(from: before)
        // Trips are not kept in memory: the Trips page reads them again when told.
        if let seen = tripStamp, news.tripStamp != seen {
            change.tripsChanged = true
            tripStamp = news.tripStamp
        }
        seenRevision = max(seenRevision, news.revision)
        if !change.items.isEmpty || change.searchesChanged || change.aislesReordered || change.listsChanged || change.shopsChanged
            || change.tripsChanged {
            for f in observers.values { f(change) }
        }
    }

    // MARK: Items

    /// A new item starts as needed, so it is on the shopping list at once.
    @discardableResult
    public func add(_ fields: ItemFields, needed: Bool = true, now: Date = Date()) throws(StoreError) -> ItemID {
        try add(batch: [ImportedItem(fields: fields, needed: needed, inCart: false)], now: now,
                actionName: L("adding “{item}”", ["item": fields.description]))[0]
    }

    /// All or nothing: one transaction and one undo step for the whole batch (import).
    @discardableResult
    public func add(batch: [ImportedItem], now: Date = Date(),
                    actionName: String? = nil) throws(StoreError) -> [ItemID] {
        let now = StoreTime.rounded(now)
        var ids: [ItemID] = []
        try commit(actionName ?? Self.importing(batch.count)) { b in
            ids = Self.addItems(batch, after: lastPosition, now: now, to: &b)
            Self.mark(zip(ids, batch.map(\.stores)), shops: shops, into: &b)
        }
        return ids
    }

    /// New items for `batch`, placed after `position`, into the change being built.
    static func addItems(_ batch: [ImportedItem], after position: Int64, now: Date, to b: inout ChangeBuilder) -> [ItemID] {
        var ids: [ItemID] = []
        ids.reserveCapacity(batch.count)
        var position = position
        for row in batch {
            let id = b.ids.newItemID()
            position += positionGap
            let item = Item(id: id, description: "", needed: row.needed || row.inCart, inCart: row.inCart,
                            position: position, createdAt: now, list: b.cs.list)
            b.cs.items[id] = b.applying(row.fields, to: item)
            ids.append(id)
        }
        return ids
    }

    // MARK: Writing off the main thread

    /// A large import, written by another thread so the window keeps drawing: what the write
    /// needs from memory is copied here, on the model's thread, so the writer reads nothing the
    /// model may change meanwhile. Run `write()` anywhere, then `finish` on the model's thread.
    public struct BackgroundImport: Sendable {
        let store: Store
        let seen: Int64
        let list: ListID
        let aisles: [String]
        let lastPosition: Int64
        let rows: [ImportedItem]
        let now: Date
        let shops: [Shop]

        public func write() -> Result<(ChangeSet, StoreCommit), StoreError> {
            do {
                return .success(try store.write(seen: seen, knownAisles: aisles, list: list) { ids throws(StoreError) in
                    var b = ChangeBuilder(ids: ids, aisles: AisleOrder(aisles), list: list)
                    let made = ShoppingModel.addItems(rows, after: lastPosition, now: now, to: &b)
                    ShoppingModel.mark(zip(made, rows.map(\.stores)), shops: shops, into: &b)
                    ids = b.ids
                    let cs = b.finished
                    // Every item is new: none may exist yet.
                    return (cs, Dictionary(uniqueKeysWithValues: cs.items.keys.map { ($0, Int64?.none) }))
                })
            } catch {
                return .failure(error)
            }
        }
    }

    /// nil without a store: then `importItems` is as quick as it gets.
    public func backgroundImport(_ rows: [ImportedItem], now: Date = Date()) -> BackgroundImport? {
        guard let store else { return nil }
        return BackgroundImport(store: store, seen: seenRevision, list: list, aisles: aisles.names, lastPosition: lastPosition,
                                rows: rows, now: StoreTime.rounded(now), shops: shops)
    }

    /// Takes a background import into memory and the undo history (one step, "Import").
    public func finish(_ job: BackgroundImport, _ result: Result<(ChangeSet, StoreCommit), StoreError>) throws(StoreError) {
        let (cs, commit) = try result.get()
        // The items are new whatever memory holds by now (a refresh may have read them already):
        // undo takes them away, and puts back the aisle order as it was before.
        var back = ChangeSet(list: list)
        for id in cs.items.keys { back.items[id] = .some(nil) }
        for id in cs.shops.keys { back.shops[id] = .some(nil) }
        for id in cs.onlyAt.keys { back.onlyAt[id] = [] }
        if cs.aisleOrder != nil { back.aisleOrder = job.aisles }
        applyInMemory(cs, commit, old: back) { undo.record(Self.importing(cs.items.count), forward: cs, backward: back) }
    }

    /// One step for lines typed or pasted: known items (`existing`) take their new fields and go back
    /// on the shopping list, the others are added. Returns each line's item.
    func addOrUpdate(_ plan: [Planned], name: String, now: Date = Date()) throws(StoreError) -> [ItemID] {
        let now = StoreTime.rounded(now)
        var ids: [ItemID] = []
        try commit(name) { (b: inout ChangeBuilder) throws(StoreError) in
            ids = []
            var position = lastPosition
            for planned in plan {
                var known: Item?
                if let id = planned.existing { known = if let written = b.cs.items[id] { written } else { try readItem(id) } }
                if let id = planned.existing, var item = known {
                    item.needed = true
                    item.updatedAt = now
                    // The lines written over the item as read inside the write: what another
                    // process changed since the plan (its notes, say) stays.
                    b.cs.items[id] = b.applying(planned.lines.reduce(item.fields) { Self.written($1, over: $0) }, to: item)
                    ids.append(id)
                } else {
                    ids += Self.addItems([ImportedItem(fields: planned.fields, needed: true, inCart: false)], after: position, now: now, to: &b)
                    position += Self.positionGap
                }
            }
        }
        return ids
    }

    public func update(_ id: ItemID, _ fields: ItemFields, now: Date = Date()) throws(StoreError) {
        try update(id, fields, needed: false, name: L("editing “{item}”", ["item": named(id)]), now: now)
    }

    /// An edit that, with `needed`, also puts the item on the shopping list: one undo step.
    func update(_ id: ItemID, _ fields: ItemFields, needed: Bool, name: String, now: Date = Date()) throws(StoreError) {
        try commit(name) { (b: inout ChangeBuilder) throws(StoreError) in
            guard var item = try readItem(id) else { return }
            if needed { item.needed = true }
            item.updatedAt = StoreTime.rounded(now)
            b.cs.items[id] = b.applying(fields, to: item)
        }
    }

    public func delete(_ ids: [ItemID]) throws(StoreError) {
        let history = try store?.history(of: ids) ?? []
        try commit(ids.count == 1 ? L("deleting “{item}”", ["item": named(ids[0])]) : N("deleting {n} item", "deleting {n} items", ids.count)) { b in
            for id in ids where items[id] != nil { b.cs.items[id] = .some(nil) }
            // History goes with the item; undo brings it back.
            b.cs.historyRemoved = history.filter { b.cs.items[$0.itemID] != nil }
        }
    }

    public func setNeeded(_ id: ItemID, _ needed: Bool) throws(StoreError) {
        // An item no longer needed cannot stay in the cart.
        try change(id, needed ? L("putting “{item}” on the shopping list", ["item": named(id)])
                              : L("taking “{item}” off the shopping list", ["item": named(id)])) { $0.needed = needed; if !needed { $0.inCart = false } }
    }

    public func toggleNeeded(_ id: ItemID) throws(StoreError) {
        try refreshIfChangedElsewhere()
        guard let entry = items[id] else { return }
        try setNeeded(id, !entry.needed)
    }

    /// Ticked off in the store: moves from the shopping list to the cart.
    public func tick(_ id: ItemID) throws(StoreError) {
        try change(id, L("putting “{item}” in the cart", ["item": named(id)])) { $0.needed = true; $0.inCart = true }
    }

    /// Back from the cart to the shopping list.
    public func untick(_ id: ItemID) throws(StoreError) {
        try change(id, L("putting “{item}” back on the shopping list", ["item": named(id)])) { $0.inCart = false }
    }

    /// Records the trip (where, when, each item as bought and what it cost) and what each cart item
    /// cost, clears needed and in-cart; the items stay in All Items. `paid` corrects prices first
    /// (on each item's own basis), and they stay as its price. Returns the trip recorded.
    @discardableResult
    public func finishShopping(paid: [ItemID: Decimal] = [:], date: Date = Date()) throws(StoreError) -> TripID? {
        let date = StoreTime.rounded(date)
        let shop = currentShop
        var recorded: TripID?
        try commit(L("finishing shopping")) { (b: inout ChangeBuilder) throws(StoreError) in
            var lines: [TripLine] = []
            for var item in try cartItems() where item.inCart {
                if let corrected = paid[item.id] { item.price = corrected }
                lines.append(TripLine(item))
                if let cost = item.unitPrice {
                    b.cs.historyAdded.append(PriceRecord(itemID: item.id, unitCost: cost, quantity: item.quantity, date: date, shop: shop))
                    item.lastPrice = cost
                    item.lastPriceDate = date
                }
                item.needed = false
                item.inCart = false
                item.updatedAt = date
                b.cs.items[item.id] = item
            }
            guard !lines.isEmpty else { return }
            let id = b.ids.newTripID()
            b.cs.trips[id] = Trip(id: id, list: list, shop: shop, shopName: shops.first { $0.id == shop }?.name ?? "", date: date, lines: lines)
            recorded = id
        }
        return recorded
    }

    public enum AisleChange: Equatable { case keep, set(String?) }

    /// Places `id` between two neighbours as shown in a list (nil: the list's start or end) and,
    /// when dropped into another aisle's section, into that aisle. Writes only the moved item, except
    /// in the rare case that the neighbours' positions leave no room, when positions are renumbered.
    public func move(_ id: ItemID, after prev: ItemID?, before next: ItemID?, aisle: AisleChange = .keep) throws(StoreError) {
        try commit(L("moving “{item}”", ["item": named(id)])) { (b: inout ChangeBuilder) throws(StoreError) in
            guard var item = try readItem(id) else { return }
            let lo = prev.flatMap { items[$0]?.position }
            let hi = next.flatMap { items[$0]?.position }
            if let p = Self.position(between: lo, and: hi) {
                item.position = p
            } else {
                b.cs = try renumbered()
                let lo2 = prev.flatMap { b.cs.items[$0]??.position }
                let hi2 = next.flatMap { b.cs.items[$0]??.position }
                item.position = Self.position(between: lo2, and: hi2) ?? item.position
            }
            if case .set(let a) = aisle {
                var f = item.fields
                f.aisle = a
                item = b.applying(f, to: item)
            }
            b.cs.items[id] = item
        }
    }

    // MARK: Aisles

    public func setAisleOrder(_ names: [String]) throws(StoreError) {
        try commit(L("reordering the aisles")) { b in b.setAisleOrder(names) }
    }

    // MARK: Saved searches

    @discardableResult
    public func saveSearch(name: String, query: String) throws(StoreError) -> SavedSearch.ID {
        var saved = SavedSearch.ID(0)
        try commit(L("saving the search “{name}”", ["name": name])) { b in
            saved = b.ids.newSearchID()
            let trimmed = ItemDraft.clean(name)
            b.cs.searches[saved] = SavedSearch(id: saved, name: trimmed.isEmpty ? query : trimmed, query: query,
                                               position: (savedSearches.last?.position ?? 0) + Self.positionGap)
        }
        return saved
    }

    public func renameSearch(_ id: SavedSearch.ID, to name: String) throws(StoreError) {
        let trimmed = ItemDraft.clean(name)
        try commit(L("renaming the search “{name}”", ["name": searchName(id)])) { b in
            guard var s = savedSearches.first(where: { $0.id == id }), !trimmed.isEmpty else { return }
            s.name = trimmed
            b.cs.searches[id] = s
        }
    }

    public func deleteSearch(_ id: SavedSearch.ID) throws(StoreError) {
        try commit(L("deleting the search “{name}”", ["name": searchName(id)])) { b in
            if savedSearches.contains(where: { $0.id == id }) { b.cs.searches[id] = .some(nil) }
        }
    }

    /// Moves a saved search to `index` in the displayed order.
    public func moveSearch(_ id: SavedSearch.ID, to index: Int) throws(StoreError) {
        try commit(L("moving the search “{name}”", ["name": searchName(id)])) { b in
            guard let from = savedSearches.firstIndex(where: { $0.id == id }) else { return }
            for s in Self.moved(savedSearches, from: from, to: index, position: \.position) { b.cs.searches[s.id] = s }
        }
    }

    /// What moving `all[from]` to `index` (in the order shown) writes: the element alone at a
    /// position between its new neighbours, or, when they leave no room, every element renumbered.
    static func moved<T>(_ all: [T], from: Int, to index: Int, position: WritableKeyPath<T, Int64>) -> [T] {
        var others = all
        var moving = others.remove(at: from)
        let i = min(max(index, 0), others.count)
        if let p = Self.position(between: i > 0 ? others[i - 1][keyPath: position] : nil,
                                 and: i < others.count ? others[i][keyPath: position] : nil) {
            moving[keyPath: position] = p
            return [moving]
        }
        others.insert(moving, at: i)
        return others.enumerated().map { n, o in
            var o = o
            o[keyPath: position] = Int64(n + 1) * Self.positionGap
            return o
        }
    }

    // MARK: Undo

    /// Undoes the last operation; returns its name, nil when there is nothing to undo. With
    /// `step`, undoes only if that step is still the latest (an Undo button offered for it).
    @discardableResult
    public func undoLast(step: Int? = nil) throws(StoreError) -> String? {
        try refreshIfChangedElsewhere()
        guard let entry = undo.undoStack.last, step == nil || step == entry.id else { return nil }
        try replay(entry, undoing: true)
        return entry.name
    }

    @discardableResult
    public func redoLast() throws(StoreError) -> String? {
        try refreshIfChangedElsewhere()
        guard let entry = undo.redoStack.last else { return nil }
        try replay(entry, undoing: false)
        return entry.name
    }

    private func replay(_ entry: UndoHistory.Entry, undoing: Bool) throws(StoreError) {
        let (cs, state) = undoing ? (entry.backward, entry.forward) : (entry.forward, entry.backward)
        do {
            try replayChanges(cs, over: state, action: undoing ? L("undo {step}", ["step": entry.name]) : L("redo {step}", ["step": entry.name])) {
                if undoing { undo.undone() } else { undo.redone() }
            }
        } catch .changedElsewhere(let d, let a) {
            // It can never apply as recorded: let the steps before it be undone (or redone).
            if undoing { undo.discardLatest() } else { undo.discardLatestRedo() }
            throw .changedElsewhere(description: d, action: a)
        }
    }

    /// Writes `cs` if every item still holds what `state` wrote: an item changed since (by another
    /// process) is not overwritten.
    private func replayChanges(_ cs: ChangeSet, over state: ChangeSet, action: String, history: () -> Void) throws(StoreError) {
        // Items the step left on another list (a move) are not in this list's memory: the store says
        // what they hold now, and the revision the write must find.
        var foreign: [ItemID: Int64] = [:]
        if let store {
            let away = state.items.keys.filter { items[$0] == nil }
            for (item, revision) in try store.reading(ListScope(list), { try $0.items(away) }) { foreign[item.id] = revision }
        }
        for (id, written) in state.items {
            let now: Item? = if items[id] != nil { try readItem(id) } else { foreignItem(id, foreign) }
            if now != written { throw .changedElsewhere(description: (now ?? written)?.description ?? L("an item"), action: action) }
        }
        expectedForeign = foreign
        defer { expectedForeign = [:] }
        var cs = cs
        if let target = cs.aisleOrder { cs.aisleOrder = Self.replayedOrder(target, undoing: state.aisleOrder ?? [], now: aisles.names) }
        do {
            let (written, back, commit) = try write { _ in cs }
            applyInMemory(written, commit, old: back, history: history)
        } catch .conflict(let id) {
            try? refresh()
            throw .changedElsewhere(description: item(id)?.description ?? L("an item"), action: action)
        }
    }

    /// The aisle order an undo or redo writes: `target`'s order, without the aisles the replayed
    /// step removes (those only in `state`), keeping every aisle added since by anyone.
    static func replayedOrder(_ target: [String], undoing state: [String], now current: [String]) -> [String] {
        let targetOrder = AisleOrder(target)
        let removed = AisleOrder(state.filter { targetOrder.index(of: $0) == nil })
        var order = targetOrder
        for a in current where removed.index(of: a) == nil { order.append(a) }
        return order.names
    }

    // MARK: Internals

    /// Undo steps are named as the end of a sentence ("Undid putting “Milk” in the cart"): these
    /// give the item or search they name.
    func named(_ id: ItemID) -> String { item(id)?.description ?? L("an item") }
    private func searchName(_ id: SavedSearch.ID) -> String { savedSearches.first { $0.id == id }?.name ?? "" }
    static func importing(_ n: Int) -> String { N("importing {n} item", "importing {n} items", n) }

    private func change(_ id: ItemID, _ name: String, _ edit: @escaping (inout Item) -> Void) throws(StoreError) {
        try commit(name) { (b: inout ChangeBuilder) throws(StoreError) in
            guard var item = try readItem(id) else { return }
            let before = item
            edit(&item)
            guard item != before else { return }
            item.updatedAt = StoreTime.rounded(Date())
            b.cs.items[id] = item
        }
    }

    /// One operation: reads others' news, builds the change from memory inside the write
    /// transaction, writes it, then updates memory and records the undo step. If another process
    /// changed one of the items in between, nothing was written: read the news and build again.
    func commit(_ name: String, _ build: (inout ChangeBuilder) throws(StoreError) -> Void) throws(StoreError) {
        try refreshIfChangedElsewhere()
        for attempt in 1...3 {
            do {
                let (cs, back, commit) = try write { ids throws(StoreError) in
                    var b = ChangeBuilder(ids: ids, aisles: aisles, list: list)
                    try build(&b)
                    ids = b.ids
                    return b.finished
                }
                guard !cs.isEmpty else { return }
                applyInMemory(cs, commit, old: back) { undo.record(name, forward: cs, backward: back) }
                return
            } catch .conflict(let id) {
                try refresh()
                if attempt == 3 { throw .conflict(id) }
            }
        }
    }

    /// Writes through the store, or counts ids and revisions here when there is none. Returns the
    /// change written, what undoes it (the items as they were, read inside the write), and the
    /// commit.
    private func write(_ build: (inout IDSource) throws(StoreError) -> ChangeSet) throws(StoreError) -> (ChangeSet, ChangeSet, StoreCommit) {
        guard let store else {
            let cs = try build(&memoryIDs)
            let back = try inverse(of: cs)
            seenRevision += 1
            return (cs, back, StoreCommit(revision: seenRevision, othersWrote: false, aisles: cs.aisleOrder))
        }
        var back = ChangeSet()
        let (cs, commit) = try store.write(seen: seenRevision, knownAisles: aisles.names, list: list) { ids, reader throws(StoreError) in
            // Items read while the change is built come through the write's connection.
            content.writer = reader
            defer { content.writer = nil }
            let cs = try build(&ids)
            back = try inverse(of: cs)
            // Each item overwritten must still be the version this process knows.
            var expected: [ItemID: Int64?] = [:]
            for id in cs.items.keys { expected[id] = .some(items.revision(of: id) ?? expectedForeign[id]) }
            return (cs, expected)
        }
        return (cs, back, commit)
    }

    /// The change set that puts back what `cs` would overwrite.
    private func inverse(of cs: ChangeSet) throws(StoreError) -> ChangeSet {
        var back = ChangeSet(list: cs.list)
        // A list restored from Recently Deleted is not among `lists`: Undo must mark it deleted
        // again, not remove its row (its items would be left on no list).
        let deleted = cs.lists.keys.contains { id in !lists.contains { $0.id == id } } ? try deletedLists() : []
        for id in cs.lists.keys { back.lists[id] = .some(lists.first { $0.id == id } ?? deleted.first { $0.id == id }) }
        var old: [ItemID: Item] = [:]
        for item in try items(Array(cs.items.keys)) { old[item.id] = item }
        for id in cs.items.keys {
            // Memory holds it, the store does not: another process deleted it since. Undo must not
            // be recorded as putting back nothing: the write is refused, the news read, and the
            // operation built again.
            if old[id] == nil, items[id] != nil { throw .conflict(id) }
            back.items[id] = .some(old[id])
        }
        for id in cs.searches.keys { back.searches[id] = .some(savedSearches.first { $0.id == id }) }
        back.historyAdded = cs.historyRemoved
        back.historyRemoved = cs.historyAdded
        if cs.aisleOrder != nil { back.aisleOrder = aisles.names }
        for id in cs.shops.keys { back.shops[id] = .some(shops.first { $0.id == id }) }
        for id in cs.onlyAt.keys { back.onlyAt[id] = onlyAt[id] }
        for id in cs.trips.keys { back.trips[id] = .some(try store.flatMap { s throws(StoreError) in try s.trip(id) } ?? memoryTrips[id]) }
        return back
    }

    /// After the store: memory follows what was committed, then the undo history (`history`), then
    /// observers hear of it: they read what Undo and Redo can do now (Ctrl+Z was left disabled when
    /// they heard before the step was recorded). Reads others' writes that came in between, so
    /// memory never misses them.
    private func applyInMemory(_ cs: ChangeSet, _ commit: StoreCommit, old back: ChangeSet, history: () -> Void) {
        var change = ModelChange()
        let shopsBefore = shopsState
        if let order = commit.aisles ?? cs.aisleOrder {
            let old = aisles
            aisles = AisleOrder(order)
            change.aislesReordered = sectionsMove(old, order)
        }
        for (id, new) in cs.items {
            // An import is written on another thread: a refresh in between may hold a newer
            // version already, which memory keeps.
            if let held = items.revision(of: id), held > commit.revision { continue }
            change.items[id] = replaceInMemory(id, with: new, revision: commit.revision, old: back.items[id] ?? nil)
        }
        if !cs.searches.isEmpty {
            for (id, s) in cs.searches {
                savedSearches.removeAll { $0.id == id }
                if let s { savedSearches.append(s) }
            }
            savedSearches.sort { $0.position < $1.position }
            change.searchesChanged = true
        }
        if !commit.othersWrote { seenRevision = max(seenRevision, commit.revision) }
        // Counts change with items (the store's triggers keep them), and lists with list steps.
        let before = lists
        if let store { lists = (try? store.lists()) ?? lists } else { applyListsInMemory(cs) }
        change.listsChanged = lists != before
        applyShopsInMemory(cs)
        change.shopsChanged = shopsMoved(from: shopsBefore)
        if !cs.trips.isEmpty {
            if store == nil { for (id, t) in cs.trips { memoryTrips[id] = t } }
            change.tripsChanged = true
        }
        history()
        for f in observers.values { f(change) }
        if commit.othersWrote { try? refresh() }
    }

    /// Memory takes `new` (nil: gone) as written at `revision`: its entry, the totals, the cached
    /// item and its search text. `old`, the item as it was, where known.
    private func replaceInMemory(_ id: ItemID, with new: Item?, revision: Int64, old: Item? = nil) -> ItemChange {
        // An item on another list now (moved there) has left this one.
        let new = new?.list == list ? new : nil
        let oldEntry = items[id]
        if let oldEntry { totals.remove(oldEntry) }
        let newEntry = new.map { entry(of: $0, revision: revision) }
        let oldItem = old ?? oldEntry.flatMap { content.cached(id, revision: $0.revision) }
        items.set(id, to: newEntry)
        content.put(id, new, revision: revision)
        if let new, let newEntry {
            totals.add(newEntry)
            lastPosition = max(lastPosition, new.position)
            // Texts made stay right; one not made yet waits for the scan (or a search's need).
            if texts.complete || id <= texts.madeUpTo || texts.has(id) { texts.set(new) }
        } else {
            texts.remove(id)
        }
        return ItemChange(old: oldEntry, new: newEntry, oldItem: oldItem)
    }

    /// Whether a new aisle order moves items between sections. Appending a name no item has had
    /// keeps every item's section; anything else may not: a reorder, an aisle taken away, or one
    /// given back that items still name (an undo took it from the order while another process
    /// filed an item under it).
    private func sectionsMove(_ old: AisleOrder, _ new: [String]) -> Bool {
        !new.starts(with: old.names) || new.dropFirst(old.names.count).contains { aisleNames.knows($0) }
    }

    static func position(between lo: Int64?, and hi: Int64?) -> Int64? {
        switch (lo, hi) {
        case (nil, nil): return positionGap
        case (let l?, nil): return l <= Int64.max - positionGap ? l + positionGap : nil
        case (nil, let h?): return h >= Int64.min + positionGap ? h - positionGap : nil
        case (let l?, let h?): return h - l > 1 ? l + (h - l) / 2 : nil
        }
    }

    /// Spreads positions evenly again, keeping the order. Rare: only when a gap is used up.
    private func renumbered() throws(StoreError) -> ChangeSet {
        var cs = ChangeSet()
        var all: [Item] = []
        _ = try content.forEach { item, _ in if items[item.id] != nil { all.append(item) } }
        for (n, var item) in all.sorted(by: { ($0.position, $0.id) < ($1.position, $1.id) }).enumerated() {
            item.position = Int64(n + 1) * Self.positionGap
            cs.items[item.id] = item
        }
        return cs
    }
}
