import ShopperModel

extension WeekPlanPage {
    /// A note of the shared calendar: its summary beside a calendar icon, dimmed, with no servings
    /// and nothing to press (it is changed where it was made, in a calendar app).
    static func row(_ note: Note) -> Box {
        let row = Box(.horizontal, spacing: 12)
        row.widget.margins(8)
        row.widget.css("dim-label")
        let icon = Image(icon: "x-office-calendar-symbolic")
        icon.widget.align(v: .center)
        row.append(icon.widget)
        let summary = Label(note.summary)
        summary.xalign(0)
        summary.wrap()
        summary.widget.expand(h: true)
        row.append(summary.widget)
        row.widget.accessibleLabel(L("Calendar note: {summary}", ["summary": note.summary]))
        row.widget.tooltip(L("From the shared calendar; change it in a calendar app."))
        return row
    }

    /// What a meal says under its title: where it went ("On the list" here, the list's name when
    /// another desktop of the household added it) and who planned it, when not this desktop.
    static func words(for meal: Meal) -> String {
        var parts: [String] = []
        if meal.list != nil {
            parts.append(L("On the list"))
        } else if let elsewhere = meal.addedElsewhere {
            parts.append(L("Added to “{list}” on another desktop", ["list": elsewhere]))
        }
        if let by = meal.plannedBy { parts.append(L("Planned by {name}", ["name": by])) }
        // One a line: side by side they wrapped mid-phrase at a phone's width.
        return parts.joined(separator: "\n")
    }
}
