import CSync
import Foundation

/// An entry's X- properties and its attachment: the parts of a kitchen entry only Shopper reads.
extension ICalEntry {
    /// The values of every `name` property (repeated ones in order), the first `max`, each at most
    /// `limit` characters, percent-decoded (see `encoded`).
    func xValues(_ name: String, max: Int, limit: Int = 2_000) -> [String] {
        var out: [String] = []
        for p in properties(ICAL_X_PROPERTY) where out.count < max {
            guard let n = icalproperty_get_x_name(p), String(cString: n).uppercased() == name,
                  let v = icalproperty_get_x(p) else { continue }
            let raw = Self.prefix(v, limit > Int.max / 3 ? Int.max : limit * 3)
            out.append(String((raw.removingPercentEncoding ?? raw).prefix(limit)))
        }
        return out
    }

    func xValue(_ name: String, limit: Int = 2_000) -> String? { xValues(name, max: 1, limit: limit).first }

    /// Replaces every `name` property with one per value, when they differ. Values are written
    /// percent-encoded: Radicale cuts an X- value at its first unescaped comma, Xandikos rewrites
    /// backslashes, and a line break has no place in a value other apps do not unescape.
    func setX(_ name: String, _ values: [String]) {
        guard xValues(name, max: Int.max, limit: Int.max) != values else { return }
        for p in properties(ICAL_X_PROPERTY)
        where icalproperty_get_x_name(p).map({ String(cString: $0).uppercased() }) == name {
            icalcomponent_remove_property(entry, p)
            icalproperty_free(p)
        }
        markChanged()
        for value in values {
            guard let p = Self.encoded(value).withCString({ icalproperty_new_x($0) }) else { continue }
            name.withCString { icalproperty_set_x_name(p, $0) }
            icalcomponent_add_property(entry, p)
        }
    }

    func setX(_ name: String, _ value: String?) { setX(name, value.map { [$0] } ?? []) }

    /// "%", ",", ";", ":", "\\", `"` and control characters as %XX; everything else as it is.
    static func encoded(_ value: String) -> String {
        var out = ""
        for c in value.unicodeScalars {
            switch c {
            case "%", ",", ";", ":", "\\", "\"", "\u{7F}", _ where c.value < 0x20:
                out += String(format: "%%%02X", c.value)
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    // MARK: The attachment

    /// The base64 text of the first inline ATTACH of type `type`; nil when there is none, or when it
    /// is longer than `maxBytes` (never copied then).
    func attachment(type: String, maxBytes: Int) -> String? {
        for p in properties(ICAL_ATTACH_PROPERTY, max: 50) where Self.type(of: p) == type.lowercased() {
            guard let a = icalproperty_get_attach(p), icalattach_get_is_url(a) == 0,
                  let data = icalattach_get_data(a) else { continue }
            let raw = UnsafeRawPointer(data).assumingMemoryBound(to: CChar.self)
            guard strnlen(raw, maxBytes == Int.max ? maxBytes : maxBytes + 1) <= maxBytes else { return nil }
            return String(cString: raw)
        }
        return nil
    }

    /// Replaces the inline attachments of `type` with one holding `base64`, when it differs.
    func setAttachment(type: String, base64: String?) {
        guard attachment(type: type, maxBytes: Int.max) != base64 else { return }
        for p in properties(ICAL_ATTACH_PROPERTY) where Self.type(of: p) == type.lowercased() {
            icalcomponent_remove_property(entry, p)
            icalproperty_free(p)
        }
        markChanged()
        guard let base64 else { return }
        // Made through the parser, which owns the value it reads (icalattach_new_from_data keeps
        // the caller's pointer).
        let line = "ATTACH;FMTTYPE=\(type);ENCODING=BASE64;VALUE=BINARY:" + base64.filter(\.isBase64)
        if let p = line.withCString({ icalproperty_new_from_string($0) }) { icalcomponent_add_property(entry, p) }
    }

    private static func type(of p: OpaquePointer) -> String? {
        icalproperty_get_first_parameter(p, ICAL_FMTTYPE_PARAMETER).flatMap { icalparameter_get_fmttype($0) }
            .map { String(cString: $0).lowercased() }
    }
}

private extension Character {
    var isBase64: Bool { isASCII && (isLetter || isNumber || self == "+" || self == "/" || self == "=") }
}
