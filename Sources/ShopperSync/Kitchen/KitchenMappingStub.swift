import ShopperModel
import ShopperSyncModel
// STUB until helper M lands (replaced by its files).
enum KitchenReadError: Error, Equatable { case notICalendar, wrongKind, noUID, noDay, noSummary
    var why: String { "stub" } }
enum JournalMapping {
    static func text(for recipe: SharedRecipe, patching old: String?) -> String { "" }
    static func recipe(from text: String) throws(KitchenReadError) -> SharedRecipe { throw .notICalendar }
}
enum EventMapping {
    static func text(for meal: SharedMeal, patching old: String?) -> String { "" }
    static func meal(from text: String) throws(KitchenReadError) -> SharedMeal { throw .notICalendar }
}
