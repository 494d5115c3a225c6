import CGtk

/// A GListModel implemented in Swift. GTK asks it for the count and for the rows it is about to
/// show; it answers from Swift closures and creates a small item object only on demand, so a list of
/// a million items costs no GObject per item. Each item object carries the row's stable identity (a
/// non-zero Int), never its index, so rows that shift keep the right content.
@MainActor
final class RowListModel {
    /// Answers GTK's questions; used on the main thread only.
    final class Source: @unchecked Sendable {
        let count: @MainActor () -> Int
        let identity: @MainActor (Int) -> Int
        /// The count GTK was last told, while the rows have already changed and GTK is not told yet.
        var frozenCount: Int?
        /// Rows at `position` GTK has not been told of yet (a change told in two steps).
        var untold: (position: Int, rows: Int)?
        /// While set, GTK is shown only the first rows (see `RowListModel.showFirst`).
        var limit: Int?
        @MainActor var shownCount: Int { min(frozenCount ?? count() - (untold?.rows ?? 0), limit ?? .max) }
        @MainActor func shownIdentity(_ p: Int) -> Int {
            guard let untold, p >= untold.position else { return identity(p) }
            return identity(p + untold.rows)
        }
        /// Item objects GTK still holds, by identity. GTK 4.8 keeps a row's widget across a change
        /// only when the same item object comes back, so the same identity must give the same object.
        private var items: [Int: UnsafeMutablePointer<GWeakRef>] = [:]

        init(count: @escaping @MainActor () -> Int, identity: @escaping @MainActor (Int) -> Int) {
            self.count = count
            self.identity = identity
        }

        deinit {
            for ref in items.values { g_weak_ref_clear(ref); ref.deallocate() }
        }

        /// A new reference to the item object for `id`.
        func item(for id: Int) -> gpointer {
            if let ref = items[id], let obj = g_weak_ref_get(ref) { return obj }
            let obj = g_object_new_with_properties(shopper_type_object(), 0, nil, nil)!
            g_object_set_data(obj, RowListModel.identityKey, UnsafeMutableRawPointer(bitPattern: id))
            if items.count > 4096 { prune() }
            let ref = items[id] ?? {
                let r = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
                r.initialize(to: GWeakRef())
                return r
            }()
            g_weak_ref_init(ref, obj)
            items[id] = ref
            return UnsafeMutableRawPointer(obj)
        }

        /// Forgets objects GTK has let go of; only rows near the screen stay held.
        private func prune() {
            for (id, ref) in items {
                if let obj = g_weak_ref_get(ref) { g_object_unref(obj); continue }
                g_weak_ref_clear(ref)
                ref.deallocate()
                items[id] = nil
            }
        }
    }

    /// The GObject instance; this handle holds one reference.
    let raw: UnsafeMutablePointer<GObject>
    var listModel: OpaquePointer { OpaquePointer(raw) }

    init(count: @escaping @MainActor () -> Int, identity: @escaping @MainActor (Int) -> Int) {
        raw = typed(g_object_new_with_properties(Self.type, 0, nil, nil)!)
        // The instance owns its source: GTK may keep the model alive longer than this handle.
        let source = Unmanaged.passRetained(Source(count: count, identity: identity)).toOpaque()
        g_object_set_data_full(raw, Self.sourceKey, source) { Unmanaged<Source>.fromOpaque($0!).release() }
    }

    /// How many structural changes were told to GTK: a preference change must not add any.
    private(set) var structuralChanges = 0

    isolated deinit { g_object_unref(raw) }

