import ShopperModel

extension Arrival {
    /// Arrivals a report keeps, in order: a notification names a few, and says "and 3 more" of the
    /// rest, so a thousand items added on the phone need not travel from the helper one by one.
    static let kept = 50
}

extension SyncReport {
    /// Another device's change, kept once (a change merged twice in one sync, before and after the
    /// upload, is one), and only counted beyond `Arrival.kept`.
    package mutating func arrive(_ arrival: Arrival) {
        guard !arrivals.contains(arrival) else { return }
        if arrivals.count < Arrival.kept { arrivals.append(arrival) } else { arrivalsBeyond += 1 }
    }

    /// Another report's arrivals, after this one's.
    package mutating func arrive(from other: SyncReport) {
        for a in other.arrivals { arrive(a) }
        arrivalsBeyond += other.arrivalsBeyond
    }
}
