import Foundation

/// Saving, renaming, deleting and ordering a list's searches, and moving any ordered thing.
extension ShoppingModel {
    @discardableResult
    public func saveSearch(name: String, query: String) throws(StoreError) -> SavedSearch.ID {
        var saved = SavedSearch.ID(0)
        try commit(L("saving the search “{name}”", ["name": name])) { b in
            saved = b.ids.newSearchID()
            let trimmed = ItemDraft.clean(name)
            b.cs.searches[saved] = SavedSearch(id: saved, name: trimmed.isEmpty ? query : trimmed, query: query,
                                               position: (savedSearches.last?.position ?? 0) + Self.positionGap)
        }
        return saved
    }

    public func renameSearch(_ id: SavedSearch.ID, to name: String) throws(StoreError) {
        let trimmed = ItemDraft.clean(name)
        try commit(L("renaming the search “{name}”", ["name": searchName(id)])) { b in
            guard var s = savedSearches.first(where: { $0.id == id }), !trimmed.isEmpty else { return }
            s.name = trimmed
            b.cs.searches[id] = s
        }
    }

    public func deleteSearch(_ id: SavedSearch.ID) throws(StoreError) {
        try commit(L("deleting the search “{name}”", ["name": searchName(id)])) { b in
            if savedSearches.contains(where: { $0.id == id }) { b.cs.searches[id] = .some(nil) }
        }
    }

    /// Moves a saved search to `index` in the displayed order.
    public func moveSearch(_ id: SavedSearch.ID, to index: Int) throws(StoreError) {
        try commit(L("moving the search “{name}”", ["name": searchName(id)])) { b in
            guard let from = savedSearches.firstIndex(where: { $0.id == id }) else { return }
            for s in Self.moved(savedSearches, from: from, to: index, position: \.position) { b.cs.searches[s.id] = s }
        }
    }

    /// What moving `all[from]` to `index` (in the order shown) writes: the element alone at a
    /// position between its new neighbours, or, when they leave no room, every element renumbered.
    static func moved<T>(_ all: [T], from: Int, to index: Int, position: WritableKeyPath<T, Int64>) -> [T] {
        var others = all
        var moving = others.remove(at: from)
        let i = min(max(index, 0), others.count)
        if let p = Self.position(between: i > 0 ? others[i - 1][keyPath: position] : nil,
                                 and: i < others.count ? others[i][keyPath: position] : nil) {
            moving[keyPath: position] = p
            return [moving]
        }
        others.insert(moving, at: i)
        return others.enumerated().map { n, o in
            var o = o
            o[keyPath: position] = Int64(n + 1) * Self.positionGap
            return o
        }
    }
}
