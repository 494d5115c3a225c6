import Foundation

/// The plan's days as a person names them: the fortnight the Week's Plan shows, its two weeks,
/// and a DAY typed on the command line ("today", "tomorrow", a weekday, an ISO date).
extension PlanDay {
    /// The days a plan shows: a rolling fortnight from today. A week from the locale's first
    /// weekday opened an American Saturday on six days already past, today last; from today, the
    /// first day shown is the one the person is planning from, and a weekday named means the
    /// next such day, which is always in the first week shown.
    package static func planDays(around today: Date = Date(), _ user: UserLocale = .current) -> [PlanDay] {
        let first = PlanDay(today, calendar: user.calendar)
        return (0..<14).map { first.adding(days: $0, user.calendar) }
    }

    /// This week (0: today and the six days after it) or the next (1), as a range of days.
    package static func week(_ index: Int, around today: Date = Date(), _ user: UserLocale = .current) -> ClosedRange<
        PlanDay
    > {
        let days = planDays(around: today, user)
        let start = min(max(index, 0), 1) * 7
        return days[start]...days[start + 6]
    }

    /// A DAY as typed: "today", "tomorrow" (or the user's language's words for them), a weekday's
    /// name in English or the user's language, whole or short ("sat", "Samstag", "Sa."): the next
    /// such day, today included; or an ISO date ("2026-11-28"). Nil for anything else.
    package static func named(_ words: String, today: PlanDay, _ user: UserLocale = .current) -> PlanDay? {
        let calendar = user.calendar
        let key = fold(words)
        guard !key.isEmpty else { return nil }
        if ["today", fold(L("today"))].contains(key) { return today }
        if ["tomorrow", fold(L("tomorrow"))].contains(key) { return today.adding(days: 1, calendar) }
        if let day = PlanDay(text: key), day.isReal(calendar) { return day }
        guard let weekday = weekday(named: key, user) else { return nil }
        let todays = calendar.component(.weekday, from: today.date(calendar))
        return today.adding(days: (weekday - todays + 7) % 7, calendar)
    }

    /// The weekday (1 Sunday … 7 Saturday, as Calendar counts) a folded name is, if any.
    private static func weekday(named key: String, _ user: UserLocale) -> Int? {
        var names: [[String]] = []
        for locale in [Locale(identifier: "en_US_POSIX"), user.dates] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = locale
            names += [calendar.weekdaySymbols, calendar.shortWeekdaySymbols, calendar.standaloneWeekdaySymbols,
                      calendar.shortStandaloneWeekdaySymbols]
        }
        for list in names where list.count == 7 {
            if let i = list.firstIndex(where: { fold($0) == key }) { return i + 1 }
        }
        return nil
    }

    /// Lower case, no accents, no closing full stop ("Sa." is "sa").
    private static func fold(_ s: String) -> String {
        var f = SearchQuery.fold(s.trimmingCharacters(in: .whitespaces))
        while f.hasSuffix(".") { f.removeLast() }
        return f
    }

    /// Whether the date is on the calendar (no 30 February).
    private func isReal(_ calendar: Calendar) -> Bool { PlanDay(date(calendar), calendar: calendar) == self }
}
