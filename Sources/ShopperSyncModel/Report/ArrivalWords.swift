import ShopperModel

/// What a notification says of another device's changes: a title and a body, in the user's language.
package struct ArrivalNotice: Equatable, Sendable {
    package let title: String
    /// More lines, one a sentence; empty when the title says it all.
    package let body: String
}

/// One sync's arrivals on one list, or on the plan, said in a notification: "Ana added Milk, Eggs
/// and 3 more to Groceries". Pure: the window posts what this says (`ArrivalNotifier`).
package enum ArrivalWords {
    /// Sentences in the body beyond the title's; the rest is counted on one more line.
    static let bodyLines = 3
    /// Meals named in the body of a plan's notice.
    static let mealLines = 5
    /// An item's or meal's name is cut to this many characters (one line of a notification).
    static let maxWhat = 40

    /// The notice of one list's arrivals (`list` nil ones and others' are left out); nil for none.
    /// `beyond`: arrivals the report counted without keeping them.
    package static func list(_ arrivals: [Arrival], beyond: Int = 0, named name: String) -> ArrivalNotice? {
        let groups = ArrivalGroup.of(arrivals.filter { $0.kind != .planned })
        guard let first = groups.first else { return nil }
        let list = cut(name)
        var lines = groups.dropFirst().prefix(bodyLines).map { $0.sentence(on: nil) }
        let untold = groups.dropFirst(bodyLines + 1).reduce(beyond) { $0 + $1.whats.count }
        if untold > 0 { lines.append(N("And {n} other change", "And {n} other changes", untold)) }
        return ArrivalNotice(title: first.sentence(on: list), body: lines.joined(separator: "\n"))
    }

    /// The notice of meals planned elsewhere: "Thursday: Pancakes for 6 (planned by Ana)", or for
    /// several "Ana planned 3 meals" with a line each. `today`: for the days' names.
    package static func plan(_ arrivals: [Arrival], beyond: Int = 0, today: PlanDay,
                             _ user: UserLocale = .current) -> ArrivalNotice? {
        let meals = arrivals.filter { $0.kind == .planned }.sorted { ($0.day ?? "") < ($1.day ?? "") }
        guard let first = meals.first else { return nil }
        let count = meals.count + beyond
        let people = Set(meals.map(\.by))
        let oneName = people.count == 1 ? first.by.flatMap(cleanName) : nil
        let line = { (m: Arrival, withName: Bool) -> String in
            var values = ["day": day(m.day, today: today, user), "meal": cut(m.what)]
            guard withName, let who = m.by.flatMap(cleanName) else { return L("{day}: {meal}", values) }
            values["who"] = who
            return L("{day}: {meal} (planned by {who})", values)
        }
        if count == 1 {
            guard oneName != nil else { return ArrivalNotice(title: L("{day}: {meal} (newly planned)", [
                "day": day(first.day, today: today, user), "meal": cut(first.what)]), body: "") }
            return ArrivalNotice(title: line(first, true), body: "")
        }
        let title = oneName.map { N("{who} planned {n} meal", "{who} planned {n} meals", count, ["who": $0]) }
            ?? N("{n} meal was planned", "{n} meals were planned", count)
        var lines = meals.prefix(mealLines).map { line($0, oneName == nil) }
        if count > mealLines { lines.append(N("And {n} more meal", "And {n} more meals", count - mealLines)) }
        return ArrivalNotice(title: title, body: lines.joined(separator: "\n"))
    }

    /// "Thursday", or the text as it came when it is no day.
    private static func day(_ text: String?, today: PlanDay, _ user: UserLocale) -> String {
        guard let text else { return "" }
        return PlanDay(text: text)?.spokenName(today: today, user) ?? cut(text)
    }

    /// One line, at most `maxWhat` characters ("…" where it was cut).
    static func cut(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return line.count <= maxWhat ? line : line.prefix(maxWhat - 1).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// A person's name as a sentence says it; nil for none.
    static func cleanName(_ name: String) -> String? {
        let line = cut(name)
        return line.isEmpty ? nil : line
    }
}
