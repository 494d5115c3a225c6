import CGtk

// libadwaita's preferences window and rows. Widgets, like the others, are floating until added.

/// An AdwPreferencesWindow with one page; Escape closes it (libadwaita does that).
@MainActor struct PreferencesWindow {
    let window: Window
    private let page: Widget

    init(parent: Window, pageTitle: String) {
        window = Window(wrapping: Widget(adw_preferences_window_new()!))
        page = Widget(adw_preferences_page_new()!)
        // Named for the window's (hidden) view switcher, which screen readers still list.
        adw_preferences_page_set_title(page.typedPointer(), pageTitle)
        adw_preferences_page_set_icon_name(page.typedPointer(), "preferences-system-symbolic")
        adw_preferences_window_add(window.widget.typedPointer(), page.typedPointer())
        // A handful of rows needs no search; libadwaita 1.2's search button is an icon that screen
        // readers could only call "GtkImage".
        adw_preferences_window_set_search_enabled(window.widget.typedPointer(), 0)
        window.transient(for: parent)
        window.modal(true)
        // A phone's width; the rows wrap their subtitles.
        window.defaultSize(440, -1)
    }

    func addGroup(title: String) -> PreferencesGroup {
        let group = PreferencesGroup(title: title)
        adw_preferences_page_add(page.typedPointer(), group.widget.typedPointer())
        return group
    }
}

@MainActor struct PreferencesGroup {
    let widget: Widget
    init(title: String) {
        widget = Widget(adw_preferences_group_new()!)
        adw_preferences_group_set_title(widget.typedPointer(), title)
    }
    func add(_ row: Widget) { adw_preferences_group_add(widget.typedPointer(), row.raw) }
}

/// A row with a title, a subtitle and a switch at its end; activating the row flips the switch.
@MainActor struct SwitchRow {
    let row: Widget
    let toggle: Switch
    init(title: String, subtitle: String) {
        row = Widget(adw_action_row_new()!)
        adw_preferences_row_set_title(row.typedPointer(), title)
        adw_action_row_set_subtitle(row.typedPointer(), subtitle)
        toggle = Switch()
        toggle.widget.align(v: .center)
        // Named by the row: libadwaita labels a row's activatable widget with its title (naming it
        // here too made screen readers say it twice).
        adw_action_row_add_suffix(row.typedPointer(), toggle.widget.raw)
        adw_action_row_set_activatable_widget(row.typedPointer(), toggle.widget.raw)
    }

    /// Keeps the switch and a boolean GSettings key equal, both ways (g_settings_bind).
    func bind(_ settings: SettingsStore, key: String) {
        g_settings_bind(
            settings.raw, key, UnsafeMutableRawPointer(toggle.widget.raw), "active", G_SETTINGS_BIND_DEFAULT)
    }
}

