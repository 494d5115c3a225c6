import Foundation

extension PlanDay {
    /// The day as a sentence names it, in the person's language: "Thursday" within the coming week
    /// (today and the six days after), "Thursday, 10 December" further off or past.
    package func spokenName(today: PlanDay, _ user: UserLocale = .current) -> String {
        let calendar = user.calendar
        let style = Date.FormatStyle(locale: user.dates, calendar: calendar, timeZone: calendar.timeZone)
        let ahead = calendar.dateComponents([.day], from: today.date(calendar), to: date(calendar)).day ?? -1
        return date(calendar).formatted((0...6).contains(ahead) ? style.weekday(.wide)
                                        : style.weekday(.wide).day().month(.wide))
    }
}
