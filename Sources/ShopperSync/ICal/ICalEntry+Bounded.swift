import Foundation

extension ICalEntry {
    /// A property's line (unfolded) is cut at this many bytes before libical reads it: its parser
    /// takes time that grows with the square of a line's length (10 MB of DESCRIPTION, 7 s), and
    /// nothing Shopper reads is this long (the schema.org attachment is refused past 256 KiB).
    static let maxLine = 320 << 10

    /// `text` with every line past `maxLine` bytes cut there (its folded continuations dropped),
    /// never inside a character's UTF-8 bytes nor after a lone backslash. Short text as it is.
    static func bounded(_ text: String, maxLine: Int = maxLine) -> String {
        guard text.utf8.count > maxLine else { return text }
        let all = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(all.count)
        var logical = 0, start = 0
        while start < all.count {
            var end = all[start...].firstIndex(of: UInt8(ascii: "\n")) ?? all.count
            let next = end + 1
            if end > start, all[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let folded = all[start] == UInt8(ascii: " ") || all[start] == UInt8(ascii: "\t")
            if !folded { logical = 0 }
            let room = maxLine - logical
            if room > 0 {
                var cut = min(end, start + room)
                if cut < end {
                    while cut > start, all[cut] & 0xC0 == 0x80 { cut -= 1 }
                    var slashes = 0
                    while cut - slashes > start, all[cut - slashes - 1] == UInt8(ascii: "\\") { slashes += 1 }
                    if slashes % 2 == 1 { cut -= 1 }
                }
                logical += cut - start
                out += all[start..<cut]
                out += [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
            }
            start = next
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension ICalEntry {
    /// Components nested deeper than this are refused before libical reads them: its parser and
    /// its free are recursive (100,000 nested VALARMs overflowed the stack), and a calendar
    /// object nests three deep (VCALENDAR, VEVENT, VALARM).
    static let maxDepth = 8

    /// Whether `text` nests components (BEGIN: lines, folded or not, any case) deeper than `max`.
    static func nested(_ text: String, deeperThan max: Int = maxDepth) -> Bool {
        var utf8 = text.utf8
        let deep = utf8.withContiguousStorageIfAvailable { nested($0, deeperThan: max) }
        if let deep { return deep }
        utf8 = String(text.utf8).utf8  // a bridged string: made contiguous
        return utf8.withContiguousStorageIfAvailable { nested($0, deeperThan: max) } ?? true
    }

    private static func nested(_ bytes: UnsafeBufferPointer<UInt8>, deeperThan max: Int) -> Bool {
        let begin = Array("BEGIN:".utf8), end = Array("END:".utf8)
        var depth = 0, head: [UInt8] = [], i = 0
        func lineEnds() -> Bool {
            if head == begin {
                depth += 1
            } else if head.starts(with: end) {
                depth = Swift.max(0, depth - 1)
            }
            head.removeAll(keepingCapacity: true)
            return depth > max
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                // A line break and a space or tab is a fold: the line goes on.
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: " ") || bytes[i + 1] == UInt8(ascii: "\t") {
                    i += 2
                    continue
                }
                if lineEnds() { return true }
            } else if b != UInt8(ascii: "\r"), head.count < begin.count {
                head.append(b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") ? b - 32 : b)
            }
            i += 1
        }
        return lineEnds()
    }
}
