/// A task list (a CalDAV collection) the account can share a list with: found by the helper,
/// offered by the Share dialog.
package struct RemoteCollection: Equatable, Sendable, Codable {
    package let url: String
    package let name: String

    package init(url: String, name: String) {
        self.url = url
        self.name = name
    }
}
