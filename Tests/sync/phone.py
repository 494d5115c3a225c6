"""Plays a phone's task app (tasks.org over DAVx5, say) against one CalDAV collection, with
python3-caldav 0.11 as the HTTP/DAV client. Items are edited as text, so whatever the phone did not
touch stays as the server gave it (unknown properties, VALARMs, parameters, line order). Note that
both servers rewrite what they store (properties sorted, lines refolded; Xandikos also drops the
backslash before commas inside CATEGORIES values and turns TRIGGER:PT0S into P0D).

    PHONE_PASSWORD=... /usr/bin/python3 Tests/sync/phone.py URL USER COLLECTION_URL COMMAND ARGS...

COLLECTION_URL may be absolute or relative to URL. Every command prints one JSON document on stdout;
on failure it prints {"error": "..."} and exits with 1.

    list                           {"items": [{uid, summary, status, categories, description,
                                   percent_complete, completed, sequence, sort_order
                                   (X-APPLE-SORT-ORDER), x (every X- property, raw value; a list
                                   when repeated), related_to, href, etag, ical}], "sync_token": ...}
                                   One entry per resource holding a VTODO (its first VTODO); ical
                                   is the calendar-data text (the XML parser turns CRLF into LF).
    add SUMMARY [--uid UID] [--category C]... [--x NAME=VALUE]... [--related-to UID]
        [--description D] [--alarm] [--href-name NAME.ics]
                                   PUT (If-None-Match: *) a VTODO the way tasks.org writes one;
                                   --x values go in raw (not escaped)
    edit UID [--summary S] [--description D] [--category C]... [--x NAME=VALUE]... [--remove NAME]...
                                   patch the item: LAST-MODIFIED, DTSTAMP and SEQUENCE bumped,
                                   the rest kept; PUT with If-Match
    complete UID                   STATUS:COMPLETED, PERCENT-COMPLETE:100, COMPLETED (UTC)
    reopen UID                     STATUS:NEEDS-ACTION, no COMPLETED nor PERCENT-COMPLETE
    delete UID                     DELETE with If-Match
    raw-put HREF_NAME FILE         PUT FILE's bytes as COLLECTION_URL/HREF_NAME, untouched; prints
                                   the status even when the server refuses (exit 0)
    mkcalendar ID [--name NAME] [--component C]...   MKCALENDAR with supported-calendar-component-set
                                   C... (VTODO) under the home; prints its url and the components the server
                                   reports (Xandikos ignores the set: always all four)
    calendars                      the calendars in the calendar home (events...: phone_kitchen.py)
"""

import argparse
import json
import os
import sys
import uuid
from datetime import datetime, timezone
from urllib.parse import urljoin

import caldav
import requests
from lxml import etree
import phone_kitchen  # events, add-event, journals: the phone's calendar and notes

NS = {"d": "DAV:", "c": "urn:ietf:params:xml:ns:caldav"}
QUERY = """<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>
</c:calendar-query>"""
ICS = 'text/calendar; charset="utf-8"'


# --- iCalendar as lines -----------------------------------------------------------------------------

def unfold(text):
    lines = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line[:1] in (" ", "\t") and lines:
            lines[-1] += line[1:]
        elif line:
            lines.append(line)
    return lines


def fold(lines):
    """Lines of at most 75 octets, continuation lines starting with a space (RFC 5545 3.1)."""
    out = []
    for line in lines:
        data, room, lead = line.encode(), 75, ""
        while len(data) > room:
            cut = room
            while (data[cut] & 0xC0) == 0x80:  # never split a UTF-8 sequence
                cut -= 1
            out.append(lead + data[:cut].decode())
            data, room, lead = data[cut:], 74, " "
        out.append(lead + data.decode())
    return "\r\n".join(out) + "\r\n"


def split(line):
    """'NAME;PARAM=x:value' -> ('NAME', 'PARAM=x', 'value'); quoted parameters may hold ':'."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            head, value = line[:i], line[i + 1:]
            name, _, params = head.partition(";")
            return name.upper(), params, value
    return line.upper(), "", ""


def escape(text):
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def unescape(text):
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            out.append("\n" if text[i + 1] in "nN" else text[i + 1])
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def split_list(value):
    """CATEGORIES values: split on unescaped commas."""
    parts, cur, i = [], "", 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            cur += value[i:i + 2]
            i += 2
            continue
        if value[i] == ",":
            parts.append(unescape(cur))
            cur = ""
        else:
            cur += value[i]
        i += 1
    parts.append(unescape(cur))
    return [p for p in parts if p]


def todo_span(lines):
    """Indexes of the first VTODO's own property lines (not those of a nested VALARM), and END."""
    own, depth, start = [], 0, None
    for i, line in enumerate(lines):
        name, _, value = split(line)
        if name == "BEGIN":
            if start is not None:
                depth += 1
            elif value.upper() == "VTODO":
                start = i
        elif name == "END" and start is not None:
            if depth == 0:
                return own, i
            depth -= 1
        elif start is not None and depth == 0:
            own.append(i)
    raise ValueError("no VTODO in the item")


