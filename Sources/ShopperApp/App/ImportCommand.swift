import Foundation
import ShopperModel

/// `shopper import`: every file streamed into the store in one transaction (`StreamedImport`), so a
/// file of any size costs a batch of memory, and a bad line anywhere imports nothing.
extension CommandRunner {
    /// Imports the files in one step, known items updated as the add bar updates them; the time it
    /// takes beyond a second is said on standard error as it goes.
    static func importFiles(_ files: [String], to list: String?, paths: AppPaths) throws -> String {
        var streams: [ImportStream] = []
        for file in files {
            let format: ExportFormat = file.lowercased().hasSuffix(".csv") ? .csv : .text
            do {
                streams.append(
                    ImportStream(
                        try ImportSource(path: file), format: format, numbers: UserLocale.current.numbers, keptErrors: 5
                    ))
            } catch {
                throw AddLineService.Failed(message: L("cannot import “{file}”: {reason}; nothing was imported",
                                                       ["file": file, "reason": error.localizedDescription]))
            }
        }
        let store = try Store(path: paths.storeFile, check: .quick)
        let lists = try store.lists()
        let target: ShoppingList?
        if let list {
            guard let named = ShoppingList.named(list, in: lists) else {
                throw UnknownList(name: list, known: lists.map(\.name))
            }
            target = named
        } else {
            target = lists.first
        }
        let progress = CommandProgress()
        let outcome: StreamedImport.Outcome
        do {
            outcome = try StreamedImport.run(streams, into: store, list: target?.id ?? .first) { source, fraction in
                progress.say {
                    L(
                        "Importing “{file}”: {percent} % read",
                        ["file": files[source], "percent": "\(Int(fraction * 100))"])
                }
            }
        } catch .lines(let source, let error) {
            progress.end()
            throw AddLineService.Failed(message: L("cannot import “{file}”: {reason}; nothing was imported",
                                                   ["file": files[source], "reason": error.localizedDescription]))
        } catch .store(let error) {
            progress.end()
            throw error
        }
        progress.end()
        return L("{added} added and {updated} updated in {list}.",
            [
                "added": N("{n} item", "{n} items", outcome.added), "updated": "\(outcome.updated)",
                "list": target?.name ?? ""
            ])
    }
}

/// What a long command says on standard error while it works: nothing in its first second (a short
/// import says only its result), then how far it is, at most once a second: on one line rewritten
/// in place on a terminal, a line each otherwise (a log keeps them all).
final class CommandProgress {
    private let start = Date()
    private var last: Date?
    private let terminal = isatty(STDERR_FILENO) != 0

    func say(_ text: () -> String) {
        let now = Date()
        guard now.timeIntervalSince(start) >= 1, last.map({ now.timeIntervalSince($0) >= 1 }) ?? true else { return }
        last = now
        write(terminal ? "\r\u{1B}[K" + text() : text() + "\n")
    }

    /// The line rewritten in place is left as it was, and the next output starts below it.
    func end() {
        if terminal, last != nil { write("\n") }
    }

    private func write(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }
}
