"""Real CalDAV servers for the sync tests: Radicale and Xandikos from Debian, each on 127.0.0.1 on a
free port, in its own temporary folder, behind HTTP basic auth. Optionally a headless Secret Service
(gnome-keyring) inside the current D-Bus session.

Run under Debian's /usr/bin/python3 (it has python3-radicale; Xandikos is /usr/bin/xandikos).

Users
    Radicale: alice / wonderland-42 and bob / looking-glass-7 (rights: owner_only, so each sees only
    his own tree; bob gets 403 under /alice/).
    Xandikos: alice / wonderland-42 only (Xandikos serves a single principal and has no
    authentication of its own; a small reverse proxy in this file checks the password).

URL layout (paths relative to the server's url, e.g. http://127.0.0.1:PORT/)
    Radicale
        /.well-known/caldav   301 to /  (Location: /), even without credentials
        current-user-principal /alice/   calendar-home-set /alice/  (the home is the principal)
        The principal /alice/ appears on alice's first authenticated request. No calendar exists
        until a client makes one: MKCALENDAR /alice/<name>/ works (supported-calendar-component-set
        VTODO is kept).
    Xandikos (through the proxy)
        /.well-known/caldav   302 to /  (Location: /); the proxy wants credentials first (401)
        current-user-principal /alice/   calendar-home-set /alice/calendars/
        Ready-made: /alice/calendars/calendar/ (VEVENT, VTODO, VJOURNAL, VFREEBUSY),
        /alice/contacts/addressbook/, /alice/inbox/. MKCALENDAR /alice/calendars/<name>/ works (201)
        but ignores supported-calendar-component-set: every calendar takes all four components.
        Xandikos itself listens on another loopback port (backend_port); never talk to it directly.

As a command
    /usr/bin/python3 Tests/sync/caldav_servers.py [--only radicale|xandikos] [--keyring]
    Starts the servers (and the keyring with --keyring), waits until each answers an authenticated
    PROPFIND, prints ONE line of JSON and flushes:
        {"radicale": {"url": "http://127.0.0.1:PORT/", "user": "alice", "password": "...",
                      "users": {...}, "pid": N, "port": N, "dir": "..."},
         "xandikos": {..., "pid": PROXY_PID, "backend_pid": N, "backend_port": N,
                      "principal": "/alice/", "calendar_home": "/alice/calendars/",
                      "default_calendar": "/alice/calendars/calendar/"},
         "keyring": true|false [, "keyring_error": "..."]}
    Then reads commands from stdin, one a line, answering "ok" (or "error: ...") on a line:
        stop NAME     the server stops listening (connections refused); its data stays
        start NAME    back on the same port with the same data
        pause NAME    SIGSTOP: connections are accepted by the kernel but never answered
        resume NAME   SIGCONT
        info          prints the JSON line again
    NAME is radicale or xandikos. EOF on stdin, SIGTERM or SIGINT stops everything and removes the
    temporary folders.

As a module (from the AT-SPI harness)
    from caldav_servers import Servers
    with Servers(["radicale", "xandikos"], keyring=True) as servers:
        servers.url("radicale"); servers.stop("xandikos"); servers.start("xandikos")
    Child processes get SIGTERM if the thread that started them dies (PR_SET_PDEATHSIG), so start
    them from the main thread or a thread that outlives them.

Keyring
    With --keyring (keyring=True) and DBUS_SESSION_BUS_ADDRESS set, runs
    `gnome-keyring-daemon --foreground --unlock --components=secrets` with the password on stdin and
    HOME, XDG_DATA_HOME (keyrings live in $XDG_DATA_HOME/keyrings), XDG_RUNTIME_DIR (control socket
    in $XDG_RUNTIME_DIR/keyring), XDG_CONFIG_HOME and XDG_CACHE_HOME pointed into a temporary folder.
    --unlock creates an unlocked "login" collection and the "default" alias points to it, so
    secret_password_store_sync(schema, SECRET_COLLECTION_DEFAULT, ...) works without a prompt.
    This is checked by storing, looking up and clearing a password with libsecret (gi Secret) in a
    child process. If org.freedesktop.secrets already has an owner on the bus, that one is checked
    and used instead.
"""

