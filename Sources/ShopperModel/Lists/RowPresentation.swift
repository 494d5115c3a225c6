import Foundation

/// The user's display preferences.
package struct DisplayOptions: Hashable, Sendable {
    var showQuantity: Bool
    package var showCost: Bool
    var showCheckboxes: Bool
    /// A click or tap anywhere on a Shopping List row ticks it off, as in the store; the editor
    /// opens from the row's Edit button (and F2) instead.
    var tapToTick: Bool

    package init(showQuantity: Bool = true, showCost: Bool = true, showCheckboxes: Bool = true, tapToTick: Bool = false)
    {
        self.showQuantity = showQuantity
        self.showCost = showCost
        self.showCheckboxes = showCheckboxes
        self.tapToTick = tapToTick
    }

    static let allCombinations: [DisplayOptions] =
        [false, true].flatMap { q in [false, true].flatMap { c in [false, true].map { b in
            DisplayOptions(showQuantity: q, showCost: c, showCheckboxes: b) } } }
}

package enum CheckboxMode: Sendable { case interactive, displayOnly, hidden }

package enum DetailField: Sendable { case quantity, cost }

/// What a click does. The view maps each to a model operation or to opening the editor.
package enum RowAction: Sendable { case toggleNeeded, tick, untick, openEditor }

/// What the clicks on a row do, by list and options.
package struct RowActions: Equatable, Sendable {
    /// What a click where the checkbox is (or would be) does.
    package var checkboxArea: RowAction
    /// What activating the row (click, Enter) does.
    package var row: RowAction
    /// What a sideways swipe on a touchscreen does: the list's own move, checkboxes shown or not.
    package var swipe: RowAction

    init(list: ListKind, options: DisplayOptions) {
        row = switch list {
        case .all: .toggleNeeded
        case .shopping: options.tapToTick ? .tick : .openEditor
        case .cart: .openEditor
        }
        swipe = switch list {
        case .all: .toggleNeeded
        case .shopping: .tick
        case .cart: .untick
        }
        checkboxArea = switch (list, options.showCheckboxes) {
        case (_, false), (.all, true): row
        case (.shopping, true): .tick
        case (.cart, true): .untick
        }
    }
}

/// Everything one row widget needs to show an item: a pure function of options, list and item, so the
/// one row widget class never decides anything itself.
package struct RowPresentation: Equatable, Sendable {
    package var description: String
    var left: DetailField?
    package var right: DetailField?
    package var leftText: String?
    package var rightText: String?
    /// The first line of the notes, when there are any.
    package var note: String?
    /// No detail line: the description sits in the middle of the row.
    package var descriptionCentered: Bool
    package var checkbox: CheckboxMode
    package var checked: Bool
    package var dimmed: Bool
    package var actions: RowActions

    package init(options: DisplayOptions, list: ListKind, item: Item, money: MoneyFormat) {
        let fields: [DetailField] = (options.showQuantity ? [.quantity] : []) + (options.showCost ? [.cost] : [])
        description = item.description
        // A lone field always takes the left slot; with both, quantity left and cost right.
        left = fields.first
        right = fields.count > 1 ? fields[1] : nil
        func text(_ f: DetailField?) -> String? {
            switch f {
            // Beside the cost, the quantity says how the cost was made: "2 kg × 1.29".
            // A lone "1" (one of something without a unit) says nothing: the slot stays empty.
            case .quantity: (options.showCost ? CostText.breakdown(item, money: money) : nil)
                ?? (item.buyableAmount == .one && item.unit == nil ? nil : Self.quantityText(item, money))
            case .cost: item.priceAmount == nil ? L("No price") : money.format(item.lineCost)
            case nil: nil
            }
        }
        note = item.notes.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) }
            .flatMap { $0.isEmpty ? nil : $0 }
        leftText = text(left)
        rightText = text(right)
        descriptionCentered = leftText == nil && rightText == nil
        checkbox = switch (list, options.showCheckboxes) {
        case (_, false): .hidden
        case (.all, true): .displayOnly
        case (.shopping, true), (.cart, true): .interactive
        }
        actions = RowActions(list: list, options: options)
        checked = list == .all ? item.needed : item.inCart
        dimmed = list == .all && !item.needed
    }

    /// "2 kg", "1.5", "3 packs", "¾ cup": what to buy (`Buyable`), not the exact need.
    static func quantityText(_ item: Item, _ money: MoneyFormat) -> String { quantityText(item, money.numbers) }

    static func quantityText(_ item: Item, _ numbers: NumberConvention) -> String {
        let buy = item.buyableAmount
        let q = Buyable.text(buy, unit: item.unit, numbers)
        return item.unit.map { "\(q) \(CountUnit.display($0, quantity: buy))" } ?? q
    }
}
