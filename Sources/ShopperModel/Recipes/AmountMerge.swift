import Foundation

/// Why two amounts were not added. The caller keeps them apart (a second need with a note) and
/// may say why; nothing is thrown.
enum MergeRefusal: Error, Equatable, Sendable {
    /// The recipe gives no amount ("salt to taste").
    case noAmount
    /// Mass and volume, or a unit and none ("1 Milk" and "250 ml"): no exact way across.
    case dimensions(Dimension, Dimension)
    /// Two kinds of count ("2 cans" and "1 bunch"), or two units the app does not know that are
    /// not spelled alike: each names its own thing.
    case kinds(String, String)
    /// Beyond what an item may hold (`ItemDraft.maxQuantity`) or what exact arithmetic keeps.
    case tooLarge
    /// The item is in the cart: what was picked up stays as it was; the recipe's need is a line
    /// of its own.
    case inCart
}

/// What two amounts add up to, in the unit chosen for it.
struct MergedAmount: Equatable, Sendable {
    /// Exact.
    let quantity: Rational
    /// As an item spells it: the item's own unit text when it had one.
    let unit: String?
    /// `quantity` as an item keeps it (four decimals at most, rounded up so the list never asks
    /// for less than the recipe needs).
    let decimal: Decimal
    /// Whether `decimal` had to be rounded ("1.0049 l" for a litre and a teaspoon).
    let rounded: Bool
}

/// Adding what a recipe needs to what a list item already asks for, exactly.
enum AmountMerge {
    /// A list item's need (`quantity` of `unit`, the unit as typed, maybe one the app does not
    /// know) plus a recipe's amount. The result is in the item's unit when it has one (1 l +
    /// 250 ml = 1.25 l); a bare count adds to a bare count, or to pieces or dozens.
    static func add(_ adding: IngredientQuantity?, _ addingUnit: MeasureUnit?, toItem quantity: Decimal,
                    unit itemUnit: String?) -> Result<MergedAmount, MergeRefusal> {
        guard let adding else { return .failure(.noAmount) }
        let existing = Rational(Amount(quantity))
        let typed = itemUnit.map { IngredientWords.trimmed($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let known = typed.flatMap(MeasureUnit.named)
        let converted: Rational
        switch (typed, known, addingUnit) {
        case (nil, _, nil):
            converted = adding.toBuy
        case (nil, _, let a?):
            // A bare number on the list counts things: pieces and dozens add to it.
            guard a.base == "each", let v = a.perBase.multiplied(by: adding.toBuy) else {
                return .failure(.dimensions(.none, a.dimension))
            }
            converted = v
        case (_?, let k?, nil):
            guard k.base == "each", let v = adding.toBuy.divided(by: k.perBase) else {
                return .failure(.dimensions(k.dimension, .none))
            }
            converted = v
        case (_?, let k?, let a?):
            guard let v = a.convert(adding.toBuy, to: k) else { return .failure(refusal(k, a)) }
            converted = v
        case (let t?, nil, let a):
            // A unit the app does not know adds only to the same spelling ("2 sachets" + "1 sachet").
            guard let a, MeasureUnit.key(t) == MeasureUnit.key(a.one) || MeasureUnit.key(t) == MeasureUnit.key(a.many)
            else {
                return .failure(a.map { .kinds(t, $0.one) } ?? .dimensions(.count, .none))
            }
            converted = adding.toBuy
        }
        guard let total = existing.adding(converted) else { return .failure(.tooLarge) }
        return item(total, unit: typed)
    }

    /// Two recipes' amounts of one thing together ("Add the week"): in the larger unit when the
    /// total is at least one of it (500 g + 1 kg = 1.5 kg), else the smaller; when metric meets US
    /// measure, in the first's.
    static func add(_ a: IngredientQuantity?, _ aUnit: MeasureUnit?, _ b: IngredientQuantity?,
                    _ bUnit: MeasureUnit?) -> Result<(IngredientQuantity, MeasureUnit?), MergeRefusal> {
        guard let a, let b else { return .failure(.noAmount) }
        guard let au = aUnit, let bu = bUnit else {
            if aUnit == nil, bUnit == nil, let low = a.low.adding(b.low), let high = a.high.adding(b.high) {
                return .success((low == high ? .exact(low) : .range(low, high), nil))
            }
            return .failure(.dimensions(aUnit?.dimension ?? .none, bUnit?.dimension ?? .none))
        }
        guard au.converts(to: bu) else { return .failure(refusal(au, bu)) }
        var target = au
        if au.metric == bu.metric, au.perBase != bu.perBase {
            let (larger, smaller) = au.perBase > bu.perBase ? (au, bu) : (bu, au)
            target = (sum(a, au, b, bu, in: larger)?.high ?? .zero) >= .one ? larger : smaller
        }
        guard let total = sum(a, au, b, bu, in: target) else { return .failure(.tooLarge) }
        return .success((total, target))
    }

    private static func sum(_ a: IngredientQuantity, _ au: MeasureUnit, _ b: IngredientQuantity, _ bu: MeasureUnit,
                            in target: MeasureUnit) -> IngredientQuantity? {
        guard let al = au.convert(a.low, to: target), let ah = au.convert(a.high, to: target),
              let bl = bu.convert(b.low, to: target), let bh = bu.convert(b.high, to: target),
              let low = al.adding(bl), let high = ah.adding(bh) else { return nil }
        return low == high ? .exact(low) : .range(low, high)
    }

    private static func refusal(_ a: MeasureUnit, _ b: MeasureUnit) -> MergeRefusal {
        a.dimension == b.dimension ? .kinds(a.one, b.one) : .dimensions(a.dimension, b.dimension)
    }

    /// `total` as an item can keep it.
    private static func item(_ total: Rational, unit: String?) -> Result<MergedAmount, MergeRefusal> {
        guard let max = Rational(exactly: ItemDraft.maxQuantity), total <= max,
              let d = total.decimal(places: ItemDraft.maxDecimals, up: true) else { return .failure(.tooLarge) }
        let exact = Rational(exactly: d) == total
        return .success(MergedAmount(quantity: total, unit: unit, decimal: d, rounded: !exact))
    }
}
