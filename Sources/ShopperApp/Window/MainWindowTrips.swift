import Foundation
import ShopperModel

/// The Trips page in the window: built when first shown, read again when a trip is recorded or
/// deleted, a deletion with Undo in the window's toast.
extension MainWindow {
    var trips: TripsPage {
        if let built = pageStack.trips { return built }
        let page = TripsPage(model: model, money: money)
        pageStack.place(page)
        page.onDelete = { [weak self] id in self?.deleteTrip(id) }
        page.onError = { [weak self] error in self?.report(error) }
        return page
    }

    func tripsChanged() {
        pageStack.trips?.reload()
        updateTotals()
    }

    private func deleteTrip(_ id: TripID) {
        guard let trip = try? model.trip(id) else { return }
        guard attempt({ try model.deleteTrip(id) }) else { return }
        toast.show(Self.deletedTrip(trip), actionTitle: L("Undo"), action: undoAction())
    }

    /// Names the trip so that two of one day are told apart: its store and time.
    static func deletedTrip(_ trip: Trip) -> String {
        let when = ["date": DateText.day(trip.date), "time": SharingCommands.timeText(trip.date)]
        guard !trip.shopName.isEmpty else { return L("Deleted the trip of {date}, {time}", when) }
        return L("Deleted the trip to {store} of {date}, {time}", when.merging(["store": trip.shopName]) { a, _ in a })
    }
}
