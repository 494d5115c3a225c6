import Foundation
import ShopperModel

/// A meal on the plan as it is shared (one all-day VEVENT on the server). `text` is what a person
/// cooks from, as a phone's calendar shows it; the rest is what a Shopper on the other desktop
/// needs to make it its meal again and to know what was added to which list.
package struct SharedMeal: Equatable, Sendable, Codable {
    package var uid: String
    package var day: PlanDay
    /// "Pancakes for 6", as a calendar shows it.
    package var summary: String
    /// DESCRIPTION: what a person cooks from.
    package var text: String
    /// X-SHOPPER-RECIPE-UID; nil for an event another app made.
    package var recipeUID: String?
    /// X-SHOPPER-SERVINGS.
    package var servings: Int?
    /// X-SHOPPER-PLANNED-BY.
    package var plannedBy: String?
    /// X-SHOPPER-LIST: the list its ingredients went to; nil while they have not.
    package var addedTo: String?
    /// X-SHOPPER-ADDED-BY.
    package var addedBy: String?
    /// X-SHOPPER-SHARE, one property per line the add put on the list (opaque text).
    package var shares: [String]

    package init(uid: String, day: PlanDay, summary: String, text: String = "", recipeUID: String? = nil,
                 servings: Int? = nil, plannedBy: String? = nil, addedTo: String? = nil, addedBy: String? = nil,
                 shares: [String] = []) {
        self.uid = uid
        self.day = day
        self.summary = summary
        self.text = text
        self.recipeUID = recipeUID
        self.servings = servings
        self.plannedBy = plannedBy
        self.addedTo = addedTo
        self.addedBy = addedBy
        self.shares = shares
    }
}

/// A day travels as the store keeps it, "2026-11-24": the same day whatever the time zone.
extension PlanDay: Codable {
    package init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let day = PlanDay(text: text) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a day: \(text)")
        }
        self = day
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
