import ShopperModel

/// Who a row widget tells what the user did to it (the list page's row pool).
@MainActor
protocol RowWidgetOwner: AnyObject {
    /// A click, key or swipe acted on the row's item.
    func row(acted action: RowAction, on id: ItemID)
    /// Right click at (x, y) in the row's coordinates.
    func row(_ row: RowWidget, menuFor id: ItemID, x: Double, y: Double)
    /// `dragged` dropped on this row, in its upper (`after` false) or lower half.
    func row(dropped dragged: ItemID, onto: ItemID, after: Bool)
    /// A drag of a row started (true) or ended (false).
    func row(dragging: Bool)
}

/// The one row widget for every list, every display option and every row kind (section header, item,
/// end row). It decides nothing: it shows what `RowPresentation` says. Built once per recycled list
/// item; `show` is all that runs per bind.
@MainActor
final class RowWidget {
    let root = Box(.horizontal, spacing: 12)
    /// The checkbox's area, and the edit button: touch targets of at least `touchTarget` px.
    let checkArea = Box(.horizontal)
    private let check = CheckButton()
    /// The item's description, its detail line and its note.
    let texts = RowTexts()
    /// Header title or end-row text.
    private let caption = Inscription()
    /// On lists where a click does something else (All Items), the editor opens from here.
    let editButton = Button(icon: "document-edit-symbolic", accessibleLabel: L("Edit"))
    /// The Edit button's name, "Edit Milk": translated once, filled at every bind.
    private static let editLabel = MessageTemplate(L("Edit {item}"), key: "item")
    /// GNOME's smallest touch target, for fingers on a phone.
    static let touchTarget: Int32 = 32

    private(set) var itemID: ItemID?
    private(set) var presentation: RowPresentation?
    private var binding = false
    /// Set by the row pool: what the user does to this row goes there.
    weak var owner: (any RowWidgetOwner)?

    init() {
        root.widget.css("shopper-row")
        checkArea.widget.css("check-area")
        checkArea.widget.align(v: .fill)
        check.widget.align(h: .center, v: .center)
        checkArea.append(check.widget)
        caption.widget.expand(h: true)
        caption.widget.css("caption")
        check.widget.accessibleLabelled(by: texts.description.widget)
        root.append(checkArea.widget)
        root.append(texts.column.widget)
        root.append(caption.widget)
        editButton.widget.css("flat")
        // One Tab stop per list, not per row control: the keyboard ticks with Space, edits with F2
        // and opens the row's menu with Shift+F10; the pointer still clicks these.
        editButton.widget.focusable(false)
        check.widget.focusable(false)
        editButton.widget.align(v: .center)
        root.append(editButton.widget)
        editButton.onClicked { [weak self] in
            guard let self, let id = itemID else { return }
            owner?.row(acted: .openEditor, on: id)
        }
        connectPointerAndDrag()

        check.widget.on("toggled") { [weak self] in
            guard let self, !binding, let id = itemID, let p = presentation, p.checkbox == .interactive else { return }
            owner?.row(acted: p.actions.checkboxArea, on: id)
        }
        // A display-only checkbox does not take clicks; its area does what the presentation says.
        let areaClick = EventController.click()
        areaClick.onPress("released") { [weak self] _, _, _ in
            guard let self, let id = itemID, let p = presentation, p.checkbox == .displayOnly else { return }
            owner?.row(acted: p.actions.checkboxArea, on: id)
        }
        checkArea.widget.add(areaClick)
        let rowClick = EventController.click()
        rowClick.onPress("released") { [weak self] n, x, _ in
            guard let self, n == 1, let id = itemID, let p = presentation else { return }
            // Clicks in the checkbox area are the checkbox's (handled above).
            if checkArea.widget.visible, x < Double(checkArea.widget.width) { return }
            owner?.row(acted: p.actions.row, on: id)
        }
        root.widget.add(rowClick)
        let swipe = EventController.touchSwipe()
        swipe.onSwipe { [weak self] vx, vy in self?.swiped(vx: vx, vy: vy) }
        root.widget.add(swipe)
    }

    /// A quick sideways swipe does the list's move (pick, tick, untick): how a row is ticked on a
    /// phone with checkboxes turned off.
    func swiped(vx: Double, vy: Double) {
        guard abs(vx) >= Self.swipeSpeed, abs(vx) > 2 * abs(vy), let id = itemID, let p = presentation else { return }
        owner?.row(acted: p.actions.swipe, on: id)
    }

    /// px/s: faster than a scroll that drifts sideways.
    static let swipeSpeed = 600.0

