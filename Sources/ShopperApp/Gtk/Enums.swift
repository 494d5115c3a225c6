import CGtk

// The toolkit's enums the app uses, as Swift enums: the rest of the app names a box's direction or
// a widget's alignment without importing the C module (as swift-adwaita's Enums.swift does).

enum Orientation {
    case horizontal, vertical
    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

enum Align {
    case fill, start, end, center
    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

enum Justification {
    case left, right, center, fill
    var gtk: GtkJustification {
        switch self {
        case .left: GTK_JUSTIFY_LEFT
        case .right: GTK_JUSTIFY_RIGHT
        case .center: GTK_JUSTIFY_CENTER
        case .fill: GTK_JUSTIFY_FILL
        }
    }
}

/// The keys a widget of the app handles itself (the plot's Left and Right…), the keypad's alike.
enum NavigationKey {
    case left, right, home, end, pageUp, pageDown

    init?(keyval: UInt32) {
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: self = .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: self = .right
        case GDK_KEY_Home, GDK_KEY_KP_Home: self = .home
        case GDK_KEY_End, GDK_KEY_KP_End: self = .end
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: self = .pageUp
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: self = .pageDown
        default: return nil
        }
    }
}
