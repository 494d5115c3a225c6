import CSync
import Foundation
import ShopperModel

/// An event's day: Shopper writes all-day events; a phone's calendar may make timed ones.
extension ICalEntry {
    /// The day the entry starts on: a DATE as it is; a DATE-TIME in UTC or with a time zone
    /// libical knows (the object's VTIMEZONE, or the system's by its name) on the day it starts
    /// in `calendar`'s time zone; a floating one (or one whose zone is unknown) on its own date.
    /// A recurring event's DTSTART is its first occurrence: the plan shows that day only.
    func startDay(in calendar: Calendar) -> PlanDay? {
        guard icalcomponent_get_first_property(entry, ICAL_DTSTART_PROPERTY) != nil else { return nil }
        let t = icalcomponent_get_dtstart(entry)
        guard icaltime_is_null_time(t) == 0, icaltime_is_valid_time(t) != 0 else { return nil }
        if t.is_date == 0, icaltime_is_utc(t) != 0 || t.zone != nil {
            let zone = t.zone ?? icaltimezone_get_utc_timezone()
            let seconds = icaltime_as_timet_with_zone(t, zone)
            return PlanDay(Date(timeIntervalSince1970: TimeInterval(seconds)), calendar: calendar)
        }
        return Self.day(year: Int(t.year), month: Int(t.month), day: Int(t.day))
    }

    /// The day when it is one a calendar has.
    static func day(year: Int, month: Int, day: Int) -> PlanDay? {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        return PlanDay(year: year, month: month, day: day)
    }

    /// Makes the entry all-day on `day` (DTSTART;VALUE=DATE, DTEND the next day), unless it already
    /// starts on that day: a phone's timed event keeps its time while the day stays.
    func setAllDay(_ day: PlanDay, calendar: Calendar) {
        guard startDay(in: calendar) != day else { return }
        let parts = day.description.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return }
        var start = icaltime_null_date()
        start.year = Int32(parts[0])
        start.month = Int32(parts[1])
        start.day = Int32(parts[2])
        var end = start
        icaltime_adjust(&end, 1, 0, 0, 0)
        remove(ICAL_DTSTART_PROPERTY)
        remove(ICAL_DTEND_PROPERTY)
        remove(ICAL_DURATION_PROPERTY)
        icalcomponent_add_property(entry, icalproperty_new_dtstart(start))
        icalcomponent_add_property(entry, icalproperty_new_dtend(end))
        markChanged()
    }

    /// TRANSP:TRANSPARENT: a meal does not make a person busy. Set on an event that has no TRANSP;
    /// one another app set stays.
    func setTransparentUnlessSet() {
        guard icalcomponent_get_first_property(entry, ICAL_TRANSP_PROPERTY) == nil else { return }
        icalcomponent_add_property(entry, icalproperty_new_transp(ICAL_TRANSP_TRANSPARENT))
        markChanged()
    }
}
