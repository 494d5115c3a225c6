/// A search the user named and kept.
public struct SavedSearch: Equatable, Sendable, Identifiable {
    public struct ID: Hashable, Sendable { public let raw: Int64; public init(_ raw: Int64) { self.raw = raw } }
    public let id: ID
    public var name: String
    public var query: String
    public var position: Int64

    public init(id: ID, name: String, query: String, position: Int64) {
        self.id = id
        self.name = name
        self.query = query
        self.position = position
    }
}
