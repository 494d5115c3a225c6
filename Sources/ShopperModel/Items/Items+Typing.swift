import Foundation

/// Typing a line or pasting several: a known description updates its item, anything else is a
/// new item, placed where `Aisles.placement` says.
extension Items {
    /// `matchKey` of an item as it is now: the first line of its folded search text.
    func matchKey(of id: ItemID) -> Substring {
        model.searches.searchText(of: id).prefix { $0 != "\n" }
    }

    /// The item with this description (ignoring case and accents), if any. Looks at every item's
    /// search text: for one-off callers such as the command line; the add bar keeps its own index.
    func item(described description: String) -> Item? {
        let key = Array(ShoppingModel.matchKey(description).utf8)
        var found: ItemID?
        model.searches.forEachSearchText { id, _, text in
            if found == nil, SearchTexts.description(in: text).elementsEqual(key) { found = id }
        }
        return found.flatMap(item)
    }

    /// What typing a line does. A known description (ignoring case and accents) is put back on the
    /// shopping list and takes what the line says: quantity, unit, price, and the aisle only when
    /// one is written. Anything else is a new item; without an aisle, it goes where `placement` says
    /// (beside items that share a word with it, "Eggs" beside "Free-range eggs"; else where the
    /// household or the table of groceries puts it). `lookup` finds an item by
    /// `matchKey` (default: a scan; the add bar passes its index).
    @discardableResult
    package func add(_ line: PlainTextFormat.TypedLine, lookup: ((String) -> ItemID?)? = nil) throws(StoreError)
        -> AddOutcome
    {
        try add(lines: [line], lookup: lookup)[0]
    }

    /// Several lines (a paste) as one undo step, each as `add(_:)` would take it; a description
    /// twice in the lines is one item, the later line winning.
    @discardableResult
    package func add(lines: [PlainTextFormat.TypedLine], lookup: ((String) -> ItemID?)? = nil) throws(StoreError)
        -> [AddOutcome]
    {
        try core.refreshIfChangedElsewhere()
        let find = lookup ?? { [self] in item(described: $0)?.id }
        var plan: [Planned] = []
        var kinds: [AddOutcome.Kind] = []
        var firstLine: [String: Int] = [:]
        for line in lines {
            let key = ShoppingModel.matchKey(line.fields.description)
            let earlier = firstLine[key]
            func written(over base: ItemFields) -> ItemFields { Self.written(line, over: base) }
            if let id = find(key), let item = item(id) {
                let fields = written(over: earlier.map { plan[$0].fields } ?? item.fields)
                let kind = AddOutcome.Kind.known(wasNeeded: item.needed, changed: fields != item.fields)
                if let i = earlier { plan[i].fields = fields; plan[i].lines.append(line); kinds[i] = kind; continue }
                firstLine[key] = plan.count
                plan.append(Planned(existing: id, fields: fields, lines: [line]))
                kinds.append(kind)
            } else if let i = earlier {
                // A new item named twice is one item: the later line adds to what the first wrote.
                plan[i].fields = written(over: plan[i].fields)
                if line.hasAisle { kinds[i] = .added(aisle: nil, like: nil) }
            } else {
                var fields = line.fields
                var like: String?
                var placed: String?
                if !line.hasAisle, let placement = model.aisles.placement(for: fields.description, unit: fields.unit) {
                    fields.aisle = placement.aisle
                    placed = placement.aisle
                    like = placement.like.flatMap { item($0)?.description }
                }
                firstLine[key] = plan.count
                plan.append(Planned(existing: nil, fields: fields))
                kinds.append(.added(aisle: placed, like: like))
            }
        }
        // Nothing to write when every line names an item already on the list as it is.
        let writes = plan.indices.filter { i in
            if case .known(true, false) = kinds[i] { return false }
            return true
        }
        var ids = plan.map { $0.existing }
        let moves: [String?] = plan.map { p in
            guard let id = p.existing, let before = item(id), before.aisle != p.fields.aisle else { return nil }
            return p.fields.aisle ?? ""
        }
        if !writes.isEmpty {
            let name = stepName(lines: lines.count, first: plan[0], kinds[0])
            let written = try addOrUpdate(writes.map { plan[$0] }, name: name)
            for (n, i) in writes.enumerated() { ids[i] = written[n] }
        }
        return ids.indices.map { AddOutcome(id: ids[$0]!, kind: kinds[$0], movedTo: moves[$0]) }
    }

    /// The undo step's name for lines added: how many, or what the one line did to its item.
    private func stepName(lines: Int, first: Planned, _ kind: AddOutcome.Kind) -> String {
        let item = first.existing.map(named) ?? first.fields.description
        if lines > 1 { return N("adding {n} line", "adding {n} lines", lines) }
        guard case .known(_, let changed) = kind else { return L("adding “{item}”", ["item": item]) }
        return changed ? L("updating “{item}”", ["item": item])
                       : L("putting “{item}” on the shopping list", ["item": item])
    }

    /// A line planned: a new item's fields, or for a known item the lines that write to it (its
    /// `fields` as they would be over the item as read while planning, for what the user is told).
    struct Planned {
        var existing: ItemID?
        var fields: ItemFields
        var lines: [PlainTextFormat.TypedLine] = []
    }

    /// Only what a line writes changes an item: quantity, unit, price, and the aisle and notes when
    /// given.
    static func written(_ line: PlainTextFormat.TypedLine, over base: ItemFields) -> ItemFields {
        var fields = base
        if line.hasQuantity { fields.quantity = line.fields.quantity }
        if line.hasUnit { fields.unit = line.fields.unit }
        if line.hasPrice { fields.price = line.fields.price; fields.priceBasis = line.fields.priceBasis }
        if line.hasAisle { fields.aisle = line.fields.aisle }
        if line.hasNotes { fields.notes = line.fields.notes }
        return fields
    }

    /// Folded words of three letters or more, a plural "s" taken off: "Free-range eggs" → free, range, egg.
    static func words(_ text: String) -> Set<String> {
        var out = Set<String>()
        for w in ShoppingModel.matchKey(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where w.count >= 3
        {
            out.insert(w.count > 3 && w.hasSuffix("s") ? String(w.dropLast()) : String(w))
        }
        return out
    }
}
