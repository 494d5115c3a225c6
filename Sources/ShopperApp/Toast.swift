import CGtk

/// An in-window notification at the bottom: a message and an optional action such as Undo. It hides
/// itself after a few seconds.
@MainActor
final class Toast {
    let revealer = Revealer(durationMS: 200)
    private let message = Label()
    private let actionButton = Button(label: "Undo")
    private let close = Button(icon: "window-close-symbolic", accessibleLabel: "Dismiss")
    private var action: (@MainActor () -> Void)?
    private var timer: UInt32 = 0

    private let box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)

    init() {
        box.widget.css("app-notification")
        box.widget.css("shopper-toast")
        message.wrap()
        message.widget.expand(h: true)
        box.append(message.widget)
        box.append(actionButton.widget)
        box.append(close.widget)
        close.widget.css("flat")
        revealer.child(box.widget)
        revealer.transition(GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        revealer.widget.align(h: GTK_ALIGN_CENTER, v: GTK_ALIGN_END).margins(12)
        actionButton.onClicked { [weak self] in
            let a = self?.action
            self?.hide()
            a?()
        }
        close.onClicked { [weak self] in self?.hide() }
        // Out of the accessible tree once it has slid away.
        box.widget.visible = false
        revealer.widget.onPointer("notify::child-revealed") { [weak self] _ in
            guard let self, !revealer.revealed, !revealer.childRevealed else { return }
            box.widget.visible = false
        }
    }

    var text: String { message.text }
    var isShown: Bool { revealer.revealed }

    func show(_ text: String, actionTitle: String? = nil, action: (@MainActor () -> Void)? = nil, seconds: UInt32 = 5) {
        message.text = text
        self.action = action
        actionButton.widget.visible = action != nil
        if let actionTitle { actionButton.label = actionTitle }
        box.widget.visible = true
        revealer.revealed = true
        MainLoop.cancel(timer)
        timer = MainLoop.after(milliseconds: seconds * 1000) { [weak self] in
            self?.timer = 0
            self?.hide()
        }
    }

    func hide() {
        MainLoop.cancel(timer)
        timer = 0
        action = nil
        revealer.revealed = false
    }
}
