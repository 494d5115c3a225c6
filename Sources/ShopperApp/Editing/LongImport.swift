import Foundation
import ShopperModel
import Synchronization

/// A file too long for its preview to hold (more than `ImportReading.heldRows` good lines): the
/// preview lists its first lines and this counts what the rest would do (`ImportTally`); on Add,
/// a worker thread reads the file again and streams it into the store in batches inside one
/// transaction (`StreamedImport.runUndoable`), the bad lines the preview named left out. The
/// model then reads its list again whole and keeps an undo record, not the items: a file of a
/// million lines costs what the command line's import does, not gigabytes (issue 53).
@MainActor
final class LongImport {
    let path: String
    private let format: ExportFormat
    private let numbers: NumberConvention
    /// The file as the preview read it: a file changed since is not imported unseen.
    private let stamp: String?
    private(set) var tally: ImportTally
    /// For tests: run on the worker once the store is written, before the result is handed back.
    var afterWrite: @Sendable () -> Void = {}

    init(path: String, format: ExportFormat, numbers: NumberConvention, stamp: String?, known: [Int: ItemID]) {
        self.path = path
        self.format = format
        self.numbers = numbers
        self.stamp = stamp
        tally = ImportTally(known: known)
    }

    func take(_ row: ImportedItem) { tally.take(row) }

    /// The tally read (the summary says it): its keys let go before the write needs its own.
    func tallied() -> ImportTally {
        defer { tally = ImportTally(known: [:]) }
        return tally
    }

    /// How far the worker is, read by the main loop.
    final class Progress: Sendable {
        let fraction = Mutex(0.0)
    }

    /// Writes the file into `model`'s list on a worker thread; `done` gets, on the main loop, how
    /// many items were added or updated (the model has taken the import in) or why nothing was.
    func write(into model: ShoppingModel, progress: Progress, done: @escaping @MainActor (Result<Int, Error>) -> Void) {
        let store = model.store
        (target, finished) = (model, done)
        let (path, format, numbers, stamp, list, after) = (path, format, numbers, stamp, model.list, afterWrite)
        // This object is main-actor isolated, so the worker may hand the result back to it; it is
        // held until then, so the result always reaches the model.
        Thread.detachNewThread { [self] in
            let result = Result { () throws -> ImportUndo in
                let source = try ImportSource(path: path)
                guard source.stamp == stamp else { throw Changed(file: (path as NSString).lastPathComponent) }
                let stream = ImportStream(source, format: format, numbers: numbers, keptErrors: 0)
                return try StreamedImport.runUndoable(stream, into: store, list: list) { f in
                    progress.fraction.withLock { $0 = f }
                }.undo
            }
            after()
            MainLoop.post { [self] in take(result) }
        }
    }

    private var target: ShoppingModel?
    private var finished: @MainActor (Result<Int, Error>) -> Void = { _ in }

    /// On the main loop: the import taken into the model (its list read again, its undo step).
    private func take(_ result: Result<ImportUndo, Error>) {
        guard let target else { return }
        // What the write freed goes back to the system before the list is read again whole: the
        // two are not on top of each other in the window's peak (about 30 MB at a million rows).
        Toolkit.giveBackFreedMemory()
        finished(
            result.flatMap { undo in
                Result {
                    try target.core.recordImport(undo); return undo.count
                }
            }.mapError(Self.said))
        self.target = nil
    }

    /// The file changed between its preview and Add.
    struct Changed: LocalizedError {
        let file: String
        var errorDescription: String? {
            L("“{file}” changed since it was shown: import it again to see what it holds now.", ["file": file])
        }
    }

    /// A failure in the words the window shows.
    private static func said(_ error: Error) -> Error {
        switch error as? StreamedImport.Failure {
        case .lines(_, let e)?: e
        case .store(let e)?: e
        case nil: error
        }
    }
}
