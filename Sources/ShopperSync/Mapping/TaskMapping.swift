import Foundation
import ShopperModel
import ShopperSyncModel

/// Items to tasks and back: the mapping table of the README, as code. Pure: no iCalendar text, no
/// network. Numbers are written in one neutral convention (the server is shared across languages).
enum TaskMapping {
    /// The task Shopper writes for `item`, changed by `by` (the name this desktop goes by).
    static func task(for item: SharedItem, uid: String, by: String? = nil) -> TaskFields {
        var t = TaskFields(uid: uid, summary: item.description)
        t.categories = item.aisle.map { [$0] } ?? []
        let details = detailLine(item)
        let notes = item.notes.trimmingCharacters(in: .whitespacesAndNewlines)
        t.description = [details, notes].filter { !$0.isEmpty }.joined(separator: "\n\n")
        t.status = item.state == .needed ? .needsAction : .completed
        t.sortOrder = item.position
        t[.quantity] = DecimalText.format(item.quantity, .neutral)
        t[.unit] = item.unit
        if let price = item.price {
            t[item.priceBasis == .forAll ? .priceForAll : .unitCost] = DecimalText.format(price, .neutral)
        }
        t[.state] = item.state.rawValue
        t[.summary] = item.description
        if !item.stores.isEmpty { t[.stores] = storesValue(item.stores) }
        // Encoded as a store's name is: Radicale cuts an X- value at its first comma.
        if let by = by.flatMap(cleanName) { t[.by] = storesValue([by]) }
        return t
    }

    /// A name says who changed a task, in a notification's one line: this many characters at most.
    static let maxName = 80

    /// Who last changed the task, as the device that wrote it named itself; nil when it does not
    /// say (another app, an older Shopper) or says nothing readable.
    static func by(of task: TaskFields) -> String? {
        task[.by].flatMap { stores(from: $0).first }.flatMap(cleanName)
    }

    /// A name on one line, cut to `maxName`; nil when nothing is left.
    static func cleanName(_ name: String) -> String? {
        let line = String(name.prefix(maxName * 2).map { isLineText($0) ? $0 : " " })
        let cut = line.trimmingCharacters(in: .whitespaces).prefix(maxName).trimmingCharacters(in: .whitespaces)
        return cut.isEmpty ? nil : cut
    }

