import ShopperModel
// STUB until helper M lands (replaced by its file).
package struct SharedMeal: Equatable, Sendable, Codable {
    package var uid: String
    package var day: PlanDay
    package var summary: String
    package var text: String
    package var recipeUID: String?
    package var servings: Int?
    package var plannedBy: String?
    package var addedTo: String?
    package var addedBy: String?
    package var shares: [String]
    package init(uid: String, day: PlanDay, summary: String, text: String = "", recipeUID: String? = nil,
                 servings: Int? = nil, plannedBy: String? = nil, addedTo: String? = nil, addedBy: String? = nil,
                 shares: [String] = []) {
        self.uid = uid; self.day = day; self.summary = summary; self.text = text; self.recipeUID = recipeUID
        self.servings = servings; self.plannedBy = plannedBy; self.addedTo = addedTo; self.addedBy = addedBy
        self.shares = shares
    }
}
extension PlanDay: Codable {
    package init(from decoder: Decoder) throws { self = PlanDay(text: try String(from: decoder))! }
    package func encode(to encoder: Encoder) throws { try description.encode(to: encoder) }
}
