import Foundation
import ShopperModel

/// `shopper plan …`: the week's plan from scripts and a terminal.
enum PlanCommand: Equatable {
    /// Prints this week's meals, or the next week's.
    case show(nextWeek: Bool)
    /// DAY as typed (a weekday's name, today, tomorrow, an ISO date): read when run.
    case add(day: String, title: String, servings: Int?)
    case remove(day: String, title: String)
    /// Add the Week to the List: the week's meals not yet on a list.
    case addToList(list: String?, nextWeek: Bool)
}

extension Command {
    static func parsePlan(_ args: inout [String]) throws(UsageError) -> Command {
        let verb = args.first.flatMap { ["add", "remove", "add-to-list"].contains($0) ? $0 : nil }
        if verb != nil { args.removeFirst() }
        var nextWeek = false, servings: Int?, list: String?, words: [String] = []
        while !args.isEmpty {
            let a = args.removeFirst()
            let allowed: Set<String> = switch verb {
            case nil: ["--week"]
            case "add": ["--servings"]
            case "add-to-list": ["--week", "--to"]
            default: []
            }
            if a == "--" {
                words += args
                args = []
            } else if allowed.contains(a) {
                guard let value = args.first, !value.isEmpty else {
                    throw UsageError(message: L("{option} needs a value", ["option": a]))
                }
                args.removeFirst()
                switch a {
                case "--week":
                    guard ["this", "next"].contains(value) else {
                        throw UsageError(message: L("--week takes this or next, not “{value}”", ["value": value]))
                    }
                    nextWeek = value == "next"
                case "--to": list = value
                default:
                    guard let n = Int(value), (1...RecipeDraft.maxServings).contains(n) else {
                        throw UsageError(
                            message: L("--servings takes a number from 1 to 1000, not “{value}”", ["value": value]))
                    }
                    servings = n
                }
            } else if a.hasPrefix("-"), a.count > 1 {
                throw UsageError(message: L("unknown option “{option}” for plan", ["option": a]))
            } else {
                words.append(a)
            }
        }
        return try planCommand(verb, words: words, nextWeek: nextWeek, servings: servings, list: list)
    }

    private static func planCommand(_ verb: String?, words: [String], nextWeek: Bool, servings: Int?, list: String?)
        throws(UsageError) -> Command
    {
        switch verb {
        case nil, "add-to-list":
            if let word = words.first {
                throw UsageError(
                    message: L("unknown plan command “{command}”: use add, remove or add-to-list", ["command": word]))
            }
            return .plan(verb == nil ? .show(nextWeek: nextWeek) : .addToList(list: list, nextWeek: nextWeek))
        default:
            guard words.count >= 2 else {
                throw UsageError(
                    message: L(
                        "plan {command} needs a day and a recipe's title, such as: shopper plan {command} friday Chili",
                        ["command": verb ?? ""]))
            }
            let title = words.dropFirst().joined(separator: " ")
            return .plan(
                verb == "add"
                    ? .add(day: words[0], title: title, servings: servings) : .remove(day: words[0], title: title))
        }
    }
}

@MainActor
enum PlanCommands {
    static func run(_ command: PlanCommand, paths: AppPaths, today: Date = Date()) throws -> String {
        switch command {
        case .show(let next): return try show(week: PlanDay.week(next ? 1 : 0, around: today), paths: paths)
        case .add(let words, let title, let servings):
            return try BookCommands.run(
                BookRequest(.planAdd, title: title, day: day(words, today), servings: servings), paths: paths)
        case .remove(let words, let title):
            return try BookCommands.run(BookRequest(.planRemove, title: title, day: day(words, today)), paths: paths)
        case .addToList(let list, let next):
            let week = PlanDay.week(next ? 1 : 0, around: today)
            return try BookCommands.run(
                BookRequest(.addWeek, day: week.lowerBound, through: week.upperBound, list: list), paths: paths)
        }
    }

    /// DAY as typed, read in this process (its "today" is the person's); anything else is one
    /// sentence.
    static func day(_ words: String, _ today: Date) throws -> PlanDay {
        guard let day = PlanDay.named(words, today: PlanDay(today)) else {
            throw AddLineService.Failed(
                message: L(
                    "“{day}” is not a day: use a weekday’s name, today, tomorrow or a date such as 2026-11-28; nothing was changed",
                                                   ["day": words]))
        }
        return day
    }

    /// One line a meal of the week: its date, weekday, recipe, servings and the list its
    /// ingredients went to (empty while they have not), tab-separated for scripts.
    static func show(week: ClosedRange<PlanDay>, paths: AppPaths) throws -> String {
        let model = try CommandRunner.model(of: nil, in: Store(path: paths.storeFile, access: .readOnly))
        let titles = Dictionary(
            try model.recipes.recipeSummaries().map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let lists = Dictionary(model.lists.all.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        func field(_ s: String) -> String {
            s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        }
        return try model.plan.meals(from: week.lowerBound).filter { week.contains($0.day) }.map { m in
            [
                m.day.description, m.day.weekdayName(), titles[m.recipe] ?? L("A deleted recipe"), "\(m.servings)",
                m.list.flatMap { lists[$0] } ?? m.addedElsewhere ?? ""
            ]
                .map(field).joined(separator: "\t") + "\n"
        }.joined()
    }
}
