"""A CalDAV server for the sync tests that answers well, then badly on purpose (loopback only).

    /usr/bin/python3 Tests/sync/hostile_server.py MODE

Prints ONE JSON line and serves until stdin closes (or its parent dies):
    {"url": "http://127.0.0.1:PORT/", "user": "alice", "password": "secret",
     "collection": "http://127.0.0.1:PORT/alice/calendars/groceries/", "log": "/tmp/.../requests.log",
     "other": "http://127.0.0.2:PORT2/", "other2": "http://127.0.0.1:PORT3/"}
"other" is a second server on another host: well-behaved whatever the mode, same data and auth,
but PUT/DELETE/MKCALENDAR there answer 201 and store nothing, and GET of an unknown *.ics gives a
VTODO "Away" (so a client that wrongly follows an off-host href gets far enough to show in the log).
"other2" is the redirectport target: it answers every request 401.
The log gets one JSON object per request, written before the answer:
    {"method", "host" (the server that got it), "path" (percent-decoded, dot segments resolved),
     "raw_path" (as sent), "if_match", "if_none_match" (null when absent), "auth" (Authorization sent)}

Layout: principal /alice/ (also answered at / and /.well-known/caldav), home /alice/calendars/,
collection /alice/calendars/groceries/ ("Groceries", VTODO) with seed-1..3 (Milk, Bread, Eggs).
Basic auth alice/secret everywhere. PROPFIND, REPORT (sync-collection, calendar-query,
calendar-multiget), GET/HEAD, PUT, DELETE (If-Match / If-None-Match), MKCALENDAR, OPTIONS.
Sync tokens are http://127.0.0.1/sync/N (N counts changes). In every mode a PUT or DELETE outside
every collection (say /alice/calendars/evil.ics) answers a lying 201 and stores nothing: tests find
it in the log.

Modes (the base plus one misbehaviour):
    normal          well-behaved
    slow            REPORT: 207 headers, then one byte every 5 s, never finishing (gives up after 300 s)
    endless         REPORT: 207, chunked, <d:response> repeated fast until 200 MB or disconnect
    oversized       600 extra tasks "Big N" of about 300 KB each (one shared filler in memory)
    oversized1500   the same with 1,500 tasks
    badbytes        three extra tasks whose SUMMARY holds a raw BEL, a raw NUL, raw invalid UTF-8
    brokenxml       one extra task written unescaped into calendar-data ("Fish & <chips"): bad XML
    offhost         listings (sync-collection, calendar-query, PROPFIND Depth 1) and multiget also
                    name http://127.0.0.2:PORT2/alice/calendars/groceries/away.ics, ../evil.ics, /,
                    /alice/calendars/groceries/../../x.ics and //127.0.0.2:PORT2/y.ics, each with an
                    ETag; multiget gives each a small VTODO "Away"
    etagcrlf        getetag texts in XML end in CR LF "X-Injected: 1" (written as &#13;&#10; so the
                    parsed text really holds CR LF); ETag headers stay sane, If-Match compares with them
    tokenchurn      sync-collection: a new token every time, every member reported changed
    put412          every PUT answers 412
    storm500        every REPORT answers 500
    storm503        every REPORT answers 503 with Retry-After: 120
    auth401after    the first 8 requests are served, every later one gets 401
    discoveryoffhost the home lists groceries only as http://127.0.0.2:PORT2/alice/calendars/groceries/
    discovery503    every PROPFIND answers 503
    redirectport    every request gets 307 to the same path on "other2"
    stores10k       one extra task with X-SHOPPER-STORES: Store 1|...|Store 10000
    bigsummary      one extra task whose SUMMARY is 1 MB of "A"
    manycategories  one extra task with 5,000 CATEGORIES
"""

import base64
import ctypes
import hashlib
import http.server
import json
import os
import posixpath
import select
import signal
import socket
import socketserver
import sys
import tempfile
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ET

MODES = ("normal", "slow", "endless", "oversized", "oversized1500", "badbytes", "brokenxml", "offhost",
         "etagcrlf", "tokenchurn", "put412", "storm500", "storm503", "auth401after", "discoveryoffhost",
         "discovery503", "redirectport", "stores10k", "bigsummary", "manycategories")
