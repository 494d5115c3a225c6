import Foundation
import ShopperModel

/// Recently Deleted (main menu): the lists deleted in the last week, each with its items, when it
/// went and when it goes for good, and a Restore button, as Files keeps its trash. A list restored
/// comes back whole where it was in the sidebar; the main window shows it and offers Undo there
/// (and Ctrl+Z), so this window only lists and restores.
@MainActor
final class RecentlyDeletedWindow {
    let window: Window
    private let prefs: PreferencesWindow
    private let group: PreferencesGroup
    private var rows: [Widget] = []
    /// The list the user chose to bring back.
    var onRestore: (@MainActor (ShoppingList) -> Void)?
    var onClosed: (@MainActor () -> Void)?

    init(parent: Window, deleted: [ShoppingList], now: Date = Date()) {
        prefs = PreferencesWindow(parent: parent, pageTitle: L("Recently Deleted"))
        window = prefs.window
        window.title = L("Recently Deleted")
        // No wider than the window it belongs to (a phone's 360 px).
        let width = parent.widget.width > 0 ? min(440, parent.widget.width) : 440
        window.defaultSize(width, 480)
        group = prefs.addGroup(title: L("Deleted Lists"))
        group.describe(N("A deleted list is kept here with its items for {n} day, then removed for good.",
                         "A deleted list is kept here with its items for {n} days, then removed for good.",
                         Int(ShoppingList.keptAfterDeletion / 86_400)))
        window.onCloseRequest { [weak self] in
            self?.onClosed?()
            return false
        }
        show(deleted, now: now)
    }

    /// One row a list, the latest deleted first; a row that says so when there is none.
    private func show(_ deleted: [ShoppingList], now: Date) {
        guard !deleted.isEmpty else {
            let row = ActionRow(title: L("No lists were deleted in the last week"))
            group.add(row.widget)
            return
        }
        for list in deleted {
            let row = ActionRow(title: list.name, subtitle: Self.subtitle(list))
            let restore = Button(label: L("Restore"))
            _ = restore.widget.align(v: .center)
            restore.widget.accessibleLabel(L("Restore “{list}”", ["list": list.name]))
            restore.onClicked { [weak self] in
                self?.onRestore?(list)
                self?.window.close()
            }
            row.addSuffix(restore.widget)
            row.activates(restore.widget)
            group.add(row.widget)
            rows.append(row.widget)
        }
    }

    /// "2 items · deleted Mon, 23 Nov 2026" (the group's words say how long it stays).
    static func subtitle(_ list: ShoppingList) -> String {
        let items = N("{n} item", "{n} items", list.itemCount)
        guard let at = list.deletedAt else { return items }
        return L("{items} · deleted {date}", ["items": items, "date": DateText.day(at)])
    }

    func present() {
        window.present()
        _ = rows.first?.grabFocus()
    }
}
