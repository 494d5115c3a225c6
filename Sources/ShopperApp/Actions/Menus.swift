import ShopperModel

/// The window's menus, made of the `AppAction` table's commands by their titles (and keys).
@MainActor
enum Menus {
    /// The main menu (F10): files, the trip, the app.
    static func main() -> Menu {
        of([[.newList, .renameList, .deleteList, .recentlyDeleted], [.shareList, .syncNow, .stopSharing, .shareKitchen],
            [.importItems, .exportItems], [.manageShops, .manageStaples, .finishShopping],
            [.preferences, .shortcuts, .about]
        ])
    }

    /// A menu of actions by their titles, a section a group.
    static func of(_ groups: [[AppAction]]) -> Menu {
        let menu = Menu()
        for group in groups {
            let section = Menu()
            for action in group { section.append(action.title, action: action.detailedName) }
            menu.appendSection(section)
        }
        return menu
    }

    /// A row's menu (right click, Shift+F10, Menu): what can be done to the item on that list, in
    /// words that say what happens to it, each with its key.
    static func row(for kind: ListKind, needed: Bool = false, otherLists: [ShoppingList] = []) -> Menu {
        let menu = Menu()
        func add(_ a: AppAction, _ title: String? = nil, to section: Menu) {
            section.append(title ?? a.title, action: a.detailedName, accel: a.accelerators.first?.keys.first)
        }
        let first = Menu()
        switch kind {
        case .all: add(.pick, needed ? L("Take Off the Shopping List") : L("Put on the Shopping List"), to: first)
        case .shopping: add(.tick, to: first)
        case .cart: add(.untick, to: first)
        }
        add(.edit, to: first)
        menu.appendSection(first)
        let moves = Menu()
        for a in [AppAction.moveUp, .moveDown] { add(a, to: moves) }
        // Each other list by name, in the sidebar's order.
        if !otherLists.isEmpty {
            let lists = Menu()
            for list in otherLists {
                lists.append(list.name, action: AppAction.moveToList.detailedName, target: "\(list.id.raw)")
            }
            moves.appendSubmenu(AppAction.moveToList.title, lists)
        }
        menu.appendSection(moves)
        let last = Menu()
        add(.delete, to: last)
        menu.appendSection(last)
        return menu
    }

    /// The recipes' menu: getting a recipe in, the staples, and the application's items (the
    /// lists' main menu is in their header, which the recipes' place covers).
    static func recipes() -> Menu {
        of([[.pasteRecipe, .importRecipe], [.manageStaples, .shareKitchen], [.preferences, .shortcuts, .about]])
    }
}
