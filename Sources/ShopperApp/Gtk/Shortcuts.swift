import CGtk

/// A GtkShortcutController: key triggers ("<Control>n", "Delete", "<Alt>Up") mapped to closures that
/// return true when they handled the key.
@MainActor
struct ShortcutController {
    let raw: OpaquePointer

    /// Works while the widget it is added to, or a child, has focus. `first`: before the focused
    /// child sees the key (capture phase). Added to a window with `first`, it sees every key in it:
    /// GLOBAL scope would run only after the focused widget, which may take the key.
    init(first: Bool) {
        raw = gtk_shortcut_controller_new()
        gtk_shortcut_controller_set_scope(raw, GTK_SHORTCUT_SCOPE_LOCAL)
        gtk_event_controller_set_propagation_phase(raw, first ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
    }

    var controller: EventController { EventController(raw: raw) }

    private final class Handler: @unchecked Sendable {
        let run: @MainActor () -> Bool
        init(_ run: @escaping @MainActor () -> Bool) { self.run = run }
    }

    func add(_ trigger: String, _ f: @escaping @MainActor () -> Bool) {
        guard let t = gtk_shortcut_trigger_parse_string(trigger) else {
            preconditionFailure("bad shortcut trigger \(trigger)")
        }
        let data = Unmanaged.passRetained(Handler(f)).toOpaque()
        let action = gtk_callback_action_new({ _, _, data in
            let h = Unmanaged<Handler>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { h.run() } ? 1 : 0
        }, data) { Unmanaged<Handler>.fromOpaque($0!).release() }
        gtk_shortcut_controller_add_shortcut(raw, gtk_shortcut_new(t, action))
    }
}

extension ShortcutController {
    /// A key that activates "scope.name" (GtkNamedAction): it does nothing, and lets the key go
    /// on, while the action is disabled.
    func add(_ trigger: String, action name: String) {
        guard let t = gtk_shortcut_trigger_parse_string(trigger) else {
            preconditionFailure("bad shortcut trigger \(trigger)")
        }
        gtk_shortcut_controller_add_shortcut(raw, gtk_shortcut_new(t, gtk_named_action_new(name)))
    }
}

/// GTK's standard keyboard-shortcuts window, built from GtkBuilder XML.
@MainActor
enum ShortcutsWindow {
    /// Builds the window; nil (with GTK's reason) when the XML is not valid. gtk_builder_new_from_string
    /// would abort the process instead.
    static func build(xml: String) -> Result<Window, BuilderError> {
        let builder = gtk_builder_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, xml, -1, &error) != 0 else {
            defer { g_error_free(error) }
            return .failure(BuilderError(message: error.map { String(cString: $0.pointee.message) } ?? "unknown"))
        }
        guard let obj = gtk_builder_get_object(builder, "shortcuts") else {
            return .failure(BuilderError(message: "no shortcuts object"))
        }
        return .success(Window(wrapping: Widget(unsafe: UnsafeMutableRawPointer(obj))))
    }

    /// `icons`: what its icon buttons mean, for screen readers (see `nameButtons`).
    static func present(xml: String, transientFor parent: Window, icons: [String: String]) {
        guard case .success(let w) = build(xml: xml) else { return }
        w.transient(for: parent)
        w.widget.nameButtons(icons: icons)
        w.present()
    }
}

struct BuilderError: Error { let message: String }
