import CSync
import Foundation

/// One VTODO in its calendar object, through libical. A task read from the server is patched, not
/// rebuilt: what Shopper does not know (alarms, RELATED-TO, other apps' X- properties) stays.
/// Not Sendable: one thread at a time, as libical's own buffers expect.
final class ICalTask {
    private let calendar: OpaquePointer
    private let todo: OpaquePointer

    enum ParseError: Error, Equatable { case notICalendar, noTask, noUID }

    /// Parses a calendar object; fails on text that is not one, or that holds no task with a UID.
    init(text: String) throws(ParseError) {
        // Nesting bounded as a kitchen entry's is: libical's parser and free are recursive.
        guard !ICalEntry.nested(text),
              let c = text.withCString({ icalparser_parse_string($0) }) else { throw .notICalendar }
        var found =
            icalcomponent_isa(c) == ICAL_VTODO_COMPONENT
            ? c : icalcomponent_get_first_component(c, ICAL_VTODO_COMPONENT)
        if icalcomponent_isa(c) == ICAL_VTODO_COMPONENT {
            // A bare VTODO: put it in a calendar, as servers store it.
            let cal = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)!
            icalcomponent_add_component(cal, c)
            found = c
            calendar = cal
        } else {
            calendar = c
        }
        // Checked before the last property is set: once every one is, a throw runs deinit (which
        // frees the calendar), and freeing it here too would free it twice.
        guard let todo = found else { icalcomponent_free(calendar); throw .noTask }
        guard let uid = icalcomponent_get_uid(todo), uid.pointee != 0 else {
            icalcomponent_free(calendar); throw .noUID
        }
        self.todo = todo
    }

    /// A new calendar object for a task Shopper creates.
    convenience init(newUID uid: String) {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Shopper//Shopper//EN\r\nBEGIN:VTODO\r\nUID:\(Self.escapedUID(uid))\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try! self.init(text: text)
    }

    deinit { icalcomponent_free(calendar) }

    var text: String {
        guard let s = icalcomponent_as_ical_string_r(calendar) else { return "" }
        defer { free(s) }
        return Self.escapingCategoryCommas(String(cString: s))
    }

    /// libical writes a comma inside a category as it is, which every reader (libical too) takes for
    /// two categories: the aisle "Bakery, bread" would come back as "Bakery" and "bread". Each
    /// CATEGORIES property holds one category (Shopper adds one per aisle, libical's parser splits a
    /// list), so an unescaped comma in one is part of the name and gets its backslash here.
    static func escapingCategoryCommas(_ text: String) -> String {
        guard text.range(of: "CATEGORIES", options: .caseInsensitive) != nil else { return text }
        var lines: [String] = []  // each with its folded continuation lines
        for line in text.components(separatedBy: "\r\n") {
            if line.hasPrefix(" ") || line.hasPrefix("\t"), !lines.isEmpty {
                lines[lines.count - 1] += "\r\n" + line
            } else {
                lines.append(line)
            }
        }
        return lines.map { folded in
            let upper = folded.uppercased()
            guard upper.hasPrefix("CATEGORIES:") || upper.hasPrefix("CATEGORIES;") else { return folded }
            var line = String.UnicodeScalarView(), inValue = false, quoted = false, backslash = false, changed = false
            for c in folded.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
                .unicodeScalars
            {
                if !inValue {
                    if c == "\"" { quoted.toggle() } else if c == ":" && !quoted { inValue = true }
                } else if backslash {
                    backslash = false
                } else if c == "\\" {
                    backslash = true
                } else if c == "," {
                    line.append("\\")
                    changed = true
                }
                line.append(c)
            }
            guard changed else { return folded }
            // Folded again at 75 octets, never inside a character's UTF-8 bytes.
            var out = String.UnicodeScalarView(), octets = 0
            for c in line {
                if octets + c.utf8.count > 75 { out.append(contentsOf: "\r\n ".unicodeScalars); octets = 1 }
                out.append(c)
                octets += c.utf8.count
            }
            return String(out)
        }.joined(separator: "\r\n")
    }

    // MARK: Reading

    var fields: TaskFields {
        var t = TaskFields(
            uid: string(icalcomponent_get_uid(todo)) ?? "", summary: string(icalcomponent_get_summary(todo)) ?? "")
        t.description = string(icalcomponent_get_description(todo))
        t.status = Self.status(icalcomponent_get_status(todo))
        // One category a property: libical's parser splits "Fruit,Market", and a comma left in a
        // value was escaped, so it is part of the name ("Bakery, bread").
        t.categories = properties(ICAL_CATEGORIES_PROPERTY).compactMap {
            string(icalproperty_get_categories($0))?.trimmingCharacters(in: .whitespaces)
        }
            .filter { !$0.isEmpty }
        if let p = icalcomponent_get_first_property(todo, ICAL_LASTMODIFIED_PROPERTY) {
            t.lastModified = Self.date(icalproperty_get_lastmodified(p))
        }
        for p in properties(ICAL_X_PROPERTY) {
            guard let name = string(icalproperty_get_x_name(p))?.uppercased(), let value = string(icalproperty_get_x(p))
            else { continue }
            if name == "X-APPLE-SORT-ORDER" {
                t.sortOrder = Int64(value.trimmingCharacters(in: .whitespaces))
            } else if name.hasPrefix("X-SHOPPER-") {
                t.shopper[String(name.dropFirst("X-SHOPPER-".count))] = value
            }
        }
        return t
    }

    // MARK: Writing

    /// Writes what `fields` says into the task, touching only what differs, and stamps it as edited
    /// now. Shopper's own X- properties are replaced as a set; other X- properties stay.
    func patch(_ fields: TaskFields, now: Date) {
        let old = self.fields
        // LAST-MODIFIED is no field to write (it is stamped below when another one changed): the
        // fields the mapping gives have none, and the same fields again must change nothing.
        var fields = fields
        fields.lastModified = old.lastModified
        // Who changed the task travels with a change only: the same item written again by another
        // desktop keeps the name of whoever changed it last.
        var unchanged = fields
        unchanged[.by] = old[.by]
        if unchanged == old { fields = old }
        if old.summary != fields.summary { fields.summary.withCString { icalcomponent_set_summary(todo, $0) } }
        if old.description ?? "" != fields.description ?? "" {
            remove(ICAL_DESCRIPTION_PROPERTY)
            if let d = fields.description, !d.isEmpty { d.withCString { icalcomponent_set_description(todo, $0) } }
        }
        if old.categories != fields.categories {
            remove(ICAL_CATEGORIES_PROPERTY)
            for c in fields.categories {
                c.withCString { icalcomponent_add_property(todo, icalproperty_new_categories($0)) }
            }
        }
        if old.status != fields.status {
            icalcomponent_set_status(
                todo, fields.status == .completed ? ICAL_STATUS_COMPLETED : ICAL_STATUS_NEEDSACTION)
            remove(ICAL_COMPLETED_PROPERTY)
            remove(ICAL_PERCENTCOMPLETE_PROPERTY)
            if fields.status == .completed {
                // Radicale and others want COMPLETED as a UTC date-time.
                icalcomponent_add_property(todo, icalproperty_new_completed(Self.time(now)))
                icalcomponent_add_property(todo, icalproperty_new_percentcomplete(100))
            }
        }
        if old.sortOrder != fields.sortOrder { setX("X-APPLE-SORT-ORDER", fields.sortOrder.map(String.init)) }
        if old.shopper != fields.shopper {
            for p in properties(ICAL_X_PROPERTY)
            where string(icalproperty_get_x_name(p))?.uppercased().hasPrefix("X-SHOPPER-") == true {
                icalcomponent_remove_property(todo, p)
                icalproperty_free(p)
            }
            for (key, value) in fields.shopper.sorted(by: { $0.key < $1.key }) { setX("X-SHOPPER-" + key, value) }
        }
        guard old != fields || icalcomponent_get_first_property(todo, ICAL_DTSTAMP_PROPERTY) == nil else { return }
        remove(ICAL_LASTMODIFIED_PROPERTY)
        icalcomponent_add_property(todo, icalproperty_new_lastmodified(Self.time(now)))
        icalcomponent_set_dtstamp(todo, Self.time(now))
        if icalcomponent_get_first_property(todo, ICAL_CREATED_PROPERTY) == nil {
            icalcomponent_add_property(todo, icalproperty_new_created(Self.time(now)))
        }
        if old != fields, icalcomponent_get_first_property(todo, ICAL_SEQUENCE_PROPERTY) != nil || old.summary != "" {
            icalcomponent_set_sequence(todo, icalcomponent_get_sequence(todo) + 1)
        }
    }

    // MARK: Helpers

    private func properties(_ kind: icalproperty_kind) -> [OpaquePointer] {
        var out: [OpaquePointer] = []
        var p = icalcomponent_get_first_property(todo, kind)
        while let q = p {
            out.append(q)
            p = icalcomponent_get_next_property(todo, kind)
        }
        return out
    }

    private func remove(_ kind: icalproperty_kind) {
        for p in properties(kind) {
            icalcomponent_remove_property(todo, p)
            icalproperty_free(p)
        }
    }

    private func setX(_ name: String, _ value: String?) {
        for p in properties(ICAL_X_PROPERTY) where string(icalproperty_get_x_name(p))?.uppercased() == name {
            icalcomponent_remove_property(todo, p)
            icalproperty_free(p)
        }
        guard let value, let p = value.withCString({ icalproperty_new_x($0) }) else { return }
        name.withCString { icalproperty_set_x_name(p, $0) }
        icalcomponent_add_property(todo, p)
    }

    private func string(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }

    private static func status(_ s: icalproperty_status) -> TaskFields.Status? {
        switch s {
        case ICAL_STATUS_NEEDSACTION: .needsAction
        case ICAL_STATUS_INPROCESS: .inProcess
        case ICAL_STATUS_COMPLETED: .completed
        case ICAL_STATUS_CANCELLED: .cancelled
        default: nil
        }
    }

    private static func time(_ date: Date) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(date.timeIntervalSince1970), 0, icaltimezone_get_utc_timezone())
    }

    private static func date(_ t: icaltimetype) -> Date? {
        guard icaltime_is_null_time(t) == 0, icaltime_is_valid_time(t) != 0 else { return nil }
        return Date(
            timeIntervalSince1970: TimeInterval(icaltime_as_timet_with_zone(t, icaltimezone_get_utc_timezone())))
    }

    /// A UID goes into the text of a new task: no line breaks in it.
    private static func escapedUID(_ uid: String) -> String {
        uid.filter { !$0.isNewline && $0 != "\\" && $0 != ";" && $0 != "," }
    }
}
