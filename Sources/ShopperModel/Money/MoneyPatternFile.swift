import Foundation

/// `LearnedMoney` kept between starts, in the user's cache folder: a line for each executable,
/// locale and currency. A line is read only by the executable that learned it (its ICU data is
/// linked into it, and another build may write money otherwise); an installed Shopper and a
/// build of it keep theirs side by side.
///
/// It is a cache, and read as anything from outside is: at most 64 KB, every field checked, a line
/// that does not read is skipped and learned again; a file that cannot be written costs only the
/// learning at the next start.
public struct MoneyPatternFile: Sendable {
    let path: String
    let identity: String

    public init(path: String, identity: String) {
        self.path = path
        self.identity = identity
    }

    /// The file in `folder` for this executable, as it is on disk now (size, time and inode: a
    /// rebuild or an upgrade learns again); nil if the executable cannot be found.
    public static func forThisExecutable(in folder: String) -> MoneyPatternFile? {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return nil }
        let identity = "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        return MoneyPatternFile(path: folder + "/money-patterns", identity: identity)
    }

    static let maxBytes = 64 * 1024
    /// Locales and currencies kept: a person uses one or two.
    static let maxEntries = 16

    /// What the file holds for this executable; empty when it is missing or too large.
    func read() -> [LearnedMoney.Key: LearnedMoney] {
        var kept: [LearnedMoney.Key: LearnedMoney] = [:]
        for line in lines() {
            if let e = Self.entry(line), e.identity == identity { kept[e.key] = e.money }
        }
        return kept
    }

    /// Adds or replaces `key`'s line, keeping the newest `maxEntries`; written whole to a file of
    /// its own, then renamed over the old one, so a reader never sees half of it.
    func keep(_ money: LearnedMoney, for key: LearnedMoney.Key) {
        let line = Self.line(identity, key, money)
        // A line that would not read back (a field ICU wrote with a control character) is not kept.
        guard Self.entry(Array(line.utf8))?.money == money else { return }
        var lines = lines().compactMap(Self.entry).filter { $0.identity != identity || $0.key != key }
            .map { Self.line($0.identity, $0.key, $0.money) }
        lines.append(line)
        let text = ([Self.header] + lines.suffix(Self.maxEntries)).joined(separator: "\n") + "\n"
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".\(getpid()).new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written != bytes.count || rename(temporary, path) != 0 { unlink(temporary) }
    }

    private static let header = "shopper money patterns 2"

    /// The lines after the header; none when the file is missing, too large or of another format.
    private func lines() -> [[UInt8]] {
        guard let bytes = Self.contents(of: path) else { return [] }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let first = lines.first, String(validating: first, as: UTF8.self) == Self.header else { return [] }
        return lines.dropFirst().map(Array.init)
    }

    /// The file's bytes, or nil if it cannot be read or is over `maxBytes`.
    private static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
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

    // MARK: One line: executable, locale, chosen currency, has a locale, currency, cost pattern, unit price pattern.

    private static func line(_ identity: String, _ key: LearnedMoney.Key, _ money: LearnedMoney) -> String {
        [identity, key.locale, key.chosen, key.hasLocale ? "1" : "0", money.currency ?? "", field(money.cost), field(money.unitPrice)]
            .joined(separator: "\t")
    }

    private static func field(_ pattern: MoneyPattern?) -> String {
        guard let p = pattern else { return "" }
        return [p.prefix, p.suffix, p.group, p.decimal, String(p.minFraction), String(p.maxFraction)].joined(separator: "\u{1F}")
    }

    static func entry(_ bytes: [UInt8]) -> (identity: String, key: LearnedMoney.Key, money: LearnedMoney)? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let all = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let identity = all[0], f = Array(all.dropFirst())
        guard f.count == 6, !identity.isEmpty, identity.utf8.count <= 128,
              isLocale(f[0]), isCurrency(f[1]), f[2] == "0" || f[2] == "1", isCurrency(f[3]) else { return nil }
        let key = LearnedMoney.Key(locale: f[0], chosen: f[1], hasLocale: f[2] == "1")
        guard let cost = pattern(f[4]), let unitPrice = pattern(f[5]) else { return nil }
        return (identity, key, LearnedMoney(currency: f[3].isEmpty ? nil : f[3], cost: cost, unitPrice: unitPrice))
    }

    /// An empty field reads as no pattern (`.some(nil)`: ICU writes); nil is a field that does not read.
    private static func pattern(_ field: String) -> MoneyPattern?? {
        if field.isEmpty { return .some(nil) }
        let p = field.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        guard p.count == 6, let min = Int(p[4]), let max = Int(p[5]),
              let pattern = MoneyPattern(prefix: p[0], suffix: p[1], group: p[2], decimal: p[3], minFraction: min, maxFraction: max)
        else { return nil }
        return .some(pattern)
    }

    private static func isLocale(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 64 && s.utf8.allSatisfy { $0 < 0x80 && (isalnum(Int32($0)) != 0 || "_-@=;.".utf8.contains($0)) }
    }

    /// An ISO 4217 code, or "" for none.
    private static func isCurrency(_ s: String) -> Bool {
        s.isEmpty || (s.utf8.count == 3 && s.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
    }
}