import base64
import ctypes
import http.client
import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import sys
import tempfile
import time

PYTHON = "/usr/bin/python3"
XANDIKOS = "/usr/bin/xandikos"
HOST = "127.0.0.1"
USERS = {"alice": "wonderland-42", "bob": "looking-glass-7"}
KEYRING_PASSWORD = "shopper-keyring"
READY_TIMEOUT = 20.0
PROPFIND_BODY = (b'<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop>'
                 b"<current-user-principal/></prop></propfind>")


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


_LIBC = ctypes.CDLL("libc.so.6", use_errno=True)


def _die_with_parent():
    # Runs in the child between fork and exec: SIGTERM when the starting thread dies.
    _LIBC.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _spawn(argv, log_path, env=None, stdin=subprocess.DEVNULL):
    log = open(log_path, "ab")
    try:
        return subprocess.Popen(argv, stdin=stdin, stdout=log, stderr=log, env=env,
                                preexec_fn=_die_with_parent)
    finally:
        log.close()


def _end(proc, timeout=5.0):
    if proc is None or proc.poll() is not None:
        return
    try:
        os.kill(proc.pid, signal.SIGCONT)  # a paused process cannot act on SIGTERM
    except ProcessLookupError:
        pass
    proc.terminate()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _tail(path, n=2000):
    try:
        with open(path, "rb") as f:
            return f.read()[-n:].decode(errors="replace")
    except OSError:
        return ""


def authenticated_propfind(port, user, password, timeout=2.0):
    """Status of a Depth 0 PROPFIND on / with basic auth, or None when nothing answers."""
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("PROPFIND", "/", body=PROPFIND_BODY, headers={
            "Authorization": "Basic " + token, "Depth": "0",
            "Content-Type": "application/xml; charset=utf-8"})
        resp = conn.getresponse()
        resp.read()
        return resp.status
    except OSError:
        return None
    finally:
        conn.close()


class _Server:
    name = ""

    def __init__(self, users):
        self.users = users
        self.user = "alice"
        self.password = users["alice"]
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix=f"shopper-{self.name}-")
        self.proc = None
        self.log = os.path.join(self.dir, f"{self.name}.log")

    @property
    def url(self):
        return f"http://{HOST}:{self.port}/"

    @property
    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def _wait_ready(self, procs):
        end = time.monotonic() + READY_TIMEOUT
        while time.monotonic() < end:
            for p in procs:
                if p.poll() is not None:
                    raise RuntimeError(f"{self.name} exited with {p.returncode}:\n{_tail(self.log)}")
            if authenticated_propfind(self.port, self.user, self.password) == 207:
                return
            time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not answer within {READY_TIMEOUT:.0f}s:\n{_tail(self.log)}")

    def pause(self):
        os.kill(self.proc.pid, signal.SIGSTOP)

    def resume(self):
        os.kill(self.proc.pid, signal.SIGCONT)

    def remove(self):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def info(self):
        return {"url": self.url, "user": self.user, "password": self.password, "users": self.users,
                "pid": self.proc.pid if self.running else None, "port": self.port, "dir": self.dir}


class Radicale(_Server):
    name = "radicale"

    def __init__(self):
        super().__init__(dict(USERS))
        users = os.path.join(self.dir, "users")
        with open(users, "w") as f:
            f.writelines(f"{u}:{p}\n" for u, p in self.users.items())
        self.config = os.path.join(self.dir, "config")
        with open(self.config, "w") as f:
            f.write(f"""[server]
hosts = {HOST}:{self.port}
[auth]
type = htpasswd
htpasswd_filename = {users}
htpasswd_encryption = plain
delay = 0
[rights]
type = owner_only
[storage]
filesystem_folder = {os.path.join(self.dir, "collections")}
[web]
type = none
[logging]
level = warning
""")

    def start(self):
        if self.running:
            return
        self.proc = _spawn([PYTHON, "-m", "radicale", "--config", self.config], self.log)
        self._wait_ready([self.proc])

    def stop(self):
        _end(self.proc)
        self.proc = None