def props(lines):
    own, _ = todo_span(lines)
    return [split(lines[i]) for i in own]


def set_prop(lines, name, value, params=""):
    """Replaces every NAME line of the VTODO with one, where the first was; else adds it at the end."""
    own, end = todo_span(lines)
    hits = [i for i in own if split(lines[i])[0] == name]
    new = f"{name}{';' + params if params else ''}:{value}"
    if hits:
        lines[hits[0]] = new
        for i in reversed(hits[1:]):
            del lines[i]
    else:
        lines.insert(end, new)


def remove_prop(lines, name):
    own, _ = todo_span(lines)
    for i in reversed(own):
        if split(lines[i])[0] == name:
            del lines[i]


def utc_now():
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def describe(ical):
    ps = props(unfold(ical))
    first = {}
    for name, _, value in ps:
        first.setdefault(name, value)
    x = {}
    for name, _, value in ps:
        if name.startswith("X-"):
            x.setdefault(name, []).append(value)
    x = {name: values[0] if len(values) == 1 else values for name, values in x.items()}

    def text(name):
        return unescape(first[name]) if name in first else None

    def number(name):  # the raw text when it is not a number (a malformed item)
        value = first.get(name)
        return int(value) if value is not None and value.strip().lstrip("-").isdigit() else value
    return {
        "uid": first.get("UID"),
        "summary": text("SUMMARY"),
        "status": first.get("STATUS"),
        "categories": [c for name, _, v in ps if name == "CATEGORIES" for c in split_list(v)],
        "description": text("DESCRIPTION"),
        "percent_complete": number("PERCENT-COMPLETE"),
        "completed": first.get("COMPLETED"),
        "sequence": number("SEQUENCE"),
        "last_modified": first.get("LAST-MODIFIED"),
        "sort_order": first.get("X-APPLE-SORT-ORDER"),
        "x": x,
        "related_to": [{"uid": v, "params": p} for name, p, v in ps if name == "RELATED-TO"],
    }


# --- The phone --------------------------------------------------------------------------------------

class Phone:
    def __init__(self, url, user, password, collection):
        self.auth = (user, password)
        self.client = caldav.DAVClient(url=url, username=user, password=password)
        self.collection = urljoin(url, collection)
        if not self.collection.endswith("/"):
            self.collection += "/"

    def items(self):
        r = self.client.report(self.collection, QUERY, depth=1)
        if r.status != 207:
            raise RuntimeError(f"REPORT {self.collection}: {r.status} {r.raw[:300]}")
        out = []
        for resp in etree.fromstring(r.raw).iter("{DAV:}response"):
            href = resp.findtext("d:href", namespaces=NS)
            for ps in resp.findall("d:propstat", NS):
                if " 200 " not in (ps.findtext("d:status", namespaces=NS) or ""):
                    continue
                ical = ps.findtext("d:prop/c:calendar-data", namespaces=NS)
                if not ical:
                    continue
                item = describe(ical)
                item.update(href=href, etag=ps.findtext("d:prop/d:getetag", namespaces=NS), ical=ical)
                out.append(item)
        return out

    def sync_token(self):
        body = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>'
        r = self.client.propfind(self.collection, body, depth=0)
        return etree.fromstring(r.raw).findtext(".//d:sync-token", namespaces=NS) if r.status == 207 else None

    def find(self, uid):
        for item in self.items():
            if item["uid"] == uid:
                return item
        raise RuntimeError(f"no task with UID {uid}")

    def put(self, href, data, **headers):
        url = urljoin(self.collection, href)
        r = self.client.request(url, "PUT", data.encode() if isinstance(data, str) else data,
                                {"Content-Type": ICS, **headers})
        if r.status not in (200, 201, 204):
            raise RuntimeError(f"PUT {url}: {r.status} {r.raw[:300]}")
        return {"href": url, "status": r.status, "etag": r.headers.get("ETag")}

    def change(self, uid, patch):
        item = self.find(uid)
        lines = unfold(item["ical"])
        patch(lines)
        seq = int(dict((n, v) for n, _, v in props(lines)).get("SEQUENCE", "0")) + 1
        set_prop(lines, "SEQUENCE", str(seq))
        set_prop(lines, "LAST-MODIFIED", utc_now())
        set_prop(lines, "DTSTAMP", utc_now())
        result = self.put(item["href"], fold(lines), **{"If-Match": item["etag"]})
        result["uid"] = uid
        return result


def new_todo(args):
    uid = args.uid or str(uuid.uuid4())
    now = utc_now()
    todo = [f"DTSTAMP:{now}", f"UID:{uid}", f"CREATED:{now}", f"LAST-MODIFIED:{now}",
            f"SUMMARY:{escape(args.summary)}", "PRIORITY:9", "STATUS:NEEDS-ACTION"]
    if args.description:
        todo.append(f"DESCRIPTION:{escape(args.description)}")
    if args.category:
        todo.append("CATEGORIES:" + ",".join(escape(c) for c in args.category))
    if args.related_to:
        todo.append(f"RELATED-TO;RELTYPE=PARENT:{args.related_to}")
    for pair in args.x:
        name, _, value = pair.partition("=")
        todo.append(f"{name.upper()}:{value}")
    if args.alarm:
        todo += ["BEGIN:VALARM", "TRIGGER;RELATED=END:PT0S", "ACTION:DISPLAY",
                 "DESCRIPTION:Default Tasks.org description", "END:VALARM"]
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-130800//EN",
             "BEGIN:VTODO", *todo, "END:VTODO", "END:VCALENDAR"]
    return uid, fold(lines)


