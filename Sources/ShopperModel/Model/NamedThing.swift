import Foundation

/// Lists and stores alike: named by the user, kept in the order of their positions, deleted softly
/// (the row stays, marked, so Undo brings it back whole). Their operations share these rules.
protocol NamedThing: Identifiable where ID: Comparable {
    var name: String { get set }
    var position: Int64 { get }
    var deleted: Bool { get set }
}

extension ShoppingList: NamedThing {}
extension Shop: NamedThing {}

extension ShoppingModel {
    /// A name typed for a new list or store: cleaned as a description is, `fallback` when blank.
    static func newName(_ typed: String, fallback: String) -> String {
        let clean = ItemDraft.clean(typed)
        return clean.isEmpty ? fallback : clean
    }

    /// The thing `id` of `things` with the name typed for a rename, and its name before; nil when
    /// there is nothing to do (no such thing, a blank name, or the same name).
    static func renaming<T: NamedThing>(_ id: T.ID, in things: [T], to typed: String) -> (was: String, renamed: T)? {
        let clean = ItemDraft.clean(typed)
        guard var thing = things.first(where: { $0.id == id }), !clean.isEmpty, clean != thing.name else { return nil }
        let was = thing.name
        thing.name = clean
        return (was, thing)
    }

    /// `things` after a change set's writes of them: the deleted ones gone, in their order.
    static func following<T: NamedThing>(_ things: [T], _ written: [T.ID: T?]) -> [T] {
        guard !written.isEmpty else { return things }
        var byID = Dictionary(uniqueKeysWithValues: things.map { ($0.id, $0) })
        for (id, thing) in written { byID[id] = thing?.deleted == false ? thing : nil }
        return byID.values.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
    }
}
