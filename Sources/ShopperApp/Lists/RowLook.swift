import ShopperModel

/// How a list page's rows look: the display options and the currency, for the page's kind of
/// list. It makes each row's presentation and fills a row widget; a change to either shows the
/// rows again without rebuilding the list.
@MainActor
struct RowLook {
    let kind: ListKind
    private(set) var options: DisplayOptions
    private(set) var money: MoneyFormat

    init(kind: ListKind, options: DisplayOptions, money: MoneyFormat) {
        self.kind = kind
        self.options = options
        self.money = money
    }

    /// What a row shows of `item` (its action on a click included).
    func presentation(of item: Item) -> RowPresentation {
        RowPresentation(options: options, list: kind, item: item, money: money)
    }

    /// Fills `row` with `content`, the words `query` matched marked.
    func fill(_ row: RowWidget, with content: ListRow, query: SearchQuery?) {
        let look = self
        row.show(content, money: money, showCost: options.showCost, highlights: { query?.highlights(in: $0) ?? [] }) {
            look.presentation(of: $0)
        }
    }

    /// Takes new options; false when they are the ones in use (nothing to show again).
    mutating func take(_ newOptions: DisplayOptions) -> Bool {
        guard newOptions != options else { return false }
        options = newOptions
        return true
    }

    mutating func take(_ newMoney: MoneyFormat) { money = newMoney }
}
