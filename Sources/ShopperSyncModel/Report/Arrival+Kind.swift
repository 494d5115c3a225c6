import ShopperModel

extension Arrival.Kind {
    /// What a change made elsewhere did to an item, from what both sides last agreed on (`base`) to
    /// the other side's task: ticked off, back on the list, off the list, or changed; nil when
    /// nothing a person would call a change (the same task written again, only the order).
    package static func of(change base: SharedItem?, to remote: SharedItem) -> Self? {
        guard let base else { return nil }
        if base.state != remote.state {
            switch remote.state {
            case .inCart: return .ticked
            case .needed: return .added
            case .notNeeded: return .removed
            }
        }
        var unordered = remote
        unordered.position = base.position
        return unordered == base ? nil : .changed
    }

    /// An item new here from the other side: added to the list, or ticked off already; nil for one
    /// that is not on the shopping list (kept in All Items only).
    package static func of(new item: SharedItem) -> Self? {
        switch item.state {
        case .needed: .added
        case .inCart: .ticked
        case .notNeeded: nil
        }
    }
}