    private func connectPointerAndDrag() {
        let rightClick = EventController.click()
        rightClick.button(3)
        rightClick.onPress("pressed") { [weak self] _, x, y in
            guard let self, let id = itemID else { return }
            owner?.row(self, menuFor: id, x: x, y: y)
        }
        root.widget.add(rightClick)
        DragAndDrop.source(on: root.widget, prepare: { [weak self] _, _ in
            self?.itemID.map { String($0.raw) }
        }, began: { [weak self] in self?.owner?.row(dragging: true) },
           ended: { [weak self] in self?.owner?.row(dragging: false) })
        DragAndDrop.target(on: root.widget) { [weak self] payload, _, y in
            guard let self, let onto = itemID, let raw = Int64(payload) else { return false }
            owner?.row(dropped: ItemID(raw), onto: onto, after: y > Double(root.widget.height) / 2)
            return true
        }
    }

    /// The check-off animation: the row fades out, then `done` runs (which moves the item).
    func leave(then done: @escaping @MainActor () -> Void) {
        root.widget.css("leaving")
        MainLoop.after(milliseconds: Self.leaveMS) { done() }
    }

    static let leaveMS: UInt32 = 250

    /// Undoes `leave` when the row did not go after all.
    func stay() { root.widget.css("leaving", false) }

    /// `highlights` marks the search matches in the description.
    /// `showCost` false: headers and the end row count items without money, as rows show none.
    func show(
        _ row: ListRow, money: MoneyFormat, showCost: Bool = true,
        highlights: (String) -> [Range<String.Index>] = { _ in [] },
              presentation make: (Item) -> RowPresentation) {
        binding = true
        defer { binding = false }
        root.widget.css("section-header", false)
        root.widget.css("end", false)
        root.widget.css("leaving", false)
        switch row {
        case .item(let item):
            let p = make(item)
            itemID = item.id
            presentation = p
            apply(p)
            texts.show(p, highlights: highlights(p.description))
            root.widget.nameListCell(p.description)
        case .header(let title, let totals):
            showCaption("\(title) · \(Self.summary(totals, money, showCost: showCost))", css: "section-header")
        case .end(let totals):
            showCaption(
                L("No more items · {summary}", ["summary": Self.summary(totals, money, showCost: showCost)]), css: "end"
            )
        }
    }

    /// "3 items · $12.40", or "3 items" with costs turned off.
    static func summary(_ t: Totals, _ money: MoneyFormat, showCost: Bool = true) -> String {
        showCost
            ? N("{n} item · {cost}", "{n} items · {cost}", t.count, ["cost": money.format(t.sum)])
            : N("{n} item", "{n} items", t.count)
    }

    private func apply(_ p: RowPresentation) {
        caption.widget.visible = false
        texts.column.widget.visible = true
        checkArea.widget.visible = p.checkbox != .hidden
        check.active = p.checked
        // Display-only: shown, clicks pass to its area. Never a Tab stop (see init): making it
        // focusable here undid that on every bind.
        check.widget.canTarget = p.checkbox == .interactive
        root.widget.css("dimmed", p.dimmed)
        editButton.widget.visible = p.actions.row != .openEditor
        if editButton.widget.visible { editButton.widget.accessibleLabel(Self.editLabel(p.description)) }
    }

    private func showCaption(_ text: String, css: String) {
        itemID = nil
        presentation = nil
        root.widget.nameListCell(text)
        caption.text = text
        caption.widget.visible = true
        texts.column.widget.visible = false
        checkArea.widget.visible = false
        editButton.widget.visible = false
        root.widget.css("dimmed", false)
        root.widget.css(css)
    }

    // For in-process tests: what the row shows.
    var visibleParts:
        (
            check: Bool, details: Bool, left: String?, right: String?, dimmed: Bool, checked: Bool,
            checkTargetable: Bool, edit: Bool
        )
    {
        (checkArea.widget.visible, texts.detailLine.widget.visible, texts.shownLeft, texts.shownRight,
         root.widget.hasCSS("dimmed"), check.active, check.widget.canTarget, editButton.widget.visible)
    }
    /// For tests: where the description sits in the row.
    var descriptionBounds: (x: Double, y: Double, width: Double, height: Double)? {
        texts.description.widget.bounds(in: root.widget)
    }
    var checkAreaWidth: Int32 { checkArea.widget.width }
    /// For tests: a row control that is a Tab stop of its own.
    var controlTakesFocus: Bool { check.widget.isFocusable || editButton.widget.isFocusable }
    var captionText: String? { caption.widget.visible ? caption.text : nil }
}
