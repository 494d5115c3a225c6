"""hostile_server.py with the household's kitchen beside the groceries (loopback only).

    /usr/bin/python3 Tests/sync/hostile_kitchen.py MODE

Prints the same JSON line as hostile_server.py, plus "meals" and "recipes" (the collections' URLs),
and serves until stdin closes. Besides the groceries it serves /alice/calendars/meals/ ("Meals",
VEVENT) and /alice/calendars/recipes/ ("Recipes", VJOURNAL) with a few good entries: the recipes
Pancakes and Chili, a meal of each (Pancakes for 4 on 2031-01-02, Chili for 6 on 2031-01-04, each
naming its recipe's UID) and one note "Dinner at Grandma's" (an event naming no recipe).

Every mode of hostile_server.py works on these collections too (slow, endless, offhost, etagcrlf,
tokenchurn, put412, storm500, ... answer a kitchen REPORT as they answer the groceries'); these add
entries among the good ones instead of tasks:
    oversized       a recipe "Huge recipe" of 800 KB (over the 768 KB a recipe may be), a meal
                    "Huge meal" of 300 KB (over 256 KB), and a recipe "Long recipe" of 700 KB (under
                    the bound: read, its fields capped)
    badbytes        a recipe whose SUMMARY holds a raw BEL, a meal with a raw NUL, a meal with raw
                    invalid UTF-8
    brokenxml       a recipe "Fish & <chips" and a meal "Mac & <cheese" written unescaped (bad XML)
    discoveryoffhost the home lists Meals and Recipes (and the groceries) only on the other host
And these are the kitchen's own:
    homeoffhost     the principal's calendar-home-set is the other host's /alice/calendars/
    manycalendars   the home lists 10,000 more calendars ("Calendar N", VEVENT) before Meals, Recipes
    bigcalnames     the home lists 12 more calendars, each with a displayname of 1 MB (12 MB in all)
    hugehome        the home lists 10,000 more calendars with names of 1 MB, chunked, no end in sight
    manynotes       5,000 more events naming no recipe ("Note N"), a day apart from 2024-01-01 on
    bigmeal         a Pancakes meal (2031-01-03) with 5,000 X-SHOPPER-SHARE lines, a Chili meal
                    (2031-01-05) whose SUMMARY is "Chili for 2" and 200 KB more, and a note
                    (2031-01-06) whose SUMMARY is 200 KB of "N"
    manybig         150 more recipes "Big N" of 700 KB each (each under the bound: all are read; one
                    filler shared in memory)
    nosync          no sync-collection (403 supported-report); calendar-query honours its comp-filter, as
                    Radicale and Xandikos do (a listing that asks for VTODOs gets no recipe or meal)
"""

import datetime
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile_server as hs  # noqa: E402

KITCHEN_MODES = ("homeoffhost", "manycalendars", "bigcalnames", "hugehome", "manynotes", "bigmeal", "nosync", "manybig")
MEALS, RECIPES = hs.HOME + "meals/", hs.HOME + "recipes/"
STAMP = b"DTSTAMP:20261101T100000Z\r\n"


def wrap(kind, uid, lines):
    return (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile kitchen//EN\r\nBEGIN:" + kind + b"\r\nUID:" + uid
            + b"\r\n" + STAMP + b"".join(lines) + b"END:" + kind + b"\r\nEND:VCALENDAR\r\n")


def journal(uid, summary, description=b"", extra=b""):
    lines = [hs.fold(b"SUMMARY:" + summary)]
    if description:
        lines.append(hs.fold(b"DESCRIPTION:" + description))
    return wrap(b"VJOURNAL", uid, lines + [extra])


def event(uid, day, summary, recipe=None, extra=b""):
    nxt = (datetime.date.fromisoformat(day) + datetime.timedelta(days=1)).strftime("%Y%m%d").encode()
    lines = [b"DTSTART;VALUE=DATE:" + day.replace("-", "").encode() + b"\r\n", b"DTEND;VALUE=DATE:" + nxt + b"\r\n",
             hs.fold(b"SUMMARY:" + summary), b"TRANSP:TRANSPARENT\r\n"]
    if recipe:
        lines.append(b"X-SHOPPER-RECIPE-UID:" + recipe + b"\r\n")
    return wrap(b"VEVENT", uid, lines + [extra])


