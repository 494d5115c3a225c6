import Foundation
import ShopperModel

/// A shared item as the sync helper sends it to the window (a lost value's losing side, to put
/// back on Undo). Amounts travel as text: exact, whatever JSON does with numbers.
extension SharedItem: Codable {
    private enum Key: String, CodingKey {
        case description, quantity, unit, price, priceBasis, aisle, notes, state, position, stores
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        func amount(_ key: Key) throws -> Decimal? {
            guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let value = DecimalText.parse(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not an amount: \(text)")
            }
            return value
        }
        let basis = try PriceBasis(rawValue: c.decode(String.self, forKey: .priceBasis)) ?? .perUnit
        let fields = try ItemFields(
            description: c.decode(String.self, forKey: .description), quantity: amount(.quantity) ?? 1,
            unit: c.decodeIfPresent(String.self, forKey: .unit), price: amount(.price), priceBasis: basis,
            aisle: c.decodeIfPresent(String.self, forKey: .aisle), notes: c.decode(String.self, forKey: .notes))
        try self.init(
            fields, state: c.decode(ShareState.self, forKey: .state),
            position: c.decodeIfPresent(Int64.self, forKey: .position),
                      stores: c.decode([String].self, forKey: .stores))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(fields.description, forKey: .description)
        try c.encode(DecimalText.format(fields.quantity), forKey: .quantity)
        try c.encodeIfPresent(fields.unit, forKey: .unit)
        try c.encodeIfPresent(fields.price.map { DecimalText.format($0) }, forKey: .price)
        try c.encode(fields.priceBasis.rawValue, forKey: .priceBasis)
        try c.encodeIfPresent(fields.aisle, forKey: .aisle)
        try c.encode(fields.notes, forKey: .notes)
        try c.encode(state, forKey: .state)
        try c.encodeIfPresent(position, forKey: .position)
        try c.encode(stores, forKey: .stores)
    }
}
