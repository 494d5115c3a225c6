import Foundation

/// One list as this process holds it: small owners of its memory on one commit-and-undo core.
/// Open the owner of what you work on:
/// - `items` (`Items`): the list's entries (what places, counts, filters and sums an item), whole
///   items read from the store for the rows shown (`ItemContent`), and what is done to them;
/// - `lists` (`Lists`): every list, and making, ordering, deleting and restoring them;
/// - `aisles` (`Aisles`): the list's aisle order and where a new item goes (`AislePlacer`);
/// - `searches` (`Searches`): saved searches and the folded texts a search reads;
/// - `shops` (`Shops`): the shops, their aisle orders, items sold only at some, the one shopped at;
/// - `trips` (`Trips`): finished shopping trips and prices paid;
/// - `recipes` (`Recipes`), `plan` (`WeekPlan`): the recipe book, the week's plan and recipe adds;
/// - `imports` (`Imports`): rows from files and pastes merged into the list;
/// - `core` (`ModelCore`): the store, the undo history, the revision, the observers, the commit.
/// Every operation is one transaction and one undo step, written through to the store; it touches
/// only the items it changes. How memory follows a commit is in `ShoppingModel+Following.swift`.
/// The owners reach the core and each other through this model (`ModelPart.model`, unowned): hold
/// the model, not an owner alone, for as long as its owners are used.
package final class ShoppingModel {
    package let core: ModelCore
    package let items: Items
    package let lists: Lists
    package let aisles: Aisles
    package let searches: Searches
    package let shops: Shops
    package let trips: Trips
    package let recipes: Recipes
    package let plan: WeekPlan
    package let imports: Imports

    /// What identifies a model: its store, its list, the undo history it shares.
    package var store: Store { core.store }
    package var list: ListID { core.list }
    package var undo: UndoHistory { core.undo }

    package static let positionGap = Schema.positionGap

    package convenience init(store: Store, list: ListID = .first, undo: UndoHistory = UndoHistory()) throws(StoreError)
    {
        try self.init(store: store, list: list, undo: undo, cacheLimit: ItemContent.defaultLimit)
    }

    /// A list opened while the app runs (the window shows another): read in two halves at once from
    /// a smaller size than at start (`EntryLoad.splitWhileRunningFrom`).
    package static func opening(_ list: ListID, in store: Store, undo: UndoHistory) throws(StoreError) -> ShoppingModel
    {
        try ShoppingModel(store: store, list: list, undo: undo, cacheLimit: ItemContent.defaultLimit,
                          splitLoadFrom: EntryLoad.splitWhileRunningFrom)
    }

    /// `cacheLimit`: items kept whole at most (tests make it small, so reads happen all the time).
    /// `splitLoadFrom`: from how many items the store is read in two halves at once; `between`
    /// comes between the halves (`EntryLoad`).
    init(store: Store, list: ListID = .first, undo: UndoHistory = UndoHistory(), cacheLimit: Int,
         splitLoadFrom: Int = EntryLoad.splitFrom, between: (@Sendable () -> Void)? = nil,
         readsCheckpoint: Bool = true) throws(StoreError) {
        core = ModelCore(store: store, list: list, undo: undo)
        // A list that holds most of the store is read by a scan of the table, as a store of one list
        // always was; a smaller one through the (list, id) index, so its cost follows its size.
        let lists = try store.lists()
        let mine = lists.first { $0.id == list }?.itemCount ?? 0
        let scope = ListScope(list, byIndex: 2 * mine < lists.reduce(0) { $0 + $1.itemCount })
        items = Items(content: ItemContent(store: store, limit: cacheLimit, scope: scope))
        self.lists = Lists()
        aisles = Aisles()
        searches = Searches()
        shops = Shops()
        trips = Trips()
        recipes = Recipes()
        plan = WeekPlan()
        imports = Imports()
        core.model = self
        for part in [items, self.lists, aisles, searches, shops, trips, recipes, plan, imports] as [any ModelPart] {
            part.model = self
        }
        take(try EntryLoad.read(store, scope: scope, listItems: mine, splitFrom: splitLoadFrom, between: between,
                                checkpoint: readsCheckpoint))
    }

    /// The key a description is known by: case and accents do not make another item.
    package static func matchKey(_ description: String) -> String { SearchQuery.fold(description) }
}

/// An owner of part of a list's memory: it reaches the core and the other owners through the
/// model it is part of.
protocol ModelPart: AnyObject {
    var model: ShoppingModel! { get set }
}

extension ModelPart {
    /// The model's commit and undo core.
    var core: ModelCore { model.core }
    /// The model's store.
    var store: Store { model.core.store }
}