    /// Tells GTK that `removed` rows at `position` were replaced by `added` rows. `before` runs
    /// first, while GTK is still shown the count it knows (for a selection change that must not
    /// see rows it has not been told of).
    ///
    /// With `inTwoSteps`, the removal is told first and the insertion after: GTK 4.8 looks for
    /// each row it follows (the top one, the focused one) that a change removed among every row
    /// the change added, one get_item each, which for a large change is most of its cost. Told
    /// apart, nothing is looked for; the caller puts the view where it belongs.
    ///
    /// With `thenFirst` as well, every row from `position` on goes in the first step and only that
    /// many come back in the second: GTK builds a widget for each row a change brings into its
    /// two-hundred-row window, and the frame after the change needs a screenful. `showAll` brings
    /// the rest.
    func itemsChanged(
        position: Int, removed: Int, added: Int, inTwoSteps: Bool = false, thenFirst screenful: Int? = nil,
                      before: (() -> Void)? = nil) {
        structuralChanges += 1
        let source = Self.source(listModel)
        if let before {
            source.frozenCount = source.count() - added + removed
            before()
            source.frozenCount = nil
        }
        if let limit = source.limit {
            // Still showing the first rows only (in the first moments of a list): GTK is told of
            // the change among them, every shown row from `position` on, and nothing past them.
            // Showing them all here built a window of row widgets in one frame.
            guard position < limit else { return }
            let before = min(source.count() - added + removed, limit) - position
            var after = min(source.count(), limit) - position
            guard inTwoSteps, before > 0, after > 0 else {
                return g_list_model_items_changed(listModel, guint(position), guint(before), guint(after))
            }
            source.untold = (position, source.count() - position)
            g_list_model_items_changed(listModel, guint(position), guint(before), 0)
            source.untold = nil
            // A screenful comes back, as when nothing was limited (a search cleared while the rows
            // of the one before were still coming).
            if let screenful, after > screenful {
                source.limit = position + screenful
                after = screenful
            }
            return g_list_model_items_changed(listModel, guint(position), 0, guint(after))
        }
        guard inTwoSteps, removed > 0, added > 0 else {
            return g_list_model_items_changed(listModel, guint(position), guint(removed), guint(added))
        }
        let total = source.count()
        if let screenful, total - position > screenful {
            let before = total - added + removed
            source.untold = (position, total - position)
            g_list_model_items_changed(listModel, guint(position), guint(before - position), 0)
            source.untold = nil
            source.limit = position + screenful
            return g_list_model_items_changed(listModel, guint(position), 0, guint(screenful))
        }
        source.untold = (position, added)
        g_list_model_items_changed(listModel, guint(position), guint(removed), 0)
        source.untold = nil
        g_list_model_items_changed(listModel, guint(position), 0, guint(added))
    }

    /// Shows GTK only the first `rows` rows until `showAll`. GTK's list builds a row widget for a
    /// window of rows around the top one, whatever the view shows (`ListView`): a new list's first
    /// frame needs a screenful, and the rest can follow it.
    func showFirst(_ rows: Int) { Self.source(listModel).limit = rows }

    /// Shows `rows` more rows; false once every row is shown. Past GTK's window of rows a new row
    /// builds no widget, so from there every row is shown.
    func showMore(_ rows: Int) -> Bool {
        let source = Self.source(listModel)
        guard let limit = source.limit else { return false }
        guard limit < Self.gtkWindow, source.count() > limit + rows else {
            showAll()
            return false
        }
        source.limit = limit + rows
        g_list_model_items_changed(listModel, guint(limit), 0, guint(rows))
        return true
    }

    /// Some rows wait for `showMore` or `showAll`.
    var isLimited: Bool { Self.source(listModel).limit != nil }

    /// The rows GTK is told of now.
    var shownCount: Int { Self.source(listModel).shownCount }

    /// How many rows after the top one GTK 4.8 keeps a widget for: thirty and one more in a grid
    /// view of one column (`ListView`).
    static let gtkWindow = 31

    /// Shows every row, told as rows added after the first: nothing GTK follows moves.
    func showAll() {
        let source = Self.source(listModel)
        guard let limit = source.limit else { return }
        let shown = min(source.count(), limit)
        source.limit = nil
        if source.count() > shown {
            g_list_model_items_changed(listModel, guint(shown), 0, guint(source.count() - shown))
        }
    }

    /// The identity an item object given out by this model carries.
    static func identity(of item: gpointer) -> Int {
        Int(bitPattern: g_object_get_data(gobject(item), identityKey))
    }

    private static let sourceKey = "shopper-source"
    nonisolated fileprivate static let identityKey = "shopper-row"

    private static func source(_ list: OpaquePointer?) -> Source {
        Unmanaged<Source>.fromOpaque(g_object_get_data(gobject(list!), sourceKey)!).takeUnretainedValue()
    }

    /// Registered once, on first use.
    private static let type: GType = {
        let t = g_type_register_static_simple(
            shopper_type_object(), "ShopperRowListModel",
            guint(MemoryLayout<GObjectClass>.size), nil,
            guint(MemoryLayout<GObject>.size), nil, GTypeFlags(0))
        var info = GInterfaceInfo(interface_init: { iface, _ in
            let vtable = iface!.assumingMemoryBound(to: GListModelInterface.self)
            vtable.pointee.get_item_type = { _ in shopper_type_object() }
            vtable.pointee.get_n_items = { list in
                let s = RowListModel.source(list)
                return guint(MainActor.assumeIsolated { s.shownCount })
            }
            vtable.pointee.get_item = { list, position in
                let s = RowListModel.source(list)
                let id = MainActor.assumeIsolated { () -> Int in
                    Int(position) < s.shownCount ? s.shownIdentity(Int(position)) : 0
                }
                guard id != 0 else { return nil }
                return s.item(for: id)
            }
        }, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(t, g_list_model_get_type(), &info)
        return t
    }()
}