def run(args):
    password = os.environ.get("PHONE_PASSWORD")
    if password is None:
        raise RuntimeError("PHONE_PASSWORD is not set")
    phone = Phone(args.url, args.user, password, args.collection)
    c = args.command
    if c == "list":
        return {"items": phone.items(), "sync_token": phone.sync_token()}
    if c == "add":
        uid, ical = new_todo(args)
        result = phone.put(args.href_name or f"{uid}.ics", ical, **{"If-None-Match": "*"})
        return dict(result, uid=uid)
    if c == "edit":
        def patch(lines):
            if args.summary is not None:
                set_prop(lines, "SUMMARY", escape(args.summary))
            if args.description is not None:
                set_prop(lines, "DESCRIPTION", escape(args.description))
            if args.category:
                set_prop(lines, "CATEGORIES", ",".join(escape(x) for x in args.category))
            for pair in args.x:
                name, _, value = pair.partition("=")
                set_prop(lines, name.upper(), value)
            for name in args.remove:
                remove_prop(lines, name.upper())
        return phone.change(args.uid, patch)
    if c == "complete":
        def patch(lines):
            set_prop(lines, "STATUS", "COMPLETED")
            set_prop(lines, "PERCENT-COMPLETE", "100")
            set_prop(lines, "COMPLETED", utc_now())
        return phone.change(args.uid, patch)
    if c == "reopen":
        def patch(lines):
            set_prop(lines, "STATUS", "NEEDS-ACTION")
            remove_prop(lines, "COMPLETED")
            remove_prop(lines, "PERCENT-COMPLETE")
        return phone.change(args.uid, patch)
    if c == "delete":
        item = phone.find(args.uid)
        url = urljoin(phone.collection, item["href"])
        r = phone.client.request(url, "DELETE", "", {"If-Match": item["etag"]})
        if r.status not in (200, 204):
            raise RuntimeError(f"DELETE {url}: {r.status} {r.raw[:300]}")
        return {"href": url, "status": r.status, "uid": args.uid}
    if c == "raw-put":  # with requests: caldav would turn LF into CRLF and refuses non-UTF-8 bytes
        url = urljoin(phone.collection, args.href_name)
        with open(args.file, "rb") as f:
            r = requests.put(url, data=f.read(), headers={"Content-Type": ICS}, auth=phone.auth)
        return {"href": url, "status": r.status_code, "etag": r.headers.get("ETag"),
                "body": r.text[:2000]}
    if c in ("mkcalendar", "calendars"):
        principal = phone.client.principal()
        if c == "calendars":
            return {"calendar_home": str(principal.calendar_home_set.url),
                    "calendars": [{"url": str(cal.url), "name": cal.name,
                                   "components": cal.get_supported_components()}
                                  for cal in principal.calendars()]}
        cal = principal.make_calendar(name=args.name or args.id, cal_id=args.id,
                                      supported_calendar_component_set=args.component or ["VTODO"])
        return {"url": str(cal.url), "components": cal.get_supported_components()}
    return phone_kitchen.run(phone, args)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("url")
    p.add_argument("user")
    p.add_argument("collection", help="collection URL (ignored by mkcalendar and calendars)")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("list")
    a = sub.add_parser("add")
    a.add_argument("summary")
    a.add_argument("--uid")
    a.add_argument("--category", action="append", default=[])
    a.add_argument("--x", action="append", default=[], metavar="NAME=VALUE")
    a.add_argument("--related-to")
    a.add_argument("--description")
    a.add_argument("--alarm", action="store_true")
    a.add_argument("--href-name")
    e = sub.add_parser("edit")
    e.add_argument("uid")
    e.add_argument("--summary")
    e.add_argument("--description")
    e.add_argument("--category", action="append", default=[])
    e.add_argument("--x", action="append", default=[], metavar="NAME=VALUE")
    e.add_argument("--remove", action="append", default=[], metavar="NAME")
    for name in ("complete", "reopen", "delete"):
        sub.add_parser(name).add_argument("uid")
    r = sub.add_parser("raw-put")
    r.add_argument("href_name")
    r.add_argument("file")
    m = sub.add_parser("mkcalendar")
    m.add_argument("id")
    m.add_argument("--name")
    m.add_argument("--component", action="append", default=[])  # VTODO, VEVENT, VJOURNAL
    sub.add_parser("calendars")
    phone_kitchen.add_commands(sub)
    args = p.parse_args(argv)
    try:
        print(json.dumps(run(args), indent=1))
        return 0
    except Exception as e:  # noqa: BLE001 - a test reads the message
        print(json.dumps({"error": f"{type(e).__name__}: {e}"}))
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
