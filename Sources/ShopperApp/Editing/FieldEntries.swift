import ShopperModel

/// The item editor's fields: an entry a field, and under each its error, or a note on how a number
/// was read ("1.234" in German is 1234), as the draft's validation says.
@MainActor
final class FieldEntries {
    private var entries: [ItemField: Entry] = [:]
    private var errors: [ItemField: Label] = [:]

    /// Takes `entry` as the field's; returns the label its error goes in, to place under it.
    func add(_ field: ItemField, _ entry: Entry) -> Label {
        let error = Label()
        error.widget.css("error")
        error.xalign(0)
        error.wrap()
        error.widget.visible = false
        entries[field] = entry
        errors[field] = error
        return error
    }

    func fill(from draft: ItemDraft) {
        for (field, entry) in entries { entry.text = draft[field] }
    }

    func read(into draft: inout ItemDraft) {
        for (field, entry) in entries { draft[field] = entry.text }
    }

    func text(_ field: ItemField) -> String { entries[field]?.text ?? "" }
    func focus(_ field: ItemField) { entries[field]?.widget.grabFocus() }

    /// Each field's problem under it, or a note where a number reads otherwise than it may look.
    func show(_ problems: [FieldError], numbers: NumberConvention) {
        for (field, label) in errors {
            let message = problems.first { $0.field == field }?.message
            // "1.234" in German is 1234: say so, as a note rather than an error.
            let note = message == nil && (field == .quantity || field == .price)
                ? entries[field]
                    .flatMap { DecimalText.readByConvention(ItemDraft.withoutCurrencySign($0.text), numbers) }
                    .map { L("Read as {value}.", ["value": DecimalText.format($0, numbers)]) }
                : nil
            label.text = message ?? note ?? ""
            label.widget.visible = message != nil || note != nil
            label.widget.css("error", message != nil)
            label.widget.css("hint", note != nil)
            entries[field]?.widget.css("error", message != nil)
        }
    }

    // For tests.
    func set(_ field: ItemField, _ text: String) { entries[field]?.text = text }
    func errorText(_ field: ItemField) -> String? { errors[field].flatMap { $0.widget.visible ? $0.text : nil } }
}
