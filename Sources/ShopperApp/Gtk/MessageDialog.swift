import CGtk

/// AdwMessageDialog (libadwaita 1.2): a question with a few answers ("responses"), and room for
/// widgets between the text and the answers.
@MainActor final class MessageDialog {
    let widget: Widget
    private var ptr: UnsafeMutablePointer<AdwMessageDialog> { widget.typedPointer() }

    init(parent: Window, heading: String, body: String) {
        widget = Widget(adw_message_dialog_new(parent.widget.typedPointer(), heading, body)!)
        // Window lists and the window manager name it too.
        gtk_window_set_title(widget.typedPointer(), heading)
    }

    func addResponse(_ id: String, _ label: String, suggested: Bool = false) {
        adw_message_dialog_add_response(ptr, id, label)
        if suggested {
            adw_message_dialog_set_response_appearance(ptr, id, ADW_RESPONSE_SUGGESTED)
            adw_message_dialog_set_default_response(ptr, id)
        }
    }

    /// Red: an answer that ends something (Stop Sharing).
    func destructive(_ id: String) { adw_message_dialog_set_response_appearance(ptr, id, ADW_RESPONSE_DESTRUCTIVE) }

    /// What Escape and the close button answer.
    func closeResponse(_ id: String) { adw_message_dialog_set_close_response(ptr, id) }
    var heading: String { adw_message_dialog_get_heading(ptr).map { String(cString: $0) } ?? "" }
    var body: String {
        get { adw_message_dialog_get_body(ptr).map { String(cString: $0) } ?? "" }
        set { adw_message_dialog_set_body(ptr, newValue) }
    }
    func setEnabled(_ id: String, _ on: Bool) { adw_message_dialog_set_response_enabled(ptr, id, on ? 1 : 0) }
    func isEnabled(_ id: String) -> Bool { adw_message_dialog_get_response_enabled(ptr, id) != 0 }
    func extraChild(_ w: Widget) { adw_message_dialog_set_extra_child(ptr, w.raw) }

    /// The answer given; the dialog closes itself after.
    func onResponse(_ f: @escaping @MainActor (String) -> Void) {
        widget.onPointer("response") { id in
            f(id.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "")
        }
    }

    /// Answers as if the user had pressed that button.
    func respond(_ id: String) { adw_message_dialog_response(ptr, id) }
    func present() { gtk_window_present(widget.typedPointer()) }
    /// Gone without an answer (a close would give the close response).
    func destroy() { gtk_window_destroy(widget.typedPointer()) }
}