USER, PASSWORD = "alice", "secret"
PRINCIPAL, HOME, COLL = "/alice/", "/alice/calendars/", "/alice/calendars/groceries/"
DAV, CALDAV = "{DAV:}", "{urn:ietf:params:xml:ns:caldav}"
TOKEN_PREFIX = "http://127.0.0.1/sync/"
MAX_BODY = 32 << 20           # request bodies beyond this get 413
SLOW_STEP, SLOW_LIMIT = 5, 300  # slow: seconds between bytes, seconds in all
FLOOD_LIMIT, FLOOD_TIME = 200 << 20, 300  # endless: bytes, seconds
XML_TYPE, ICAL_TYPE = "application/xml; charset=utf-8", "text/calendar; charset=utf-8"
MS_OPEN = (b'<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" '
           b'xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">')
MS_CLOSE = b"</d:multistatus>"
OK, MISSING = b"<d:status>HTTP/1.1 200 OK</d:status>", b"<d:status>HTTP/1.1 404 Not Found</d:status>"
CUP = b"<d:current-user-principal><d:href>/alice/</d:href></d:current-user-principal>"


# ---------------------------------------------------------------- iCalendar and XML text

def fold(line):
    """One content line folded at 75 octets (RFC 5545 3.1), ending in CRLF."""
    pieces = [line[:75]] + [b" " + line[i:i + 74] for i in range(75, len(line), 74)]
    return b"\r\n".join(pieces) + b"\r\n"


