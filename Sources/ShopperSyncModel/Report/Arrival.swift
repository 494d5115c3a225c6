import ShopperModel

/// One change another device made, that a sync brought: "Ana added Milk" to a list, "Thursday:
/// Pancakes for 6 (planned by Ana)" on the plan.
package struct Arrival: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, Codable {
        /// An item new on a list, or brought back onto it.
        case added
        /// An item's fields changed.
        case changed
        /// An item ticked off (into the cart) elsewhere.
        case ticked
        /// An item gone from the list.
        case removed
        /// A meal new on the plan.
        case planned
    }

    var kind: Kind
    /// The item's description, or the meal as a calendar shows it ("Pancakes for 6").
    var what: String
    /// Who made the change, as their device names them; nil when it does not say.
    var by: String?
    /// The list changed; nil for the plan.
    var list: Int64?
    /// The meal's day ("2026-11-26"); nil for an item.
    var day: String?

    package init(kind: Kind, what: String, by: String?, list: ListID?, day: PlanDay? = nil) {
        self.kind = kind
        self.what = what
        self.by = by
        self.list = list?.raw
        self.day = day?.description
    }
}
