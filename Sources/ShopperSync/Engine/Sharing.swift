import Foundation
import ShopperModel
import ShopperSyncModel

/// Starting and stopping the sharing of a list: what the Share dialog and `shopper share` do.
package enum Sharing {
    /// The address as a URL: "cloud.example.org" means https://cloud.example.org/.
    static func serverURL(_ address: String) throws(SyncError) -> URL {
        var a = address.trimmingCharacters(in: .whitespacesAndNewlines)
        if !a.contains("://") { a = "https://" + a }
        guard let url = URL(string: a), url.host != nil else { throw .network(.badAddress(address)) }
        do { try HTTPTransport.checkSecure(url) } catch { throw .network(error) }
        return url.path.isEmpty ? url.appendingPathComponent("") : url
    }

    /// The account's task lists, found as CalDAV clients find them.
    package static func collections(server: String, user: String, password: String) throws(SyncError) -> (
        home: String, found: [RemoteCollection]
    ) {
        let url = try serverURL(server)
        let (home, found) = try Discovery(http: HTTPTransport(server: url, user: user, password: password))
            .collections()
        // A task list on another server cannot be used (the password goes nowhere else): not offered.
        return (home.absoluteString,
                found.filter { URL(string: $0.url).map { HTTPTransport.sameServer($0, url) } ?? false })
    }

    /// Keeps the password in the keyring, binds the list to its collection, and runs the first sync
    /// (which merges items of the same description instead of doubling them).
    package static func share(store: Store, list: ShoppingList, server: String, user: String, password: String,
                             target: ShareTarget = .sameNameOrNew) throws(SyncError) -> SyncReport {
        let url = try serverURL(server)
        let http = try HTTPTransport(server: url, user: user, password: password)
        let discovery = Discovery(http: http)
        let collection: RemoteCollection
        switch target {
        case .existing(let c):
            collection = c
        case .new(let name):
            collection = try discovery.makeCollection(in: discovery.collections().home, name: name)
        case .sameNameOrNew:
            let (home, found) = try discovery.collections()
            if found.count == 1, home == url || found[0].url == url.absoluteString {
                collection = found[0]
            } else if let same = found.first(where: { SearchQuery.fold($0.name) == SearchQuery.fold(list.name) }) {
                collection = same
            } else {
                collection = try discovery.makeCollection(in: home, name: list.name)
            }
        }
        // Discovery that led to another server stores nothing: every sync would be refused there.
        guard let at = URL(string: collection.url), HTTPTransport.sameServer(at, url) else {
            let to = URL(string: collection.url).map(HTTPTransport.hostPort) ?? collection.url
            throw .network(.redirectedElsewhere(to: to))
        }
        // Two lists on one task list would each take the other's items as their own.
        let bindings = try SyncEngine.storeCall { () throws(StoreError) in try store.syncTables.syncBindings() }
        if let other = bindings.first(where: { $0.collection == collection.url && $0.list != list.id }) {
            let name = (try? store.lists())?.first { $0.id == other.list }?.name ?? other.collectionName
            throw .collectionInUse(list: name)
        }
        try Keyring.store(server: url.absoluteString, user: user, password: password)
        var binding = try SyncEngine.storeCall { () throws(StoreError) in try store.syncTables.syncBinding(for: list.id)
        }
        if binding?.collection != collection.url || binding?.user != user {
            try SyncEngine.storeCall { () throws(StoreError) in try store.syncTables.stopSharing(list.id) }
            binding = nil
        }
        if binding == nil {
            try SyncEngine.storeCall { () throws(StoreError) in
                try store.syncTables.createSyncBinding(
                    SyncBinding(
                        list: list.id, server: url.absoluteString, user: user,
                                                        collection: collection.url, collectionName: collection.name))
            }
        }
        return try SyncEngine.sync(store: store, list: list.id)
    }

    /// Forgets the binding (and the password, unless another list uses the account); items stay.
    package static func stop(store: Store, list: ListID) throws(SyncError) {
        guard let b = try SyncEngine.storeCall({ () throws(StoreError) in try store.syncTables.syncBinding(for: list) })
        else { return }
        try SyncEngine.storeCall { () throws(StoreError) in try store.syncTables.stopSharing(list) }
        // Lists in Recently Deleted count: one restored needs its password again.
        let others = (try? store.syncTables.allSyncBindings()) ?? []
        let kitchen = try? store.kitchenTables.binding()
        if !others.contains(where: { $0.server == b.server && $0.user == b.user }),
           kitchen?.server != b.server || kitchen?.user != b.user {
            Keyring.forget(server: b.server, user: b.user)
        }
    }
}
