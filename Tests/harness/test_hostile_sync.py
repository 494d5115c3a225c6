"""End-to-end: `shopper share` and `shopper sync`, the real command line, against a CalDAV server
that answers badly on purpose (Tests/sync/hostile_server.py, 127.0.0.1 only). Each case asserts
what a person meets: the time the command took, its exit status and its one line, the peak memory
of the process, the requests the server saw (none outside the task list, every replace with
If-Match), and every local item kept. Deadlines are shortened with SHOPPER_SYNC_DEADLINE so a case
takes seconds, not the minute a real sync may."""

import csv
import io
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import unittest

from shopper_harness import ROOT

sys.path.insert(0, os.path.join(ROOT, "Tests", "sync"))
from caldav_servers import Keyring  # noqa: E402

BIN = os.environ.get("SHOPPER_BIN", os.path.join(ROOT, ".build", "debug", "shopper"))
SERVER = os.path.join(ROOT, "Tests", "sync", "hostile_server.py")
COLLECTION = "/alice/calendars/groceries/"
# Discovery may ask these; nothing else outside the collection.
DISCOVERY = {"/", "/.well-known/caldav", "/alice/", "/alice/calendars/"}


class Hostile:
    """One hostile server in a mode; its answers and the requests it saw."""

    def __init__(self, mode):
        self.proc = subprocess.Popen(["/usr/bin/python3", SERVER, mode], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.info = json.loads(self.proc.stdout.readline())

    def requests(self):
        with open(self.info["log"]) as f:
            return [json.loads(line) for line in f if line.strip()]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(10)
        shutil.rmtree(os.path.dirname(self.info["log"]), ignore_errors=True)


class Run:
    """A finished command: status, output, seconds and peak RSS (MB, from wait4)."""

    def __init__(self, args, env, stdin=None, timeout=150):
        start = time.monotonic()
        p = subprocess.Popen([BIN, *args], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = [], []
        readers = [threading.Thread(target=lambda s=s, b=b: b.append(s.read())) for s, b in ((p.stdout, out), (p.stderr, err))]
        for r in readers:
            r.start()
        if stdin:
            p.stdin.write(stdin.encode())
        p.stdin.close()
        timer = threading.Timer(timeout, p.kill)
        timer.start()
        _, status, usage = os.wait4(p.pid, 0)
        timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        for r in readers:
            r.join()
        self.status, self.seconds, self.rss_mb = p.returncode, time.monotonic() - start, usage.ru_maxrss / 1024
        self.out, self.err = out[0].decode(errors="replace"), err[0].decode(errors="replace")

    def __repr__(self):
        return f"exit {self.status} in {self.seconds:.1f} s, {self.rss_mb:.0f} MB: {self.out.strip()!r} {self.err.strip()!r}"


class HostileServers(unittest.TestCase):
    keyring = None

    @classmethod
    def setUpClass(cls):
        cls.keyring = Keyring()
        if not cls.keyring.start():
            raise unittest.SkipTest(f"no keyring: {cls.keyring.error}")

    @classmethod
    def tearDownClass(cls):
        cls.keyring.stop()

    def setUp(self):
        self.data = tempfile.mkdtemp(prefix="shopper-hostile-")
        self.servers = []

    def tearDown(self):
        for s in self.servers:
            s.close()
        shutil.rmtree(self.data, ignore_errors=True)

    def fresh_data(self):
        """An empty data folder again, for the next subtest."""
        shutil.rmtree(self.data, ignore_errors=True)
        os.makedirs(self.data)

    def server(self, mode):
        s = Hostile(mode)
        self.servers.append(s)
        return s

    def shopper(self, *args, deadline=4, stdin=None):
        env = dict(os.environ, SHOPPER_DATA_DIR=self.data, SHOPPER_SYNC_DEADLINE=str(deadline))
        return Run(args, env, stdin=stdin)

    def items(self):
        r = self.shopper("export")
        self.assertEqual(r.status, 0, r)
        return sorted(row[0] for row in list(csv.reader(io.StringIO(r.out)))[1:])

    def shared(self, mode, local=("Pepper", "Salt"), deadline=4):
        """Local items, then the list shared with the server (its first sync may fail: the mode's
        doing); returns the server and the share's run."""
        for item in local:
            self.assertEqual(self.shopper("add", item).status, 0)
        s = self.server(mode)
        r = self.shopper("share", s.info["url"], s.info["user"], stdin=s.info["password"] + "\n", deadline=deadline)
        return s, r

    def assert_contained(self, s):
        """No request left the collection (discovery aside), none went to another host, and no
        replace went without If-Match."""
        port = s.info["url"].rstrip("/").rsplit(":", 1)[1]
        for req in s.requests():
            self.assertEqual(req["host"].rsplit(":", 1)[1], port, f"a request to another server: {req}")
            inside = req["path"].startswith(COLLECTION) or (req["method"] in ("PROPFIND", "OPTIONS") and req["path"] in DISCOVERY)
            self.assertTrue(inside, f"a request outside the task list: {req}")
            if req["method"] == "PUT":
                self.assertTrue(req["if_match"] or req["if_none_match"] == "*", f"a PUT with no precondition: {req}")

    def test_a_byte_every_five_seconds_meets_the_deadline_and_a_second_sync_waits(self):
        s, _ = self.shared("slow")
        results = {}
        first = threading.Thread(target=lambda: results.update(first=self.shopper("sync", deadline=6)))
        first.start()
        # Once the first holds the list's lock (the status says so), a second one starts.
        end = time.monotonic() + 5
        status = self.shopper("share", "--status")
        while "Syncing…" not in status.out and time.monotonic() < end:
            status = self.shopper("share", "--status")
        second = self.shopper("sync", deadline=6)
        first.join()
        r = results["first"]
        self.assertIn("Syncing…", status.out, status)
        self.assertIn("Groceries", status.out)
        self.assertIn(f"alice on {s.info['url']}", status.out, "where the list is shared")
        self.assertEqual(r.status, 1, r)
        self.assertLess(r.seconds, 6 + 3, r)
        self.assertIn("was too slow", r.err, r)
        self.assertIn("is running; waiting for it to end", second.err, second)
        self.assertLess(second.seconds, 2 * (6 + 3), second)
        self.assertEqual(self.items(), ["Pepper", "Salt"])
        status = self.shopper("share", "--status")
        self.assertIn("was too slow", status.out, status)
        self.assertIn("2 changes waiting", status.out, status)

    def test_a_reply_that_never_ends_is_cut(self):
        s, _ = self.shared("endless", deadline=10)
        r = self.shopper("sync", deadline=10)
        self.assertEqual(r.status, 1, r)
        self.assertLess(r.seconds, 13, r)
        self.assertLess(r.rss_mb, 150, r)
        self.assertTrue("too large" in r.err or "too slow" in r.err, r)
        self.assert_contained(s)

    def test_six_hundred_oversized_tasks_are_skipped_once_each_in_bounded_memory(self):
        s, share = self.shared("oversized", deadline=40)
        self.assertEqual(share.status, 0, share)
        self.assertLess(share.rss_mb, 150, share)
        print(f"\n600 tasks of 300 KB: {share}")
        self.assertIn("600 unreadable tasks skipped", share.out, share)
        self.assertEqual(self.items(), ["Bread", "Eggs", "Milk", "Pepper", "Salt"])
        self.assert_contained(s)

    def test_one_task_with_bad_bytes_or_bad_xml_never_blocks_the_list(self):
        for mode, readable in (("badbytes", True), ("brokenxml", False)):
            with self.subTest(mode=mode):
                self.fresh_data()
                s, share = self.shared(mode)
                self.assertEqual(share.status, 0, share)
                items = self.items()
                for name in ("Milk", "Bread", "Eggs", "Pepper", "Salt"):
                    self.assertIn(name, items, share)
                if not readable:
                    self.assertIn("1 unreadable tasks skipped", share.out, share)
                # Local changes still go up, and every later sync goes through.
                self.assertEqual(self.shopper("add", "--to", "groceries", "Cumin").status, 0)
                again = self.shopper("sync")
                self.assertEqual(again.status, 0, again)
                self.assertTrue(any(r["method"] == "PUT" and r["path"].startswith(COLLECTION) for r in s.requests()))
                self.assert_contained(s)

    def test_hrefs_off_the_collection_are_never_requested(self):
        s, share = self.shared("offhost")
        self.assertEqual(share.status, 0, share)
        self.assertEqual(self.shopper("add", "--to", "groceries", "Cumin").status, 0)
        self.assertEqual(self.shopper("sync").status, 0)
        self.assert_contained(s)
        self.assertNotIn("Away", self.items())
        status = self.shopper("share", "--status")
        self.assertIn("outside the task list", status.out, status)

    def test_an_etag_with_a_line_break_counts_as_none(self):
        s, share = self.shared("etagcrlf")
        self.assertEqual(share.status, 0, share)
        self.assertEqual(self.shopper("add", "Milk @ 2.50").status, 0)  # Milk is known: an edit
        r = self.shopper("sync")
        self.assertEqual(r.status, 0, r)
        puts = [q for q in s.requests() if q["method"] == "PUT"]
        self.assertTrue(puts)
        # Before, libsoup refused the If-Match built from the ETag and the PUT went out with no
        # precondition at all (assert_contained checks every PUT has one).
        for q in puts:
            self.assertNotIn("Injected", q["if_match"] or "")
        self.assert_contained(s)

    def test_a_token_that_changes_every_time_converges(self):
        s, share = self.shared("tokenchurn")
        for _ in range(3):
            r = self.shopper("sync")
            self.assertEqual(r.status, 0, r)
        self.assertEqual(self.items(), ["Bread", "Eggs", "Milk", "Pepper", "Salt"])
        self.assert_contained(s)

    def test_every_put_refused_says_why_and_the_changes_wait(self):
        s, share = self.shared("put412")
        self.assertEqual(share.status, 1, share)
        # The two items made here, and the server's three placed in their aisles here (a synced
        # task without one gets it, and sends it back up): five changes, each refused and kept.
        self.assertIn("refused 5 changes", share.err, share)
        status = self.shopper("share", "--status")
        self.assertIn("5 changes waiting", status.out, status)
        self.assertEqual(self.items(), ["Bread", "Eggs", "Milk", "Pepper", "Salt"])

    def test_server_errors_are_named_with_their_code(self):
        for mode, said in (("storm500", "500"), ("storm503", "503 Service Unavailable")):
            with self.subTest(mode=mode):
                self.fresh_data()
                s, share = self.shared(mode)
                r = self.shopper("sync")
                self.assertEqual(r.status, 1, r)
                self.assertIn(said, r.err, r)
                status = self.shopper("share", "--status")
                self.assertIn(f"the server answered {said}", status.out, status)
                self.assertNotIn("not answering", status.out, "it answered")
                self.assertEqual(self.items(), ["Pepper", "Salt"])

    def test_a_password_refused_after_a_good_sync_keeps_everything(self):
        s, share = self.shared("auth401after")
        r = self.shopper("sync")
        self.assertEqual(r.status, 1, r)
        self.assertIn("refused the user name or password", r.err, r)
        self.assertTrue({"Pepper", "Salt"} <= set(self.items()))

    def test_discovery_that_leads_off_the_server_stores_nothing(self):
        for mode, said in (("discoveryoffhost", "127.0.0.2"), ("discovery503", "503")):
            with self.subTest(mode=mode):
                self.fresh_data()
                s, share = self.shared(mode)
                self.assertEqual(share.status, 1, share)
                self.assertIn(said, share.err, share)
                self.assertNotIn("does not offer CalDAV", share.err, share)
                self.assertIn("No list is shared", self.shopper("share", "--status").out)
                self.assert_contained(s)

    def test_a_redirect_to_another_port_names_the_port(self):
        s, share = self.shared("redirectport")
        self.assertEqual(share.status, 1, share)
        port = s.info["other2"].rstrip("/").rsplit(":", 1)[1]
        self.assertIn(f"127.0.0.1:{port}", share.err, share)
        self.assertFalse([q for q in s.requests() if q["host"].endswith(port) and q["auth"]], "the password went there")

    def test_one_task_cannot_make_thousands_of_stores_or_a_huge_item(self):
        for mode in ("stores10k", "bigsummary", "manycategories"):
            with self.subTest(mode=mode):
                self.fresh_data()
                s, share = self.shared(mode)
                self.assertEqual(share.status, 0, share)
                db = sqlite3.connect(f"file:{os.path.join(self.data, 'shopper.sqlite')}?mode=ro", uri=True)
                try:
                    stores = db.execute("SELECT count(*) FROM shop").fetchone()[0]
                    longest = db.execute("SELECT max(length(description)) FROM item").fetchone()[0]
                finally:
                    db.close()
                self.assertLessEqual(stores, 20, f"{mode}: {stores} stores")
                self.assertLessEqual(longest, 200, mode)
                status = self.shopper("share", "--status").out
                # Cut to what an item keeps, or (a megabyte of summary) skipped: named either way.
                if mode == "stores10k":
                    self.assertIn("were cut", status)
                if mode == "bigsummary":
                    self.assertIn("bigsummary.ics (larger than 256 KB)", status)


if __name__ == "__main__":
    unittest.main()
