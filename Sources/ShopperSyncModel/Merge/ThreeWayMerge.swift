/// A record's field as a three-way merge sees it: items' `SharedField`, recipes' `RecipeField`.
protocol MergedField: CaseIterable {
    associatedtype Record
    func same(_ a: Record, _ b: Record) -> Bool
    func take(from source: Record, into target: inout Record)
}

/// The three-way merge of one record, field by field, against the version both sides last
/// agreed on (the base): a field changed on one side only takes that change; changed on both to
/// different values, the newer side's value wins and the field is a conflict. Without a base (a
/// first sync that found the same record on both sides), every difference is a conflict.
enum ThreeWayMerge {
    static func merge<Field: MergedField>(_: Field.Type, base: Field.Record?, local: Field.Record,
                                          remote: Field.Record, localNewer: Bool)
        -> (merged: Field.Record, conflicts: [Field]) {
        var merged = local
        var conflicts: [Field] = []
        for field in Field.allCases where !field.same(local, remote) {
            let localChanged = base.map { !field.same($0, local) } ?? true
            let remoteChanged = base.map { !field.same($0, remote) } ?? true
            switch (localChanged, remoteChanged) {
            case (false, _):
                field.take(from: remote, into: &merged)
            case (true, false):
                break
            case (true, true):
                if !localNewer { field.take(from: remote, into: &merged) }
                conflicts.append(field)
            }
        }
        return (merged, conflicts)
    }
}
