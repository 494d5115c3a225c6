import Foundation

/// What was spent per week or per month, for the Trips page's plot: every period from the first
/// trip's to the last's, those without a trip at zero, so the bars keep their spacing in time.
public enum SpendingPeriod: String, CaseIterable, Sendable {
    case week, month

    var component: Calendar.Component { self == .week ? .weekOfYear : .month }
}

public struct SpendingBar: Equatable, Sendable {
    /// The period's first moment in the calendar's time zone (a week starts on the locale's first
    /// weekday).
    public var start: Date
    public var total: Decimal
    public var trips: Int

    public init(start: Date, total: Decimal, trips: Int) {
        self.start = start
        self.total = total
        self.trips = trips
    }
}

extension SpendingPeriod {
    /// The bars for `trips` (any order). `calendar` gives the time zone and the first weekday.
    public func bars(_ trips: [TripSummary], calendar: Calendar) -> [SpendingBar] {
        guard !trips.isEmpty else { return [] }
        var sums: [Date: (CostSum, Int)] = [:]
        for t in trips {
            let start = self.start(of: t.date, calendar)
            let (sum, n) = sums[start] ?? (.zero, 0)
            sums[start] = (sum + CostSum(t.total), n + 1)
        }
        let first = sums.keys.min()!, last = sums.keys.max()!
        var bars: [SpendingBar] = []
        var at = first
        while at <= last {
            let (sum, n) = sums[at] ?? (.zero, 0)
            bars.append(SpendingBar(start: at, total: sum.decimal, trips: n))
            guard let next = calendar.date(byAdding: component, value: 1, to: at) else { break }
            // Daylight saving moves no start: the next period begins where the calendar says.
            at = self.start(of: next, calendar)
        }
        return bars
    }

    /// The first moment of the week or month that holds `date`.
    public func start(of date: Date, _ calendar: Calendar) -> Date {
        let unit: Calendar.Component = self == .week ? .weekOfYear : .month
        return calendar.dateInterval(of: unit, for: date)?.start ?? date
    }
}

extension Calendar {
    /// The user's calendar: Gregorian, the locale's first weekday, the time zone of the process
    /// (Swift's own locale on Linux is en_001 whatever LANG says: see UserLocale).
    public static func user(_ locale: Locale, timeZone: TimeZone = .current) -> Calendar {
        var c = Calendar(identifier: .gregorian)
        c.locale = locale
        c.timeZone = timeZone
        c.firstWeekday = Calendar(identifier: .gregorian).withLocale(locale).firstWeekday
        // ISO 8601 weeks where the week starts on Monday: the first week has four days of the year.
        c.minimumDaysInFirstWeek = c.firstWeekday == 2 ? 4 : 1
        return c
    }

    private func withLocale(_ locale: Locale) -> Calendar {
        var c = self
        c.locale = locale
        return c
    }
}
