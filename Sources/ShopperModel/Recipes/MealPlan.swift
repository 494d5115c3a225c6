import Foundation

package struct MealID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let raw: Int64
    package init(_ raw: Int64) { self.raw = raw }
    package static func < (a: MealID, b: MealID) -> Bool { a.raw < b.raw }
    package var description: String { "meal #\(raw)" }
}

/// A calendar day as the person lives it, kept as "2026-11-24": a plan made in one time zone is
/// on the same days in another.
package struct PlanDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    let year: Int, month: Int, day: Int

    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `calendar`.
    package init(_ date: Date, calendar: Calendar = UserLocale.current.calendar) {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
    }

    /// From the store's text; nil for anything else.
    package init?(text: String) {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        self.init(year: parts[0], month: parts[1], day: parts[2])
    }

    package var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    package static func < (a: PlanDay, b: PlanDay) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    /// Noon of the day (no daylight-saving change moves noon to another day).
    package func date(_ calendar: Calendar = UserLocale.current.calendar) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
            ?? Date(timeIntervalSince1970: 0)
    }

    func adding(days n: Int, _ calendar: Calendar = UserLocale.current.calendar) -> PlanDay {
        PlanDay(calendar.date(byAdding: .day, value: n, to: date(calendar)) ?? date(calendar), calendar: calendar)
    }

    /// "Tue" / "Di.": the day's short name in the person's language for dates.
    package func weekdayName(_ user: UserLocale = .current) -> String {
        let calendar = user.calendar
        return date(calendar).formatted(
            Date.FormatStyle(locale: user.dates, calendar: calendar, timeZone: calendar.timeZone).weekday(.abbreviated))
    }
}

/// A recipe put on a day of the plan, for some servings. `list` is where its ingredients went
/// ("Add the week to the list"); nil while they have not.
package struct Meal: Equatable, Sendable {
    package let id: MealID
    package var recipe: RecipeID
    package var day: PlanDay
    package var servings: Int
    /// Order among the day's meals.
    package var position: Int64
    package var list: ListID?
    /// Added to a list on another desktop of the household (that list's name, as the meal's event
    /// says): "Add the Week" here leaves it, or the household would buy it twice.
    package var addedElsewhere: String?
    /// Who planned it, when another desktop or a calendar app did.
    package var plannedBy: String?

    package init(id: MealID, recipe: RecipeID, day: PlanDay, servings: Int, position: Int64 = 0, list: ListID? = nil,
                 addedElsewhere: String? = nil, plannedBy: String? = nil) {
        self.id = id
        self.recipe = recipe
        self.day = day
        self.servings = servings
        self.position = position
        self.list = list
        self.addedElsewhere = addedElsewhere
        self.plannedBy = plannedBy
    }

    /// On a list already, here or on another desktop.
    package var isAdded: Bool { list != nil || addedElsewhere != nil }
}
