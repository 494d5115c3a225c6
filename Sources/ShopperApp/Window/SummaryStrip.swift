/// The gradient strip under the header: the totals, the shared list's sync status under them
/// ("Synced at 14:05"; hidden when not shared) and the add bar. The window writes their text.
@MainActor
final class SummaryStrip {
    let root = Box(.vertical, spacing: 8)
    let totals = Label()
    let syncStatus = Label()
    let addBar: AddBar

    init(addBar: AddBar) {
        self.addBar = addBar
        root.widget.css("summary")
        totals.widget.css("totals")
        totals.xalign(0.5)
        // Wraps rather than widening the window: "4 Artikel · 19,20 € noch zu kaufen · …" is wider
        // than a phone.
        totals.wrap()
        totals.justify(.center)
        syncStatus.widget.css("dim-label")
        syncStatus.widget.css("caption")
        syncStatus.wrap()
        syncStatus.xalign(0.5)
        for part in [totals.widget, syncStatus.widget, addBar.root.widget] { root.append(part) }
    }
}
