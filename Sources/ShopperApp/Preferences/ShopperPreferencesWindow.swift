import ShopperModel

/// Preferences (AdwPreferencesWindow), one row per `PreferenceRow` case: switches bound to GSettings
/// with g_settings_bind, a combo row for sections, an entry row for the price band. Changes apply
/// at once, in every window, and changes made from outside (gsettings set) show here live.
@MainActor
final class ShopperPreferencesWindow {
    let window: Window
    private let preferences: Preferences
    /// Where the name in the household is kept (nil: no store could be opened).
    private let store: Store?
    /// For tests: each row's enum case, title and control (the switch, combo row or entry row), in
    /// display order.
    private(set) var rows: [(row: PreferenceRow, title: String, control: Widget)] = []
    /// Refreshers of rows not bound by GSettings itself.
    private var followers: [@MainActor () -> Void] = []

    /// The one open, brought to the front rather than opened twice; let go when closed.
    private(set) static var shown: ShopperPreferencesWindow?

    /// Preferences over `parent`: the one open, or a new one.
    static func present(_ preferences: Preferences, over parent: Window, store: Store?) {
        if shown == nil {
            let p = ShopperPreferencesWindow(preferences: preferences, parent: parent, store: store)
            p.window.onCloseRequest { shown = nil; return false }
            shown = p
        }
        shown?.window.present()
    }

    init(preferences: Preferences, parent: Window, store: Store? = nil) {
        self.preferences = preferences
        self.store = store
        let prefs = PreferencesWindow(parent: parent, pageTitle: L("General"))
        window = prefs.window
        window.title = L("Preferences")
        for kind in PreferenceRow.Group.allCases {
            let group = prefs.addGroup(title: kind.title)
            if kind.description(money: preferences.money) != nil {
                let describe: @MainActor () -> Void = { [weak preferences] in
                    if let money = preferences?.money, let text = kind.description(money: money) {
                        group.describe(text)
                    }
                }
                describe()
                followers.append(describe)  // the currency chosen
            }
            for row in PreferenceRow.allCases where row.group == kind {
                let (widget, control) = build(row)
                group.add(widget)
                rows.append((row, row.title, control))
            }
        }
        observer = preferences.observe { [weak self] in self?.followers.forEach { $0() } }
    }

    private var observer = 0
    isolated deinit { preferences.removeObserver(observer) }

    /// The row, and the widget that holds its value.
    private func build(_ row: PreferenceRow) -> (Widget, Widget) {
        switch row.control {
        case .toggle(let key):
            let r = SwitchRow(title: row.title, subtitle: row.subtitle)
            if let settings = preferences.settings {
                r.bind(settings, key: key.rawValue)
            } else {
                // No schema (a build run by hand, tests): the in-memory preferences instead.
                r.toggle.active = preferences.bool(key)
                r.toggle.onToggled { [weak self] on in self?.preferences.set(key, on) }
                followers.append { [weak self] in
                    if let v = self?.preferences.bool(key), r.toggle.active != v { r.toggle.active = v }
                }
            }
            return (r.row, r.toggle.widget)
        case .choice(let key, let options):
            let r = ComboRow(
                title: row.title, subtitle: row.subtitle, choices: options.map(\.title),
                valueAsSubtitle: row == .currency)
            let index = { [weak self] in options.firstIndex { $0.value == self?.preferences.string(key) } ?? 0 }
            r.selected = index()
            r.onSelected { [weak self] i in
                guard let self, i < options.count, preferences.string(key) != options[i].value else { return }
                preferences.set(key, options[i].value)
            }
            followers.append { if r.selected != index() { r.selected = index() } }
            return (r.row, r.row)
        case .amount(let key):
            let r = EntryRow(title: row.title)
            r.text = preferences.string(key)
            r.row.tooltip(row.subtitle)
            r.onChanged { [weak self] in
                let value = DecimalText.parse(r.text)
                let valid = value.map { $0 > 0 } ?? false
                r.row.css("error", !valid)
                // Invalid text is never stored: the lists keep the last good threshold.
                if valid, let value, self?.preferences.string(key) != DecimalText.format(value) {
                    self?.preferences.set(key, DecimalText.format(value))
                }
            }
            return (r.row, r.row)
        case .householdName:
            let r = EntryRow(title: row.title)
            r.text = ((try? store?.kitchenTables.sharingName()) ?? nil) ?? ""
            r.row.tooltip(row.subtitle)
            r.row.sensitive = store != nil
            r.onChanged { [weak self] in
                // Kept as typed (the store trims it and keeps 80 characters); a failed write is shown.
                let kept = (try? self?.store?.kitchenTables.setSharingName(r.text)) != nil
                r.row.css("error", !kept)
            }
            return (r.row, r.row)
        }
    }
}
