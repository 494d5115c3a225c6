/// The window's notifications (libadwaita toasts): a message and an optional action such as Undo.
/// One at a time: a new one replaces the one shown, so an Undo always belongs to the latest message.
@MainActor
final class Toast {
    let overlay = ToastOverlay()
    private var current: (token: Int, handle: AdwToastHandle)?
    private var nextToken = 0
    /// The message last shown, as shown (cut to length).
    private(set) var text = ""
    var isShown: Bool { current != nil }

    /// Long enough for any message of the app's own; user input quoted in it (a pasted page) is cut.
    static let maxCharacters = 300

    func show(_ text: String, actionTitle: String? = nil, action: (@MainActor () -> Void)? = nil, seconds: UInt32 = 5) {
        hide()
        nextToken += 1
        let token = nextToken
        self.text = Self.cut(text)
        let handle = overlay.show(self.text, button: action == nil ? nil : (actionTitle ?? "Undo"), timeoutSeconds: seconds,
                                  onButton: action) { [weak self] in
            if self?.current?.token == token { self?.current = nil }
        }
        current = (token, handle)
    }

    func hide() {
        let shown = current
        current = nil
        shown?.handle.dismiss()
    }

    /// At most `maxCharacters` characters (whole graphemes, so no emoji or accent is split).
    static func cut(_ text: String) -> String {
        text.count <= maxCharacters ? text : String(text.prefix(maxCharacters - 1)) + "…"
    }
}
