import CGtk

/// What a drawn widget shows, for tests that check the rendered window against the widgets in it.
enum DrawnContent: Equatable {
    case text(String)
    case icon
}

extension Widget {
    /// Every label and image below this widget that is drawn now (mapped, visible, not empty),
    /// depth first.
    func drawnContent() -> [(widget: Widget, content: DrawnContent)] {
        descendants().compactMap { w in
            guard w.isDrawable, w.width > 0, w.height > 0 else { return nil }
            if let text = w.labelText {
                return text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : (w, .text(text))
            }
            let instance = UnsafeMutableRawPointer(w.raw).assumingMemoryBound(to: GTypeInstance.self)
            guard g_type_check_instance_is_a(instance, gtk_image_get_type()) != 0,
                  gtk_image_get_storage_type(w.opaque) != GTK_IMAGE_EMPTY else { return nil }
            return (w, .icon)
        }
    }

    /// "GtkLabel", and the type names of its parent and grandparent: to name a widget in a message.
    var typePath: String {
        var names: [String] = []
        var w: UnsafeMutablePointer<GtkWidget>? = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GtkWidget.self)
        while let c = w, names.count < 4 {
            let name = String(cString: gtk_widget_get_name(c))
            let css = Widget(unsafe: UnsafeMutableRawPointer(c)).cssClasses
            names.append(css.isEmpty ? name : "\(name).\(css.joined(separator: "."))")
            w = gtk_widget_get_parent(c)
        }
        return names.joined(separator: " < ")
    }

    /// Every widget below this one, depth first.
    func descendants() -> [Widget] {
        var out: [Widget] = []
        var child = gtk_widget_get_first_child(raw)
        while let c = child {
            let w = Widget(unsafe: UnsafeMutableRawPointer(c))
            out.append(w)
            out += w.descendants()
            child = gtk_widget_get_next_sibling(c)
        }
        return out
    }

    /// Names every button below this widget for screen readers, where GTK 4.8 and libadwaita 1.2 do
    /// not: an icon button is read as "GtkImage" (the search bar's and a toast's close buttons), a
    /// menu button as "GtkMenuButton", and a toast's or a message dialog's labelled button twice
    /// ("Undo Undo": libadwaita names it by its label, and GTK adds the label's text). `icons` says
    /// what each icon means.
    func nameButtons(icons: [String: String]) {
        for w in descendants() {
            let instance = UnsafeMutableRawPointer(w.raw).assumingMemoryBound(to: GTypeInstance.self)
            let isMenuButton = g_type_check_instance_is_a(instance, gtk_menu_button_get_type()) != 0
            guard isMenuButton || g_type_check_instance_is_a(instance, gtk_button_get_type()) != 0 else { continue }
            let label =
                isMenuButton
                ? gtk_menu_button_get_label(w.opaque)
                : gtk_button_get_label(UnsafeMutablePointer<GtkButton>(OpaquePointer(w.raw)))
            let text = label.map { String(cString: $0) }
                ?? w.descendants().lazy.compactMap { $0.labelText }.first { !$0.isEmpty }
            if let text, !text.isEmpty {
                shopper_accessible_reset_name(w.raw)
                w.accessibleLabel(text)
            } else if let icon = w.iconName, let name = icons[icon] {
                w.accessibleLabel(name)
            } else if let tip = gtk_widget_get_tooltip_text(w.raw) {
                w.accessibleLabel(String(cString: tip))
            }
        }
    }

    /// The buttons below this widget that show this icon.
    func buttons(withIcon icon: String) -> [Widget] {
        descendants().filter { w in
            let instance = UnsafeMutableRawPointer(w.raw).assumingMemoryBound(to: GTypeInstance.self)
            return g_type_check_instance_is_a(instance, gtk_button_get_type()) != 0 && w.iconName == icon
        }
    }

    /// The icon a button shows: its own, or that of the image inside it.
    private var iconName: String? {
        let instance = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, gtk_button_get_type()) != 0,
           let icon = gtk_button_get_icon_name(UnsafeMutablePointer<GtkButton>(OpaquePointer(raw))) {
            return String(cString: icon)
        }
        if g_type_check_instance_is_a(instance, gtk_menu_button_get_type()) != 0,
            let icon = gtk_menu_button_get_icon_name(opaque)
        {
            return String(cString: icon)
        }
        for d in descendants() {
            let i = UnsafeMutableRawPointer(d.raw).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(i, gtk_image_get_type()) != 0, let icon = gtk_image_get_icon_name(d.opaque) {
                return String(cString: icon)
            }
        }
        return nil
    }

    /// The text of a label or an inscription (`Inscription`, in list rows); nil for any other widget.
    var labelText: String? {
        let instance = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 {
            return String(cString: gtk_label_get_text(OpaquePointer(raw)))
        }
        guard g_type_check_instance_is_a(instance, gtk_inscription_get_type()) != 0 else { return nil }
        return gtk_inscription_get_text(OpaquePointer(raw)).map { String(cString: $0) } ?? ""
    }

    /// Shown on screen now (mapped and visible, with its ancestors).
    var isDrawable: Bool { gtk_widget_is_drawable(raw) != 0 }

    /// Sensitive, and every ancestor too: what the user can act on.
    var effectivelySensitive: Bool { gtk_widget_is_sensitive(raw) != 0 }

    /// Its style classes ("title-2", "dim-label").
    var cssClasses: [String] {
        guard let names = gtk_widget_get_css_classes(raw) else { return [] }
        defer { g_strfreev(names) }
        var out: [String] = []
        var i = 0
        while let p = names[i] { out.append(String(cString: p)); i += 1 }
        return out
    }
}
