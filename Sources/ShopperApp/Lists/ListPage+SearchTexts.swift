import Foundation
import ShopperModel

/// The search texts made while the page is idle (the rows' own arrival is `RowArrival`), and the
/// sizes the page's rows are counted in: the first frame pays for what it shows.
extension ListPage {
    /// Makes the items' search texts, so that a search's first keystroke finds them ready (at a
    /// hundred thousand rows, making them then was most of that keystroke): on one worker
    /// thread for every list (none while one is out or once all are made).
    func prepareSearchWhenIdle() {
        if let reader = shown.model.searches.searchTextReader() { makeSearchTexts(with: reader) }
    }

    /// Reads the texts a slice at a time on a worker thread that only takes a processor nothing else
    /// wants, each slice handed to the model on the main loop (taking one is a copy of its bytes: a
    /// fraction of a millisecond). The page is held until the last, so the model always hears how
    /// the reading ended.
    func makeSearchTexts(with reader: SearchTextReader) {
        let limit = Self.searchSlice
        // The model the reader reads for, not the page's: another list may be shown by the end.
        let target = Reading(shown.model)
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