    /// Not a control character or a line break (a name is shown on one line).
    private static func isLineText(_ c: Character) -> Bool {
        !c.unicodeScalars.contains {
            [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        }
    }

    /// "2 kg · 1.29 each", "500 g · 5.49 for all", "3": what other apps show as the task's notes.
    /// Empty for one of something without a price. The amount to buy (`Buyable`: 11 of a need of
    /// 10.5 eggs), as the list shows it; X-SHOPPER-QUANTITY keeps the exact need, so a Shopper on
    /// the other side holds what this one does and works the same amount to buy out of it.
    static func detailLine(_ item: SharedItem) -> String {
        var parts: [String] = []
        let buy = Buyable.amount(item.quantity, unit: item.unit)
        if buy != 1 || item.unit != nil {
            parts.append([DecimalText.format(buy, .neutral), item.unit].compactMap { $0 }.joined(separator: " "))
        }
        if let price = item.price {
            parts.append(DecimalText.format(price, .neutral) + (item.priceBasis == .forAll ? " for all" : " each"))
        }
        return parts.joined(separator: " · ")
    }

    /// The item a task describes. A task Shopper wrote reads back exactly. A task from another app
    /// (no X-SHOPPER-STATE, or a SUMMARY changed there) is read as the add bar reads a typed line:
    /// "2 kg Apples @ 1.29 [Fruit]" is 2 kg of Apples at 1.29 in the Fruit aisle. Completed there:
    /// in the cart; reopened there: back on the list. Nil when the task has no summary to show.
    /// What one task may bring, whatever another app wrote: a summary is read up to this many
    /// characters (a megabyte of it is no item), an item is sold at this many stores at most
    /// (10,000 names made 10,000 stores), and a number has this many characters at most.
    static let maxSummary = 1_000
    static let maxStores = ItemDraft.maxStores
    static let maxNumberText = 32

    /// Whether the task brought more than `item(from:)` keeps: the sync names it.
    static func exceedsLimits(_ task: TaskFields) -> Bool {
        task.summary.count > maxSummary || stores(from: task[.stores] ?? "").count > maxStores
            // The notes follow a line of details Shopper writes first.
            || (task.description?.count ?? 0) > ItemDraft.maxNotesLength + 200
            || [task[.quantity], task[.unitCost], task[.priceForAll]].contains { ($0?.count ?? 0) > maxNumberText }
            // A number the item cannot hold is not taken: named, never stored as another.
            || task[.quantity].flatMap(number).map { !holds($0, max: ItemDraft.maxQuantity) || $0 <= 0 } ?? false
            || [task[.unitCost], task[.priceForAll]].contains {
                $0.flatMap(number).map { !holds($0, max: ItemDraft.maxUnitCost) } ?? false
            }
    }

    /// A number an item keeps as it is: from 0 to `max`, four decimals at most.
    static func holds(_ n: Decimal, max: Decimal) -> Bool {
        n >= 0 && n <= max && DecimalText.scale(of: n) <= 4
    }

    static func item(from task: TaskFields) -> SharedItem? {
        let summary = String(task.summary.prefix(maxSummary)).trimmingCharacters(in: .whitespacesAndNewlines)
        var item = SharedItem(ItemFields(description: summary))
        if let q = task[.quantity].flatMap(number), q > 0, holds(q, max: ItemDraft.maxQuantity) { item.quantity = q }
        item.unit = task[.unit].flatMap { $0.isEmpty ? nil : String($0.prefix(ItemDraft.maxShortFieldLength)) }
        if let p = task[.priceForAll].flatMap(number), holds(p, max: ItemDraft.maxUnitCost) {
            item.price = p
            item.priceBasis = .forAll
        } else if let p = task[.unitCost].flatMap(number), holds(p, max: ItemDraft.maxUnitCost) {
            item.price = p
        }
        item.aisle = task.categories.first.flatMap {
            $0.isEmpty ? nil : String($0.prefix(ItemDraft.maxShortFieldLength))
        }
        item.notes = String(notes(of: task, details: detailLine(item)).prefix(ItemDraft.maxNotesLength))
        item.state = state(of: task)
        item.position = task.sortOrder
        item.stores = stores(from: task[.stores] ?? "").prefix(maxStores).map {
            String($0.prefix(ItemDraft.maxShortFieldLength))
        }
        // A summary the add bar cannot read ("@ 3 for 2", or one too long) is a description as it
        // stands, cut below like any other.
        if task[.state] == nil || task[.summary] != task.summary,
           case .success(let typed) = PlainTextFormat.read(summary), !typed.fields.description.isEmpty {
            item.description = typed.fields.description
            if typed.hasQuantity { item.quantity = typed.fields.quantity }
            if typed.hasUnit { item.unit = typed.fields.unit }
            if typed.hasPrice { item.price = typed.fields.price; item.priceBasis = typed.fields.priceBasis }
            if typed.hasAisle { item.aisle = typed.fields.aisle }
            if typed.hasNotes {
                item.notes = [item.notes, typed.fields.notes].filter { !$0.isEmpty }.joined(separator: "\n")
            }
        }
        item.description = String(item.description.prefix(ItemDraft.maxDescriptionLength))
        item.notes = String(item.notes.prefix(ItemDraft.maxNotesLength))
        return item.description.isEmpty ? nil : item
    }

    /// Completed elsewhere goes to the cart, reopened elsewhere comes back to the list; otherwise
    /// Shopper's own state says which of the two completed states it is.
    static func state(of task: TaskFields) -> ShareState {
        let written = task[.state].flatMap(ShareState.init(rawValue:))
        switch task.status {
        case .completed?:
            return written == .inCart || written == .notNeeded ? written! : .inCart
        case .cancelled?:
            return .notNeeded
        case .needsAction?, .inProcess?, nil:
            return .needed
        }
    }

    /// The task's DESCRIPTION without the detail line Shopper put first.
    static func notes(of task: TaskFields, details: String) -> String {
        guard var text = task.description?.replacingOccurrences(of: "\r\n", with: "\n") else { return "" }
        if task[.state] != nil, !details.isEmpty, text.hasPrefix(details) {
            text.removeFirst(details.count)
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// X-SHOPPER-STORES: the names joined by "|", and in a name the characters iCalendar or
    /// servers treat as separators ("," ";" "\\" and "|" itself, with "%") percent-encoded, so
    /// "Lidl, Süd" survives every server (Radicale cut an X- value at its first comma).
    static func storesValue(_ names: [String]) -> String {
        names.map { name in
            var out = ""
            for c in name.unicodeScalars {
                switch c {
                case "%", ",", ";", "\\", "|": out += String(format: "%%%02X", c.value)
                default: out.unicodeScalars.append(c)
                }
            }
            return out
        }.joined(separator: "|")
    }

    static func stores(from value: String) -> [String] {
        value.split(separator: "|").map {
            ($0.removingPercentEncoding ?? String($0)).trimmingCharacters(in: .whitespaces)
        }
            .filter { !$0.isEmpty }
    }

    private static func number(_ text: String) -> Decimal? {
        guard text.count <= maxNumberText else { return nil }
        if case .value(let d) = DecimalText.read(text, convention: .neutral) { return d }
        return nil
    }
}
