import Foundation

/// The list's saved searches (saving, renaming, deleting, ordering them) and the folded texts a
/// search reads (`Searches+Texts.swift`).
package final class Searches: ModelPart {
    /// In display order.
    package internal(set) var savedSearches: [SavedSearch] = []
    /// The folded search texts, made on a worker thread (`SearchTextSlice`) or when a search needs
    /// them.
    var texts = SearchTexts()
    /// The worker's reader, while one is out.
    var textReader: SearchTextReader?
    /// For tests: how many texts were taken as a worker made them.
    var textsFromReader = 0
    unowned var model: ShoppingModel!

    @discardableResult
    package func saveSearch(name: String, query: String) throws(StoreError) -> SavedSearch.ID {
        var saved = SavedSearch.ID(0)
        try core.commit(L("saving the search “{name}”", ["name": name])) { b in
            saved = b.ids.newSearchID()
            let trimmed = ItemDraft.clean(name)
            b.cs.searches[saved] = SavedSearch(id: saved, name: trimmed.isEmpty ? query : trimmed, query: query,
                                               position: (savedSearches.last?.position ?? 0) + Ordering.gap)
        }
        return saved
    }

    package func renameSearch(_ id: SavedSearch.ID, to name: String) throws(StoreError) {
        let trimmed = ItemDraft.clean(name)
        try core.commit(L("renaming the search “{name}”", ["name": searchName(id)])) { b in
            guard var s = savedSearches.first(where: { $0.id == id }), !trimmed.isEmpty else { return }
            s.name = trimmed
            b.cs.searches[id] = s
        }
    }

    package func deleteSearch(_ id: SavedSearch.ID) throws(StoreError) {
        try core.commit(L("deleting the search “{name}”", ["name": searchName(id)])) { b in
            if savedSearches.contains(where: { $0.id == id }) { b.cs.searches[id] = .some(nil) }
        }
    }

    /// Moves a saved search to `index` in the displayed order.
    package func moveSearch(_ id: SavedSearch.ID, to index: Int) throws(StoreError) {
        try core.commit(L("moving the search “{name}”", ["name": searchName(id)])) { b in
            guard let from = savedSearches.firstIndex(where: { $0.id == id }) else { return }
            for s in Ordering.moved(savedSearches, from: from, to: index, position: \.position) {
                b.cs.searches[s.id] = s
            }
        }
    }

    /// Undo steps are named as the end of a sentence: this gives the search they name.
    func searchName(_ id: SavedSearch.ID) -> String { savedSearches.first { $0.id == id }?.name ?? "" }

    /// Memory follows a written change set's searches; whether any changed.
    func follow(_ cs: ChangeSet) -> Bool {
        guard !cs.searches.isEmpty else { return false }
        for (id, s) in cs.searches {
            savedSearches.removeAll { $0.id == id }
            if let s { savedSearches.append(s) }
        }
        savedSearches.sort { $0.position < $1.position }
        return true
    }
}
