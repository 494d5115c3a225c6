/// How a list page's rows arrive after its first frame: the rows past the first screenful shown
/// to GTK a few a frame, and the rest of a long list placed by the projection a slice in each
/// idle moment, so no frame pays for the whole list.
@MainActor
final class RowArrival {
    private let rowModel: RowListModel
    private let view: Widget
    private unowned let shown: ListPage.Shown
    /// One `revealStep` waits for its frame.
    private var revealing = false
    /// Each change told in two steps starts a round; a step of an earlier round stops.
    private var revealRound = 0
    /// A slice of `fillWhenIdle` waits in an idle.
    private var filling = false

    init(rowModel: RowListModel, view: Widget, shown: ListPage.Shown) {
        self.rowModel = rowModel
        self.view = view
        self.shown = shown
    }

    /// Shows the rows after the first screenful a few a frame. GTK 4.8 builds, styles and measures
    /// a widget for each row that comes into its window of rows, about 0.4 ms a row the first time:
    /// with GtkListView's two hundred, told at once, that was one 70 ms frame just after start-up
    /// (and after a search). The grid view's thirty (`ListView`) now come in a frame or two.
    func revealRest() {
        guard !revealing else { return }
        revealing = true
        revealStep(revealRound)
    }

    /// A page the window stops showing waits to be shown again: GTK builds rows off screen too.
    /// A step of an earlier round stops: a new change's screenful has its frame first.
    private func revealStep(_ round: Int) {
        guard !shown.viewGone, round == revealRound else { return }
        guard view.isMapped else {
            view.afterFirstFrame { [weak self] in MainLoop.idle { self?.revealStep(round) } }
            return
        }
        guard rowModel.showMore(Self.rowsPerFrame) else {
            revealing = false
            return
        }
        view.afterNextFrame { [weak self] _ in MainLoop.idle { self?.revealStep(round) } }
    }

    /// A change told in two steps starts a new round of `revealStep`s after its first frame. The
    /// step of the round before, already waiting in an idle, used to run before that frame and
    /// show the rest at once (a search cleared while its own rows still came).
    func restartReveal() {
        revealRound += 1
        revealing = false
        let round = revealRound
        view.afterNextFrame { [weak self] _ in
            // A frame already under way when the change came may be the one that ends here: the
            // screenful gets the frame after it too.
            self?.view.afterNextFrame { [weak self] _ in
                MainLoop.idle { [weak self] in if self?.revealRound == round { self?.revealRest() } }
            }
        }
    }

    /// Places the rows of a long list after its first ones (`ListProjection.fillMore`: a list or
    /// store switch builds only those in its frame), a slice in each idle moment, so no frame waits
    /// for the whole list. Whatever needs the rest sooner (a scroll past them, a change) has the
    /// projection finish at once.
    func fillWhenIdle() {
        guard !filling, shown.projection.isFilling else { return }
        filling = true
        MainLoop.idle { [weak self] in self?.fillSlice() }
    }

    private func fillSlice() {
        // The projection shown now: another list's may have taken the place of the one begun.
        guard !shown.viewGone, shown.projection.fillMore() else {
            filling = false
            return
        }
        MainLoop.idle { [weak self] in self?.fillSlice() }
    }

    /// New rows a frame can take: a third of a frame's time.
    static let rowsPerFrame = 16
}
