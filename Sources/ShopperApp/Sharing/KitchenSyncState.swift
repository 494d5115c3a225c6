import ShopperModel
import ShopperSyncModel

/// The kitchen's part of the window's syncs (`SyncController`): whether the recipes and plan are
/// shared, read with the lists' bindings, and who hears how each sync of them went. The helper
/// syncs the kitchen first in every sync while it is shared, whichever lists are asked.
@MainActor
final class KitchenSyncState {
    /// How one sync went for the kitchen: what it did, and the problem in the user's words.
    struct Outcome: Sendable {
        let report: SyncReport
        let problem: String?
    }

    /// The binding as last read; nil: not shared.
    private(set) var binding: KitchenBinding?
    /// Hears every sync's kitchen outcome, once the binding is read again.
    var onSynced: ((Outcome) -> Void)?

    var isShared: Bool { binding != nil }

    /// Reads the binding again (after sharing starts or stops, or a sync).
    func reload(from store: Store?) {
        binding = (try? store?.kitchenTables.binding()) ?? nil
    }
}
