import Foundation

/// The commit path every operation takes: others' news read, the change built inside the write
/// transaction with what it undoes, memory brought along, the undo step recorded, observers told.
extension ModelCore {
    /// One operation: reads others' news, builds the change from memory inside the write
    /// transaction, writes it, then updates memory and records the undo step. If another process
    /// changed one of the items in between, nothing was written: read the news and build again.
    func commit(_ name: String, _ build: (inout ChangeBuilder) throws(StoreError) -> Void) throws(StoreError) {
        try refreshIfChangedElsewhere()
        for attempt in 1...3 {
            do {
                let (cs, back, commit) = try write { ids throws(StoreError) in
                    var b = ChangeBuilder(ids: ids, aisles: model.aisles.order, list: list)
                    try build(&b)
                    ids = b.ids
                    return b.finished
                }
                guard !cs.isEmpty else { return }
                model.follow(cs, commit, old: back) { undo.record(name, forward: cs, backward: back) }
                return
            } catch .conflict(let id) {
                try refresh()
                if attempt == 3 { throw .conflict(id) }
            }
        }
    }

    /// Writes through the store. Returns the change written, what undoes it (the items as they
    /// were, read inside the write), and the commit.
    func write(_ build: (inout IDSource) throws(StoreError) -> ChangeSet) throws(StoreError)
        -> (ChangeSet, ChangeSet, StoreCommit) {
        var back = ChangeSet()
        let content = model.items.content
        let aisles = model.aisles.order.names
        let (cs, commit) = try store.write(seen: seenRevision, knownAisles: aisles, list: list) {
            ids, reader throws(StoreError) in
            // Items read while the change is built come through the write's connection.
            content.writer = reader
            defer { content.writer = nil }
            let cs = try build(&ids)
            back = try model.inverse(of: cs)
            // Each item overwritten must still be the version this process knows.
            var expected: [ItemID: Int64?] = [:]
            for id in cs.items.keys { expected[id] = .some(model.items.table.revision(of: id) ?? expectedForeign[id]) }
            return (cs, expected)
        }
        return (cs, back, commit)
    }
}
