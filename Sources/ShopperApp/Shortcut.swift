import ShopperModel

/// Every keyboard shortcut, in one table: the window's key handling and the shortcuts window are
/// both generated from it. Reorder the cases and the shortcuts window follows.
enum Shortcut: Hashable {
    case show(ListKind)
    case showSearches, find
    case addItem, undo, redo, finishShopping, preferences, shortcuts
    case tick, editItem, deleteItem, moveUp, moveDown

    static var allCases: [Shortcut] {
        ListKind.allCases.map(Shortcut.show)
            + [.showSearches, .find, .addItem, .undo, .redo, .finishShopping, .preferences, .shortcuts,
               .tick, .editItem, .deleteItem, .moveUp, .moveDown]
    }

    /// GTK trigger syntax.
    var trigger: String {
        switch self {
        case .show(let kind): "<Control>\(ListKind.allCases.firstIndex(of: kind)! + 1)"
        case .showSearches: "<Control>\(ListKind.allCases.count + 1)"
        case .find: "<Control>f"
        case .addItem: "<Control>n"
        case .undo: "<Control>z"
        case .redo: "<Control><Shift>z"
        case .finishShopping: "<Control>Return"
        case .preferences: "<Control>comma"
        case .shortcuts: "<Control>question"
        case .tick: "space"
        case .editItem: "F2"
        case .deleteItem: "Delete"
        case .moveUp: "<Alt>Up"
        case .moveDown: "<Alt>Down"
        }
    }

    var title: String {
        switch self {
        case .show(let kind): "Show \(kind.title)"
        case .showSearches: "Show Saved Searches"
        case .find: "Search"
        case .addItem: "Add an item"
        case .undo: "Undo"
        case .redo: "Redo"
        case .finishShopping: "Finish shopping"
        case .preferences: "Preferences"
        case .shortcuts: "Keyboard shortcuts"
        case .tick: "Tick off or untick the selected item"
        case .editItem: "Edit the selected item"
        case .deleteItem: "Delete the selected item"
        case .moveUp: "Move the selected item up"
        case .moveDown: "Move the selected item down"
        }
    }

    /// List shortcuts act on the focused row and work only while a list has focus.
    var isListShortcut: Bool { [.tick, .editItem, .deleteItem, .moveUp, .moveDown].contains(self) }

    var section: String { isListShortcut ? "Items" : "General" }

    /// GtkShortcutsWindow XML for all shortcuts.
    static var shortcutsWindowXML: String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        var groups: [String: [Shortcut]] = [:]
        var order: [String] = []
        for s in allCases {
            if groups[s.section] == nil { order.append(s.section) }
            groups[s.section, default: []].append(s)
        }
        let body = order.map { section -> String in
            let items = groups[section]!.map { s in
                """
                <child><object class="GtkShortcutsShortcut"><property name="title">\(escape(s.title))</property>\
                <property name="accelerator">\(escape(s.trigger))</property></object></child>
                """
            }.joined(separator: "\n")
            return "<child><object class='GtkShortcutsGroup'><property name='title'>\(section)</property>\n\(items)\n</object></child>"
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
            <child><object class="GtkShortcutsSection"><property name="section-name">main</property>
            \(body)
            </object></child></object></interface>
            """
    }
}
