import Foundation

/// Dates as the user writes them (`UserLocale.dates`, not Foundation's `en_001`).
public enum DateText {
    /// "Tue, 24 Nov 2026" / "Di., 24. Nov. 2026".
    public static func day(_ date: Date, _ user: UserLocale = .current) -> String {
        date.formatted(Date.FormatStyle(locale: user.dates, calendar: user.calendar, timeZone: user.calendar.timeZone)
            .weekday(.abbreviated).day().month(.abbreviated).year())
    }

    /// "3 Nov" / "3. Nov.".
    public static func short(_ date: Date, _ user: UserLocale = .current) -> String {
        date.formatted(Date.FormatStyle(locale: user.dates, calendar: user.calendar, timeZone: user.calendar.timeZone).day().month(.abbreviated))
    }

    /// A week's bar: "23 Nov" (its first day); a month's: "Nov 2026".
    public static func period(_ start: Date, _ period: SpendingPeriod, _ user: UserLocale = .current) -> String {
        let style = Date.FormatStyle(locale: user.dates, calendar: user.calendar, timeZone: user.calendar.timeZone)
        return period == .week ? start.formatted(style.day().month(.abbreviated)) : start.formatted(style.month(.abbreviated).year())
    }

    /// The short tick under a bar: "23.11." / "11/23" for a week, "Nov" for a month.
    public static func tick(_ start: Date, _ period: SpendingPeriod, _ user: UserLocale = .current) -> String {
        let style = Date.FormatStyle(locale: user.dates, calendar: user.calendar, timeZone: user.calendar.timeZone)
        return period == .week ? start.formatted(style.day().month(.twoDigits)) : start.formatted(style.month(.abbreviated))
    }
}
