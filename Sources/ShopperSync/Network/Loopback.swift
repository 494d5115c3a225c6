/// Whether a host is this machine, where plain http:// may carry a password. Decided on the host
/// as the address was parsed, never by a prefix ("127.0.0.1.example.com" began with "127.") nor by
/// a resolver: "localhost", a dotted quad in 127.0.0.0/8 written in full, or "::1". Every other
/// spelling (127.1, 0x7f.0.0.1, 0177.0.0.1, localhost., ::ffff:127.0.0.1) counts as another machine.
enum Loopback {
    static func contains(host: String) -> Bool {
        var h = host.lowercased()
        if h.hasPrefix("["), h.hasSuffix("]") { h = String(h.dropFirst().dropLast()) }
        if h == "localhost" || h == "::1" || h == "0:0:0:0:0:0:0:1" { return true }
        return ipv4(h)?.first == 127
    }

    /// The four numbers of a dotted quad in plain decimal (no leading zeros, each at most 255).
    static func ipv4(_ h: String) -> [Int]? {
        let parts = h.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let numbers = parts.compactMap { p -> Int? in
            guard (1...3).contains(p.count), p.allSatisfy(\.isASCII), p.allSatisfy(\.isNumber),
                  p == "0" || !p.hasPrefix("0"), let n = Int(p), n <= 255 else { return nil }
            return n
        }
        return numbers.count == 4 ? numbers : nil
    }
}
