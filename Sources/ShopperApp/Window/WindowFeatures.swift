import ShopperModel

/// The features beside the lists that the window reaches only through its commands and the
/// model's news: the shops, sharing, import and export, and the trips. Made here with what each
/// needs beyond the window (the store's file, the sample list), told the part of a change that
/// concerns each, and given the commands that are theirs.
@MainActor
final class WindowFeatures {
    /// The shop the list is shopped at, in the header, and the bar for other shops' items.
    let shops: ShopsController
    /// The Share dialog, the status line under the totals, the syncs.
    let sharing: SharingController
    /// Share Recipes and Plan…, on the same syncs.
    let kitchen: KitchenSharingController
    /// Import…, Export…, the previews of files and pasted lines.
    let files: FilesController
    /// Finish Shopping and the Trips page.
    let trips: TripsController

    init(host: some ShopsHost & SharingHost & FilesHost & TripsHost & KitchenSharingHost, pages: PageStack,
         paths: AppPaths) {
        sharing = SharingController(host: host, store: host.model.store, storePath: paths.storeFile)
        kitchen = KitchenSharingController(host: host, syncs: sharing.syncs, storePath: host.model.store.path)
        shops = ShopsController(host: host)
        files = FilesController(host: host, sampleList: paths.sampleList)
        trips = TripsController(host: host, pages: pages)
    }

    /// What of the list shown's change each feature hears: edited items are to send (and, when the
    /// lists' counts stayed, the status may say so), trips to show again, and the shops' menu.
    func modelChanged(_ change: ModelChange) {
        if !change.items.isEmpty {
            sharing.itemsChanged()
            // With the lists' counts the window brings the status up to date (`listsChanged`).
            if !change.listsChanged { sharing.listShownChanged() }
        }
        // A recipe or a meal is a change to send when the recipes and plan are shared.
        if change.recipesChanged { kitchen.changed() }
        if change.tripsChanged { trips.changed() }
        shops.update(menu: change.shopsChanged)
    }

    /// Runs `action` when it is one of these features' commands; false when it is not.
    func run(_ action: AppAction, _ argument: String?) -> Bool {
        switch action {
        case .shareList: sharing.share()
        case .syncNow: sharing.sync()
        case .stopSharing: sharing.stop()
        case .shareKitchen: kitchen.open()
        case .chooseShop: shops.choose(argument)
        case .manageShops: shops.manage()
        case .finishShopping: trips.finishShopping()
        case .importItems: files.chooseImport()
        case .exportItems: files.chooseExport()
        default: return false
        }
        return true
    }
}
