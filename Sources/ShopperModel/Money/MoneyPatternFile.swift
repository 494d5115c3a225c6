import Foundation
import Synchronization

/// `LearnedMoney` kept between starts, in the user's cache folder: a line for each build, locale
/// and currency. A line is read only by the build that learned it (named by its build id: another
/// build's ICU may write money otherwise); an installed Shopper and a build of it keep theirs side
/// by side.
///
/// It is a cache, and read as anything from outside is: a regular file of at most 64 KB, every
/// line checked for what ICU could have said (`entry`), a line that does not check is skipped and
/// learned again; a file that cannot be written costs only the learning at the next start.
package struct MoneyPatternFile: Sendable {
    let path: String
    let identity: String

    package init(path: String, identity: String) {
        self.path = path
        self.identity = identity
    }

    static let maxBytes = 64 * 1024
    /// Lines kept, of every build: a person uses a locale or two.
    static let maxEntries = 16

    /// What the file holds for this build; empty when it is missing, not a regular file or too large.
    func read() -> [LearnedMoney.Key: LearnedMoney] {
        var kept: [LearnedMoney.Key: LearnedMoney] = [:]
        for line in lines() {
            if let e = Self.entry(line), e.identity == identity { kept[e.key] = e.money }
        }
        return kept
    }

    /// Adds or replaces `key`'s line, keeping the newest `maxEntries`. Written whole to a file of
    /// its own, then renamed over the old one, so a reader never sees half of it; the threads of
    /// one process take turns, so none loses another's line.
    func keep(_ money: LearnedMoney, for key: LearnedMoney.Key) {
        let line = Self.line(identity, key, money)
        // A line that would not read back (a field ICU wrote with a control character) is not kept.
        guard Self.entry(Array(line.utf8))?.money == money else { return }
        Self.writing.withLock { _ in
            var lines = lines().compactMap(Self.entry).filter { $0.identity != identity || $0.key != key }
                .map { Self.line($0.identity, $0.key, $0.money) }
            lines.append(line)
            write(([Self.header] + lines.suffix(Self.maxEntries)).joined(separator: "\n") + "\n")
        }
    }

    private static let writing = Mutex(())
    private static let header = "shopper money patterns 2"

    private func write(_ text: String) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        // A name of its own, made new: a link or file left at it is not written through.
        let temporary = path + ".\(getpid()).new"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written != bytes.count || rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// The lines after the header; none when the file is missing, unreadable or of another format.
    private func lines() -> [[UInt8]] {
        guard let bytes = Self.contents(of: path) else { return [] }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let first = lines.first, String(validating: first, as: UTF8.self) == Self.header else { return [] }
        return lines.dropFirst().map(Array.init)
    }

    /// The bytes of the regular file at `path` (not through a link; a pipe would wait for ever), or
    /// nil if there is none or it is over `maxBytes`.
    private static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maxBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            count += n
        }
        return count <= maxBytes ? Array(bytes[..<count]) : nil
    }
}

extension MoneyPatternFile {
    // One line: build, locale, chosen currency, has a locale, currency, cost pattern, unit price pattern.

    static func line(_ identity: String, _ key: LearnedMoney.Key, _ money: LearnedMoney) -> String {
        [
            identity, key.locale, key.chosen, key.hasLocale ? "1" : "0", money.currency ?? "", field(money.cost),
            field(money.unitPrice)
        ]
            .joined(separator: "\t")
    }

    private static func field(_ pattern: MoneyPattern?) -> String {
        guard let p = pattern else { return "" }
        return [p.prefix, p.suffix, p.group, p.decimal, String(p.minFraction), String(p.maxFraction)].joined(
            separator: "\u{1F}")
    }

    /// A line, if it is one `LearnedMoney.learn` could have made: the currency the one chosen, or
    /// none without a locale; a cost with one number of decimals (two without a currency: which
    /// number a currency has only ICU knows), a unit price with two to four.
    static func entry(_ bytes: [UInt8]) -> (identity: String, key: LearnedMoney.Key, money: LearnedMoney)? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let all = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let identity = all[0], f = Array(all.dropFirst())
        guard f.count == 6, !identity.isEmpty, identity.utf8.count <= 256,
              isLocale(f[0]), isCurrency(f[1]), f[2] == "0" || f[2] == "1", isCurrency(f[3]) else { return nil }
        let key = LearnedMoney.Key(locale: f[0], chosen: f[1], hasLocale: f[2] == "1")
        let currency = f[3].isEmpty ? nil : f[3]
        if !key.chosen.isEmpty, currency != key.chosen { return nil }
        if key.chosen.isEmpty, !key.hasLocale, currency != nil { return nil }
        guard let cost = pattern(f[4]), let unitPrice = pattern(f[5]) else { return nil }
        if let cost, cost.minFraction != cost.maxFraction || (currency == nil && cost.maxFraction != 2) { return nil }
        if let unitPrice, unitPrice.minFraction != 2 || unitPrice.maxFraction != 4 { return nil }
        return (identity, key, LearnedMoney(currency: currency, cost: cost, unitPrice: unitPrice))
    }

    /// An empty field reads as no pattern (`.some(nil)`: ICU writes); nil is a field that does not read.
    private static func pattern(_ field: String) -> MoneyPattern?? {
        if field.isEmpty { return .some(nil) }
        let p = field.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        guard p.count == 6, let min = Int(p[4]), let max = Int(p[5]),
            let pattern = MoneyPattern(
                prefix: p[0], suffix: p[1], group: p[2], decimal: p[3], minFraction: min, maxFraction: max)
        else { return nil }
        return .some(pattern)
    }

    private static func isLocale(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 64
            && s.utf8.allSatisfy { $0 < 0x80 && (isalnum(Int32($0)) != 0 || "_-@=;.".utf8.contains($0)) }
    }

    /// An ISO 4217 code, or "" for none.
    private static func isCurrency(_ s: String) -> Bool {
        s.isEmpty || (s.utf8.count == 3 && s.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
    }
}