class Xandikos(_Server):
    name = "xandikos"
    principal = "/alice/"

    def __init__(self):
        super().__init__({"alice": USERS["alice"]})
        self.backend_port = free_port()
        self.backend = None
        self.htpasswd = os.path.join(self.dir, "users")
        # Faults the proxy plays (see run_proxy): "put-500 N", "503", or none.
        self.fault_file = os.path.join(self.dir, "fault")
        with open(self.htpasswd, "w") as f:
            f.writelines(f"{u}:{p}\n" for u, p in self.users.items())

    def start(self):
        if self.running:
            return
        if self.backend is None or self.backend.poll() is not None:
            self.backend = _spawn([XANDIKOS, "-d", os.path.join(self.dir, "data"), "-l", HOST,
                                   "-p", str(self.backend_port), "--defaults",
                                   "--current-user-principal", self.principal], self.log)
        self.proc = _spawn([sys.executable, os.path.abspath(__file__), "_proxy", str(self.port),
                            str(self.backend_port), self.htpasswd, self.fault_file], self.log)
        self._wait_ready([self.backend, self.proc])

    def stop(self):
        _end(self.proc)
        _end(self.backend)
        self.proc = self.backend = None

    def fault(self, words):
        with open(self.fault_file, "w") as f:
            f.write(" ".join(words))

    def info(self):
        d = super().info()
        d.update(backend_pid=self.backend.pid if self.running else None,
                 backend_port=self.backend_port, principal=self.principal,
                 calendar_home=self.principal + "calendars/",
                 default_calendar=self.principal + "calendars/calendar/")
        return d


class Keyring:
    """A gnome-keyring Secret Service on the current session bus, its data in a temporary folder."""

    def __init__(self, password=KEYRING_PASSWORD):
        self.password = password
        self.proc = None
        self.dir = None
        self.error = None
        self.note = None

    def start(self):
        if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
            self.error = "DBUS_SESSION_BUS_ADDRESS is not set"
            return False
        if self._name_has_owner():
            if self._check():
                self.note = "org.freedesktop.secrets already had an owner; using it"
                return True
            # A daemon the bus started by itself (D-Bus activation) when something asked for a
            # password before this keyring was up: a test of a shared list with no keyring, a
            # window's first sync. It has no unlocked collection, and the bus is this test
            # session's own: it is ended, and this keyring takes its place.
            self.note = "ended an activated keyring without a collection: " + self.error
            self.error = None
            self._end_owner()
        if not self._name_has_owner():
            self.dir = self.dir or tempfile.mkdtemp(prefix="shopper-keyring-")
            env = dict(os.environ)
            for var, sub in [("HOME", ""), ("XDG_DATA_HOME", "data"), ("XDG_RUNTIME_DIR", "run"),
                             ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache")]:
                env[var] = os.path.join(self.dir, sub)
                os.makedirs(env[var], mode=0o700, exist_ok=True)
            self.proc = _spawn(["gnome-keyring-daemon", "--foreground", "--unlock",
                                "--components=secrets"], os.path.join(self.dir, "keyring.log"),
                               env=env, stdin=subprocess.PIPE)
            self.proc.stdin.write(self.password.encode())
            self.proc.stdin.close()  # --unlock reads the password up to EOF
            end = time.monotonic() + READY_TIMEOUT
            while not self._name_has_owner():
                if self.proc.poll() is not None or time.monotonic() > end:
                    self.error = "gnome-keyring-daemon did not take org.freedesktop.secrets: " + \
                        _tail(os.path.join(self.dir, "keyring.log"))
                    return False
                time.sleep(0.1)
        return self._check()

    def _end_owner(self):
        r = subprocess.run(["gdbus", "call", "--session", "-d", "org.freedesktop.DBus",
                            "-o", "/org/freedesktop/DBus",
                            "-m", "org.freedesktop.DBus.GetConnectionUnixProcessID",
                            "org.freedesktop.secrets"], capture_output=True, text=True)
        found = re.search(r"uint32 (\d+)", r.stdout)
        pid = int(found.group(1)) if found else 0
        if pid > 1:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        end = time.monotonic() + READY_TIMEOUT
        while self._name_has_owner() and time.monotonic() < end:
            time.sleep(0.1)

    @staticmethod
    def _name_has_owner():
        r = subprocess.run(["gdbus", "call", "--session", "-d", "org.freedesktop.DBus",
                            "-o", "/org/freedesktop/DBus", "-m", "org.freedesktop.DBus.NameHasOwner",
                            "org.freedesktop.secrets"], capture_output=True, text=True)
        return r.returncode == 0 and "true" in r.stdout

    def _check(self):
        # In a child, so that libsecret's cached service connection does not outlive this daemon.
        code = """
import gi
gi.require_version("Secret", "1")
from gi.repository import Secret
schema = Secret.Schema.new("io.github.shopperapp.Shopper.TestProbe", Secret.SchemaFlags.NONE,
                           {"probe": Secret.SchemaAttributeType.STRING})
attrs = {"probe": "caldav_servers"}
assert Secret.password_store_sync(schema, attrs, Secret.COLLECTION_DEFAULT, "probe", "p-1", None)
assert Secret.password_lookup_sync(schema, attrs, None) == "p-1"
assert Secret.password_clear_sync(schema, attrs, None)
"""
        try:
            r = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, timeout=20)
        except subprocess.TimeoutExpired:
            self.error = "libsecret store/lookup timed out (a prompt?)"
            return False
        if r.returncode != 0:
            self.error = "libsecret store/lookup failed: " + r.stderr[-1500:]
            return False
        return True

    def restart(self):
        """The daemon ends and starts again on the same keyring, as after a crash or a new login."""
        _end(self.proc)
        self.proc = None
        end = time.monotonic() + READY_TIMEOUT
        while self._name_has_owner() and time.monotonic() < end:
            time.sleep(0.1)
        return self.start()

    def stop(self):
        _end(self.proc)
        self.proc = None
        if self.dir:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None


