import Foundation
import ShopperModel

/// What the trips need of the window beyond the common services: the money, and the totals
/// (the Trips page's line is what they came to).
@MainActor
protocol TripsHost: WindowServices {
    var money: MoneyFormat { get }
    func updateTotals()
}

/// The trips: Finish Shopping (its dialog while open) records one; the Trips page, built into the
/// page stack when first shown, read again when a trip is recorded or deleted, a deletion with Undo.
@MainActor
final class TripsController {
    unowned let host: any TripsHost
    private let pages: PageStack
    private(set) var finishDialog: FinishShoppingDialog?

    init(host: any TripsHost, pages: PageStack) {
        self.host = host
        self.pages = pages
    }

    /// The page, built into its place when first shown.
    var page: TripsPage {
        if let built = pages.trips { return built }
        let page = TripsPage(model: host.model, money: host.money)
        pages.place(page)
        page.host = self
        return page
    }

    /// A trip recorded or deleted: the page reads them again.
    func changed() {
        pages.trips?.reload()
        host.updateTotals()
    }

    func deleteTrip(_ id: TripID) {
        guard let trip = try? host.model.trips.trip(id) else { return }
        guard host.attempt({ try host.model.trips.deleteTrip(id) }) else { return }
        host.sayDone(Self.deletedTrip(trip))
    }

    /// Names the trip so that two of one day are told apart: its store and time.
    static func deletedTrip(_ trip: Trip) -> String {
        let when = ["date": DateText.day(trip.date), "time": SharingCommands.timeText(trip.date)]
        guard !trip.shopName.isEmpty else { return L("Deleted the trip of {date}, {time}", when) }
        return L("Deleted the trip to {store} of {date}, {time}", when.merging(["store": trip.shopName]) { a, _ in a })
    }

    /// Finish Shopping: the prices paid, corrected from the receipt, then the trip recorded.
    func finishShopping() {
        let count = host.model.items.totals.inCart.count
        guard count > 0 else {
            host.toast.show(L("Nothing in the cart yet: tick items off the shopping list first."))
            return
        }
        // The optional step: prices paid, corrected from the receipt, before they are recorded.
        let dialog = FinishShoppingDialog(model: host.model, parent: host.window, money: host.money) {
            [weak self] paid in
            guard let self else { return }
            finishDialog = nil
            if host.attempt({ try host.model.items.finishShopping(paid: paid) }) {
                host.sayDone(N("Shopping finished: {n} item recorded", "Shopping finished: {n} items recorded", count))
            }
        }
        dialog.dialog.onResponse { [weak self] _ in self?.finishDialog = nil }
        finishDialog = dialog
        dialog.present()
    }
}

extension TripsController: TripsPageHost {
    func tripsFailed(_ error: Error) { host.report(error) }
}
