/// A search of every list at once (the search bar's "All Lists"): the list shown is searched through
/// its own model, each other list through a model read for the search and kept while it lasts, so
/// each keystroke narrows as a search of one list does. Let go of it when the search ends: the other
/// lists then cost nothing again.
package final class AllListsSearch {
    /// One item found, with the list it is on.
    package struct Found: Equatable {
        package let list: ShoppingList
        package let item: Item
    }

    private let current: ShoppingModel
    private let mine: ListProjection
    private var others: [(list: ShoppingList, projection: ListProjection)] = []

    package init(current: ShoppingModel) throws(StoreError) {
        self.current = current
        mine = ListProjection(model: current, kind: .all)
        let store = current.store
        for list in current.lists.all where list.id != current.list {
            let model = try ShoppingModel(store: store, list: list.id)
            others.append((list, ListProjection(model: model, kind: .all)))
        }
    }

    /// Up to `limit` items of each list that match `text`, the list shown first, then the others in
    /// the sidebar's order; each list's items in its own order. Empty for an empty query.
    package func find(_ text: String, limit: Int = 50) -> [Found] {
        let query = SearchQuery(text)
        guard !query.isEmpty else { return [] }
        let here = current.lists.all.first { $0.id == current.list }
        var found: [Found] = []
        for (list, projection) in [(here, mine)] + others.map({ (Optional($0.list), $0.projection) }) {
            guard let list else { continue }
            projection.setQuery(query)
            let ids = (0..<projection.count).lazy.compactMap(projection.itemID).prefix(limit)
            for item in (try? projection.model.items.read(Array(ids))) ?? [] {
                found.append(Found(list: list, item: item))
            }
        }
        return found
    }
}
