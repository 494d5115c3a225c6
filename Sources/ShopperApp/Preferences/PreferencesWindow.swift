import CGtk
import ShopperModel

/// Preferences, one row per `PreferenceRow` case. Changes are written to GSettings at once and every
/// window applies them live.
@MainActor
final class PreferencesWindow {
    let window = Window()
    private let preferences: Preferences
    /// For tests: each row's title and control, in display order.
    private(set) var rows: [(row: PreferenceRow, title: Label, control: Widget)] = []

    init(preferences: Preferences, parent: Window) {
        self.preferences = preferences
        window.title = "Preferences"
        window.defaultSize(440, -1)
        window.transient(for: parent)
        window.modal(true)
        let list = Box(GTK_ORIENTATION_VERTICAL, spacing: 18)
        list.widget.margins(24)
        list.widget.css("preferences")
        for row in PreferenceRow.allCases { list.append(build(row)) }
        window.child(list.widget)
        let keys = ShortcutController(first: true)
        keys.add("Escape") { [weak self] in self?.window.close(); return true }
        window.widget.add(keys.controller)
    }

    private func build(_ row: PreferenceRow) -> Widget {
        let line = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        let texts = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        texts.widget.expand(h: true)
        let title = Label(row.title)
        title.xalign(0)
        let subtitle = Label(row.subtitle)
        subtitle.xalign(0)
        subtitle.wrap()
        subtitle.widget.css("dim-label")
        subtitle.widget.css("caption")
        texts.append(title.widget)
        texts.append(subtitle.widget)
        line.append(texts.widget)
        let control: Widget
        switch row.control {
        case .toggle(let key):
            let s = Switch()
            s.active = preferences.bool(key)
            s.onToggled { [weak self] on in self?.preferences.set(key, on) }
            control = s.widget
        case .choice(let key, let options):
            let d = DropDown(options.map(\.title))
            d.selected = options.firstIndex { $0.value == preferences.string(key) } ?? 0
            d.onSelected { [weak self] i in self?.preferences.set(key, options[i].value) }
            control = d.widget
        case .amount(let key):
            let e = Entry()
            e.text = preferences.string(key)
            e.widget.sizeRequest(width: 90)
            e.onChanged { [weak self] in
                let value = DecimalText.parse(e.text)
                let valid = value.map { $0 > 0 } ?? false
                e.widget.css("error", !valid)
                e.widget.tooltip(valid ? nil : "Enter an amount above zero, such as 50 or 12.50")
                if valid, let value { self?.preferences.set(key, DecimalText.format(value)) }
            }
            control = e.widget
        }
        control.align(v: GTK_ALIGN_CENTER)
        control.accessibleLabel(row.title)
        line.append(control)
        rows.append((row, title, control))
        return line.widget
    }
}
