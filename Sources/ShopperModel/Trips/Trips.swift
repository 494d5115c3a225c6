import Foundation

/// Trips and prices: reading, importing and deleting trips, an item's prices paid. Trips are read
/// only when the Trips page asks: the first frame never reads them.
package final class Trips: ModelPart {
    /// What the trips were when this process last read them (nil: never; the first frame reads no
    /// trip), to tell others' trips to whoever shows them.
    var tripStamp: Int64?
    unowned var model: ShoppingModel!

    /// Whether others' news changed the trips read (the Trips page reads them again when told).
    func follow(_ news: StoreChanges) -> Bool {
        guard let seen = tripStamp, news.tripStamp != seen else { return false }
        tripStamp = news.tripStamp
        return true
    }

    /// Every trip of every list, newest first, without lines.
    package func all() throws(StoreError) -> [TripSummary] {
        let (trips, stamp) = try store.tripTables.tripsAndStamp()
        tripStamp = stamp
        return trips
    }

    /// One trip with its lines.
    package func trip(_ id: TripID) throws(StoreError) -> Trip? {
        return try store.tripTables.trip(id)
    }

    /// Deletes a trip with its lines: one undo step, which brings it back whole.
    package func deleteTrip(_ id: TripID) throws(StoreError) {
        guard let trip = try trip(id) else { return }
        try core.commit(L("deleting the trip of {date}", ["date": DateText.day(trip.date)])) { b in
            b.cs.trips[id] = .some(nil)
        }
    }

    /// An item's prices paid, oldest first, with where.
    package func priceStats(_ id: ItemID) -> PriceStats {
        PriceStats((try? store.tripTables.history(of: [id])) ?? [])
    }

    /// Trips brought in from a file: one undo step; a store named that exists is the trip's store.
    @discardableResult
    package func importTrips(_ trips: [Trip]) throws(StoreError) -> [TripID] {
        var made: [TripID] = []
        try core.commit(N("importing {n} trip", "importing {n} trips", trips.count)) { b in
            made = []
            for var t in trips {
                let id = b.ids.newTripID()
                let key = ShoppingModel.matchKey(t.shopName)
                let shop = model.shops.all.first { ShoppingModel.matchKey($0.name) == key }?.id ?? .any
                t = Trip(id: id, list: t.list, shop: shop,
                         shopName: t.shopName, date: t.date, lines: t.lines)
                b.cs.trips[id] = t
                made.append(id)
            }
        }
        return made
    }

    /// Every trip whole, oldest first (for export).
    package func allTrips() throws(StoreError) -> [Trip] {
        var out: [Trip] = []
        for s in try all().reversed() { if let t = try trip(s.id) { out.append(t) } }
        return out
    }
}