def vtodo(uid, summary, extra=b""):
    return (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\nBEGIN:VTODO\r\nUID:" + uid + b"\r\n"
            + fold(b"SUMMARY:" + summary) + b"STATUS:NEEDS-ACTION\r\n" + extra
            + b"LAST-MODIFIED:20261101T100000Z\r\nDTSTAMP:20261101T100000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


def etag_of(text):
    return '"%s"' % hashlib.sha1(text).hexdigest()[:16]


def esc(data):
    # Returns the very same object when there is nothing to escape, so the shared 300 KB filler is
    # never copied while an oversized answer is put together.
    if b"&" not in data and b"<" not in data and b">" not in data:
        return data
    return data.replace(b"&", b"&amp;").replace(b"<", b"&lt;").replace(b">", b"&gt;")


def href_el(path):
    return b"<d:href>" + esc(urllib.parse.quote(path).encode()) + b"</d:href>"


def normalize(raw):
    """Path of a request target or href: no query, percent-decoded, dot segments resolved."""
    path = urllib.parse.unquote(urllib.parse.urlsplit(raw).path or "/")
    resolved = posixpath.normpath("/" + path.lstrip("/"))
    return resolved + "/" if path.endswith("/") and resolved != "/" else resolved


_FILLER = []


def filler():
    """About 300 KB of folded DESCRIPTION continuation lines, built once and shared by all big tasks."""
    if not _FILLER:
        _FILLER.append((b" " + (b"filler " * 11)[:73] + b"\r\n") * 4000)
    return _FILLER[0]


def big_task(n):
    # A task is a tuple of byte chunks; here the middle chunk is the shared filler.
    text = vtodo(b"big-%d" % n, b"Big %d" % n, b"DESCRIPTION:Big filler\r\n")
    cut = text.index(b"DESCRIPTION:Big filler\r\n") + len(b"DESCRIPTION:Big filler\r\n")
    return "big-%d" % n, (text[:cut], filler(), text[cut:]), False


def plain(uid, summary, extra=b"", raw=False):
    return uid.decode(), (vtodo(uid, summary, extra),), raw


def extra_tasks(mode):
    """(uid, chunks, write unescaped) for the tasks a mode adds to the three seeds."""
    if mode == "badbytes":
        return [plain(b"bad-bel", b"Soap \x07 bell"), plain(b"bad-nul", b"Salt \x00 nul"),
                plain(b"bad-utf8", b"Cr\xc3\x28pes")]
    if mode == "brokenxml":
        return [plain(b"broken", b"Fish & <chips", raw=True)]
    if mode in ("oversized", "oversized1500"):
        return [big_task(n) for n in range(1, (1500 if mode == "oversized1500" else 600) + 1)]
    if mode == "stores10k":
        stores = b"|".join(b"Store %d" % i for i in range(1, 10001))
        return [plain(b"stores", b"Many stores", fold(b"X-SHOPPER-STORES:" + stores))]
    if mode == "bigsummary":
        return [plain(b"bigsummary", b"A" * (1 << 20))]
    if mode == "manycategories":
        names = b",".join(b"Category %d" % i for i in range(1, 5001))
        return [plain(b"categories", b"Many categories", fold(b"CATEGORIES:" + names))]
    return []


# ---------------------------------------------------------------- data

class Collection:
    def __init__(self, name, comp="VTODO"):
        self.name, self.comp = name, comp  # comp: the one component it takes (hostile_kitchen.py)
        self.members = {}   # path -> (etag, chunks); chunks is a tuple of bytes
        self.changes = []   # (seq, path), for sync-collection
        self.raw = set()    # paths whose calendar-data is written unescaped (brokenxml)


class Store:
    def __init__(self, mode):
        self.lock = threading.Lock()
        self.seq = 0
        groceries = Collection("Groceries")
        self.collections = {COLL: groceries}
        seeds = [plain(b"seed-%d" % i, s) for i, s in enumerate((b"Milk", b"Bread", b"Eggs"), 1)]
        extras = extra_tasks(mode)
        for i in range(max(len(seeds), len(extras))):  # extras sit among the good ones
            for uid, chunks, raw in seeds[i:i + 1] + extras[i:i + 1]:
                path = COLL + uid + ".ics"
                # A big task's ETag hashes its own head and tail only (the filler is shared anyway).
                groceries.members[path] = (etag_of(chunks[0] + chunks[-1] if len(chunks) > 1 else chunks[0]),
                                           chunks)
                if raw:
                    groceries.raw.add(path)

    def token(self):
        return TOKEN_PREFIX + str(self.seq)

    def touch(self, coll, path):
        self.seq += 1
        coll.changes.append((self.seq, path))


class Context:
    """What the three servers share: mode, data, the log and the request count."""

    def __init__(self, mode, log_path):
        self.mode, self.log_path = mode, log_path
        self.store = Store(mode)
        self.log_lock, self.count_lock = threading.Lock(), threading.Lock()
        self.log_file = open(log_path, "a", encoding="utf-8")
        self.requests = 0
        self.foreign = []  # offhost: (href as written, etag, chunks)
        self.foreign_index = {}

    def setup(self, main, other, trap):
        self.main, self.other, self.trap = main, other, trap  # "host:port" each
        if self.mode != "offhost":
            return
        hrefs = [f"http://{other}{COLL}away.ics", "../evil.ics", "/", COLL + "../../x.ics", f"//{other}/y.ics"]
        for i, href in enumerate(hrefs, 1):
            text = vtodo(b"away-%d" % i, b"Away")
            self.foreign.append((href, etag_of(text), (text,)))
            for key in self.href_keys(href):
                self.foreign_index[key] = self.foreign[-1]

    def href_keys(self, href):
        """The forms under which a multiget may name an href: as written, decoded, resolved."""
        full = urllib.parse.urljoin(f"http://{self.main}{COLL}", href.strip())
        return {href, urllib.parse.unquote(href), full, normalize(full)}

    def record(self, h, path):
        entry = {"method": h.command, "host": "%s:%d" % h.server.server_address[:2], "path": path,
                 "raw_path": h.path, "if_match": h.headers.get("If-Match"),
                 "if_none_match": h.headers.get("If-None-Match"), "auth": "Authorization" in h.headers}
        with self.log_lock:
            self.log_file.write(json.dumps(entry) + "\n")
            self.log_file.flush()

    def count(self):
        with self.count_lock:
            self.requests += 1
            return self.requests


# ---------------------------------------------------------------- properties

def prop_response(href, table, wanted):
    """A <d:response> with the wanted properties found in table (200) and the others (404)."""
    names = list(table) if wanted is None else wanted
    found = [table[n] for n in names if n in table]
    out = [b"<d:response>", href]
    if found:
        out += [b"<d:propstat><d:prop>", *found, b"</d:prop>", OK, b"</d:propstat>"]
    missing = [n for n in names if n not in table]
    if missing:
        out += [b"<d:propstat><d:prop>", *map(empty_el, missing), b"</d:prop>", MISSING, b"</d:propstat>"]
    return b"".join(out + [b"</d:response>"])


def empty_el(clark):
    ns, _, local = clark[1:].partition("}") if clark.startswith("{") else ("", "", clark)
    return b'<x:%s xmlns:x="%s"/>' % (esc(local.encode()), esc(ns.encode()).replace(b'"', b"&quot;"))


def wanted_props(body):
    """Clark names a PROPFIND body asks for; None for all (empty body, allprop, propname)."""
    if not body.strip():
        return None
    prop = ET.fromstring(body).find(DAV + "prop")
    return None if prop is None else [child.tag for child in prop]


def principal_props():
    return {DAV + "resourcetype": b"<d:resourcetype><d:collection/><d:principal/></d:resourcetype>",
            DAV + "displayname": b"<d:displayname>alice</d:displayname>", DAV + "current-user-principal": CUP,
            DAV + "principal-URL": b"<d:principal-URL><d:href>/alice/</d:href></d:principal-URL>",
            CALDAV + "calendar-home-set": b"<c:calendar-home-set><d:href>/alice/calendars/</d:href>"
                                          b"</c:calendar-home-set>"}


def home_props():
    return {DAV + "resourcetype": b"<d:resourcetype><d:collection/></d:resourcetype>",
            DAV + "displayname": b"<d:displayname>Calendars</d:displayname>", DAV + "current-user-principal": CUP}


def collection_props(coll, token):
    return {DAV + "resourcetype": b"<d:resourcetype><d:collection/><c:calendar/></d:resourcetype>",
            DAV + "displayname": b"<d:displayname>" + esc(coll.name.encode()) + b"</d:displayname>",
            CALDAV + "supported-calendar-component-set":
                b'<c:supported-calendar-component-set><c:comp name="%s"/></c:supported-calendar-component-set>'
                % coll.comp.encode(),
            DAV + "sync-token": b"<d:sync-token>" + token.encode() + b"</d:sync-token>",
            "{http://calendarserver.org/ns/}getctag": b"<cs:getctag>" + token.encode() + b"</cs:getctag>",
            DAV + "current-user-principal": CUP}


# ---------------------------------------------------------------- the server

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive like real servers; every answer has a length or is chunked
    timeout = 60                   # idle or stalled connections end after a minute
    ctx = None                     # set on the subclass made for each server
    role = "main"                  # main, other (127.0.0.2) or trap (redirectport's target)

    def log_message(self, *args):
        pass

    def __getattr__(self, attr):  # do_GET, do_PROPFIND, ...: every method goes through dispatch
        if attr.startswith("do_"):
            return self.dispatch
        raise AttributeError(attr)

    def handle_one_request(self):
        try:
            super().handle_one_request()
        except OSError:  # the client went away or stalled: nothing to answer
            self.close_connection = True

    @property
    def mode(self):
        return self.ctx.mode if self.role == "main" else "normal"

    def dispatch(self):
        path = normalize(self.path)
        self.ctx.record(self, path)
        body = self.read_body()
        if body is None:
            self.close_connection = True
            return self.send(413, b"request body too large\n", "text/plain")
        if self.role == "trap":
            return self.challenge()
        if self.role == "main":
            n = self.ctx.count()
            if self.mode == "redirectport":
                return self.send(307, headers=[("Location", f"http://{self.ctx.trap}{self.path}")])
            if self.mode == "auth401after" and n > 8:
                return self.challenge()
        if not self.authorized():
            return self.challenge()
        method = getattr(self, "dav_" + self.command.lower(), None)
        if method is None:
            return self.send(405, b"method not allowed\n", "text/plain")
        method(path, body)

    def read_body(self):
        """The request body (also chunked), or None when it is too large or garbled."""
        if "chunked" not in self.headers.get("Transfer-Encoding", "").lower():
            length = self.headers.get("Content-Length") or "0"
            return self.rfile.read(int(length)) if length.isdigit() and int(length) <= MAX_BODY else None
        chunks, total, deadline = [], 0, time.monotonic() + 60
        for _ in range(1 << 16):
            if time.monotonic() > deadline:
                return None
            try:
                size = int(self.rfile.readline(1024).split(b";")[0].strip() or b"0", 16)
            except ValueError:
                return None
            if size == 0:
                break
            total += size
            if total > MAX_BODY:
                return None
            chunks.append(self.rfile.read(size))
            self.rfile.readline(1024)
        else:
            return None
        for _ in range(64):  # trailers end with an empty line
            if self.rfile.readline(1024) in (b"\r\n", b"\n", b""):
                break
        return b"".join(chunks)

    def authorized(self):
        scheme, _, cred = self.headers.get("Authorization", "").partition(" ")
        try:
            return scheme.lower() == "basic" and base64.b64decode(cred.strip(), validate=True) == \
                f"{USER}:{PASSWORD}".encode()
        except ValueError:
            return False

    def challenge(self):
        self.send(401, b"401 Unauthorized\n", "text/plain", [("WWW-Authenticate", 'Basic realm="hostile"')])

    def send(self, status, parts=b"", ctype=None, headers=()):
        """An answer with Content-Length; parts are written in 64 KB batches, big ones as they are."""
        parts = [parts] if isinstance(parts, bytes) else parts
        self.send_response(status)
        if ctype:
            self.send_header("Content-Type", ctype)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(sum(map(len, parts))))
        self.end_headers()
        if self.command == "HEAD":
            return
        batch = bytearray()
        for part in parts:
            if batch and len(batch) + len(part) > 1 << 16:
                self.wfile.write(batch)
                batch = bytearray()
            if len(part) > 1 << 16:
                self.wfile.write(part)
            else:
                batch += part
        if batch:
            self.wfile.write(batch)

    def multistatus(self, responses, tail=b""):
        self.send(207, [MS_OPEN, *responses, tail, MS_CLOSE], XML_TYPE)

    # ------------------------------------------------------------ pieces of answers

    def etag_xml(self, etag):
        x = esc(etag.encode())
        return x[:-1] + b'&#13;&#10;X-Injected: 1"' if self.mode == "etagcrlf" else x

    def member_response(self, href, etag, chunks=None, raw=False):
        """A list of parts (never joined: big tasks keep sharing the filler)."""
        out = [b"<d:response>", href, b"<d:propstat><d:prop><d:getetag>", self.etag_xml(etag), b"</d:getetag>"]
        if chunks is not None:
            out += [b"<c:calendar-data>", *(chunks if raw else map(esc, chunks)), b"</c:calendar-data>"]
        return out + [b"</d:prop>", OK, b"</d:propstat></d:response>"]

    def member_props(self, etag):
        return {DAV + "getetag": b"<d:getetag>" + self.etag_xml(etag) + b"</d:getetag>",
                DAV + "getcontenttype": b"<d:getcontenttype>text/calendar; charset=utf-8; component=VTODO"
                                        b"</d:getcontenttype>",
                DAV + "resourcetype": b"<d:resourcetype/>"}

    def foreign(self, coll):
        """offhost: the extra (href element, etag, chunks) listed with the groceries collection."""
        if self.mode != "offhost" or coll is not self.ctx.store.collections[COLL]:
            return []
        return [(b"<d:href>" + esc(h.encode()) + b"</d:href>", e, c) for h, e, c in self.ctx.foreign]

    def locate(self, path):
        """(collection, (etag, chunks) or None) for a task path; (None, None) outside collections."""
        store = self.ctx.store
        with store.lock:
            coll = store.collections.get(path.rsplit("/", 1)[0] + "/")
            if coll is None or path.endswith("/"):
                return None, None
            return coll, coll.members.get(path)

    def preconditions_hold(self, current):
        """If-Match / If-None-Match against the current ETag (None: no such resource)."""
        if_match, if_none = self.headers.get("If-Match"), self.headers.get("If-None-Match")
        if if_match is not None:
            tags = [t.strip() for t in if_match.split(",")]
            if current is None or ("*" not in tags and current not in tags):
                return False
        if if_none is not None:
            tags = [t.strip() for t in if_none.split(",")]
            if current is not None and ("*" in tags or current in tags):
                return False
        return True

    # ------------------------------------------------------------ methods

    def dav_options(self, path, body):
        self.send(200, headers=[("DAV", "1, 2, 3, calendar-access"),
                                ("Allow", "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT, MKCALENDAR")])

    def dav_propfind(self, path, body):
        if self.mode == "discovery503":
            return self.send(503, b"Service Unavailable\n", "text/plain")
        try:
            wanted = wanted_props(body)
        except ET.ParseError:
            return self.send(400, b"bad XML\n", "text/plain")
        deep = self.headers.get("Depth", "infinity").strip() != "0"
        store = self.ctx.store
        with store.lock:
            collections, token = dict(store.collections), store.token()
        if path in ("/", PRINCIPAL, "/.well-known/caldav", "/.well-known/caldav/"):
            return self.multistatus([prop_response(href_el(path), principal_props(), wanted)])
        if path == HOME:
            out = [prop_response(href_el(HOME), home_props(), wanted)]
            if deep and self.mode == "discoveryoffhost":
                href = b"<d:href>http://" + self.ctx.other.encode() + COLL.encode() + b"</d:href>"
                out.append(prop_response(href, collection_props(collections[COLL], token), wanted))
            elif deep:
                out += [prop_response(href_el(p), collection_props(c, token), wanted)
                        for p, c in sorted(collections.items()) if p.startswith(HOME)]
            return self.multistatus(out)
        coll = collections.get(path)
        if coll is not None:
            out = [prop_response(href_el(path), collection_props(coll, token), wanted)]
            if deep:
                with store.lock:
                    members = [(href_el(p), e) for p, (e, _) in coll.members.items()]
                out += [prop_response(h, self.member_props(e), wanted)
                        for h, e in members + [(h, e) for h, e, _ in self.foreign(coll)]]
            return self.multistatus(out)
        _, member = self.locate(path)
        if member is None:
            return self.send(404, b"Not Found\n", "text/plain")
        self.multistatus([prop_response(href_el(path), self.member_props(member[0]), wanted)])

    def dav_report(self, path, body):
        coll = self.ctx.store.collections.get(path)
        if coll is None:
            return self.send(404, b"Not Found\n", "text/plain")
        if self.mode == "slow":
            return self.dribble()
        if self.mode == "endless":
            return self.flood()
        if self.mode == "storm500":
            return self.send(500, b"Internal Server Error\n", "text/plain")
        if self.mode == "storm503":
            return self.send(503, b"Service Unavailable\n", "text/plain", [("Retry-After", "120")])
        try:
            root = ET.fromstring(body)
        except ET.ParseError:
            return self.send(400, b"bad XML\n", "text/plain")
        want_data = root.find(f"{DAV}prop/{CALDAV}calendar-data") is not None
        if root.tag == DAV + "sync-collection":
            return self.sync_collection(coll, root, want_data)
        if root.tag == CALDAV + "calendar-query":
            return self.listing(coll, None, want_data)
        if root.tag == CALDAV + "calendar-multiget":
            return self.multiget(coll, [h.text or "" for h in root.iter(DAV + "href")])
        self.send(403, b'<d:error xmlns:d="DAV:"><d:supported-report/></d:error>', XML_TYPE)

    def sync_collection(self, coll, root, want_data):
        token = (root.findtext(DAV + "sync-token") or "").strip()
        store = self.ctx.store
        with store.lock:
            if self.mode == "tokenchurn":  # a fresh token and "everything changed", every time
                store.seq += 1
                token = ""
            since = token[len(TOKEN_PREFIX):] if token.startswith(TOKEN_PREFIX) else "x"
            if token and not (since.isdigit() and int(since) <= store.seq):
                return self.send(403, b'<d:error xmlns:d="DAV:"><d:valid-sync-token/></d:error>', XML_TYPE)
            paths = list(coll.members) if not token else \
                list(dict.fromkeys(p for seq, p in coll.changes if seq > int(since)))
            new_token = store.token()
        self.listing(coll, paths, want_data, b"<d:sync-token>" + new_token.encode() + b"</d:sync-token>")

    def listing(self, coll, paths, want_data, tail=b""):
        """Members (all, or those paths; gone ones as 404) with getetag, and calendar-data if asked."""
        with self.ctx.store.lock:
            paths = list(coll.members) if paths is None else paths
            entries = [(p, coll.members.get(p), p in coll.raw) for p in paths]
        out = []
        for path, member, raw in entries:
            if member is None:
                out.append(b"<d:response>" + href_el(path) + MISSING + b"</d:response>")
            else:
                out += self.member_response(href_el(path), member[0], member[1] if want_data else None, raw)
        for href, etag, chunks in self.foreign(coll):
            out += self.member_response(href, etag, chunks if want_data else None)
        self.multistatus(out, tail)

    def multiget(self, coll, hrefs):
        here = "%s:%d" % self.server.server_address[:2]
        out = []
        for href in hrefs:
            # Compared after percent-decoding and resolving against the collection, on this host only.
            full = urllib.parse.urlsplit(urllib.parse.urljoin(f"http://{here}{COLL}", href.strip()))
            path = normalize(full.path)
            with self.ctx.store.lock:
                member = coll.members.get(path) if full.netloc == here else None
                raw = path in coll.raw
            if member is None and self.foreign(coll):
                keys = [k for k in self.ctx.href_keys(href) if k in self.ctx.foreign_index]
                member = self.ctx.foreign_index[keys[0]][1:] if keys else None
                raw = False
            href_xml = b"<d:href>" + esc(href.encode()) + b"</d:href>"
            if member is None:
                out.append(b"<d:response>" + href_xml + MISSING + b"</d:response>")
            else:
                out += self.member_response(href_xml, member[0], member[1], raw)
        self.multistatus(out)

    def dav_get(self, path, body):
        _, member = self.locate(path)
        if member is None and self.role == "other" and path.endswith(".ics"):
            text = vtodo(b"away-other", b"Away")
            member = (etag_of(text), (text,))
        if member is None:
            return self.send(404, b"Not Found\n", "text/plain")
        self.send(200, list(member[1]), ICAL_TYPE, [("ETag", member[0])])

    dav_head = dav_get

    def dav_put(self, path, body):
        if self.role == "other":  # another host: pretend it worked, store nothing
            return self.send(201)
        if self.mode == "put412":
            return self.send(412, b"Precondition Failed\n", "text/plain")
        coll, _ = self.locate(path)
        if coll is None:  # outside every collection: the log has it; a lying 201 hides nothing from tests
            return self.send(201)
        if b"BEGIN:VCALENDAR" not in body:
            return self.send(415, b"not iCalendar\n", "text/plain")
        store = self.ctx.store
        with store.lock:
            current = coll.members.get(path)
            if not self.preconditions_hold(current and current[0]):
                ok = False
            else:
                ok, etag = True, etag_of(body)
                coll.members[path] = (etag, (body,))
                coll.raw.discard(path)
                store.touch(coll, path)
        if not ok:
            return self.send(412, b"Precondition Failed\n", "text/plain")
        self.send(201 if current is None else 204, headers=[("ETag", etag)])

    def dav_delete(self, path, body):
        if self.role == "other":
            return self.send(201)
        if path in self.ctx.store.collections or path in ("/", PRINCIPAL, HOME):
            return self.send(403, b"Forbidden\n", "text/plain")
        coll, _ = self.locate(path)
        if coll is None:
            return self.send(201)
        store = self.ctx.store
        with store.lock:
            current = coll.members.get(path)
            status = 404 if current is None else 412 if not self.preconditions_hold(current[0]) else 204
            if status == 204:
                del coll.members[path]
                coll.raw.discard(path)
                store.touch(coll, path)
        self.send(status)

    def dav_mkcalendar(self, path, body):
        if self.role == "other":
            return self.send(201)
        path = path if path.endswith("/") else path + "/"
        name = path.rstrip("/").rsplit("/", 1)[-1]
        if path.rstrip("/").rsplit("/", 1)[0] + "/" != HOME:
            return self.send(403, b"Forbidden\n", "text/plain")
        try:
            root = ET.fromstring(body) if body.strip() else None
        except ET.ParseError:
            return self.send(400, b"bad XML\n", "text/plain")
        shown = root.findtext(".//" + DAV + "displayname") if root is not None else None
        comp = root.find(".//" + CALDAV + "comp") if root is not None else None
        store = self.ctx.store
        with store.lock:
            exists = path in store.collections
            if not exists:
                store.collections[path] = Collection(shown or name, comp.get("name", "VTODO") if comp is not None
                                                     else "VTODO")
        self.send(405 if exists else 201)

    # ------------------------------------------------------------ the streaming modes

    def dribble(self):
        """slow: promise a big body, then send it one byte every 5 s; stop after 300 s or on hang-up."""
        self.close_connection = True
        self.send_response(207)
        self.send_header("Content-Type", XML_TYPE)
        self.send_header("Content-Length", "1000000")
        self.end_headers()
        deadline = time.monotonic() + SLOW_LIMIT
        for i in range(SLOW_LIMIT // SLOW_STEP + 1):
            self.wfile.write(MS_OPEN[i:i + 1] or b" ")
            if time.monotonic() >= deadline or self.client_gone(SLOW_STEP):
                return

    def client_gone(self, wait):
        """Waits up to wait seconds; True as soon as the client closes its end."""
        end = time.monotonic() + wait
        if select.select([self.connection], [], [], wait)[0]:
            try:
                if self.connection.recv(1, socket.MSG_PEEK) == b"":
                    return True
            except OSError:
                return True
            time.sleep(max(0.0, end - time.monotonic()))  # it sent something: keep the pace
        return False

    def flood(self):
        """endless: a chunked 207 that never ends (until 200 MB, 300 s or the client hangs up)."""
        self.close_connection = True
        self.send_response(207)
        self.send_header("Content-Type", XML_TYPE)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        block = b"<d:response><d:href>/alice/calendars/groceries/x.ics</d:href></d:response>" * 800
        deadline = time.monotonic() + FLOOD_TIME
        self.wfile.write(b"%x\r\n%s\r\n" % (len(MS_OPEN), MS_OPEN))
        for _ in range(FLOOD_LIMIT // len(block) + 1):
            if time.monotonic() >= deadline:
                return
            self.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def server_bind(self):  # no getfqdn(): a reverse lookup of 127.0.0.2 could stall
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]


def start(host, ctx, role):
    handler = type(f"{role.title()}Handler", (Handler,), {"ctx": ctx, "role": role})
    server = Server((host, 0), handler)  # port 0: the kernel picks a free one, no race
    return server, "%s:%d" % server.server_address[:2]


def die_with_parent():
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass  # stdin EOF still ends us


def main(argv):
    if len(argv) != 2 or argv[1] not in MODES:
        sys.exit("usage: hostile_server.py " + "|".join(MODES))
    die_with_parent()
    folder = tempfile.mkdtemp(prefix="shopper-hostile-")
    ctx = Context(argv[1], os.path.join(folder, "requests.log"))
    servers = [start("127.0.0.1", ctx, "main"), start("127.0.0.2", ctx, "other"), start("127.0.0.1", ctx, "trap")]
    (_, main_host), (_, other_host), (_, trap_host) = servers
    ctx.setup(main_host, other_host, trap_host)
    for server, _ in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print(json.dumps({"url": f"http://{main_host}/", "user": USER, "password": PASSWORD,
                      "collection": f"http://{main_host}{COLL}", "log": ctx.log_path,
                      "other": f"http://{other_host}/", "other2": f"http://{trap_host}/"}), flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main(sys.argv)
