"""End-to-end: several real processes on one list at once, a window killed mid-stream, a full disk,
a read-only store. Whatever `shopper add` reported as saved must be there afterwards, exactly once."""

import csv
import io
import os
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import threading
import time
import unittest

from gi.repository import Atspi

from shopper_harness import Shopper, wait_for

LABEL = Atspi.Role.LABEL
BIN = os.environ.get("SHOPPER_BIN", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "shopper"))
# A process that cannot reach the window over D-Bus (cron, ssh): it writes to the store itself.
NO_BUS = {k: v for k, v in os.environ.items() if k != "DBUS_SESSION_BUS_ADDRESS"}


def shopper(*args, data_dir, env=None, timeout=150, prefix=()):
    e = dict(env if env is not None else os.environ, SHOPPER_DATA_DIR=data_dir)
    return subprocess.run([*prefix, BIN, *args], env=e, capture_output=True, text=True, timeout=timeout)


def stored(data_dir):
    """The descriptions in the store, through the read-only export."""
    r = shopper("export", data_dir=data_dir)
    assert r.returncode == 0, r.stderr
    return [row[0] for row in list(csv.reader(io.StringIO(r.stdout)))[1:]]


def integrity(data_dir):
    db = sqlite3.connect(f"file:{os.path.join(data_dir, 'shopper.sqlite')}?mode=ro", uri=True)
    try:
        return db.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        db.close()


class Adder:
    """Runs `shopper add` for each name in turn on a thread; keeps what was acknowledged (exit 0) and
    what was refused, with the message."""

    def __init__(self, names, data_dir, env=None):
        self.names, self.data_dir, self.env = names, data_dir, env
        self.acknowledged, self.refused = [], []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run)

    def run(self):
        for name in self.names:
            if self.stop.is_set():
                return
            r = shopper("add", name, data_dir=self.data_dir, env=self.env)
            (self.acknowledged if r.returncode == 0 else self.refused).append((name, r.stderr.strip()))

    def start(self):
        self.thread.start()
        return self

    def join(self):
        self.thread.join()
        return self


