import Foundation
import Glibc

/// Where a host of a web address is, read from the address as the resolver will read it, never
/// as it happens to be written: `127.1`, `0x7f.1`, `2130706433` and `0177.0.0.1` are all
/// 127.0.0.1 to `getaddrinfo` (inet_aton's forms), `0.0.0.0` and `[::]` reach this computer,
/// and an IPv6 address may carry an IPv4 one (`::ffff:10.0.0.1`). Names other than `localhost`
/// are the Internet's: where they resolve is not known here.
enum AddressPlace: Int, Comparable {
    case internet = 0
    /// Private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) and link-local ones
    /// (169.254/16, fe80::/10): a router's page, a printer, a cloud's metadata service.
    case localNetwork = 1
    /// Loopback (127/8, ::1), "this host" (0/8, ::), and `localhost` with its subdomains.
    case thisComputer = 2

    static func < (a: AddressPlace, b: AddressPlace) -> Bool { a.rawValue < b.rawValue }

    static func of(host raw: String) -> AddressPlace {
        var host = (raw.removingPercentEncoding ?? raw).precomposedStringWithCompatibilityMapping.lowercased()
        // Full stops other scripts write, which IDNA reads as ".".
        for dot in ["\u{3002}", "\u{FF0E}", "\u{FF61}"] { host = host.replacingOccurrences(of: dot, with: ".") }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        if host == "localhost" || host.hasSuffix(".localhost") { return .thisComputer }
        if let v4 = ipv4(host) { return of(ipv4: v4) }
        if let v6 = ipv6(host) { return of(ipv6: v6) }
        return .internet
    }

    /// The address as inet_aton reads it: one to four parts, each decimal, octal (a leading 0) or
    /// hexadecimal (0x), the last filling the bytes the others left.
    static func ipv4(_ host: String) -> UInt32? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            let p = part.lowercased()
            let v: UInt64?
            if p.hasPrefix("0x") {
                v = UInt64(p.dropFirst(2), radix: 16)
            } else if p.hasPrefix("0"), p.count > 1 {
                v = UInt64(p.dropFirst(), radix: 8)
            } else {
                v = UInt64(p, radix: 10)
            }
            guard let v, !p.isEmpty, p.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == "x") }) else { return nil }
            values.append(v)
        }
        let last = values.removeLast()
        guard values.allSatisfy({ $0 <= 255 }), last < UInt64(1) << (8 * (4 - values.count)) else { return nil }
        return values.enumerated().reduce(UInt32(last)) { sum, e in sum | UInt32(e.element) << (24 - 8 * e.offset) }
    }

    static func of(ipv4 a: UInt32) -> AddressPlace {
        func within(_ base: UInt32, _ bits: UInt32) -> Bool { a >> (32 - bits) == base >> (32 - bits) }
        if within(0x7F00_0000, 8) || within(0, 8) { return .thisComputer }
        if within(0x0A00_0000, 8) || within(0xAC10_0000, 12) || within(0xC0A8_0000, 16) || within(0xA9FE_0000, 16)
            || within(0x6440_0000, 10) { return .localNetwork }
        return .internet
    }

    /// The sixteen bytes of an IPv6 address (a zone, "%eth0", left off).
    static func ipv6(_ host: String) -> [UInt8]? {
        guard host.contains(":") else { return nil }
        let plain = String(host.prefix { $0 != "%" })
        var address = in6_addr()
        guard inet_pton(AF_INET6, plain, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    static func of(ipv6 b: [UInt8]) -> AddressPlace {
        let zeros10 = b[0..<10].allSatisfy { $0 == 0 }
        let v4 = UInt32(b[12]) << 24 | UInt32(b[13]) << 16 | UInt32(b[14]) << 8 | UInt32(b[15])
        // ::, ::1 and the IPv4 addresses IPv6 carries (::a.b.c.d, ::ffff:a.b.c.d, 64:ff9b::a.b.c.d).
        if zeros10 && b[10] == 0 && b[11] == 0 && v4 <= 1 { return .thisComputer }
        if zeros10 && ((b[10] == 0xFF && b[11] == 0xFF) || (b[10] == 0 && b[11] == 0)) { return of(ipv4: v4) }
        if b[0..<12].elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) { return of(ipv4: v4) }
        if b[0] & 0xFE == 0xFC || (b[0] == 0xFE && b[1] & 0xC0 == 0x80) || (b[0] == 0xFE && b[1] & 0xC0 == 0xC0) {
            return .localNetwork
        }
        return .internet
    }
}
