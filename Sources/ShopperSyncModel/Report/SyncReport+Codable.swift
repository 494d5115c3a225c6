import ShopperModel

/// What a sync did, as the sync helper tells the window and `shopper sync`.

extension SyncReport.Loss: Codable {
    private enum Key: String, CodingKey { case item, description, value }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        try self.init(
            item: ItemID(c.decode(Int64.self, forKey: .item)), description: c.decode(String.self, forKey: .description),
                      value: c.decode(LostValue.self, forKey: .value))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(item.raw, forKey: .item)
        try c.encode(description, forKey: .description)
        try c.encode(value, forKey: .value)
    }
}
