import ShopperModel

/// The window's in-app notification (a libadwaita toast): a message and an optional action such as Undo.
/// One at a time: a new message replaces the one shown, in place, so an Undo always belongs to the
/// latest message. (Dismissing and adding toasts in quick succession, as a stream of `shopper add`
/// does, crashes libadwaita 1.2 in its hide animation; updating the shown toast never animates.)
@MainActor
final class InAppNotification {
    let overlay = ToastOverlay()
    private var current: Toast?
    private var action: (@MainActor () -> Void)?
    private var timer: UInt32 = 0
    /// Where the expiry is scheduled (a test drives its own; set it before anything is shown).
    var timers: any TimerSource = MainLoopTimers()
    /// How long the message shown stays once nobody holds it.
    private var seconds: UInt32 = 5
    /// The pointer is on the toast or the keyboard focus in it: as libadwaita's own timeout does,
    /// ours waits, so a person reaching for Undo never sees it vanish under the pointer.
    private(set) var isHeld = false
    /// The message last shown, as shown (cut to length).
    private(set) var text = ""
    var isShown: Bool { current != nil }
    /// What makes room for the toast while it shows, so it covers neither the last row nor a
    /// button under the list (style class "toast-room"). Forgotten when it is destroyed: the
    /// overlay's toasts are dismissed as the window goes, after the places under them.
    var room: Widget? {
        didSet {
            guard room?.raw != oldValue?.raw else { return }
            // Moved while a toast shows (the recipes' place taking the lists' place): the new
            // place makes the room, the old one gives it back.
            oldValue?.css("toast-room", false)
            oldValue?.margin(bottom: 0)
            if current != nil {
                room?.css("toast-room", true)
                fitRoom()
            }
            let raw = room?.raw
            room?.on("destroy") { [weak self] in if self?.room?.raw == raw { self?.room = nil } }
        }
    }

    /// Narrower than this (a phone), a toast shows no close button: it goes by itself.
    static let roomyWidth: Int32 = 500

    /// Long enough for any message of the app's own; user input quoted in it (a pasted page) is cut.
    static let maxCharacters = 300

    func show(_ text: String, actionTitle: String? = nil, action: (@MainActor () -> Void)? = nil, seconds: UInt32 = 5) {
        self.text = Self.cut(text)
        self.action = action
        let button = action == nil ? nil : (actionTitle ?? L("Undo"))
        if let current {
            current.update(title: self.text, button: button)
        } else {
            current = overlay.show(self.text, button: button, timeoutSeconds: 0, onButton: { [weak self] in
                self?.runAction()
            }, onDismissed: { [weak self] in
                self?.current = nil
                self?.action = nil
                self?.isHeld = false
                self?.room?.css("toast-room", false)
                self?.room?.margin(bottom: 0)
            })
            // The widget showing the new toast (the overlay's newest child).
            overlay.toastWidgets.last?.onHeld { [weak self] held in self?.held(held) }
        }
        room?.css("toast-room", true)
        // Name its buttons for screen readers, again after each update (the button's label changes).
        for toast in overlay.toastWidgets {
            toast.nameButtons(icons: ["window-close-symbolic": L("Dismiss")])
            // On a phone the message needs the room more than a close button does: the toast goes
            // by itself after its time. A German undo message was cut to "Rückgängig: „Milch“
            // in d…" beside Wiederholen and the ×.
            for close in toast.buttons(withIcon: "window-close-symbolic") {
                close.visible = overlay.widget.width >= Self.roomyWidth
            }
        }
        // Narrow, the title wraps to the room beside its button, up to four lines; the room under
        // the lists grows with a toast taller than the one it was made for.
        let width = overlay.widget.width
        current?.limitTitle(chars: width >= Self.roomyWidth ? nil : max(12, (width - 200) / 9))
        overlay.widget.afterNextFrame { [weak self] _ in self?.fitRoom() }
        // Our own timer, restarted by each message: the toast's would run from its first message.
        self.seconds = seconds
        restartTimer()
    }

    /// The top of the toast shown, in `widget`'s coordinates; nil when none shows.
    func top(in widget: Widget) -> Double? {
        guard current != nil, let shown = overlay.toastWidgets.last, shown.isMapped else { return nil }
        return shown.bounds(in: widget)?.y
    }

    /// The room (style class toast-room) is made for a toast of two lines; a taller one gets its
    /// extra height as the room's bottom margin.
    private func fitRoom() {
        // Its height, not its place: it may still be sliding in. Adwaita sets it 24 px above the foot.
        guard let room, current != nil, let shown = overlay.toastWidgets.last else { return }
        let covered = shown.height + 24
        room.margin(bottom: max(0, covered + 8 - Self.roomHeight))
    }

    /// The room's padding in shopper.css.
    static let roomHeight: Int32 = 64

    /// What the toast's button does: the message goes, its action runs.
    func runAction() {
        let run = action
        hide()
        run?()
    }

    func hide() {
        timers.cancel(timer)
        timer = 0
        action = nil
        isHeld = false
        let shown = current
        current = nil
        shown?.dismiss()
        room?.css("toast-room", false)
        room?.margin(bottom: 0)
    }

    private func held(_ held: Bool) {
        guard current != nil, held != isHeld else { return }
        isHeld = held
        // Let go, the message gets its whole time again, as libadwaita's does.
        restartTimer()
    }

    private func restartTimer() {
        timers.cancel(timer)
        timer = 0
        guard !isHeld else { return }
        timer = timers.after(milliseconds: seconds * 1000) { [weak self] in
            self?.timer = 0
            self?.hide()
        }
    }

    /// At most `maxCharacters` characters (whole graphemes, so no emoji or accent is split).
    static func cut(_ text: String) -> String {
        text.count <= maxCharacters ? text : String(text.prefix(maxCharacters - 1)) + "…"
    }
}
