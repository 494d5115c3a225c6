"""Servers that misbehave on purpose, for the sync's safety tests (loopback only).

    /usr/bin/python3 Tests/sync/fake_servers.py tls|redirect

tls: an HTTPS server with a self-signed certificate (made with openssl into a temporary folder);
     a client that checks certificates must refuse it.
redirect: http://127.0.0.1:PORT/ answers every request with 301 to http://127.0.0.2:PORT2/, where
     a second server notes whether the request carried an Authorization header.
Prints one JSON line ({"url": ..., "log": FILE}) and serves until stdin closes; FILE then holds one
line per request the second server got: "auth" or "no-auth".
"""

import http.server
import json
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import threading


def free_port(host):
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def serve(server):
    threading.Thread(target=server.serve_forever, daemon=True).start()


def main(mode):
    folder = tempfile.mkdtemp(prefix="shopper-fake-")
    log = os.path.join(folder, "requests.log")
    open(log, "w").close()

    class Elsewhere(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def __getattr__(self, attr):
            if attr.startswith("do_"):
                return self.answer
            raise AttributeError(attr)

        def answer(self):
            with open(log, "a") as f:
                f.write(("auth" if self.headers.get("Authorization") else "no-auth") + "\n")
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Basic realm="elsewhere"')
            self.send_header("Content-Length", "0")
            self.end_headers()

    if mode == "tls":
        cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                        "-days", "1", "-subj", "/CN=127.0.0.1"], check=True, capture_output=True)
        port = free_port("127.0.0.1")
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Elsewhere)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
        serve(server)
        url = f"https://127.0.0.1:{port}/"
    else:
        other = free_port("127.0.0.2")
        serve(http.server.ThreadingHTTPServer(("127.0.0.2", other), Elsewhere))

        class Redirect(Elsewhere):
            def answer(self):
                self.send_response(301)
                self.send_header("Location", f"http://127.0.0.2:{other}{self.path}")
                self.send_header("Content-Length", "0")
                self.end_headers()

        port = free_port("127.0.0.1")
        serve(http.server.ThreadingHTTPServer(("127.0.0.1", port), Redirect))
        url = f"http://127.0.0.1:{port}/"
    print(json.dumps({"url": url, "log": log}), flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main(sys.argv[1])
