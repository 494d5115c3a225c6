import ShopperModel

extension SyncError {
    /// The problem as the kitchen's sync says it: what to do names the recipes and plan, not a list.
    package var kitchenDescription: String {
        switch self {
        case .wrongPassword:
            L("the server refused the user name or password; share the recipes and plan again with the right ones")
        case .noPassword:
            L("the keyring has no password for this account; share the recipes and plan again")
        case .collectionGone:
            L("the Meals calendar or the Recipes collection was deleted on the server; share the recipes and plan again")
        default:
            description
        }
    }
}
