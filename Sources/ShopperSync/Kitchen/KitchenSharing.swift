import Foundation
import ShopperModel
import ShopperSyncModel

/// Starting and stopping the sharing of the household's recipes and plan: what Share Recipes and
/// Plan… and `shopper share --kitchen` do.
package enum KitchenSharing {
    /// Finds (or makes) the account's "Meals" calendar and "Recipes" collection, keeps the
    /// password in the keyring, and runs the first sync: recipes of the same title on both sides
    /// merge instead of doubling.
    /// `names`: the collections' names in English (a test's own, so that tests on one account
    /// each have theirs).
    package static func share(store: Store, server: String, user: String, password: String,
                              names: (meals: String, recipes: String) = ("Meals", "Recipes")) throws(SyncError)
        -> SyncReport {
        let url = try Sharing.serverURL(server)
        let http = try HTTPTransport(server: url, user: user, password: password)
        let places = try Discovery(http: http).kitchenPlaces(names: names)
        try Keyring.store(server: url.absoluteString, user: user, password: password)
        let old = try SyncEngine.storeCall { () throws(StoreError) in try store.kitchenTables.binding() }
        var binding = KitchenBinding(
            server: url.absoluteString, user: user, meals: .init(url: places.meals.url, name: places.meals.name),
            recipes: .init(url: places.recipes.url, name: places.recipes.name))
        if let old, old.server == binding.server, old.user == user, old.meals.url == binding.meals.url,
           old.recipes.url == binding.recipes.url {
            binding = old
        } else {
            // Another account or other collections: what the records say is of the old ones.
            try SyncEngine.storeCall { () throws(StoreError) in try store.kitchenTables.stop() }
        }
        try SyncEngine.storeCall { () throws(StoreError) in try store.kitchenTables.saveBinding(binding) }
        let (report, error) = KitchenSync.syncReporting(store: store, notice: places.notice)
        if let error { throw error }
        return report
    }

    /// Forgets the binding and the records (and the password, unless a list uses the account);
    /// every recipe and meal stays here.
    package static func stop(store: Store) throws(SyncError) {
        guard let b = try SyncEngine.storeCall({ () throws(StoreError) in try store.kitchenTables.binding() }) else {
            return
        }
        try SyncEngine.storeCall { () throws(StoreError) in try store.kitchenTables.stop() }
        let lists = (try? store.syncTables.allSyncBindings()) ?? []
        if !lists.contains(where: { $0.server == b.server && $0.user == b.user }) {
            Keyring.forget(server: b.server, user: b.user)
        }
    }
}
