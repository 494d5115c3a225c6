import ShopperModel

/// What the window's commands depend on, read when anything it says changes.
struct CommandState {
    /// The item editor is open: the lists' commands wait.
    var editing: Bool
    /// The list shown (nil on the Searches and Trips pages, and while editing).
    var list: ListKind?
    /// A row of that list is selected.
    var selected: Bool
    var listCount: Int
    var hasStore: Bool
    /// The list shown is shared.
    var shared: Bool
    /// The recipes and plan are shared (Sync Now syncs them too).
    var kitchenShared = false
    var inCart: Int
    /// The search has words to save.
    var searchWords: Bool
}

extension AppAction {
    /// When each window command can act (an application command always can).
    func isEnabled(in s: CommandState) -> Bool {
        switch self {
        case .tick: s.selected && s.list == .shopping
        case .untick: s.selected && s.list == .cart
        case .pick: s.selected && s.list == .all
        case .edit, .delete, .moveUp, .moveDown: s.selected
        case .moveToList: s.selected && s.listCount > 1
        case .switchList, .deleteList: !s.editing && s.listCount > 1
        case .newList, .renameList, .recentlyDeleted, .chooseShop, .manageShops, .showRecipes, .pasteRecipe,
             .showWeekPlan, .importRecipe: !s.editing
        case .manageStaples: !s.editing && s.hasStore
        case .shareList: !s.editing && !s.shared
        case .syncNow: s.shared || s.kitchenShared
        case .stopSharing: s.shared
        case .shareKitchen: !s.editing && s.hasStore
        // Enabled with nothing to take back: Ctrl+Z then says so (as GNOME's apps do) instead of
        // doing nothing, the key unhandled.
        case .undo, .redo: !s.editing
        case .finishShopping: !s.editing && s.inCart > 0
        case .saveSearch: !s.editing && s.searchWords
        case .showList, .search, .addItem, .importItems, .exportItems: !s.editing
        case .shortcuts, .close, .preferences, .about, .quit, .addLine: true
        }
    }
}
