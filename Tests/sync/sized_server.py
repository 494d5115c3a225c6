"""A web server on 127.0.0.1 that answers with exactly as many bytes as asked, for the tests of the
network's response-size cap (`SizedAnswerTests`): an answer of the cap must be read whole, one of a
byte more refused, whether its size is declared or not.

    /usr/bin/python3 Tests/sync/sized_server.py

Prints ONE JSON line {"url": "http://127.0.0.1:PORT/", "port": PORT} and serves until stdin closes
(or its parent dies). Any method is answered (a CalDAV client's GET, PROPFIND or REPORT alike):

    /bytes/N      200, N bytes of "a", no Content-Length: the body ends when the connection closes,
                  so only the reader's count stops it
    /declared/N   200, Content-Length: N, then the N bytes
"""

import ctypes
import http.server
import json
import signal
import sys
import threading

CHUNK = b"a" * 65536


class Handler(http.server.BaseHTTPRequestHandler):
    # HTTP/1.0: an answer without Content-Length ends when the connection closes.
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def __getattr__(self, attr):  # do_GET, do_PROPFIND, ...: every method is answered alike
        if attr.startswith("do_"):
            return self.answer
        raise AttributeError(attr)

    def answer(self):
        length = self.headers.get("Content-Length")
        if length:
            self.rfile.read(int(length))
        parts = self.path.strip("/").split("/")
        if len(parts) != 2 or parts[0] not in ("bytes", "declared") or not parts[1].isdigit():
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        n = int(parts[1])
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        if parts[0] == "declared":
            self.send_header("Content-Length", str(n))
        self.end_headers()
        try:
            while n > 0:
                part = CHUNK[:min(n, len(CHUNK))]
                self.wfile.write(part)
                n -= len(part)
        except OSError:
            pass  # the reader stopped at its cap


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


def main():
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass  # stdin EOF still ends us
    server = Server(("127.0.0.1", 0), Handler)  # port 0: the kernel picks a free one, no race
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    print(json.dumps({"url": f"http://127.0.0.1:{port}/", "port": port}), flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main()
