import Foundation
import ShopperModel
import ShopperSyncModel

/// A meal on the plan to an all-day event (VEVENT) and back: the README's meal mapping as code.
///
/// DTSTART;VALUE=DATE the day and DTEND the next, TRANSP:TRANSPARENT (a meal makes no one busy),
/// SUMMARY "Pancakes for 6", DESCRIPTION what a person cooks from, and what another Shopper needs
/// in X-SHOPPER- properties (percent-encoded, see `ICalEntry.setX`): RECIPE-UID, SERVINGS,
/// PLANNED-BY, LIST, ADDED-BY, and SHARE once per line the add put on the list. The DESCRIPTION's
/// line breaks, commas, semicolons and backslashes come back from Radicale and Xandikos as written,
/// but for one sequence: Xandikos (python-icalendar's unescaping) reads a backslash followed by
/// "n" as a line break.
enum EventMapping {
    /// The calendar object for `meal`; `old` (the server's last text) is patched when given.
    static func text(for meal: SharedMeal, patching old: String?,
                     calendar: Calendar = UserLocale.current.calendar) -> String {
        // Another UID's text is no earlier version of this one: a new entry then.
        let entry = old.flatMap { try? ICalEntry(text: $0, kind: .event) }.flatMap { $0.uid == meal.uid ? $0 : nil }
            ?? ICalEntry(newUID: meal.uid, kind: .event)
        entry.setAllDay(meal.day, calendar: calendar)
        entry.setTransparentUnlessSet()
        entry.set(.summary, meal.summary)
        entry.set(.description, meal.text)
        entry.setX("X-SHOPPER-RECIPE-UID", meal.recipeUID)
        entry.setX("X-SHOPPER-SERVINGS", meal.servings.map(String.init))
        entry.setX("X-SHOPPER-PLANNED-BY", meal.plannedBy)
        entry.setX("X-SHOPPER-LIST", meal.addedTo)
        entry.setX("X-SHOPPER-ADDED-BY", meal.addedBy)
        entry.setX("X-SHOPPER-SHARE", meal.shares)
        return entry.text()
    }

    /// The meal an event describes, its text with "\n" line breaks (another app's "\r\n" too). An
    /// event a phone made with a time is on the day it starts in `calendar`'s time zone (the
    /// person's); a repeating one on its first day only.
    static func meal(from text: String,
                     calendar: Calendar = UserLocale.current.calendar) throws(KitchenReadError) -> SharedMeal {
        let entry: ICalEntry
        do { entry = try ICalEntry(text: text, kind: .event) } catch { throw KitchenReadError(error) }
        guard let day = entry.startDay(in: calendar) else { throw .noDay }
        let summary = entry.value(.summary, limit: KitchenLimits.maxSummary)?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !summary.isEmpty else { throw .noSummary }
        let name = KitchenLimits.maxName
        func x(_ key: String) -> String? {
            entry.xValue("X-SHOPPER-" + key, limit: name).flatMap { $0.isEmpty ? nil : $0 }
        }
        let servings = x("SERVINGS").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .flatMap { (1...RecipeDraft.maxServings).contains($0) ? $0 : nil }
        return SharedMeal(
            uid: String(entry.uid.prefix(name)), day: day, summary: summary,
            text: (entry.value(.description, limit: KitchenLimits.maxText) ?? "").replacingOccurrences(
                of: "\r\n", with: "\n"), recipeUID: x("RECIPE-UID"),
            servings: servings, plannedBy: x("PLANNED-BY"), addedTo: x("LIST"), addedBy: x("ADDED-BY"),
            shares: entry.xValues("X-SHOPPER-SHARE", max: KitchenLimits.maxShares, limit: KitchenLimits.maxShare))
    }
}
