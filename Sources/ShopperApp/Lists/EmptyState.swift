
/// The explanation over an empty list: a bordered, rounded, italic, muted, wrapped label centred by
/// alignment over the list. It is there at once at start-up, fades in a moment after the last row
/// goes, fades out when a row comes, and stays hidden while the list is being edited or reordered.
/// While shown it covers the list, so the list under it does not scroll.
@MainActor
final class EmptyState {
    static let fadeMS: UInt32 = 250
    static let delayMS: UInt32 = 300

    let revealer = Revealer(durationMS: EmptyState.fadeMS)
    let label: Label
    /// Hidden once faded out, so screen readers do not announce an explanation nobody sees.
    private let cover = Box(.vertical)
    private(set) var button: Button?
    private var pending: UInt32 = 0
    private var isEmpty = false
    /// Editing or reordering: hide whatever the list holds.
    var suppressed = false { didSet { update(animated: true) } }

    /// What the button does (the button shows only with a title).
    var action: (@MainActor () -> Void)?

    init(text: String, buttonTitle: String? = nil) {
        label = Label(text)
        label.wrap()
        label.justify(.center)
        label.maxWidthChars(36)
        // An overlay gives its child at least the height it needs at its narrowest width: at one
        // word wide the explanation of saved searches was taller than the page, and was drawn
        // below its foot. A phone's width fits 24 characters.
        label.widthChars(24)
        label.widget.css("empty-state")
        let column = Box(.vertical, spacing: 18)
        column.widget.align(h: .center, v: .center).margins(24)
        column.append(label.widget)
        if let buttonTitle {
            let b = Button(label: buttonTitle)
            b.widget.css("pill")
            b.widget.css("suggested-action")
            b.widget.align(h: .center)
            column.append(b.widget)
            button = b
        }
        // A full-size cover, transparent but for the label: it takes the pointer while shown.
        cover.widget.css("empty-cover")
        cover.widget.expand(h: true, v: true)
        column.widget.expand(v: true)
        cover.append(column.widget)
        revealer.child(cover.widget)
        revealer.widget.expand(h: true, v: true).align(h: .fill, v: .fill)
        revealer.widget.canTarget = false
        cover.widget.visible = false
        button?.onClicked { [weak self] in self?.action?() }
        revealer.widget.onPointer("notify::child-revealed") { [weak self] _ in
            guard let self, !revealer.revealed, !revealer.childRevealed else { return }
            cover.widget.visible = false
        }
    }

    var shown: Bool { revealer.revealed }

    /// A different explanation (a search with no result), with or without the button.
    func setText(_ text: String, showingButton: Bool = true) {
        label.text = text
        button?.widget.visible = showingButton
    }

    /// `animated` false: appear or vanish at once (start-up).
    func set(empty: Bool, animated: Bool) {
        isEmpty = empty
        update(animated: animated)
    }

    private func update(animated: Bool) {
        MainLoop.cancel(pending)
        pending = 0
        let show = isEmpty && !suppressed
        if !show {
            reveal(false, animated: animated)
        } else if !animated {
            reveal(true, animated: false)
        } else if !revealer.revealed {
            // A short pause first, so a row leaving and another arriving does not flash the label.
            pending = MainLoop.after(milliseconds: Self.delayMS) { [weak self] in
                self?.pending = 0
                self?.reveal(true, animated: true)
            }
        }
    }

    private func reveal(_ on: Bool, animated: Bool) {
        revealer.duration(animated ? Self.fadeMS : 0)
        if on { cover.widget.visible = true }
        revealer.revealed = on
        if !on && !animated { cover.widget.visible = false }
        revealer.widget.canTarget = on
    }
}