class ConcurrentWriters(unittest.TestCase):
    def assert_all_there_once(self, adders, data_dir):
        names = stored(data_dir)
        acknowledged = [n for a in adders for n, _ in a.acknowledged]
        missing = [n for n in acknowledged if names.count(n) != 1]
        self.assertEqual(missing, [], f"{len(missing)} of {len(acknowledged)} acknowledged adds lost or doubled")
        self.assertEqual(integrity(data_dir), "ok")
        return acknowledged

    def test_window_bus_adds_and_a_direct_writer_at_once(self):
        with Shopper() as app:
            # Without the bus the add goes to the store; the open window shows it by itself.
            r = shopper("add", "Cron item", data_dir=app.data_dir, env=NO_BUS)
            self.assertEqual((r.returncode, r.stdout.strip()), (0, "Added “Cron item”."), r.stderr)
            app.one(LABEL, name="Cron item", root=app.page("All Items"), timeout=5)
            # The window's own next add takes a new id: it does not replace the cron item.
            app.add_items("Window item")
            app.one(LABEL, name="Window item", root=app.page("All Items"))
            self.assertTrue(app.all(LABEL, name="Cron item", root=app.page("All Items")))

            # 8 processes x 100 adds through the window, and a writer without the bus, all at once.
            adders = [Adder([f"Bus {p} {i}" for i in range(100)], app.data_dir).start() for p in range(8)]
            adders.append(Adder([f"Direct {i}" for i in range(100)], app.data_dir, env=NO_BUS).start())
            for a in adders:
                a.join()
            refused = [r for a in adders for r in a.refused]
            self.assertEqual(refused, [], "nothing is refused: a busy store is waited for")
            acknowledged = self.assert_all_there_once(adders, app.data_dir)
            self.assertEqual(len(acknowledged), 900)
            self.assertEqual(set(stored(app.data_dir)) - set(acknowledged), {"Cron item", "Window item"})
            self.assertIsNone(app.proc.poll(), "the window is still running")

    def test_a_window_killed_during_a_stream_of_adds_loses_none_it_confirmed(self):
        data = tempfile.mkdtemp(prefix="shopper-kill-")
        adders = []
        try:
            for run in range(3):
                app = Shopper(data_dir=data).__enter__()
                adder = Adder([f"Kill {run} {i}" for i in range(400)], data).start()
                adders.append(adder)
                wait_for(lambda: len(adder.acknowledged) >= 30 + 10 * run, 60, "adds confirmed by the window")
                os.kill(app.proc.pid, signal.SIGKILL)
                app.proc.wait()
                # Adds after the kill find no window and write to the store themselves.
                count = len(adder.acknowledged) + len(adder.refused)
                wait_for(lambda: len(adder.acknowledged) + len(adder.refused) >= count + 5, 60, "adds after the kill")
                adder.stop.set()
                adder.join()
                app.proc = None
                app.log.close()
                wait_for(lambda: not app_name_owned(), 10, "the killed window's name to go")
                for _, message in adder.refused:
                    # Refused only when the answer was lost with the window: said so, one line.
                    self.assertEqual(len(message.splitlines()), 1, message)
                    self.assertIn("may not have been added", message)
            acknowledged = self.assert_all_there_once(adders, data)
            print(f"\n  SIGKILL runs: 3, adds confirmed: {len(acknowledged)}, lost: 0, "
                  f"unconfirmed: {sum(len(a.refused) for a in adders)}")
        finally:
            shutil.rmtree(data, ignore_errors=True)

    def test_a_full_disk_is_a_clear_error_and_the_app_recovers(self):
        if os.geteuid() != 0:
            self.skipTest("mounting a small tmpfs for the store needs root (CI runs as root)")
        mount = tempfile.mkdtemp(prefix="shopper-full-")
        r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", mount], capture_output=True, text=True)
        if r.returncode != 0:
            self.skipTest(f"cannot mount a tmpfs here: {r.stderr.strip()}")
        try:
            data = os.path.join(mount, "data")
            os.mkdir(data)
            with Shopper(data_dir=data) as app:
                before = Adder([f"Before {i}" for i in range(5)], data).start().join()
                self.assertEqual(before.refused, [])
                fill(os.path.join(mount, "filler"))
                full = Adder([f"Full {i}" for i in range(300)], data)
                for name in full.names:
                    r = shopper("add", name, data_dir=data)
                    (full.acknowledged if r.returncode == 0 else full.refused).append((name, r.stderr.strip()))
                    if r.returncode != 0:
                        break
                self.assertTrue(full.refused, "the disk filled up")
                message = full.refused[0][1]
                self.assertEqual(len(message.splitlines()), 1, message)
                self.assertIn("the disk is full", message)
                self.assertIn("Nothing was changed", message)
                wait_for(lambda: app.has_text("the disk is full"), 5, "the error in the window too")
                app.screenshot("40-disk-full")
                self.assertIsNone(app.proc.poll(), "the window is still running")

                os.remove(os.path.join(mount, "filler"))
                after = Adder(["After"], data).start().join()
                self.assertEqual(after.refused, [], "works again once there is room")
                app.one(LABEL, name="After", root=app.page("All Items"))
                self.assert_all_there_once([before, full, after], data)
        finally:
            subprocess.run(["umount", "-l", mount], check=False)
            shutil.rmtree(mount, ignore_errors=True)

    def test_a_read_only_store_is_named_and_works_again_once_writable(self):
        # Root ignores permission bits: run the command line as another user, as a person would be.
        if os.geteuid() != 0 or not shutil.which("setpriv"):
            self.skipTest("needs root and setpriv to act as another user")
        data = tempfile.mkdtemp(prefix="shopper-ro-")
        try:
            os.chmod(data, 0o700)
            os.chown(data, 65534, 65534)
            nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            env = dict(NO_BUS, HOME=data)
            r = shopper("add", "Mine", data_dir=data, env=env, prefix=nobody)
            self.assertEqual(r.returncode, 0, r.stderr)
            store = os.path.join(data, "shopper.sqlite")
            self.assertEqual(os.stat(store).st_mode & 0o777, 0o600)
            os.chmod(store, 0o400)
            r = shopper("add", "Refused", data_dir=data, env=env, prefix=nobody)
            self.assertEqual(r.returncode, 1)
            self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
            self.assertIn("is read-only", r.stderr)
            export = shopper("export", data_dir=data, env=env, prefix=nobody)
            self.assertEqual(export.returncode, 0, export.stderr)
            self.assertIn("Mine", export.stdout)
            os.chmod(store, 0o600)
            r = shopper("add", "Again", data_dir=data, env=env, prefix=nobody)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(sorted(stored(data)), ["Again", "Mine"])
        finally:
            shutil.rmtree(data, ignore_errors=True)


def fill(path):
    """Writes zeros to `path` until the file system has no room left."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(fd)


def app_name_owned():
    from shopper_harness import APP_ID, name_has_owner
    return name_has_owner(APP_ID)


if __name__ == "__main__":
    unittest.main()
