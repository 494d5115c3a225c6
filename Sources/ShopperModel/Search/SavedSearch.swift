/// A search the user named and kept.
package struct SavedSearch: Equatable, Sendable, Identifiable {
    package struct ID: Hashable, Sendable { package let raw: Int64; package init(_ raw: Int64) { self.raw = raw } }
    package let id: ID
    package var name: String
    package var query: String
    var position: Int64
    /// Saved searches belong to the list they search.
    var list: ListID

    init(id: ID, name: String, query: String, position: Int64, list: ListID = .first) {
        self.id = id
        self.name = name
        self.query = query
        self.position = position
        self.list = list
    }
}
