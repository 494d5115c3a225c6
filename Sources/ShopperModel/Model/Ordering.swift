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

/// Where a new or moved thing goes among others ordered by position, and the rules for names that
/// lists, shops and saved searches share.
enum Ordering {
    static let gap = Schema.positionGap

    static func position(between lo: Int64?, and hi: Int64?) -> Int64? {
        switch (lo, hi) {
        case (nil, nil): return gap
        case (let l?, nil): return l <= Int64.max - gap ? l + gap : nil
        case (nil, let h?): return h >= Int64.min + gap ? h - gap : nil
        case (let l?, let h?): return h - l > 1 ? l + (h - l) / 2 : nil
        }
    }

    /// What moving `all[from]` to `index` (in the order shown) writes: the element alone at a
    /// position between its new neighbours, or, when they leave no room, every element renumbered.
    static func moved<T>(_ all: [T], from: Int, to index: Int, position: WritableKeyPath<T, Int64>) -> [T] {
        var others = all
        var moving = others.remove(at: from)
        let i = min(max(index, 0), others.count)
        if let p = Self.position(between: i > 0 ? others[i - 1][keyPath: position] : nil,
                                 and: i < others.count ? others[i][keyPath: position] : nil) {
            moving[keyPath: position] = p
            return [moving]
        }
        others.insert(moving, at: i)
        return others.enumerated().map { n, o in
            var o = o
            o[keyPath: position] = Int64(n + 1) * gap
            return o
        }
    }

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
