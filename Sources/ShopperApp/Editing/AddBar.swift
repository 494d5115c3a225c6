import CGtk
import ShopperModel

/// The entry at the top of the lists: type a line such as `2 kg Apples @ 1.29 [Fruit]` and press
/// Enter. A known item (same description, whatever the case and accents) is put back on the shopping
/// list with what the line says instead of being added twice; completion offers the descriptions of
/// known items. A bad line stays in the entry with the reason beside it.
@MainActor
final class AddBar {
    let root = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    let entry = Entry(placeholder: L("Add an item, e.g. 2 kg Apples @ 1.29 [Fruit]"))
    private let message = Label()
    private let completion = Completion()
    private let model: ShoppingModel
    /// `ShoppingModel.matchKey` of each description → item; built on first use so start-up stays cheap.
    private var known: [String: ItemID]?
    /// Set by the window: report what happened.
    var onAdded: (@MainActor (AddOutcome) -> Void)?
    var onError: (@MainActor (Error) -> Void)?
    /// Several lines pasted: each is an item, shown in a preview before they are added.
    var onPasteLines: (@MainActor (String) -> Void)?
    /// Tab or Down: on to the list. Returns whether it took focus.
    var onLeave: (@MainActor () -> Bool)?

    init(model: ShoppingModel) {
        self.model = model
        root.widget.css("add-bar")
        entry.widget.accessibleLabel(L("Add an item"))
        entry.complete(from: completion)
        message.xalign(0)
        message.wrap()
        message.widget.visible = false
        root.append(entry.widget)
        root.append(message.widget)
        entry.onChanged { [weak self] in
            self?.buildIndex()
            self?.message.widget.visible = false
        }
        entry.onActivate { [weak self] in self?.submit() }
        entry.onPaste { [weak self] text in
            let lines = PlainTextFormat.lines(of: text).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            guard lines.count > 1, let self, let onPasteLines else { return false }
            onPasteLines(text)
            return true
        }
        // GTK 4.8's list view refuses keyboard focus once it has had it; hand it over explicitly.
        let keys = ShortcutController(first: false)
        for key in ["Tab", "Down"] { keys.add(key) { [weak self] in self?.onLeave?() ?? false } }
        entry.widget.add(keys.controller)
        model.observe { [weak self] change in self?.follow(change) }
    }

    func focus() { entry.widget.grabFocus() }

    func submit() {
        let line = entry.text
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        switch PlainTextFormat.read(line, numbers: UserLocale.current.numbers) {
        case .failure(let e):
            say(e.message, isError: true)
        case .success(let typed):
            buildIndex()
            do {
                // Looked up when asked, not copied: the add first takes in other processes' writes,
                // which `follow` adds to the index.
                let outcome = try model.add(typed) { [unowned self] in known?[$0] }
                entry.text = ""
                onAdded?(outcome)
            } catch {
                onError?(error)
            }
        }
    }

    private func buildIndex() {
        guard known == nil else { return }
        var index: [String: ItemID] = [:]
        index.reserveCapacity(model.items.count)
        for item in model.items.values {
            index[String(model.matchKey(of: item))] = item.id
            completion.add(item.description)
        }
        known = index
    }

    private func follow(_ change: ModelChange) {
        guard known != nil else { return }
        for (old, new) in change.items.values {
            if let old { known?[ShoppingModel.matchKey(old.description)] = nil }
            if let new {
                known?[String(model.matchKey(of: new))] = new.id
                completion.add(new.description)
            }
        }
    }

    /// A line under the entry until the next keystroke: what was wrong with the line, or a hint
    /// about what was added (a toast's title is cut short on a phone-width window).
    func say(_ text: String, isError: Bool) {
        message.text = text
        message.widget.css("error", isError)
        message.widget.css("hint", !isError)
        message.widget.visible = true
    }

    var shownText: String? { message.widget.visible ? message.text : nil }
}
