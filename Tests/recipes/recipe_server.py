"""A small web server for the recipe import tests, on 127.0.0.1 only.

    /usr/bin/python3 Tests/recipes/recipe_server.py FIXTURES_FOLDER

Prints ONE JSON line {"url": "http://127.0.0.1:PORT/", "port": PORT, "log": "/tmp/.../requests.log"}
and serves until stdin closes (or its parent dies). The log gets each request's path, one a line,
written before the answer: a test can tell that an address was never asked for.

    /page/NAME       the fixture NAME (text/html, or application/json for *.json)
    /slow            200 and headers at once, then one byte every 2 s for 120 s
    /huge            6 MB of HTML, chunked (no Content-Length: only the cap stops it)
    /huge-declared   Content-Length: 6 MB, the body never sent
    /missing         404 Not Found
    /redirect/NAME   302 to /page/NAME (relative)
    /redirect-plain  302 to http://localhost.:PORT/plain-redirected (a plain http address that is
                     not this machine as Shopper reads it: never to be followed)
    /redirect-loop   302 to itself
    /redirect-to?ADDRESS  302 to ADDRESS (the test's own: a redirect it wants checked)
    /hostile/NAME    a hostile page of hostile_pages.py, made when asked for
"""

import ctypes
import http.server
import json
import os
import signal
import sys
import tempfile
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile_pages  # noqa: E402

LOG_PATH = ""
LOCK = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    folder = "."

    def log_message(self, *args):
        pass

    def send(self, status, body, kind="text/html; charset=utf-8", extra=()):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location):
        self.send(302, b"", extra=[("Location", location)])

    def do_GET(self):
        path = self.path
        with LOCK, open(LOG_PATH, "a", encoding="utf-8") as log:
            log.write(path + "\n")
        port = self.server.server_address[1]
        if path.startswith("/page/"):
            name = os.path.basename(path[len("/page/"):])
            try:
                with open(os.path.join(self.folder, name), "rb") as f:
                    body = f.read()
            except OSError:
                return self.send(404, b"no such fixture")
            return self.send(200, body, "application/json" if name.endswith(".json") else "text/html; charset=utf-8")
        if path.startswith("/redirect/"):
            return self.redirect("/page/" + path[len("/redirect/"):])
        if path == "/redirect-plain":
            return self.redirect(f"http://localhost.:{port}/plain-redirected")
        if path.startswith("/redirect-to?"):
            return self.redirect(urllib.parse.unquote(path[len("/redirect-to?"):]))
        if path.startswith("/hostile/") and path[len("/hostile/"):] in hostile_pages.PAGES:
            body, kind = hostile_pages.page(path[len("/hostile/"):])
            return self.send(200, body, kind)
        if path == "/redirect-loop":
            return self.redirect("/redirect-loop")
        if path == "/missing":
            return self.send(404, b"<html><body>Not here</body></html>")
        if path == "/slow":
            return self.slow()
        if path == "/huge":
            return self.huge()
        if path == "/huge-declared":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(6 << 20))
            self.end_headers()
            time.sleep(30)
            return
        self.send(404, b"unknown")

    def slow(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", "1000")
        self.end_headers()
        try:
            for _ in range(60):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(2)
        except OSError:
            pass

    def huge(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = b"<p>" + b"x" * 65_000 + b"</p>\n"
        try:
            for _ in range((6 << 20) // len(chunk) + 1):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: recipe_server.py FIXTURES_FOLDER")
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass  # stdin EOF still ends us
    global LOG_PATH
    LOG_PATH = os.path.join(tempfile.mkdtemp(prefix="shopper-recipes-"), "requests.log")
    open(LOG_PATH, "w").close()
    Handler.folder = argv[1]
    server = Server(("127.0.0.1", 0), Handler)  # port 0: the kernel picks a free one, no race
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    print(json.dumps({"url": f"http://127.0.0.1:{port}/", "port": port, "log": LOG_PATH}), flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main(sys.argv)
