import Foundation

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
    public internal(set) var items = ItemTable()
    public internal(set) var aisles = AisleOrder() { didSet { placeShop() } }
    /// The order sections follow: the current shop's aisles first, then the list's (`AisleOrder.walking`).
    var sectionAisles = AisleOrder()
    /// Every shop not deleted, in order, with its aisle order.
    public internal(set) var shops: [Shop] = [] { didSet { placeShop() } }
    /// This list's items sold only at some shops.
    public internal(set) var onlyAt = OnlyAt() { didSet { placeShop() } }
    /// Items the current shop does not sell: left off its shopping list.
    var hiddenHere: Set<ItemID> = []
    /// The aisle names entries refer to by number.
    var aisleNames = AisleNames()
    /// In display order.
    public internal(set) var savedSearches: [SavedSearch] = []
    public internal(set) var totals = TripTotals()
    public let store: Store
    /// Shared by the models of every list a window shows (see `UndoHistory`).
    public let undo: UndoHistory
    /// The list this model holds; the store holds the others, which cost no memory here.
    public let list: ListID
    /// Every list (not deleted), in order, with its counts as of the last read or write.
    public internal(set) var lists: [ShoppingList] = [] { didSet { placeShop() } }

    public static let positionGap = Schema.positionGap
    var lastPosition: Int64 = 0
    /// Everything up to this revision is in memory.
    var seenRevision: Int64 = 0
    /// The store's data_version when this process last read others' changes.
    var seenExternalVersion: Int64 = 0
    /// For tests: whether the store was read in two halves at start (`EntryLoad`).
    var loadedInHalves = false
    /// How many items changed in memory since the checkpoint the entries were read from
    /// (`EntryCheckpoint`): whether a new one is worth writing (`checkpointJob`). nil: read whole.
    var changedSinceCheckpoint: Int?
    /// What the trips were when this process last read them (nil: never; the first frame reads no
    /// trip), to tell others' trips to whoever shows them.
    var tripStamp: Int64?
    /// Where new items go (`aislePlacer`), with the revision and count it was made at.
    var keptPlacer: (revision: Int64, count: Int, placer: AislePlacer)?
    /// For tests: how many passes over the list making the placer took.
    var placerPasses = 0
    /// A recipe preview's lookups, with this model's and the store's revisions when they were made
    /// (`recipeLookups`).
    var keptRecipeLookups: (revision: Int64, stored: Int64, lookups: RecipeToList.Lookups)?
    /// For tests: how many passes over the list's search texts recipe adds and previews made.
    var listPasses = 0
    var observers: [Int: (ModelChange) -> Void] = [:]
    /// Heard before memory takes a change of so many items (`observers` hear it after).
    var comingObservers: [Int: (Int, Bool) -> Void] = [:]
    /// While an undo or redo writes: the revisions of its items on other lists (see `replayChanges`).
    var expectedForeign: [ItemID: Int64] = [:]
    var nextObserver = 0
    let content: ItemContent
    /// The folded search texts, made on a worker thread (`SearchTextSlice`) or when a search needs
    /// them.
    var texts = SearchTexts()
    /// The worker's reader, while one is out.
    var textReader: SearchTextReader?
    /// For tests: how many texts were taken as a worker made them.
    var textsFromReader = 0

    public convenience init(store: Store, list: ListID = .first, undo: UndoHistory = UndoHistory()) throws(StoreError) {
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
    init(store: Store, list: ListID = .first, undo: UndoHistory = UndoHistory(), cacheLimit: Int,
         splitLoadFrom: Int = EntryLoad.splitFrom, between: (@Sendable () -> Void)? = nil, readsCheckpoint: Bool = true) throws(StoreError) {
        self.store = store
        self.list = list
        self.undo = undo
        seenExternalVersion = store.externalVersion()
        // A list that holds most of the store is read by a scan of the table, as a store of one list
        // always was; a smaller one through the (list, id) index, so its cost follows its size.
        let lists = try store.lists()
        let mine = lists.first { $0.id == list }?.itemCount ?? 0
        let scope = ListScope(list, byIndex: 2 * mine < lists.reduce(0) { $0 + $1.itemCount })
        content = ItemContent(store: store, limit: cacheLimit, scope: scope)
        take(try EntryLoad.read(store, scope: scope, listItems: mine, splitFrom: splitLoadFrom, between: between,
                                checkpoint: readsCheckpoint))
    }

    /// The list as read from the store: at start, and when it is read again whole (`reread`).
    func take(_ load: EntryLoad) {
        lists = load.contents.lists
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
        changedSinceCheckpoint = load.checkpointNews
        placeShop()
    }

    /// Works out what follows from the current shop: the sections' order and the items it hides.
    func placeShop() {
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
    func cachedItem(_ id: ItemID) -> Item? {
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
    func prefetch(_ ids: some Sequence<ItemID>) {
        try? content.prefetch(ids) { items[$0]?.revision }
    }

    /// Every item, in order of id: one scan of the store, for tests; lists and export read what
    /// they show (`items(_:)`).
    func allItems() throws(StoreError) -> [Item] {
        var all: [Item] = []
        all.reserveCapacity(items.count)
        _ = try content.forEach { item, _ in all.append(item) }
        return all
    }

    func entry(of item: Item, revision: Int64) -> ItemEntry {
        ItemEntry(item, revision: revision, aisle: aisleNames.number(of: item.aisle))
    }

    // MARK: Observing

    @discardableResult
    public func observe(_ f: @escaping (ModelChange) -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = f
        return nextObserver
    }

    public func removeObserver(_ token: Int) {
        observers[token] = nil
        comingObservers[token] = nil
    }

    /// `f` hears how many items a change brings (and whether it moves sections) before memory
    /// takes it: whoever holds the entries as they still are (a list's rows being placed from
    /// them) can finish with them first, or the change's write copies the whole table (14 ms of
    /// the first tick at a million items). Removed with `token`.
    func observeComing(_ token: Int, _ f: @escaping (_ items: Int, _ sectionsMove: Bool) -> Void) {
        comingObservers[token] = f
    }

    /// Tells `comingObservers` of a change of `count` items about to be taken into memory.
    func changeComing(_ count: Int, sectionsMove: Bool) {
        guard count > 0 else { return }
        for f in comingObservers.values { f(count, sectionsMove) }
    }

    /// The lists read again (another model of this process wrote to one of them); observers hear
    /// of a change.
    public func reloadLists() {
        guard let read = try? store.lists(), read != lists else { return }
        lists = read
        var change = ModelChange()
        change.listsChanged = true
        for f in observers.values { f(change) }
    }
}
