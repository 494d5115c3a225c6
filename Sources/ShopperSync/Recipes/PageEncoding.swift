import Foundation
import Glibc

/// A page's bytes as the UTF-8 libxml2 is given, decoded here rather than by libxml2: what
/// `HTMLScan` counts must be what libxml2 reads, and libxml2 left to itself switches encodings
/// in mid-page (a `<meta charset>`: UTF-7, EBCDIC, UTF-16), where `<` is no longer the byte
/// `<`. UTF-8 stays as it is; a byte-order mark or a `charset` declared in the first 4 KB is
/// decoded with iconv (latin-1 and ASCII as windows-1252, as browsers read them); a page that
/// declares UTF-8 or nothing has each bad byte a replacement character. Cut at its first NUL,
/// where libxml2 stops reading too.
enum PageEncoding {
    static func utf8(_ data: Data) -> Data {
        let decoded: Data
        if String(validating: data, as: UTF8.self) != nil {
            decoded = data
        } else if let from = declared(data), let converted = convert(from.bytes, from: from.name) {
            decoded = converted
        } else {
            decoded = Data(String(decoding: data, as: UTF8.self).utf8)
        }
        guard let nul = decoded.firstIndex(of: 0) else { return decoded }
        return decoded[..<nul]
    }

    /// The encoding the bytes say they are in (its mark, or a `charset=` near the top), with the
    /// bytes to decode (without the mark); nil for UTF-8 or none said.
    static func declared(_ data: Data) -> (name: String, bytes: Data)? {
        if data.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", data.dropFirst(2)) }
        if data.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", data.dropFirst(2)) }
        let head = String(decoding: data.prefix(4096), as: UTF8.self).lowercased()
        guard let at = head.range(of: "charset") else { return nil }
        let rest = head[at.upperBound...].drop { " =\"'".contains($0) }
        let name = String(rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "-_:.".contains($0)) })
        switch name {
        case "", "utf-8", "utf8", "unicode-1-1-utf-8": return nil
        case "iso-8859-1", "latin1", "l1", "ascii", "us-ascii", "iso8859-1", "cp1252": return ("WINDOWS-1252", data)
        default: return (name.uppercased(), data)
        }
    }

    /// `bytes` from `encoding` to UTF-8 with iconv, each byte it cannot read a replacement
    /// character; nil when iconv does not know the encoding.
    static func convert(_ bytes: Data, from encoding: String) -> Data? {
        let cd = iconv_open("UTF-8", encoding)
        guard cd != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(cd) }
        // iconv moves its input pointer on, so it is given a copy it may point into.
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = Data()
        var chunk = [CChar](repeating: 0, count: 1 << 16)
        input.withUnsafeMutableBufferPointer { whole in
            var inPtr: UnsafeMutablePointer<CChar>? = whole.baseAddress
            var inLeft = whole.count
            while inLeft > 0 {
                chunk.withUnsafeMutableBufferPointer { out in
                    var outPtr: UnsafeMutablePointer<CChar>? = out.baseAddress
                    var outLeft = out.count
                    let r = iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft)
                    output.append(
                        UnsafeRawPointer(out.baseAddress!).assumingMemoryBound(to: UInt8.self),
                        count: out.count - outLeft)
                    if r == -1 && errno != E2BIG {
                        // A byte it cannot read: said so, and the next one tried.
                        output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                        inPtr = inPtr.map { $0 + 1 }
                        inLeft -= 1
                    }
                }
            }
        }
        return output
    }
}
