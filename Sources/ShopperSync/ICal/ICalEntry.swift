import CSync
import Foundation

/// One VJOURNAL (a shared recipe) or one VEVENT (a meal on the plan) in its calendar object,
/// through libical, as `ICalTask` is one VTODO. An entry read from the server is patched, not
/// rebuilt: what Shopper does not know (alarms, ATTENDEEs, other apps' X- properties) stays, and a
/// property is only rewritten when its value differs. Not Sendable: one thread at a time.
final class ICalEntry {
    enum Kind {
        case journal, event

        var component: icalcomponent_kind { self == .journal ? ICAL_VJOURNAL_COMPONENT : ICAL_VEVENT_COMPONENT }
        var name: String { self == .journal ? "VJOURNAL" : "VEVENT" }
    }

    enum ParseError: Error, Equatable { case notICalendar, wrongKind, noUID }

    let kind: Kind
    private let calendar: OpaquePointer
    let entry: OpaquePointer
    /// A property was written: LAST-MODIFIED, DTSTAMP and SEQUENCE follow when the text is taken.
    private(set) var changed = false

    /// Parses a calendar object; fails on text that is not one, that holds no component of `kind`
    /// (a VTODO where a VJOURNAL was wanted), or whose component has no UID. Of a recurring event's
    /// components, the master (the one without RECURRENCE-ID) is the entry; its RRULE is not
    /// expanded: a repeating event is read as its first day only.
    init(text: String, kind: Kind) throws(ParseError) {
        guard !Self.nested(text),
              let c = Self.bounded(text).withCString({ icalparser_parse_string($0) }) else { throw .notICalendar }
        if icalcomponent_isa(c) == kind.component {
            // A bare component: put it in a calendar, as servers store it.
            let cal = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)!
            icalcomponent_add_component(cal, c)
            calendar = cal
        } else if icalcomponent_isa(c) == ICAL_VCALENDAR_COMPONENT {
            calendar = c
        } else {
            // A bare component of another kind (a VTODO) is the wrong kind; several calendars in
            // one text, or none, no calendar object at all.
            let other = icalcomponent_isa(c) != ICAL_XROOT_COMPONENT && icalcomponent_isa(c) != ICAL_NO_COMPONENT
            icalcomponent_free(c)
            throw other ? .wrongKind : .notICalendar
        }
        var all: [OpaquePointer] = []
        var next = icalcomponent_get_first_component(calendar, kind.component)
        while let e = next {
            all.append(e)
            next = icalcomponent_get_next_component(calendar, kind.component)
        }
        let master = all.first { icalcomponent_get_first_property($0, ICAL_RECURRENCEID_PROPERTY) == nil } ?? all.first
        // Checked before every stored property is set: once they are, a throw runs deinit too.
        guard let master else { icalcomponent_free(calendar); throw .wrongKind }
        guard let uid = icalcomponent_get_uid(master), uid.pointee != 0 else {
            icalcomponent_free(calendar); throw .noUID
        }
        self.kind = kind
        entry = master
    }

    /// A new calendar object for an entry Shopper creates.
    convenience init(newUID uid: String, kind: Kind) {
        let safe = uid.filter { !$0.isNewline && $0 != "\\" && $0 != ";" && $0 != "," }
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Shopper//Shopper//EN\r\nBEGIN:\(kind.name)\r\n"
            + "UID:\(safe)\r\nEND:\(kind.name)\r\nEND:VCALENDAR\r\n"
        try! self.init(text: text, kind: kind)
    }

    deinit { icalcomponent_free(calendar) }

    /// The calendar object as text, stamped as edited `now` when anything was written.
    func text(now: Date = Date()) -> String {
        if changed || icalcomponent_get_first_property(entry, ICAL_DTSTAMP_PROPERTY) == nil { stamp(now) }
        changed = false
        guard let s = icalcomponent_as_ical_string_r(calendar) else { return "" }
        defer { free(s) }
        return ICalTask.escapingCategoryCommas(String(cString: s))
    }

    private func stamp(_ now: Date) {
        let t = icaltime_from_timet_with_zone(time_t(now.timeIntervalSince1970), 0, icaltimezone_get_utc_timezone())
        remove(ICAL_LASTMODIFIED_PROPERTY)
        icalcomponent_add_property(entry, icalproperty_new_lastmodified(t))
        icalcomponent_set_dtstamp(entry, t)
        if icalcomponent_get_first_property(entry, ICAL_CREATED_PROPERTY) == nil {
            icalcomponent_add_property(entry, icalproperty_new_created(t))
        } else {
            icalcomponent_set_sequence(entry, icalcomponent_get_sequence(entry) + 1)
        }
    }

    var uid: String { string(icalcomponent_get_uid(entry)) ?? "" }

    // MARK: Text properties

    /// The text properties an entry reads and writes.
    enum TextProperty { case summary, description, url }

    /// The property's value (its first, when there are several), at most `limit` characters.
    func value(_ p: TextProperty, limit: Int) -> String? {
        guard let prop = icalcomponent_get_first_property(entry, kind(p)) else { return nil }
        let raw: UnsafePointer<CChar>? = switch p {
        case .summary: icalproperty_get_summary(prop)
        case .description: icalproperty_get_description(prop)
        case .url: icalproperty_get_url(prop)
        }
        return raw.map { Self.prefix($0, limit) }
    }

    /// Sets the property (nil or empty: removes it), when its value differs.
    func set(_ p: TextProperty, _ value: String?) {
        let value = value.flatMap { $0.isEmpty ? nil : $0 }
        guard self.value(p, limit: Int.max) != value
            || icalcomponent_count_properties(entry, kind(p)) > 1 else { return }
        remove(kind(p))
        changed = true
        guard let value else { return }
        let prop: OpaquePointer? = value.withCString {
            switch p {
            case .summary: icalproperty_new_summary($0)
            case .description: icalproperty_new_description($0)
            case .url: icalproperty_new_url($0)
            }
        }
        if let prop { icalcomponent_add_property(entry, prop) }
    }

    private func kind(_ p: TextProperty) -> icalproperty_kind {
        switch p {
        case .summary: ICAL_SUMMARY_PROPERTY
        case .description: ICAL_DESCRIPTION_PROPERTY
        case .url: ICAL_URL_PROPERTY
        }
    }

    /// One category a property, the first `max` of them: libical's parser splits "Soup,Winter",
    /// and a comma left in a value was escaped, so it is part of the name (as `ICalTask` reads).
    func categories(max: Int) -> [String] {
        properties(ICAL_CATEGORIES_PROPERTY, max: max).compactMap {
            icalproperty_get_categories($0).map { Self.prefix($0, 1_000).trimmingCharacters(in: .whitespaces) }
        }.filter { !$0.isEmpty }
    }

    func setCategories(_ names: [String]) {
        guard categories(max: Int.max) != names else { return }
        remove(ICAL_CATEGORIES_PROPERTY)
        changed = true
        for c in names { c.withCString { icalcomponent_add_property(entry, icalproperty_new_categories($0)) } }
    }

    // MARK: Helpers

    func properties(_ kind: icalproperty_kind, max: Int = Int.max) -> [OpaquePointer] {
        var out: [OpaquePointer] = []
        var p = icalcomponent_get_first_property(entry, kind)
        while let q = p, out.count < max {
            out.append(q)
            p = icalcomponent_get_next_property(entry, kind)
        }
        return out
    }

    func remove(_ kind: icalproperty_kind) {
        for p in properties(kind) {
            icalcomponent_remove_property(entry, p)
            icalproperty_free(p)
        }
    }

    func markChanged() { changed = true }

    func string(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }

    /// At most `limit` characters of a C string, never more than 4 bytes a character copied.
    static func prefix(_ p: UnsafePointer<CChar>, _ limit: Int) -> String {
        let bytes = strnlen(p, limit > Int.max / 4 ? Int.max : limit * 4)
        let buffer = UnsafeRawBufferPointer(start: p, count: bytes)
        return String(String(decoding: buffer, as: UTF8.self).prefix(limit))
    }
}