/// A row that offers a choice of titles in a drop-down.
@MainActor struct ComboRow {
    let row: Widget
    /// `valueAsSubtitle`: the chosen title is shown under the row's title, with the whole row's
    /// width, instead of at its end (where a long one such as "Euro (EUR)" was cut to "Yo…" at a
    /// phone's width); `subtitle` then becomes the row's tooltip.
    init(title: String, subtitle: String, choices: [String], valueAsSubtitle: Bool = false) {
        row = Widget(adw_combo_row_new()!)
        adw_preferences_row_set_title(row.typedPointer(), title)
        if valueAsSubtitle {
            adw_combo_row_set_use_subtitle(row.typedPointer(), 1)
            row.tooltip(subtitle)
        } else {
            adw_action_row_set_subtitle(row.typedPointer(), subtitle)
        }
        var cStrings: [UnsafePointer<CChar>?] = choices.map { UnsafePointer(strdup($0)) } + [nil]
        defer { cStrings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        let list = gtk_string_list_new(&cStrings)!
        adw_combo_row_set_model(row.typedPointer(), shopper_list_model(UnsafeMutableRawPointer(list)))
        g_object_unref(UnsafeMutableRawPointer(list))
        // The drop-down's rows and the chosen one in the row, named by their titles (GTK 4.8 names
        // a list's rows by nothing).
        let factory = ListItemFactory(setup: { item in
            let label = Label()
            label.xalign(0)
            item.child = label.widget
        }, bind: { item in
            guard let child = item.child, let object = item.object else { return }
            let text = gtk_string_object_get_string(OpaquePointer(object)).map { String(cString: $0) } ?? ""
            Label(wrapping: child).text = text
            child.nameListCell(text)
        })
        adw_combo_row_set_factory(row.typedPointer(), factory.raw)
        g_object_unref(UnsafeMutableRawPointer(factory.raw))
    }
    init(wrapping row: Widget) { self.row = row }
    var selected: Int {
        get { Int(adw_combo_row_get_selected(row.typedPointer())) }
        nonmutating set { adw_combo_row_set_selected(row.typedPointer(), guint(newValue)) }
    }
    func onSelected(_ f: @escaping @MainActor (Int) -> Void) {
        row.onPointer("notify::selected") { [row] _ in f(Int(adw_combo_row_get_selected(row.typedPointer()))) }
    }
}

/// A row that is a text field with its title as the placeholder (AdwEntryRow, libadwaita 1.2).
@MainActor struct EntryRow {
    let row: Widget
    init(title: String) {
        row = Widget(adw_entry_row_new()!)
        adw_preferences_row_set_title(row.typedPointer(), title)
    }
    init(wrapping row: Widget) { self.row = row }
    var text: String {
        get { String(cString: gtk_editable_get_text(OpaquePointer(row.raw))) }
        nonmutating set { gtk_editable_set_text(OpaquePointer(row.raw), newValue) }
    }
    func onChanged(_ f: @escaping @MainActor () -> Void) { row.on("changed", f) }
    /// Enter in the row answers the dialog's default response.
    func activatesDefault(_ on: Bool) { adw_entry_row_set_activates_default(row.typedPointer(), on ? 1 : 0) }
}

/// A password field row: what is typed is hidden, with a button to show it (libadwaita 1.2).
@MainActor struct PasswordEntryRow {
    let row: Widget
    init(title: String) {
        row = Widget(adw_password_entry_row_new()!)
        adw_preferences_row_set_title(row.typedPointer(), title)
        // libadwaita 1.2.2 crashes when a password row is finalized (its peek icon's notify handler
        // reads the editable being disposed): the row is kept, a few hundred bytes a Share dialog.
        g_object_ref(UnsafeMutableRawPointer(row.raw))
    }
    var text: String {
        get { String(cString: gtk_editable_get_text(OpaquePointer(row.raw))) }
        nonmutating set { gtk_editable_set_text(OpaquePointer(row.raw), newValue) }
    }
    func activatesDefault(_ on: Bool) { adw_entry_row_set_activates_default(row.typedPointer(), on ? 1 : 0) }
    /// Empties the row: the row outlives its dialog (above), the password must not.
    func clear() { gtk_editable_set_text(OpaquePointer(row.raw), "") }
}

extension PreferencesWindow {
    /// Shows `page` over the window's page (libadwaita's sub-page), with its own header.
    func presentSubpage(_ page: Widget) {
        adw_preferences_window_present_subpage(window.widget.typedPointer(), page.raw)
    }
    func closeSubpage() { adw_preferences_window_close_subpage(window.widget.typedPointer()) }
    /// Whether libadwaita's own gestures (Alt+Left, a swipe) close a sub-page.
    func canNavigateBack(_ on: Bool) {
        adw_preferences_window_set_can_navigate_back(window.widget.typedPointer(), on ? 1 : 0)
    }

    /// A toast over the window; with a button, `onButton` runs when it is pressed.
    @discardableResult
    func toast(_ title: String, button: String? = nil, onButton: (@MainActor () -> Void)? = nil) -> Toast? {
        let toast = adw_toast_new(Markup.escape(title))!
        var handle: Toast?
        if let button, let onButton {
            adw_toast_set_button_label(toast, button)
            let label = Label(title)
            label.widget.css("heading")
            handle = Toast(raw: toast, title: label)
            handle?.on("button-clicked", onButton)
        }
        adw_preferences_window_add_toast(window.widget.typedPointer(), toast)
        return handle
    }
}

extension PreferencesWindow {
    /// Room for a list; no wider than the window it belongs to (a phone).
    func fit(_ parent: Window) {
        window.defaultSize(parent.defaultWidth > 0 ? min(440, parent.defaultWidth) : 440, 560)
    }