class Servers:
    """Starts, stops and describes the servers; also a context manager that removes everything."""

    KINDS = {"radicale": Radicale, "xandikos": Xandikos}

    def __init__(self, names=("radicale", "xandikos"), keyring=False):
        self.servers = {name: self.KINDS[name]() for name in names}
        self.keyring = Keyring() if keyring else None
        self.keyring_ok = False

    def _names(self, name):
        return list(self.servers) if name is None else [name]

    def start(self, name=None):
        for n in self._names(name):
            self.servers[n].start()
        if name is None and self.keyring and not self.keyring_ok:
            self.keyring_ok = self.keyring.start()

    def stop(self, name=None):
        for n in self._names(name):
            self.servers[n].stop()

    def pause(self, name):
        self.servers[name].pause()

    def resume(self, name):
        self.servers[name].resume()

    def url(self, name):
        return self.servers[name].url

    def info(self):
        d = {n: s.info() for n, s in self.servers.items()}
        d["keyring"] = self.keyring_ok
        if self.keyring and self.keyring.error:
            d["keyring_error"] = self.keyring.error
        if self.keyring and self.keyring.note:
            d["keyring_note"] = self.keyring.note
        return d

    def close(self):
        for s in self.servers.values():
            s.remove()
        if self.keyring:
            self.keyring.stop()

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()


# --- The authenticating reverse proxy in front of Xandikos ------------------------------------------

HOP_BY_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te",
              "trailers", "transfer-encoding", "upgrade", "content-length"}


