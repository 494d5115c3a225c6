import Foundation

/// Reading and deleting trips. Trips are read only when the Trips page asks: the first frame never
/// reads them.
extension ShoppingModel {
    /// Every trip of every list, newest first, without lines.
    public func trips() throws(StoreError) -> [TripSummary] {
        let (trips, stamp) = try store.tripsAndStamp()
        tripStamp = stamp
        return trips
    }

    /// One trip with its lines.
    public func trip(_ id: TripID) throws(StoreError) -> Trip? {
        return try store.trip(id)
    }

    /// Deletes a trip with its lines: one undo step, which brings it back whole.
    public func deleteTrip(_ id: TripID) throws(StoreError) {
        guard let trip = try trip(id) else { return }
        try commit(L("deleting the trip of {date}", ["date": DateText.day(trip.date)])) { b in
            b.cs.trips[id] = .some(nil)
        }
    }

    /// An item's prices paid, oldest first, with where.
    public func priceStats(_ id: ItemID) -> PriceStats {
        PriceStats((try? store.history(of: [id])) ?? [])
    }
}
