import Foundation

/// How a line's cost was made, in words a row or a message shows.
package enum CostText {
    /// "2 kg × 1.29" for a price per unit; nil where there is nothing to explain (no price, a price
    /// for all, or one plain unit, where the price is the cost).
    static func breakdown(_ item: Item, money: MoneyFormat) -> String? {
        guard let price = item.priceAmount, item.priceBasis == .perUnit, item.buyableAmount != .one || item.unit != nil
        else { return nil }
        return "\(RowPresentation.quantityText(item, money)) × \(money.formatUnitPrice(price))"
    }

    /// What a line says of an item: "2 kg × 1.29", "500 g, 5.49 for all", "3".
    package static func summary(_ item: Item, money: MoneyFormat) -> String {
        let quantity = RowPresentation.quantityText(item, money)
        guard let price = item.priceAmount else { return quantity }
        switch item.priceBasis {
        case .perUnit: return "\(quantity) × \(money.formatUnitPrice(price))"
        case .forAll:
            return L("{quantity}, {price} for all", ["quantity": quantity, "price": money.format(item.lineCost)])
        }
    }

    /// A price per unit that makes a total no one would pay for so little: "500 g Mince @ 5.49" is
    /// 2,745.00, where 5.49 for all was meant. Small units only, where the mistake happens.
    static func implausibleTotal(_ fields: ItemFields) -> Decimal? {
        guard let price = fields.price, fields.priceBasis == .perUnit, price >= 1,
              let unit = fields.unit?.lowercased(), smallUnits.contains(unit) else { return nil }
        let total = fields.lineTotal
        return total >= 100 ? total : nil
    }

    /// "5.49 per g = 2,745.00: did you mean 5.49 for all?"
    package static func implausibleHint(_ fields: ItemFields, money: MoneyFormat) -> String? {
        guard let total = implausibleTotal(fields), let price = fields.price, let unit = fields.unit else { return nil }
        return L("{price} per {unit} = {total}: did you mean {price_all} for all?",
            [
                "price": money.formatUnitPrice(price), "unit": unit, "total": money.format(total),
                "price_all": money.format(price)
            ])
    }

    static let smallUnits: Set<String> = ["g", "mg", "ml", "cl", "dl", "oz"]
}
