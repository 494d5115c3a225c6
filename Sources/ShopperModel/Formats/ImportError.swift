import Foundation

/// A line that could not be read; an import with any of these adds nothing.
package struct ImportLineError: Error, Equatable, Sendable, CustomStringConvertible {
    package let line: Int
    package let message: String
    package var description: String { L("Line {line}: {message}", ["line": "\(line)", "message": message]) }
}

package struct ImportError: Error, Equatable, Sendable, LocalizedError {
    let lines: [ImportLineError]
    /// Bad lines beyond those in `lines`: a file of a million bad lines names a few, counts the rest.
    let more: Int

    init(lines: [ImportLineError], more: Int = 0) {
        self.lines = lines
        self.more = more
    }

    package var errorDescription: String? {
        // Each line's message is a sentence of its own; a missing full stop is added, never a second.
        let shown = lines.prefix(5).map { l in l.description.hasSuffix(".") ? l.description : l.description + "." }
        let more = lines.count - shown.count + self.more
        return
            ([L("Nothing was imported.")] + shown
            + (more > 0 ? [N("And {n} more line.", "And {n} more lines.", more)] : []))
            .joined(separator: " ")
    }
}
