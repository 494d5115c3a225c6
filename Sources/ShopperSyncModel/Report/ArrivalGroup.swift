import ShopperModel

/// The arrivals of one kind by one person, for one sentence of a notice: "Ana added Milk, Eggs and
/// 3 more to Groceries".
struct ArrivalGroup {
    let kind: Arrival.Kind
    let by: String?
    var whats: [String]

    /// The groups in the order a notice says them: the most items first; of as many, added, ticked
    /// off, changed, then removed; of those, the first to arrive.
    static func of(_ arrivals: [Arrival]) -> [ArrivalGroup] {
        var groups: [ArrivalGroup] = []
        for a in arrivals {
            let by = a.by.flatMap(ArrivalWords.cleanName)
            if let i = groups.firstIndex(where: { $0.kind == a.kind && $0.by == by }) {
                if !groups[i].whats.contains(a.what) { groups[i].whats.append(a.what) }
            } else {
                groups.append(ArrivalGroup(kind: a.kind, by: by, whats: [a.what]))
            }
        }
        let order: [Arrival.Kind] = [.added, .ticked, .changed, .removed, .planned]
        return groups.enumerated().sorted { x, y in
            let (a, b) = (x.element, y.element)
            if a.whats.count != b.whats.count { return a.whats.count > b.whats.count }
            let (ka, kb) = (order.firstIndex(of: a.kind) ?? 0, order.firstIndex(of: b.kind) ?? 0)
            return ka != kb ? ka < kb : x.offset < y.offset
        }.map(\.element)
    }

    /// "Milk", "Milk and Eggs", "Milk, Eggs and Bread", "Milk, Eggs and 3 more".
    var items: String {
        let w = whats.map(ArrivalWords.cut)
        switch w.count {
        case 1: return w[0]
        case 2: return L("{first} and {second}", ["first": w[0], "second": w[1]])
        case 3: return L("{first}, {second} and {third}", ["first": w[0], "second": w[1], "third": w[2]])
        default:
            return N("{first}, {second} and {n} more", "{first}, {second} and {n} more", w.count - 2,
                     ["first": w[0], "second": w[1]])
        }
    }

    /// The group's sentence, naming the list (the title) or not (a line of the body).
    func sentence(on list: String?) -> String {
        var values = ["items": items]
        values["list"] = list
        guard let by else { return unnamed(on: list, values) }
        values["who"] = by
        switch (kind, list != nil) {
        case (.added, true): return L("{who} added {items} to {list}", values)
        case (.added, false): return L("{who} added {items}", values)
        case (.ticked, true): return L("{who} ticked off {items} on {list}", values)
        case (.ticked, false): return L("{who} ticked off {items}", values)
        case (.removed, true): return L("{who} removed {items} from {list}", values)
        case (.removed, false): return L("{who} removed {items}", values)
        case (_, true): return L("{who} changed {items} on {list}", values)
        case (_, false): return L("{who} changed {items}", values)
        }
    }

    /// Without a name: "Milk and Eggs were added to Groceries".
    private func unnamed(on list: String?, _ values: [String: String]) -> String {
        let n = whats.count
        switch (kind, list != nil) {
        case (.added, true): return N("{items} was added to {list}", "{items} were added to {list}", n, values)
        case (.added, false): return N("{items} was added", "{items} were added", n, values)
        case (.ticked, true):
            return N("{items} was ticked off on {list}", "{items} were ticked off on {list}", n, values)
        case (.ticked, false): return N("{items} was ticked off", "{items} were ticked off", n, values)
        case (.removed, true):
            return N("{items} was removed from {list}", "{items} were removed from {list}", n, values)
        case (.removed, false): return N("{items} was removed", "{items} were removed", n, values)
        case (_, true): return N("{items} was changed on {list}", "{items} were changed on {list}", n, values)
        case (_, false): return N("{items} was changed", "{items} were changed", n, values)
        }
    }
}
