import Foundation
import ShopperModel

/// Rows after the first screenful shown a few a frame, and the search texts made while the page
/// is idle: the first frame pays for what it shows.
extension ListPage {
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
    func revealStep(_ round: Int) {
        guard !listGone, round == revealRound else { return }
        guard listView.widget.isMapped else {
            listView.widget.afterFirstFrame { [weak self] in MainLoop.idle { self?.revealStep(round) } }
            return
        }
        guard rowModel.showMore(Self.rowsPerFrame) else {
            revealing = false
            return
        }
        listView.widget.afterNextFrame { [weak self] _ in MainLoop.idle { self?.revealStep(round) } }
    }

    /// A change told in two steps starts a new round of `revealStep`s after its first frame. The
    /// step of the round before, already waiting in an idle, used to run before that frame and
    /// show the rest at once (a search cleared while its own rows still came).
    func restartReveal() {
        revealRound += 1
        revealing = false
        let round = revealRound
        listView.widget.afterNextFrame { [weak self] _ in
            // A frame already under way when the change came may be the one that ends here: the
            // screenful gets the frame after it too.
            self?.listView.widget.afterNextFrame { [weak self] _ in
                MainLoop.idle { [weak self] in if self?.revealRound == round { self?.revealRest() } }
            }
        }
    }

    /// Places the rows of a long list after its first ones (`ListProjection.fillMore`: a list or
    /// store switch builds only those in its frame), a slice in each idle moment, so no frame waits
    /// for the whole list. Whatever needs the rest sooner (a scroll past them, a change) has the
    /// projection finish at once.
    func fillWhenIdle() {
        guard !filling, projection.isFilling else { return }
        filling = true
        MainLoop.idle { [weak self] in self?.fillSlice() }
    }

    private func fillSlice() {
        // The projection shown now: another list's may have taken the place of the one begun.
        guard !listGone, projection.fillMore() else {
            filling = false
            return
        }
        MainLoop.idle { [weak self] in self?.fillSlice() }
    }

    /// New rows a frame can take: a third of a frame's time.
    static let rowsPerFrame = 16



    /// Makes the items' search texts, so that a search's first keystroke finds them ready (at a
    /// hundred thousand rows, making them then was most of that keystroke): on one worker
    /// thread for every list (none while one is out or once all are made).
    func prepareSearchWhenIdle() {
        if let reader = model.searches.searchTextReader() { makeSearchTexts(with: reader) }
    }

    /// Reads the texts a slice at a time on a worker thread that only takes a processor nothing else
    /// wants, each slice handed to the model on the main loop (taking one is a copy of its bytes: a
    /// fraction of a millisecond). The page is held until the last, so the model always hears how
    /// the reading ended.
    func makeSearchTexts(with reader: SearchTextReader) {
        let limit = Self.searchSlice
        // The model the reader reads for, not the page's: another list may be shown by the end.
        let target = Reading(model)
        IdleThread.start {
            do {
                try reader.run(sliceSize: limit) { slice in MainLoop.post { target.model.searches.take(slice) } }
            } catch {
                MainLoop.post { target.model.searches.searchTextReaderFailed() }
            }
        }
    }

    /// The model a search text reader works for, handed to the main loop with each slice.
    @MainActor private final class Reading {
        let model: ShoppingModel
        init(_ model: ShoppingModel) { self.model = model }
    }

    /// Rows a slice makes the text of: a few milliseconds.
    static let searchSlice = 10_000

    static let poolLimit = 256

    /// Rows a list shows in its first frame (`Screenful`; a fixed 60 was three screenfuls of a
    /// 1080 px screen). The rest follow right after that frame.
    static var firstScreenful: Int { Screenful.rows(ofHeight: rowHeight) }

    /// Every row's height (`.shopper-row`'s min-height in shopper.css): rows of one height keep
    /// the list's estimates of the rows it has not built right.
    static let rowHeight = 52
}
