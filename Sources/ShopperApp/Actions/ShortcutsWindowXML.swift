import ShopperModel

/// The shortcuts window (GtkShortcutsWindow), generated from the `AppAction` table: every
/// accelerator the app has, under its section, in table order.
enum ShortcutsWindowXML {
    /// Lines in a column before the next begins (a group is never split): with the groups of
    /// `AppAction.section`, the window fits a 768 px laptop screen (it was 941×932).
    static let maxHeight = 12

    /// The shortcuts window over `window`.
    @MainActor
    static func present(over window: Window) {
        ShortcutsWindow.present(xml: xml, transientFor: window, icons: ["edit-find-symbolic": L("Search Shortcuts")])
    }

    static var xml: String {
        var sections: [String: [String]] = [:]
        var order: [String] = []
        for action in AppAction.allCases {
            for (target, keys) in action.accelerators {
                // Alt+1 to Alt+9 are one line ("1...9" is the shortcuts window's range).
                if action == .switchList, let n = Int(target ?? ""), n > 1 { continue }
                let keys = action == .switchList && target == "1" ? ["<Alt>1...<Alt>9"] : keys
                if sections[action.section] == nil { order.append(action.section) }
                sections[action.section, default: []].append("""
                    <child><object class="GtkShortcutsShortcut">\
                    <property name="title">\(Markup.escape(action.shortcutTitle(target: target)))</property>\
                    <property name="accelerator">\(Markup.escape(keys.joined(separator: " ")))</property>\
                    </object></child>
                    """)
            }
        }
        let groups = order.map { section in
            "<child><object class='GtkShortcutsGroup'><property name='title'>\(Markup.escape(section))</property>\n"
                + sections[section]!.joined(separator: "\n") + "\n</object></child>"
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
            <property name="title">\(Markup.escape(AppAction.shortcuts.title))</property>
            <child><object class="GtkShortcutsSection"><property name="section-name">main</property>
            <property name="max-height">\(maxHeight)</property>
            <property name="title">\(Markup.escape(AppInfo.name))</property>
            \(groups)
            </object></child></object></interface>
            """
    }
}
