"""The phone's calendar and notes apps (a calendar over DAVx5, jtx Board) for Tests/sync/phone.py:
events and journal entries, read with python3-icalendar 4.0 as those apps read them.

    events                         {"events": [{uid, day (YYYY-MM-DD: a DATE as it is, a DATE-TIME on
                                   its day in the phone's time zone, PHONE_TZ or the system's),
                                   all_day, summary, description, x (X- properties, raw, a list
                                   when repeated), alarms, href, etag, ical}]}
    move-event UID DAY             the event moved to DAY, all day (If-Match), the rest kept
    add-event DAY SUMMARY [--description D] [--uid UID] [--time HH:MM --tz ZONE]
                                   PUT (If-None-Match: *) an event as a phone's calendar makes one:
                                   all-day on DAY (DTEND the next day), or at a time in ZONE
    journals                       {"journals": [{uid, summary, description, categories, url,
                                   attachments (their FMTTYPE), x, href, etag, ical}]}
"""

import uuid
from datetime import date, datetime, timedelta

import icalendar
import pytz
from lxml import etree

QUERY = """<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="{}"/></c:comp-filter></c:filter>
</c:calendar-query>"""
NS = {"d": "DAV:", "c": "urn:ietf:params:xml:ns:caldav"}


def add_commands(sub):
    sub.add_parser("events")
    sub.add_parser("journals")
    a = sub.add_parser("add-event")
    a.add_argument("day")
    a.add_argument("summary")
    a.add_argument("--description")
    a.add_argument("--uid")
    a.add_argument("--time")
    a.add_argument("--tz", default="UTC")
    m = sub.add_parser("move-event")
    m.add_argument("uid")
    m.add_argument("day")


def resources(phone, component):
    r = phone.client.report(phone.collection, QUERY.format(component), depth=1)
    if r.status != 207:
        raise RuntimeError(f"REPORT {phone.collection}: {r.status} {r.raw[:300]}")
    for resp in etree.fromstring(r.raw).iter("{DAV:}response"):
        for ps in resp.findall("d:propstat", NS):
            ical = ps.findtext("d:prop/c:calendar-data", namespaces=NS)
            if ical and " 200 " in (ps.findtext("d:status", namespaces=NS) or ""):
                cal = icalendar.Calendar.from_ical(ical)
                for comp in cal.walk(component):
                    yield comp, {"href": resp.findtext("d:href", namespaces=NS),
                                 "etag": ps.findtext("d:prop/d:getetag", namespaces=NS), "ical": ical}
                    break


def text(comp, name):
    value = comp.get(name)
    return None if value is None else str(value)


def x_props(comp):
    out = {}
    for name, value in comp.property_items(recursive=False):
        if name.startswith("X-"):
            raw = value.to_ical().decode() if hasattr(value, "to_ical") else str(value)
            out.setdefault(name, []).append(raw)
    return {k: v[0] if len(v) == 1 else v for k, v in out.items()}


def local_day(dt):
    if isinstance(dt, datetime):
        if dt.tzinfo is not None:
            return dt.astimezone().date().isoformat()
        return dt.date().isoformat()
    return dt.isoformat()


def run(phone, args):
    c = args.command
    if c == "events":
        out = []
        for comp, where in resources(phone, "VEVENT"):
            start = comp.get("DTSTART").dt
            out.append(dict(where, uid=text(comp, "UID"), day=local_day(start),
                            all_day=not isinstance(start, datetime), summary=text(comp, "SUMMARY"),
                            description=text(comp, "DESCRIPTION"), x=x_props(comp),
                            alarms=len(comp.walk("VALARM"))))
        return {"events": out}
    if c == "journals":
        out = []
        for comp, where in resources(phone, "VJOURNAL"):
            cats = comp.get("CATEGORIES")
            cats = cats if isinstance(cats, list) else [cats] if cats is not None else []
            attach = comp.get("ATTACH")
            attach = attach if isinstance(attach, list) else [attach] if attach is not None else []
            out.append(dict(where, uid=text(comp, "UID"), summary=text(comp, "SUMMARY"),
                            description=text(comp, "DESCRIPTION"), url=text(comp, "URL"),
                            categories=[str(v) for cat in cats for v in cat.cats],
                            attachments=[a.params.get("FMTTYPE") for a in attach], x=x_props(comp)))
        return {"journals": out}
    if c == "add-event":
        uid = args.uid or str(uuid.uuid4())
        cal = icalendar.Calendar()
        cal.add("PRODID", "-//Phone//Calendar//EN")
        cal.add("VERSION", "2.0")
        ev = icalendar.Event()
        ev.add("UID", uid)
        ev.add("DTSTAMP", datetime.now(pytz.utc))
        day = date.fromisoformat(args.day)
        if args.time:
            zone = pytz.timezone(args.tz)
            start = zone.localize(datetime.combine(day, datetime.strptime(args.time, "%H:%M").time()))
            ev.add("DTSTART", start)
            ev.add("DTEND", start + timedelta(hours=1))
        else:
            ev.add("DTSTART", day)
            ev.add("DTEND", day + timedelta(days=1))
        ev.add("SUMMARY", args.summary)
        if args.description:
            ev.add("DESCRIPTION", args.description)
        cal.add_component(ev)
        result = phone.put(f"{uid}.ics", cal.to_ical().decode(), **{"If-None-Match": "*"})
        return dict(result, uid=uid)
    if c == "move-event":  # as a calendar app drags an all-day event to another day
        for comp, where in resources(phone, "VEVENT"):
            if text(comp, "UID") != args.uid:
                continue
            cal = icalendar.Calendar.from_ical(where["ical"])
            for ev in cal.walk("VEVENT"):
                day = date.fromisoformat(args.day)
                for name, value in (("DTSTART", day), ("DTEND", day + timedelta(days=1))):
                    del ev[name]
                    ev.add(name, value)
                ev["SEQUENCE"] = int(ev.get("SEQUENCE", 0)) + 1
                break
            name = where["href"].rstrip("/").rsplit("/", 1)[-1]
            return phone.put(name, cal.to_ical().decode(), **{"If-Match": where["etag"]})
        raise RuntimeError(f"no event {args.uid}")
    raise RuntimeError(f"unknown command {c}")
