"""Two https servers for the DNS-rebinding test, run inside the test's own network namespace:

    /usr/bin/python3 Tests/recipes/rebinding_server.py CERT KEY OUTSIDE_ADDRESS

On OUTSIDE_ADDRESS:443 (an Internet address the namespace gives its loopback) `/page` answers 302
to https://inside.test:8443/recipe and `/recipe` answers the recipe; on 127.0.0.1:8443 `/recipe`
answers a recipe page. The test's hosts file makes recipes.test the outside address and
inside.test 127.0.0.1; its CA signs CERT for both. Prints "ready" once both listen, and serves until killed."""

import http.server
import ssl
import sys
import threading

RECIPE = b"""<html><head><script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Recipe", "name": "Rebound Pancakes", "recipeYield": "4",
 "recipeIngredient": ["2 eggs", "250 g flour"], "recipeInstructions": "Mix and fry."}
</script></head><body>Pancakes</body></html>"""


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/page":
            self.send_response(302)
            self.send_header("Location", "https://inside.test:8443/recipe")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(RECIPE)))
        self.end_headers()
        self.wfile.write(RECIPE)

    def log_message(self, *args):
        pass


def serve(address, port, context):
    server = http.server.ThreadingHTTPServer((address, port), Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()


cert, key, outside = sys.argv[1:4]
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(cert, key)
serve(outside, 443, context)
serve("127.0.0.1", 8443, context)
print("ready", flush=True)
threading.Event().wait()
