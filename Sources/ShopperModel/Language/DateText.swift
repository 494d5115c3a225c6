import Foundation

/// Dates as the user writes them (`UserLocale.dates`, not Foundation's `en_001`). The styles are
/// made once for this process's user: a Trips page formats hundreds of dates at a time.
package enum DateText {
    private struct Styles: Sendable {
        let day, short, week, month, weekTick, monthTick: Date.FormatStyle
        init(_ user: UserLocale) {
            let calendar = user.calendar
            let base = Date.FormatStyle(locale: user.dates, calendar: calendar, timeZone: calendar.timeZone)
            day = base.weekday(.abbreviated).day().month(.abbreviated).year()
            short = base.day().month(.abbreviated)
            week = short
            month = base.month(.abbreviated).year()
            weekTick = base.day().month(.twoDigits)
            monthTick = base.month(.abbreviated)
        }
    }

    private static let current = Styles(.current)
    private static func styles(_ user: UserLocale) -> Styles { user == .current ? current : Styles(user) }

    /// "Tue, 24 Nov 2026" / "Di., 24. Nov. 2026".
    package static func day(_ date: Date, _ user: UserLocale = .current) -> String {
        date.formatted(styles(user).day)
    }

    /// "3 Nov" / "3. Nov.".
    package static func short(_ date: Date, _ user: UserLocale = .current) -> String {
        date.formatted(styles(user).short)
    }

    /// A week's bar: "23 Nov" (its first day); a month's: "Nov 2026".
    package static func period(_ start: Date, _ period: SpendingPeriod, _ user: UserLocale = .current) -> String {
        let s = styles(user)
        return start.formatted(period == .week ? s.week : s.month)
    }

    /// The short tick under a bar: "23.11." / "11/23" for a week, "Nov" for a month.
    package static func tick(_ start: Date, _ period: SpendingPeriod, _ user: UserLocale = .current) -> String {
        let s = styles(user)
        return start.formatted(period == .week ? s.weekTick : s.monthTick)
    }
}
