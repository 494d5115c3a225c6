import ShopperModel

/// Reads the items near the rows a list page just bound, in an idle moment between frames
/// (`ListProjection.readAhead`), not in the frame of the scroll that reaches them: one idle for all
/// the rows a frame binds.
///
/// A scroll that moves further between two of those idles than a read ahead reaches (more than
/// `readAheadRows` and a read's worth: a scrollbar dragged through a long list, a fling) would pass
/// what was read before showing any of it: 200 rows read a frame for nothing, at 100,000 items
/// half a millisecond of CPU between every two frames of the drag. Then the read waits until no
/// row has been bound for `settleMS`: the scroll stopped. (Not "a frame that binds no row": a
/// scroll set between frames binds its rows then, and the frame that shows them binds none.)
@MainActor
final class RowReadAhead {
    /// Three frames at 60 Hz: a drag binds rows at every one.
    static let settleMS: UInt32 = 50
    /// A row of one projection: a list shown in another's place (a list switch) starts afresh.
    private struct Place {
        let list: ObjectIdentifier
        let row: Int
    }

    /// The list's projection; nil once its list view is gone.
    private let projection: @MainActor () -> ListProjection?
    /// A test's own, to fire when it chooses.
    var timers: any TimerSource = MainLoopTimers()
    /// The row last bound, whose neighbours the next idle moment reads.
    private(set) var from: Int?
    /// Where the last read ahead was asked for, read or put off.
    private var lastAt: Place?
    /// A read ahead put off until the scroll stops.
    private var waitingAt: Place?
    private var settle: UInt32?

    init(projection: @escaping @MainActor () -> ListProjection?) {
        self.projection = projection
    }

    /// The row a read ahead waits to read around, if one waits.
    var waiting: Int? { waitingAt?.row }

    /// The row at `index` was bound.
    func bound(_ index: Int) {
        let scheduled = from != nil
        from = index
        guard !scheduled else { return }
        MainLoop.idle { [weak self] in
            guard let self, let index = from else { return }
            from = nil
            readOrWait(around: index)
        }
    }

    private func readOrWait(around index: Int) {
        guard let projection = projection() else { return }
        let here = Place(list: ObjectIdentifier(projection), row: index)
        let last = lastAt?.list == here.list ? lastAt?.row : nil
        lastAt = here
        if let settle { timers.cancel(settle) }
        settle = nil
        guard ListProjection.outruns(from: last, to: index) else {
            waitingAt = nil
            projection.readAhead(around: index)
            return
        }
        waitingAt = here
        settle = timers.after(milliseconds: Self.settleMS) { [weak self] in
            guard let self, let place = waitingAt else { return }
            settle = nil
            waitingAt = nil
            // Another list shown since: its own rows' binds read for it.
            guard let projection = self.projection(), ObjectIdentifier(projection) == place.list else { return }
            projection.readAhead(around: place.row)
        }
    }
}
