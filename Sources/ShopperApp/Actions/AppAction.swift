import ShopperModel

/// Every command of the app, in one table: its action name and scope, parameter, accelerators,
/// title and section. Actions are registered, accelerators set, the shortcuts window and the menus
/// built from it; when each is enabled is `MainWindow.isEnabled`. Reorder the cases and the
/// shortcuts window follows.
enum AppAction: String, CaseIterable {
    case showList = "show-list"
    /// Opens another of the user's lists: "next", "previous", or its place in the sidebar ("1"…"9").
    case switchList = "switch-list"
    case newList = "new-list"
    case renameList = "rename-list"
    case deleteList = "delete-list"
    /// The lists deleted in the last week, to restore.
    case recentlyDeleted = "recently-deleted"
    /// Moves the selected item to the list whose id is the target.
    case moveToList = "move-to-list"
    /// Sharing the list shown over CalDAV.
    case shareList = "share-list"
    case syncNow = "sync-now"
    case stopSharing = "stop-sharing"
    /// Sharing the household's recipes and the week's plan over CalDAV (or where they are shared).
    case shareKitchen = "share-kitchen"
    /// Shops the list at the store whose id is the target ("0": Any Store).
    case chooseShop = "choose-store"
    case manageShops = "stores"
    /// The household's recipes, in place of the lists (the sidebar's Recipes).
    case showRecipes = "show-recipes"
    /// A recipe typed or pasted whole, with what was understood shown before it is kept.
    case pasteRecipe = "paste-recipe"
    /// The week's plan, in the recipes' place.
    case showWeekPlan = "show-week"
    /// A recipe from a web page or a file, checked before it is kept.
    case importRecipe = "import-recipe"
    /// What is always at home (salt, pepper…): shown when a recipe is added, never put on a list.
    case manageStaples = "staples"
    case search
    case saveSearch = "save-search"
    case addItem = "add-item"
    /// Adds a line of text as an item (`gdbus … org.gtk.Actions.Activate add-line`); `shopper add`
    /// uses a method that answers once the item is saved instead.
    case addLine = "add-line"
    case undo, redo
    case finishShopping = "finish-shopping"
    case importItems = "import"
    case exportItems = "export"
    case preferences
    case shortcuts
    case about
    case close
    case quit
    // On the selected row.
    case tick, untick, pick, edit, delete
    case moveUp = "move-up"
    case moveDown = "move-down"

    enum Scope: String { case app, win }

    /// "app." actions belong to the application (reachable over D-Bus with no window); the rest
    /// to the main window.
    var scope: Scope {
        switch self {
        case .preferences, .about, .quit, .addLine: .app
        default: .win
        }
    }

    var detailedName: String { "\(scope.rawValue).\(rawValue)" }

    /// Whether the action takes a string (the list to show).
    var takesString: Bool { [.showList, .addLine, .switchList, .moveToList, .chooseShop].contains(self) }

    /// The targets of `showList`, in switcher order.
    static let pages = ListKind.allCases.map(\.rawValue) + [searchesPage, tripsPage]
    static let searchesPage = "searches"
    static let tripsPage = "trips"

    /// Accelerators, per target for actions that take one.
    var accelerators: [(target: String?, keys: [String])] {
        switch self {
        case .showList: Self.pages.enumerated().map { (i, page) in (page, ["<Control>\(i + 1)"]) }
        case .switchList: [("next", ["<Control>Page_Down"]), ("previous", ["<Control>Page_Up"])]
            + (1...9).map { ("\($0)", ["<Alt>\($0)"]) }
        case .newList: [(nil, ["<Shift><Control>n"])]
        case .search: [(nil, ["<Control>f"])]
        case .addItem: [(nil, ["<Control>n"])]
        case .undo: [(nil, ["<Control>z"])]
        case .redo: [(nil, ["<Shift><Control>z"])]
        case .finishShopping: [(nil, ["<Control>Return"])]
        case .importItems: [(nil, ["<Control>o"])]
        case .exportItems: [(nil, ["<Control>e"])]
        case .preferences: [(nil, ["<Control>comma"])]
        case .shortcuts: [(nil, ["<Control>question"])]
        case .close: [(nil, ["<Control>w"])]
        case .quit: [(nil, ["<Control>q"])]
        case .tick, .untick, .pick: [(nil, ["space"])]
        case .edit: [(nil, ["F2"])]
        case .delete: [(nil, ["Delete"])]
        case .moveUp: [(nil, ["<Alt>Up"])]
        case .moveDown: [(nil, ["<Alt>Down"])]
        case .syncNow: [(nil, ["<Control>r"])]
        case .showRecipes: [(nil, ["<Control>6"])]
        case .pasteRecipe: [(nil, ["<Shift><Control>v"])]
        case .showWeekPlan: [(nil, ["<Control>7"])]
        case .importRecipe: [(nil, ["<Shift><Control>o"])]
        case .saveSearch, .about, .addLine, .renameList, .deleteList, .recentlyDeleted, .moveToList, .shareList,
            .stopSharing, .shareKitchen, .chooseShop, .manageShops, .manageStaples:
            []
        }
    }

