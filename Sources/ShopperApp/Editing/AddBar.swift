import ShopperModel

/// The entry at the top of the lists: type a line such as `2 kg Apples @ 1.29 [Fruit]` and press
/// Enter. A known item (same description, whatever the case and accents) is put back on the shopping
/// list with what the line says instead of being added twice; completion offers the descriptions of
/// known items. A bad line stays in the entry with the reason beside it.
@MainActor
final class AddBar {
    let root = Box(.vertical, spacing: 4)
    let entry = Entry(placeholder: AddBar.placeholders[0])
    /// The placeholder, longest first: the one that fits the entry is shown (a phone's width cut
    /// the German example in the middle). The example's aisle is the sample list's, so typing it
    /// keeps Apples where the sample has them.
    static let placeholders = [L("Add an item, e.g. 2 kg Apples @ 1.29 [Fruit & Veg]"),
                               L("Add an item, e.g. 2 kg Apples @ 1.29"), L("Add an item")]
    private let message = Label()
    /// Made after the first frame (`prepareCompletion`) or at the first keystroke before it: GTK's
    /// completion builds its popup, a tree view and its class's hundred key bindings at once.
    private var completion: Completion?
    /// The list's model: another list shown gives the add bar its model (and a new index of names).
    var model: ShoppingModel { didSet { known = nil } }
    /// Known descriptions, for finding a typed line's item and completing what is typed; built on
    /// first use so start-up stays cheap.
    private var known: DescriptionIndex?
    /// Completions offered at a time: the popup shows a few, however many items there are.
    static let completionLimit = 20
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
        message.xalign(0)
        message.wrap()
        message.widget.visible = false
        root.append(entry.widget)
        root.append(message.widget)
        // Before the completion's own handler (connected by `prepareCompletion`), so it filters
        // what this keystroke offers.
        entry.onChanged { [weak self] in
            guard let self else { return }
            message.widget.visible = false
            offerCompletions()
            suggestPrice()
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
    }

    func focus() { entry.widget.grabFocus() }

    /// Shown on a list's page only: on the Searches and Trips pages it would add to nothing.
    func show(_ shown: Bool) { root.widget.visible = shown }

    /// The example as long as `window`'s width allows, at start and as it is resized; completion
    /// made ready after the first frame (before the first keystroke, out of that frame's way).
    func follow(_ window: Window) {
        window.widget.afterFirstFrame { [weak self] in
            // In an idle too: what it changes shows in the next frame either way.
            MainLoop.idle { self?.fitPlaceholder() }
            MainLoop.idle { _ = self?.prepareCompletion() }
        }
        for size in ["notify::default-width", "notify::maximized", "notify::fullscreened"] {
            window.widget.onPointer(size) { [weak self] _ in window.afterNextFrame { _ in self?.fitPlaceholder() } }
        }
    }

    /// Shows the longest placeholder that fits the entry's width now (`follow` calls this as the
    /// window is resized).
    func fitPlaceholder() {
        guard entry.widget.width > 0 else { return }
        let fitting = Self.placeholders.first(where: entry.fits) ?? Self.placeholders[Self.placeholders.count - 1]
        if entry.placeholder != fitting { entry.placeholder = fitting }
    }

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
                var outcome = try model.items.add(typed) { [unowned self] in known?.item(withKey: $0) }
                entry.text = ""
                if case .added = outcome.kind {
                    outcome.nearMiss = known?.nearMiss(
                        of: ShoppingModel.matchKey(typed.fields.description), excluding: outcome.id)
                    lastAdd = (typed, model.undo.latestID)
                }
                onAdded?(outcome)
            } catch {
                onError?(error)
            }
        }
    }

    /// The line last added as a new item, and its undo step: what `correct` takes back.
    private var lastAdd: (line: PlainTextFormat.TypedLine, step: Int?)?

    /// "Did you mean Bananas?": the new item just added is taken back and the line added again
    /// naming the known item, as if it had been typed so. Undo then goes back to before either.
    func correct(_ outcome: AddOutcome) {
        guard let near = outcome.nearMiss, let name = model.items.item(near)?.description, var line = lastAdd?.line,
              let step = lastAdd?.step, model.undo.latestID == step else { return }
        lastAdd = nil
        line.fields.description = name
        do {
            guard try model.core.undoLast(step: step) != nil else { return }
            onAdded?(try model.items.add(line) { [unowned self] in known?.item(withKey: $0) })
        } catch {
            onError?(error)
        }
    }

    private func buildIndex() {
        if known == nil { known = DescriptionIndex(model: model) }
    }

    /// The descriptions that start with what is typed, a few at a time: GTK's completion filters
    /// every row of its model on each keystroke, so it is given only these.
    private func offerCompletions() {
        buildIndex()
        let ids =
            known?.completions(of: entry.text.trimmingCharacters(in: .whitespaces), limit: Self.completionLimit) ?? []
        prepareCompletion().replace(with: ids.compactMap { model.items.item($0)?.description })
    }

    /// The entry's completion, attached the first time this is called. Its handler of "changed"
    /// runs after this bar's own, which fills it (the order the filtering needs).
    @discardableResult
    func prepareCompletion() -> Completion {
        if let completion { return completion }
        let made = Completion()
        entry.complete(from: made)
        completion = made
        return made
    }

    /// The money prices are said in (the window sets it, and follows the preference).
    var money = UserLocale.current.money()

    /// A known item typed: the last price paid for it at this store, or how much dearer the typed
    /// price is ("↑ 12 % on the last price paid at Aldi (1.00)"), under the entry.
    private func suggestPrice() {
        let text = entry.text
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty,
              case .success(let typed) = PlainTextFormat.read(text, numbers: UserLocale.current.numbers),
              let id = known?.item(withKey: ShoppingModel.matchKey(typed.fields.description)) else { return }
        let words = PriceWords(model, item: id, money: money)
        let f = typed.fields
        if f.price == nil, let suggestion = words.suggestion {
            say(suggestion, isError: false)
        } else if let rise = words.rise(to: PriceBasis.unitPrice(f.price, f.priceBasis, f.quantity)) {
            say(rise, isError: false)
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
    var offeredCompletions: [String] { completion?.words ?? [] }
}