def filler(size):
    """`size` bytes of folded DESCRIPTION continuation lines."""
    line = b" " + (b"lots of words " * 6)[:73] + b"\r\n"
    return line * (size // len(line))


def entry(uid, text, raw=False):
    return uid.decode(), (text,), raw


def good_recipes():
    return [entry(b"recipe-pancakes", journal(b"recipe-pancakes", b"Pancakes",
                                              b"Pancakes\\n\\nServes 2\\n\\n200 g flour\\n2 eggs\\n300 ml milk"
                                              b"\\n\\nWhisk everything.\\nFry in butter.")),
            entry(b"recipe-chili", journal(b"recipe-chili", b"Chili",
                                           b"Chili\\n\\nServes 4\\n\\n500 g beef mince\\n2 onions"
                                           b"\\n\\nBrown the mince.\\nSimmer an hour."))]


def good_meals():
    return [entry(b"meal-pancakes", event(b"meal-pancakes", "2031-01-02", b"Pancakes for 4", b"recipe-pancakes",
                                          b"X-SHOPPER-SERVINGS:4\r\n")),
            entry(b"meal-chili", event(b"meal-chili", "2031-01-04", b"Chili for 6", b"recipe-chili",
                                       b"X-SHOPPER-SERVINGS:6\r\n")),
            entry(b"note-grandma", event(b"note-grandma", "2031-01-03", b"Dinner at Grandma's"))]


def big_journal(uid, summary, size):
    text = journal(uid, summary, b"Big", b"")
    cut = text.index(b"DESCRIPTION:Big\r\n") + len(b"DESCRIPTION:Big\r\n")
    return text[:cut] + filler(size) + text[cut:]


def big_event(uid, day, summary, size):
    text = event(uid, day, summary, extra=b"DESCRIPTION:Big\r\n")
    cut = text.index(b"DESCRIPTION:Big\r\n") + len(b"DESCRIPTION:Big\r\n")
    return text[:cut] + filler(size) + text[cut:]


def extras(mode):
    """(recipes, meals) a mode adds, each a list of (uid, chunks, raw)."""
    if mode == "oversized":
        return ([entry(b"recipe-huge", big_journal(b"recipe-huge", b"Huge recipe", 800 << 10)),
                 entry(b"recipe-long", big_journal(b"recipe-long", b"Long recipe", 700 << 10))],
                [entry(b"meal-huge", big_event(b"meal-huge", "2031-01-05", b"Huge meal", 300 << 10))])
    if mode == "badbytes":
        return ([entry(b"recipe-bel", journal(b"recipe-bel", b"Soup \x07 bell", b"1 l water"))],
                [entry(b"meal-nul", event(b"meal-nul", "2031-01-05", b"Salt \x00 nul")),
                 entry(b"meal-utf8", event(b"meal-utf8", "2031-01-06", b"Cr\xc3\x28pes"))])
    if mode == "brokenxml":
        return ([entry(b"recipe-broken", journal(b"recipe-broken", b"Fish & <chips", b"1 fish"), raw=True)],
                [entry(b"meal-broken", event(b"meal-broken", "2031-01-05", b"Mac & <cheese"), raw=True)])
    if mode == "manynotes":
        start = datetime.date(2024, 1, 1)
        return [], [entry(b"note-%d" % i, event(b"note-%d" % i, (start + datetime.timedelta(days=i)).isoformat(),
                                                b"Note %d" % i)) for i in range(5000)]
    if mode == "bigmeal":
        shares = b"".join(hs.fold(b"X-SHOPPER-SHARE:Flour%%20%d%%20g" % i) for i in range(5000))
        return [], [entry(b"meal-shares", event(b"meal-shares", "2031-01-03", b"Pancakes for 2", b"recipe-pancakes",
                                                shares)),
                    entry(b"meal-longsummary", event(b"meal-longsummary", "2031-01-05",
                                                     b"Chili for 2 " + b"C" * (200 << 10), b"recipe-chili")),
                    entry(b"note-longsummary", event(b"note-longsummary", "2031-01-06", b"N" * (200 << 10)))]
    if mode == "manybig":
        shared = filler(700 << 10)
        return [big_recipe(n, shared) for n in range(1, 151)], []
    return [], []


def big_recipe(n, shared):
    uid = b"recipe-big-%d" % n
    text = journal(uid, b"Big %d" % n, b"Big")
    cut = text.index(b"DESCRIPTION:Big\r\n") + len(b"DESCRIPTION:Big\r\n")
    return uid.decode(), (text[:cut], shared, text[cut:]), False


class KitchenStore(hs.Store):
    def __init__(self, mode):
        super().__init__(mode)
        more_recipes, more_meals = extras(mode)
        for path, name, comp, good, more in ((MEALS, "Meals", "VEVENT", good_meals(), more_meals),
                                             (RECIPES, "Recipes", "VJOURNAL", good_recipes(), more_recipes)):
            coll = hs.Collection(name, comp)
            self.collections[path] = coll
            for i in range(max(len(good), len(more))):  # the bad ones sit among the good ones
                for uid, chunks, raw in good[i:i + 1] + more[i:i + 1]:
                    member = path + uid + ".ics"
                    # The ETag hashes the head and the tail (a shared filler between them is the same).
                    coll.members[member] = (hs.etag_of(chunks[0][:4096] + chunks[-1][-4096:]), chunks)
                    if raw:
                        coll.raw.add(member)


def calendar_response(href, name, comp=b"VEVENT"):
    return (b"<d:response>" + href + b"<d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/>"
            b"</d:resourcetype><d:displayname>" + name + b"</d:displayname><c:supported-calendar-component-set>"
            b'<c:comp name="' + comp + b'"/></c:supported-calendar-component-set></d:prop>' + hs.OK
            + b"</d:propstat></d:response>")


class KitchenHandler(hs.Handler):
    def dav_report(self, path, body):
        """nosync: sync-collection refused, calendar-query filtered by its innermost comp-filter."""
        coll = self.ctx.store.collections.get(path)
        if self.mode != "nosync" or coll is None:
            return super().dav_report(path, body)
        try:
            root = hs.ET.fromstring(body)
        except hs.ET.ParseError:
            return self.send(400, b"bad XML\n", "text/plain")
        if root.tag == hs.DAV + "sync-collection":
            return self.send(403, b'<d:error xmlns:d="DAV:"><d:supported-report/></d:error>', hs.XML_TYPE)
        if root.tag != hs.CALDAV + "calendar-query":
            return super().dav_report(path, body)
        names = [f.get("name", "") for f in root.iter(hs.CALDAV + "comp-filter")]
        begin = b"BEGIN:" + names[-1].encode() + b"\r\n" if len(names) > 1 else b"BEGIN:"
        with self.ctx.store.lock:
            paths = [p for p, (_, chunks) in coll.members.items() if begin in chunks[0]]
        want_data = root.find(f"{hs.DAV}prop/{hs.CALDAV}calendar-data") is not None
        self.listing(coll, paths, want_data)

    def foreign(self, coll):
        """offhost: the same off-host hrefs in the kitchen's listings as in the groceries'."""
        if self.mode != "offhost" or coll.comp == "VTODO":
            return super().foreign(coll)
        return [(b"<d:href>" + hs.esc(h.encode()) + b"</d:href>", e, c) for h, e, c in self.ctx.foreign]

    def dav_propfind(self, path, body):
        deep = self.headers.get("Depth", "infinity").strip() != "0"
        principal = path in ("/", hs.PRINCIPAL, "/.well-known/caldav", "/.well-known/caldav/")
        if self.mode == "homeoffhost" and principal:
            props = hs.principal_props()
            props[hs.CALDAV + "calendar-home-set"] = (b"<c:calendar-home-set><d:href>http://" + self.ctx.other.encode()
                                                      + hs.HOME.encode() + b"</d:href></c:calendar-home-set>")
            return self.multistatus([hs.prop_response(hs.href_el(path), props, hs.wanted_props(body))])
        if path != hs.HOME or not deep or self.mode not in ("discoveryoffhost", "manycalendars", "bigcalnames",
                                                           "hugehome"):
            return super().dav_propfind(path, body)
        with self.ctx.store.lock:
            collections = sorted(self.ctx.store.collections.items())
        if self.mode == "hugehome":
            return self.endless_home()
        host = b"http://" + self.ctx.other.encode() if self.mode == "discoveryoffhost" else b""
        out = [hs.prop_response(hs.href_el(hs.HOME), hs.home_props(), None)]
        if self.mode == "manycalendars":
            out += [calendar_response(hs.href_el(hs.HOME + "cal-%d/" % i), b"Calendar %d" % i) for i in range(10000)]
        if self.mode == "bigcalnames":
            name = b"A" * (1 << 20)
            out += [calendar_response(hs.href_el(hs.HOME + "big-%d/" % i), name) for i in range(12)]
        out += [calendar_response(b"<d:href>" + host + hs.esc(p.encode()) + b"</d:href>", hs.esc(c.name.encode()),
                                  c.comp.encode()) for p, c in collections]
        self.multistatus(out)

    def endless_home(self):
        """hugehome: 10,000 calendars of 1 MB names, chunked, until 300 s pass or the client hangs up."""
        self.close_connection = True
        self.send_response(207)
        self.send_header("Content-Type", hs.XML_TYPE)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        name, deadline = b"A" * (1 << 20), time.monotonic() + 300
        self.wfile.write(b"%x\r\n%s\r\n" % (len(hs.MS_OPEN), hs.MS_OPEN))
        for i in range(10000):
            if time.monotonic() >= deadline:
                return
            block = calendar_response(hs.href_el(hs.HOME + "huge-%d/" % i), name)
            self.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))


def main():
    mode = sys.argv[1] if len(sys.argv) == 2 else ""
    hs.MODES = hs.MODES + KITCHEN_MODES
    hs.Store, hs.Handler = KitchenStore, KitchenHandler
    real_print = print

    def with_kitchen(line, **kw):  # the JSON line hostile_server prints, with the kitchen's URLs
        info = json.loads(line)
        info["meals"], info["recipes"] = info["url"].rstrip("/") + MEALS, info["url"].rstrip("/") + RECIPES
        real_print(json.dumps(info), **kw)

    hs.print = with_kitchen
    hs.main(["hostile_kitchen.py", mode])


if __name__ == "__main__":
    main()
