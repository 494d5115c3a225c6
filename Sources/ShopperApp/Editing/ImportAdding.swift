import Foundation
import ShopperModel
import Synchronization

/// An import preview's Add: what was read written as one transaction and one undo step, a long one
/// by a worker thread while the window keeps drawing and the progress bar follows it; the result
/// taken into the model on the main loop.
@MainActor
final class ImportAdding {
    private let model: ShoppingModel
    /// The preview's bar, following the worker.
    private let progress: ProgressBar
    /// While a worker thread writes the import.
    private(set) var adding = false
    private var finishAdding: @MainActor (Error?) -> Void = { _ in }
    /// What the worker thread runs for a long import: the write. A test wraps it, to see the main
    /// loop turn while the worker holds the import, whatever the time the write takes.
    var writeImport: @Sendable (Imports.BackgroundImport) -> Result<(ChangeSet, StoreCommit), StoreError> = {
        $0.write()
    }
    /// What the long file's import thread runs once it has written, for tests.
    var afterLongWrite: @Sendable () -> Void = {}

    init(model: ShoppingModel, progress: ProgressBar) {
        self.model = model
        self.progress = progress
    }

    /// Writes what `read` found, then says so (`total` items, or the error) and calls `close`.
    func add(_ read: ImportReading, total: Int, onImported: @escaping @MainActor (Int) -> Void,
             onError: @escaping @MainActor (Error) -> Void, close: @escaping @MainActor () -> Void) {
        finishAdding = { [weak self] error in
            if let error { onError(error) } else { onImported(total) }
            self?.adding = false
            close()
        }
        if let long = read.long { return addLong(long) }
        let rows = read.rows
        if let typedText = read.typedText, read.pasted || read.merging {
            // Typed lines, as the add bar takes them: a bare known name keeps all else.
            let typed = read.typedLines(typedText)
            let keys = read.knownKeys
            let lookup: ((String) -> ItemID?)? = read.pasted ? nil : { keys[$0] }
            do { try model.items.add(lines: typed, lookup: lookup); finishAdding(nil) } catch { finishAdding(error) }
            return
        }
        if read.merging {
            // Rows that update known items, or name one new item twice, are written here with the
            // others as one step; only a file of distinct new items (the long ones) goes to the
            // worker below.
            do { try model.imports.importItems(rows, known: read.known); finishAdding(nil) } catch {
                finishAdding(error)
            }
            return
        }
        addInBackground(rows)
    }

    /// Distinct new items: built and written by a worker thread, the bar pulsing.
    private func addInBackground(_ rows: [ImportedItem]) {
        var background = model.imports.backgroundImport(rows)
        // The worker says how far it is (the change built, then written).
        let done = LongImport.Progress()
        background.onProgress = { f in done.fraction.withLock { $0 = f } }
        let job = background
        follow(done)
        // This is main-actor isolated, so the worker may hand the result back to it; it is held
        // until then, so the result always reaches the model.
        let write = writeImport
        Thread.detachNewThread { [self] in
            let result = write(job)
            MainLoop.post { [self] in
                do { try model.imports.finish(job, result); finishAdding(nil) } catch { finishAdding(error) }
            }
        }
    }

    /// A long file: read again and written by `LongImport`'s worker, the bar following it.
    private func addLong(_ long: LongImport) {
        let done = LongImport.Progress()
        follow(done)
        long.afterWrite = afterLongWrite
        long.write(into: model, progress: done) { [weak self] result in
            switch result {
            case .success: self?.finishAdding(nil)
            case .failure(let error): self?.finishAdding(error)
            }
        }
    }

    /// While a worker writes: the bar follows it every tenth of a second.
    private func follow(_ done: LongImport.Progress) {
        adding = true
        progress.fraction = 0
        MainLoop.timeout(milliseconds: 100) { [weak self] in
            // Once added, the window is gone with its bar: nothing more to show.
            guard let self, adding else { return false }
            progress.fraction = done.fraction.withLock { $0 }
            return true
        }
    }
}