    /// Keys of row actions work while the list has focus: set as application accelerators they
    /// would also fire in text fields (Space, Delete) or lose to the list's own keys.
    var isRowAction: Bool { [.tick, .untick, .pick, .edit, .delete, .moveUp, .moveDown].contains(self) }

    var title: String {
        switch self {
        case .showList: L("Show a list")
        case .switchList: L("Switch to another list")
        case .newList: L("New List…")
        case .renameList: L("Rename List…")
        case .deleteList: L("Delete List")
        case .recentlyDeleted: L("Recently Deleted…")
        case .moveToList: L("Move to List")
        case .shareList: L("Share List…")
        case .syncNow: L("Sync Now")
        case .stopSharing: L("Stop Sharing")
        case .shareKitchen: L("Share Recipes and Plan…")
        case .chooseShop: L("Choose a Store")
        case .manageShops: L("Stores…")
        case .showRecipes: L("Show Recipes")
        case .pasteRecipe: L("Paste a Recipe…")
        case .showWeekPlan: L("Show the Week’s Plan")
        case .importRecipe: L("Import a Recipe…")
        case .manageStaples: L("Always at Home…")
        case .search: L("Search")
        case .saveSearch: L("Save Search…")
        case .addItem: L("Add an item")
        case .addLine: L("Add an item from text")
        case .undo: L("Undo")
        case .redo: L("Redo")
        case .finishShopping: L("Finish Shopping")
        case .importItems: L("Import…")
        case .exportItems: L("Export…")
        case .preferences: L("Preferences")
        case .shortcuts: L("Keyboard Shortcuts")
        case .about: L("About Shopper")
        case .close: L("Close window")
        case .quit: L("Quit")
        case .tick: L("Put in Cart")
        case .untick: L("Back to List")
        case .pick: L("Need or not needed")
        case .edit: L("Edit…")
        case .delete: L("Delete")
        case .moveUp: L("Move Up")
        case .moveDown: L("Move Down")
        }
    }

    /// What the shortcuts window says for an accelerator.
    func shortcutTitle(target: String?) -> String {
        switch self {
        case .showList:
            if let kind = ListKind(rawValue: target ?? "") { return L("Show {list}", ["list": kind.title]) }
            return target == Self.tripsPage ? L("Show Trips") : L("Show Saved Searches")
        case .switchList:
            switch target {
            case "next": return L("Next list")
            case "previous": return L("Previous list")
            default: return L("The first to ninth list in the sidebar")
            }
        case .tick: return L("Tick off the selected item")
        case .untick: return L("Put the selected item back on the list")
        case .pick: return L("Pick or unpick the selected item (All Items)")
        case .edit: return L("Edit the selected item")
        case .delete: return L("Delete the selected item")
        case .moveUp: return L("Move the selected item up")
        case .moveDown: return L("Move the selected item down")
        default: return title
        }
    }

    /// The shortcuts window's group. GTK never splits a group across columns: one "General" group of
    /// twenty made the window taller than a laptop's screen.
    var section: String {
        if isRowAction { return L("Items") }
        switch self {
        case .showList, .switchList, .newList, .showRecipes, .showWeekPlan: return L("Lists and Pages")
        case .importItems, .exportItems, .syncNow: return L("Files and Sharing")
        case .preferences, .shortcuts, .close, .quit: return L("Application")
        default: return L("Editing")
        }
    }

    /// "scope.name" or "scope.name::target", as accelerators and menus name an action.
    func detailedName(target: String?) -> String { detailedName + (target.map { "::\($0)" } ?? "") }

    /// Every accelerator of the table on the application (row actions' keys belong to the lists,
    /// see ListPage: as accelerators they would also fire in text fields).
    @MainActor static func setAccelerators(on app: Application) {
        for action in allCases where !action.isRowAction {
            for (target, keys) in action.accelerators where !keys.isEmpty {
                app.accelerator(action.detailedName(target: target), keys)
            }
        }
    }

    /// Row actions a list offers: the Space key ticks on the Shopping List, unticks in the Cart
    /// and picks on All Items.
    func applies(to kind: ListKind) -> Bool {
        switch self {
        case .tick: kind == .shopping
        case .untick: kind == .cart
        case .pick: kind == .all
        default: isRowAction
        }
    }
}
