/// A task list (a CalDAV collection) the account can share a list with: found by the helper,
/// offered by the Share dialog.
public struct RemoteCollection: Equatable, Sendable, Codable {
    public let url: String
    public let name: String

    package init(url: String, name: String) {
        self.url = url
        self.name = name
    }
}