def run_proxy(listen_port, backend_port, htpasswd, fault_file=None):
    """The password check in front of Xandikos, and the faults tests ask for in `fault_file`:
    "put-500 N": the next N PUTs reach the server (and are applied) but are answered 500;
    "503": every request is answered 503 Service Unavailable, as a server down for maintenance."""
    fault_lock = threading.Lock()

    def take_fault(method):
        if not fault_file:
            return None
        with fault_lock:
            try:
                with open(fault_file) as f:
                    words = f.read().split()
            except OSError:
                return None
            if words == ["503"]:
                return "503"
            if len(words) == 2 and words[0] == "put-500" and method == "PUT" and int(words[1]) > 0:
                with open(fault_file, "w") as f:
                    f.write(f"put-500 {int(words[1]) - 1}")
                return "put-500"
        return None

    with open(htpasswd) as f:
        users = dict(line.rstrip("\n").split(":", 1) for line in f if ":" in line)
    accepted = {"Basic " + base64.b64encode(f"{u}:{p}".encode()).decode() for u, p in users.items()}

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def __getattr__(self, attr):  # do_GET, do_PROPFIND, do_MKCALENDAR, ...: every method
            if attr.startswith("do_"):
                return self.forward
            raise AttributeError(attr)

        def read_body(self):
            if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                parts = []
                while True:
                    size = int(self.rfile.readline().split(b";")[0], 16)
                    if size == 0:
                        while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                            pass
                        return b"".join(parts)
                    parts.append(self.rfile.read(size))
                    self.rfile.readline()
            if "Content-Length" in self.headers:
                return self.rfile.read(int(self.headers["Content-Length"]))
            return None

        def reply(self, status, headers, body):
            self.send_response_only(status)
            for k, v in headers:
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def forward(self):
            body = self.read_body()
            if self.headers.get("Authorization", "").strip() not in accepted:
                self.reply(401, [("WWW-Authenticate", 'Basic realm="Xandikos"'),
                                 ("Content-Type", "text/plain; charset=utf-8")], b"Unauthorized")
                return
            fault = take_fault(self.command)
            if fault == "503":
                self.reply(503, [("Retry-After", "3600"), ("Content-Type", "text/plain")], b"Down for maintenance")
                return
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            conn = http.client.HTTPConnection(HOST, backend_port, timeout=120)
            try:
                conn.request(self.command, self.path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
            except OSError as e:
                self.reply(502, [("Content-Type", "text/plain")], f"backend: {e}".encode())
                return
            finally:
                conn.close()
            if fault == "put-500":
                self.reply(500, [("Content-Type", "text/plain")], b"Internal Server Error (after the write)")
                return
            self.send_response_only(resp.status, resp.reason)
            length = str(len(data))
            for k, v in resp.getheaders():
                if k.lower() == "content-length" and self.command == "HEAD":
                    length = v  # what a GET would bring
                elif k.lower() not in HOP_BY_HOP:
                    self.send_header(k, v)
            self.send_header("Content-Length", length)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)

    server = http.server.ThreadingHTTPServer((HOST, listen_port), Handler)
    server.daemon_threads = True
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        server.serve_forever()
    finally:
        server.server_close()


# --- Command line -----------------------------------------------------------------------------------

def main(argv):
    if argv[:1] == ["_proxy"]:
        run_proxy(int(argv[1]), int(argv[2]), argv[3], argv[4] if len(argv) > 4 else None)
        return 0
    import argparse
    parser = argparse.ArgumentParser(description="Start Radicale and Xandikos for the sync tests.")
    parser.add_argument("--only", choices=sorted(Servers.KINDS))
    parser.add_argument("--keyring", action="store_true",
                        help="start a gnome-keyring Secret Service in the current D-Bus session")
    args = parser.parse_args(argv)

    def quit_(*_):
        raise SystemExit(0)
    signal.signal(signal.SIGTERM, quit_)
    signal.signal(signal.SIGINT, quit_)

    servers = Servers([args.only] if args.only else list(Servers.KINDS), keyring=args.keyring)
    try:
        servers.start()
        print(json.dumps(servers.info()), flush=True)
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            try:
                if words == ["info"]:
                    print(json.dumps(servers.info()), flush=True)
                    continue
                if len(words) >= 3 and words[0] == "fault" and words[1] == "xandikos" and "xandikos" in servers.servers:
                    servers.servers["xandikos"].fault(words[2:] if words[2:] != ["none"] else [])
                    print("ok", flush=True)
                    continue
                if len(words) != 2 or words[0] not in ("start", "stop", "pause", "resume") \
                        or words[1] not in servers.servers:
                    raise ValueError(f"unknown command {line.strip()!r}")
                getattr(servers, words[0])(words[1])
                print("ok", flush=True)
            except Exception as e:  # noqa: BLE001 - report and keep serving
                print("error: " + str(e).replace("\n", " | "), flush=True)
    finally:
        servers.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
