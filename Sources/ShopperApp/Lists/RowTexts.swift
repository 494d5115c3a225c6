import ShopperModel

/// A row's words: the item's description (its search matches marked), the detail line under it
/// (how the cost was made, and the cost) and the first line of its notes, each shown or hidden as
/// the row's presentation says.
@MainActor
final class RowTexts {
    let column = Box(.vertical, spacing: 2)
    // Texts that may be cut are inscriptions: GTK binds a whole window of rows at a time while
    // scrolling, and a label shapes its text to measure it, again at every bind. The cost is a label:
    // it is never cut, so it must ask for the width its text needs.
    let description = Inscription()
    let detailLine = Box(.horizontal, spacing: 12)
    /// How the cost was made ("2 × $1.50"). On a phone the cost wins: this gives way, cut with "…".
    private let leftDetail = Inscription()
    private let rightDetail = Label()
    /// The first line of the notes.
    private let note = Inscription()

    init() {
        description.widget.css("description")
        leftDetail.widget.css("detail")
        leftDetail.widget.expand(h: true)
        note.widget.css("note")
        rightDetail.widget.css("detail")
        rightDetail.xalign(1)
        detailLine.append(leftDetail.widget)
        detailLine.append(rightDetail.widget)
        column.widget.expand(h: true).align(v: .center)
        column.append(description.widget)
        column.append(detailLine.widget)
        column.append(note.widget)
    }

    /// Shows an item's words as `p` says, the description's `highlights` marked.
    func show(_ p: RowPresentation, highlights: [Range<String.Index>]) {
        leftDetail.text = p.leftText ?? ""
        rightDetail.text = p.rightText ?? ""
        leftDetail.widget.visible = p.leftText != nil
        // The cost keeps to the right end: after how it was made, which takes the room between, or alone.
        rightDetail.widget.expand(h: p.leftText == nil)
        rightDetail.widget.visible = p.right != nil
        detailLine.widget.visible = !p.descriptionCentered
        note.text = p.note ?? ""
        note.widget.visible = p.note != nil
        description.highlighted(p.description, highlights)
    }

    /// For tests: the detail texts shown (nil when hidden), the description.
    var shownLeft: String? { leftDetail.widget.visible ? leftDetail.text : nil }
    var shownRight: String? { rightDetail.widget.visible ? rightDetail.text : nil }
    var descriptionText: String { description.text }
}
