import Foundation

/// JSON read within a `ReadBudget`, into the values `JSONSerialization` gives (`[String: Any]`,
/// `[Any]`, `String`, `NSNumber`, `NSNull`), for schema.org recipes from outside. Foundation's
/// reader has no bound: with it, 4.8 MB of `{"a":1}` took the helper 1.8 GB. Here every value
/// counts (at most `maxJSONValues`, `maxJSONDepth` deep), a string keeps its first 64 KB and
/// skips the rest without copying it, and the deadline is read as it goes. Lenient where pages
/// are: a control character (a raw line break inside a string) reads as a space, an escape JSON
/// does not have (`\'`) as its character, and a comma before a closing bracket is passed over.
struct BoundedJSON {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let budget: ReadBudget
    private var i = 0

    /// Not JSON at all.
    private struct Invalid: Error {}

    /// The document's value; nil when it is not JSON (then nothing in it is a recipe). Over a
    /// limit: the limit, thrown.
    static func parse(_ data: Data, budget: ReadBudget) throws(ReadLimit) -> Any? {
        let result: Result<Any?, ReadLimit> = data.withUnsafeBytes { raw in
            var reader = BoundedJSON(bytes: raw.bindMemory(to: UInt8.self), budget: budget)
            do {
                let value = try reader.value(depth: 0)
                reader.skipSpace()
                return .success(reader.i == reader.bytes.count ? value : nil)
            } catch let limit as ReadLimit {
                return .failure(limit)
            } catch {
                return .success(nil)
            }
        }
        return try result.get()
    }

    private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] <= 0x20 { i += 1 }
    }

    private mutating func value(depth: Int) throws -> Any {
        guard depth < ReadBudget.maxJSONDepth else { throw ReadLimit.jsonDepth(ReadBudget.maxJSONDepth) }
        try budget.jsonValue()
        skipSpace()
        switch peek {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"): return try literal("true", NSNumber(value: true))
        case UInt8(ascii: "f"): return try literal("false", NSNumber(value: false))
        case UInt8(ascii: "n"): return try literal("null", NSNull())
        case .some(let c) where c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c):
            return try number()
        default: throw Invalid()
        }
    }

    private mutating func object(depth: Int) throws -> [String: Any] {
        i += 1
        var out: [String: Any] = [:]
        skipSpace()
        if peek == UInt8(ascii: "}") { i += 1; return out }
        while true {
            skipSpace()
            // A comma before the brace, as some sites leave one: read as a browser's reader does.
            if peek == UInt8(ascii: "}"), !out.isEmpty { i += 1; return out }
            guard peek == UInt8(ascii: "\"") else { throw Invalid() }
            let key = try string()
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw Invalid() }
            i += 1
            out[key] = try value(depth: depth + 1)
            skipSpace()
            guard let c = peek else { throw Invalid() }
            i += 1
            if c == UInt8(ascii: "}") { return out }
            guard c == UInt8(ascii: ",") else { throw Invalid() }
        }
    }

    private mutating func array(depth: Int) throws -> [Any] {
        i += 1
        var out: [Any] = []
        skipSpace()
        if peek == UInt8(ascii: "]") { i += 1; return out }
        while true {
            skipSpace()
            if peek == UInt8(ascii: "]"), !out.isEmpty { i += 1; return out }
            out.append(try value(depth: depth + 1))
            skipSpace()
            guard let c = peek else { throw Invalid() }
            i += 1
            if c == UInt8(ascii: "]") { return out }
            guard c == UInt8(ascii: ",") else { throw Invalid() }
        }
    }

    private mutating func literal(_ word: String, _ value: Any) throws -> Any {
        let n = word.utf8.count
        guard i + n <= bytes.count, bytes[i..<i + n].elementsEqual(word.utf8) else { throw Invalid() }
        i += n
        return value
    }

    private mutating func number() throws -> NSNumber {
        let start = i
        if peek == UInt8(ascii: "-") { i += 1 }
        var integral = true
        while let c = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || "+-.eE".utf8.contains(c) {
            if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) { integral = false }
            i += 1
        }
        // No number a recipe carries is longer; a longer one is not read digit by digit.
        guard i - start <= 64 else { throw Invalid() }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        if integral, let n = Int64(text) { return NSNumber(value: n) }
        guard let d = Double(text) else { throw Invalid() }
        return NSNumber(value: d)
    }

    /// A string, its first `maxString` bytes kept (cut where a character begins).
    private mutating func string() throws -> String {
        i += 1
        var out: [UInt8] = []
        var full = false
        func keep(_ b: UInt8) {
            if out.count < ReadBudget.maxString { out.append(b) } else { full = true }
        }
        while true {
            guard let c = peek else { throw Invalid() }
            i += 1
            switch c {
            case UInt8(ascii: "\""): return String(decoding: full ? Self.wholeCharacters(out) : out[...], as: UTF8.self)
            case UInt8(ascii: "\\"): for b in try escape() { keep(b) }
            case 0..<0x20: keep(0x20)
            default: keep(c)
            }
            if i & 0xFFFF == 0 { try budget.checkTime() }
        }
    }

    /// UTF-8 cut at a limit, without the part of a character the cut left at its end.
    private static func wholeCharacters(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var start = bytes.count
        while start > 0, bytes.count - start < 4, bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
        guard start > 0, bytes[start - 1] >= 0xC0 else { return bytes[...] }
        let lead = bytes[start - 1], length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return bytes.count - (start - 1) < length ? bytes[..<(start - 1)] : bytes[...]
    }

    /// The bytes of the escape after a backslash; a \u pair of surrogates is one character, a
    /// lone surrogate the replacement character.
    private mutating func escape() throws -> [UInt8] {
        guard let c = peek else { throw Invalid() }
        i += 1
        switch c {
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"),
                bytes[i + 1] == UInt8(ascii: "u")
            {
                let save = i
                i += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    i = save
                }
            }
            return Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        default: return [c]
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count,
            let v = UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<i + 4]), as: UTF8.self), radix: 16)
        else { throw Invalid() }
        i += 4
        return v
    }
}
