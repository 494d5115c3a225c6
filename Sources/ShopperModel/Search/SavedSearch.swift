/// A search the user named and kept.
public struct SavedSearch: Equatable, Sendable, Identifiable {
    public struct ID: Hashable, Sendable { public let raw: Int64; public init(_ raw: Int64) { self.raw = raw } }
    public let id: ID
    public var name: String
    public var query: String
    public var position: Int64
    /// Saved searches belong to the list they search.
    public var list: ListID

    public init(id: ID, name: String, query: String, position: Int64, list: ListID = .first) {
        self.id = id
        self.name = name
        self.query = query
        self.position = position
        self.list = list
    }
}
