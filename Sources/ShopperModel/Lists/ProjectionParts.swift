/// A list's search: the query and its words as bytes, as the texts are matched (made once per
/// query, not per row).
struct ListSearch {
    let query: SearchQuery?
    let needles: [[UInt8]]

    init(_ query: SearchQuery?) {
        self.query = query
        needles = RowMatching.needles(of: query)
    }

    /// Whether the query reads the items' search texts: it has words, or an aisle filter.
    var readsText: Bool { query.map { !$0.words.isEmpty || $0.readsAisle } ?? false }
}

/// How a list is sectioned, and the section keys made for it: made again only when the sectioning
/// or the aisles changed (a price band's threshold is converted to fixed point once, not per item
/// changed).
struct ListSections {
    let sectioning: Sectioning
    private var made: SectionKeys?

    init(_ sectioning: Sectioning) { self.sectioning = sectioning }

    mutating func keys(aisles: AisleOrder, names: AisleNames) -> SectionKeys {
        if let made, made.fit(sectioning, aisles, names) { return made }
        let keys = SectionKeys(sectioning, aisles: aisles, names: names)
        made = keys
        return keys
    }
}

/// What a list's view was told of its rows, and the view's listeners: rows that come or go are told
/// as (position, removed, added), rows that stay but show new content by identity. A class: a
/// listener reads the list while it is told, and may set listeners anew.
package final class RowAnnouncer {
    package var onRowsChanged: ((_ position: Int, _ removed: Int, _ added: Int) -> Void)?
    /// Rows, by identity, that stayed in place but whose content changed.
    package var onContentChanged: ((Set<Int>) -> Void)?
    /// Rows the listener has been told about.
    var announced = 0

    /// Tells of one row edit, the list now `count` rows. The end row comes with the first item and
    /// goes with the last: those edits are told as one replacement of the whole (short) list.
    func announce(_ edit: (Int, Int, Int), count: Int, isEmpty: Bool) {
        if announced == 0 || isEmpty {
            onRowsChanged?(0, announced, count)
        } else {
            onRowsChanged?(edit.0, edit.1, edit.2)
        }
        announced = count
    }
}

/// Whether a list not on screen holds its rebuilds (`ListProjection.holdRebuilds`) until `catchUp`,
/// and the items changed since one was held back.
package struct RebuildHold {
    /// Holding: a rebuild waits for `catchUp` rather than happening now.
    package private(set) var isOn = false
    /// The items changed since a rebuild was held back; nil while none waits.
    private var changes: Set<Int>?

    /// Whether a rebuild waits.
    var isWaiting: Bool { changes != nil }

    mutating func start() { isOn = true }

    /// Stops holding; true when a rebuild waits, to be made now.
    mutating func stop() -> Bool {
        isOn = false
        return changes != nil
    }

    /// A change while a rebuild waits: that rebuild reads the model as it is then, this change too
    /// (true). False when none waits.
    mutating func absorbs(_ changed: some Sequence<Int>) -> Bool {
        guard changes != nil else { return false }
        changes!.formUnion(changed)
        return true
    }

    /// A rebuild for `changed` items, held back when holding (true); false when it is made now.
    mutating func holdsBack(_ changed: Set<Int>) -> Bool {
        guard isOn else { return false }
        changes = changed
        return true
    }

    /// The items changed for the rebuild that waited, now made; nil when none waited.
    mutating func take() -> Set<Int>? {
        defer { changes = nil }
        return changes
    }
}

/// Sizes from which a list is built or narrowed another way (tests lower them, so both ways are
/// tried on small lists).
struct ProjectionTuning {
    /// Rows from which typing on tests them in order of id (`RowMatching.matchesInOrderOfID`).
    let narrowingByIDAbove: Int
    /// Items from which a rebuild leaves all but the first rows to `fillMore`.
    let fillFrom: Int
    /// Rows of a list's first part.
    let firstRows: Int
}
