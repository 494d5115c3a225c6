import Foundation
import ShopperModel

/// A pass over a page's bytes before libxml2 reads it, counting its start tags and each tag's
/// attributes (each a node of the tree, as `PageParser` counts them). libxml2's HTML parser compares every attribute of
/// a tag with all before it (one tag of 600,000 attributes held the helper for minutes), inside one call that no
/// callback interrupts, so the count must come first. Tags are told apart as libxml2 2.9 tells them:
/// `<` and a letter opens a tag; comments end at `-->` or `--!>`; `<script>` and `<style>` hold
/// text up to their own end tag; a quoted value may hold `>`. Where the two could differ this
/// pass counts more, never fewer, and the helper's limits (time, memory) still stand behind it.
struct HTMLScan {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let budget: ReadBudget
    private var i = 0
    /// Tags and their attributes so far (an attribute counts two, as in libxml2's tree).
    private var tags = 0

    static func check(_ data: Data, budget: ReadBudget) throws(ReadLimit) {
        let result: Result<Void, ReadLimit> = data.withUnsafeBytes { raw in
            var scan = HTMLScan(bytes: raw.bindMemory(to: UInt8.self), budget: budget)
            return Result { () throws(ReadLimit) in try scan.run() }
        }
        try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, budget: ReadBudget) {
        self.bytes = bytes
        self.budget = budget
    }

    private func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }

    private static func isLetter(_ c: UInt8) -> Bool {
        (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z")
    }
    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }

    private mutating func run() throws(ReadLimit) {
        var checked = 0
        while let open = next(UInt8(ascii: "<"), from: i) {
            i = open + 1
            if i - checked > 1 << 16 {
                checked = i
                try budget.checkTime()
            }
            let c = at(i)
            if c == UInt8(ascii: "!"), at(i + 1) == UInt8(ascii: "-"), at(i + 2) == UInt8(ascii: "-") {
                skipComment()
            } else if c == UInt8(ascii: "/") {
                i = (next(UInt8(ascii: ">"), from: i) ?? bytes.count - 1) + 1
            } else if Self.isLetter(c) {
                let raw = try tag()
                if let raw { skipRawText(raw) }
            }
        }
    }

    private func next(_ byte: UInt8, from k: Int) -> Int? {
        guard k < bytes.count else { return nil }
        guard let found = memchr(bytes.baseAddress! + k, Int32(byte), bytes.count - k) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!)
    }

    /// Past `-->` or `--!>`, or to the end.
    private mutating func skipComment() {
        i += 3
        while let dash = next(UInt8(ascii: "-"), from: i) {
            i = dash + 1
            if at(i) == UInt8(ascii: "-"), at(i + 1) == UInt8(ascii: ">") { i += 2; return }
            if at(i) == UInt8(ascii: "-"), at(i + 1) == UInt8(ascii: "!"), at(i + 2) == UInt8(ascii: ">") {
                i += 3; return
            }
        }
        i = bytes.count
    }

    /// A start tag from its name to its `>`: counted, its attributes counted. The tag's name when
    /// its content is raw text (script, style).
    private mutating func tag() throws(ReadLimit) -> String? {
        tags += 1
        guard tags <= ReadBudget.maxNodes else { throw .nodes(ReadBudget.maxNodes) }
        let start = i
        while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") {
            i += 1
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self).lowercased()
        var attributes = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: ">") { i += 1; break }
            if Self.isSpace(c) || c == UInt8(ascii: "/") { i += 1; continue }
            attributes += 1
            tags += 2
            guard attributes <= ReadBudget.maxAttributes else { throw .attributes(ReadBudget.maxAttributes) }
            guard tags <= ReadBudget.maxNodes else { throw .nodes(ReadBudget.maxNodes) }
            attribute()
        }
        return name == "script" || name == "style" ? name : nil
    }

    /// One attribute: its name, and its value if it has one (quoted values may hold `>` and spaces).
    private mutating func attribute() {
        while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "=") {
            i += 1
        }
        var k = i
        while k < bytes.count, Self.isSpace(bytes[k]) { k += 1 }
        guard at(k) == UInt8(ascii: "=") else { return }
        k += 1
        while k < bytes.count, Self.isSpace(bytes[k]) { k += 1 }
        let quote = at(k)
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            i = (next(quote, from: k + 1) ?? bytes.count - 1) + 1
        } else {
            i = k
            while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
        }
    }

    /// A script's or a style's text, up to `</name` in any case (as libxml2 reads it when recovering).
    private mutating func skipRawText(_ name: String) {
        let closing = Array(("</" + name).utf8)
        while let open = next(UInt8(ascii: "<"), from: i) {
            i = open
            if i + closing.count <= bytes.count,
               (0..<closing.count).allSatisfy({ bytes[i + $0] | 0x20 == closing[$0] | 0x20 }) { return }
            i += 1
        }
        i = bytes.count
    }
}