    /// A group of one entry row with an Add button at its end (`addLabel` names it for screen
    /// readers): Enter in the row and the button both call `add`.
    func addEntryGroup(title: String, entry: EntryRow, addLabel: String, add: @escaping @MainActor () -> Void) {
        let group = addGroup(title: title)
        let button = Button(icon: "list-add-symbolic", accessibleLabel: addLabel)
        button.widget.css("flat")
        button.widget.align(v: .center)
        entry.addSuffix(button.widget)
        group.add(entry.row)
        entry.row.on("entry-activated", add)
        button.onClicked(add)
    }
}

extension PreferencesGroup {
    /// `rows` as a boxed list, activated and never selected, named `name` for screen readers.
    func addBoxedList(_ rows: ListBox, name: String) {
        rows.widget.css("boxed-list")
        rows.noSelection()
        rows.widget.accessibleLabel(name)
        add(rows.widget)
    }

    /// Dim words under the list, for when it is empty.
    func addNote(_ note: Label) {
        note.wrap()
        note.xalign(0)
        note.widget.css("dim-label")
        add(note.widget)
    }
}

/// A page of preference groups, for a sub-page of its own.
@MainActor struct PreferencesPage {
    let widget: Widget
    init() { widget = Widget(adw_preferences_page_new()!) }
    func add(_ group: PreferencesGroup) { adw_preferences_page_add(widget.typedPointer(), group.widget.typedPointer()) }
}

extension PreferencesGroup {
    /// The words under the group's title.
    func describe(_ text: String) { adw_preferences_group_set_description(widget.typedPointer(), text) }
}

extension EntryRow {
    /// A widget at the row's end (an Add button).
    func addSuffix(_ w: Widget) { adw_entry_row_add_suffix(row.typedPointer(), w.raw) }
}

/// A row of a boxed list: a title, maybe a subtitle (plain text), widgets before and after.
@MainActor struct ActionRow {
    let widget: Widget
    init(title: String, subtitle: String? = nil) {
        widget = Widget(adw_action_row_new()!)
        adw_preferences_row_set_title(widget.typedPointer(), Markup.escape(title))
        if let subtitle { adw_action_row_set_subtitle(widget.typedPointer(), Markup.escape(subtitle)) }
    }
    func addSuffix(_ w: Widget) { adw_action_row_add_suffix(widget.typedPointer(), w.raw) }
    func activatable(_ on: Bool) { gtk_list_box_row_set_activatable(widget.typedPointer(), on ? 1 : 0) }
    /// Activating the row (Enter, a click on it) activates `w`: its suffix button, by keyboard.
    func activates(_ w: Widget) { adw_action_row_set_activatable_widget(widget.typedPointer(), w.raw) }
}

/// A page that says why it is empty: an icon, a title and what to do.
@MainActor struct StatusPage {
    let widget: Widget
    init(icon: String, title: String, description: String) {
        widget = Widget(adw_status_page_new()!)
        adw_status_page_set_icon_name(widget.opaque, icon)
        adw_status_page_set_title(widget.opaque, title)
        adw_status_page_set_description(widget.opaque, description)
    }
}

/// A status page made the first time it is shown, at the end of `parent`: an empty state a page
/// may never need costs nothing (its large title and 128-pixel icon were measured at a third of a
/// page's first frame).
@MainActor final class LazyStatusPage {
    private let parent: Box
    private let icon: String, title: String, description: String
    /// The page, once made.
    private(set) var built: Widget?

    init(in parent: Box, icon: String, title: String, description: String) {
        self.parent = parent
        self.icon = icon
        self.title = title
        self.description = description
    }

    /// Whether it shows: made when first shown, only hidden after.
    var shown: Bool {
        get { built?.visible ?? false }
        set {
            if newValue { page.visible = true } else { built?.visible = false }
        }
    }

    private var page: Widget {
        if let built { return built }
        let made = StatusPage(icon: icon, title: title, description: description).widget
        made.expand(h: true, v: true)
        parent.append(made)
        built = made
        return made
    }
}
