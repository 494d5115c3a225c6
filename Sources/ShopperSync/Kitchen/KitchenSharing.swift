import Foundation
import ShopperModel
import ShopperSyncModel

/// Starting and stopping the sharing of the household's recipes and plan: what Share Recipes and
/// Plan… and `shopper share --kitchen` do.
package enum KitchenSharing {
    package static func share(store: Store, server: String, user: String, password: String) throws(SyncError)
        -> SyncReport {
        throw .store("not yet")
    }

    package static func stop(store: Store) throws(SyncError) {
        throw .store("not yet")
    }
}

/// One sync of the kitchen: recipes and meals.
package enum KitchenSync {
    package static func syncReporting(store: Store) -> (SyncReport, SyncError?) {
        (SyncReport(), .store("not yet"))
    }
}
