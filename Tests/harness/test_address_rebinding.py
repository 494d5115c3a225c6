"""End-to-end: a recipe page on the Internet cannot send Shopper's helper to this computer by a
name. The helper checks every redirect on its address as written (`AddressPlace`); a name is
Internet as written, so a page redirecting to `inside.test`, a name that resolves to 127.0.0.1
(DNS rebinding does the same with a name that resolved outward a moment before), was followed.
Now every connection is checked on the address it reached (`ConnectLimit`), before a byte is sent.

The Internet is made here: the test runs the import in a network and mount namespace of its own
(`unshare`), where an Internet address (198.51.100.7, TEST-NET-2) is on the loopback, a hosts file
names recipes.test and inside.test, and the system's CA bundle is the test's own CA (made with
openssl here), so the helper's TLS checks pass as they would on the Internet."""

import os
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.environ.get("SHOPPER_BIN", os.path.join(ROOT, ".build", "debug", "shopper"))
SERVER = os.path.join(ROOT, "Tests", "recipes", "rebinding_server.py")
OUTSIDE = "198.51.100.7"


def openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def make_certificates(folder):
    """A CA, and a certificate it signs for recipes.test and inside.test."""
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
            "-subj", "/CN=Shopper Test CA", cwd=folder)
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr",
            "-subj", "/CN=recipes.test", cwd=folder)
    with open(os.path.join(folder, "ext"), "w") as f:
        f.write("subjectAltName=DNS:recipes.test,DNS:inside.test\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "server.pem", "-days", "2", "-extfile", "ext", cwd=folder)


class AddressRebinding(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="shopper-rebinding-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)
        make_certificates(self.dir)
        with open(os.path.join(self.dir, "hosts"), "w") as f:
            f.write(f"127.0.0.1 localhost\n{OUTSIDE} recipes.test\n127.0.0.1 inside.test\n")

    def import_in_namespace(self, address):
        """`shopper recipe import --dry-run ADDRESS` (read and printed, not kept) inside the made Internet;
        its exit code and output."""
        d = self.dir
        script = f"""
            set -e
            ip link set lo up
            ip addr add {OUTSIDE}/32 dev lo
            mount --bind {d}/hosts /etc/hosts
            mount --bind {d}/ca.pem /etc/ssl/certs/ca-certificates.crt
            /usr/bin/python3 {SERVER} {d}/server.pem {d}/server.key {OUTSIDE} > {d}/ready 2> {d}/server.log < /dev/null &
            server=$!
            for i in $(seq 100); do grep -q ready {d}/ready 2>/dev/null && break; sleep 0.1; done
            set +e
            SHOPPER_DATA_DIR={d}/data "{BIN}" recipe import --dry-run "{address}"
            echo "exit=$?"
            kill $server
        """
        env = {k: v for k, v in os.environ.items() if k != "DBUS_SESSION_BUS_ADDRESS"}
        env["LANG"] = "C.UTF-8"
        r = subprocess.run(["unshare", "--net", "--mount", "bash", "-c", script], env=env, capture_output=True,
                           text=True, timeout=120)
        self.assertIn("exit=", r.stdout, r.stderr)
        return int(r.stdout.rsplit("exit=", 1)[1].split()[0]), r.stdout + r.stderr

    def test_a_page_on_the_internet_cannot_redirect_to_a_name_on_this_computer(self):
        # The made Internet works: the page on the outside address is read.
        code, said = self.import_in_namespace("https://recipes.test/recipe")
        self.assertEqual(code, 0, said)
        self.assertIn("Rebound Pancakes", said)
        # A name the person gives that leads to this computer is theirs to ask for.
        code, said = self.import_in_namespace("https://inside.test:8443/recipe")
        self.assertEqual(code, 0, said)
        # A redirect from the Internet to that name is not followed: nothing is sent to it.
        code, said = self.import_in_namespace("https://recipes.test/page")
        self.assertEqual(code, 1, said)
        self.assertIn("https://inside.test:8443/recipe, on this computer or its local network; it was not followed", said)
        self.assertNotIn("Rebound Pancakes", said)


if __name__ == "__main__":
    unittest.main()
