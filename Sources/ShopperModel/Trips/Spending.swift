import Foundation

/// What was spent per week or per month, for the Trips page's plot: every period from the first
/// trip's to the last's, those without a trip at zero, so the bars keep their spacing in time.
package enum SpendingPeriod: String, CaseIterable, Sendable {
    case week, month

    var component: Calendar.Component { self == .week ? .weekOfYear : .month }
}

package struct SpendingBar: Equatable, Sendable {
    /// The period's first moment in the calendar's time zone (a week starts on the locale's first
    /// weekday).
    package var start: Date
    package var total: Decimal
    package var trips: Int

    init(start: Date, total: Decimal, trips: Int) {
        self.start = start
        self.total = total
        self.trips = trips
    }
}

extension SpendingPeriod {
    /// The bars for `trips` (any order). `calendar` gives the time zone and the first weekday.
    /// Calendar arithmetic is dear (ICU): it is done once a period, never once a trip.
    package func bars(_ trips: [TripSummary], calendar: Calendar) -> [SpendingBar] {
        guard let earliest = trips.min(by: { $0.date < $1.date })?.date,
              let latest = trips.max(by: { $0.date < $1.date })?.date else { return [] }
        let sorted = trips.sorted { $0.date < $1.date }
        var bars: [SpendingBar] = []
        var at = start(of: earliest, calendar), next = 0
        while at <= latest {
            // Adding whole calendar weeks or months to a period's start gives the next start, across
            // daylight saving too.
            guard let end = calendar.date(byAdding: component, value: 1, to: at) else { break }
            var sum = CostSum.zero, n = 0
            while next < sorted.count, sorted[next].date < end {
                sum += CostSum(sorted[next].total)
                n += 1
                next += 1
            }
            bars.append(SpendingBar(start: at, total: sum.decimal, trips: n))
            at = end
        }
        return bars
    }

    /// The first moment of the week or month that holds `date`.
    func start(of date: Date, _ calendar: Calendar) -> Date {
        let unit: Calendar.Component = self == .week ? .weekOfYear : .month
        return calendar.dateInterval(of: unit, for: date)?.start ?? date
    }
}

extension Calendar {
    /// The user's calendar: Gregorian, the locale's first weekday, the time zone of the process
    /// (Swift's own locale on Linux is en_001 whatever LANG says: see UserLocale).
    package static func user(_ locale: Locale, timeZone: TimeZone = .current) -> Calendar {
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
