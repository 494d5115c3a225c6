"""What the benchmark's row makers share: launching a measured process and reading its BENCH
lines, the stores it measures (made once, restored before each launch), and the statistics.
Used by run.py and recipe_rows.py."""

import os
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import threading
import time

from gi.repository import Gio, GLib

APP_ID = "io.github.shopperapp.Shopper"
FRAME_MS = 1000 / 60
# The shared libraries the last measured process had mapped at its first frame ("LIBRARY path" lines).
LAST_LIBRARIES = []


def name_has_owner():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    return bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                         GLib.Variant("(s)", (APP_ID,)), GLib.VariantType("(b)"), Gio.DBusCallFlags.NONE, 2000,
                         None).unpack()[0]


def run(cmd, env=None, timeout=600):
    """Runs one measured process; returns (BENCH lines as (name, value), start µs, peak RSS MB)."""
    while name_has_owner():  # a previous Shopper still leaving: a new one would hand over to it
        time.sleep(0.05)
    start = time.monotonic_ns() // 1000
    # Kept in a file, not a pipe: nothing reads it while the process runs, and a full pipe would stop it.
    errors = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=errors, text=True)
    watchdog = threading.Timer(timeout, proc.kill)
    watchdog.start()
    out = proc.stdout.read()
    # wait4, not waitpid: this child's own peak RSS.
    _, status, usage = os.wait4(proc.pid, 0)
    watchdog.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    lines = [(l.split()[1], int(l.split()[2])) for l in out.splitlines() if l.startswith("BENCH ")]
    LAST_LIBRARIES[:] = [l.split(" ", 1)[1] for l in out.splitlines() if l.startswith("LIBRARY ")]
    if proc.returncode != 0 or not lines:
        errors.seek(0)
        said = [l for l in errors.read().splitlines() if l.strip()][-5:]
        raise RuntimeError(f"{cmd[0]} exited with {proc.returncode} and printed {len(lines)} results"
                           + "".join(f"\n  {l}" for l in said))
    return lines, start, usage.ru_maxrss / 1024


def checkpoint(path):
    """Moves everything the store maker left in the write-ahead log into the file itself, so that
    one file is the whole store."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    for suffix in ("-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def fresh(made, maker):
    """Whether a store made earlier can be used again: made by the store maker as it is now. A store
    of an older schema would be migrated by every measured launch, inflating its first frame."""
    return os.path.exists(made) and os.path.getmtime(made) >= os.path.getmtime(maker)


def restore(made, data):
    """Puts the store back as the maker wrote it. The ops launches tick items off, and every run must
    measure the same list: left alone, 30 items a run moved to the Cart (after some weeks of runs, 927
    of the 1,000-item store's). Flushed to disk here, so that writing it back does not fall inside a
    measured launch."""
    store = os.path.join(data, "shopper.sqlite")
    # A log left beside the old file would be replayed onto the new one.
    for suffix in ("-wal", "-shm"):
        if os.path.exists(store + suffix):
            os.remove(store + suffix)
    shutil.copyfile(made, store + ".new")
    with open(store + ".new", "rb+") as f:
        os.fsync(f.fileno())
    os.rename(store + ".new", store)


def summary(values):
    return statistics.median(values), min(values), max(values)

def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]



def derived(n, maker, root, kind, what):
    """The store of the first N items with `shopper-bench-store PATH kind` run on a copy of it (the
    trips, the recipes), made again when the maker or the plain store is newer; returns (folder,
    store as made). The plain store's rows keep measuring what they measured."""
    plain = os.path.join(root, ".build", "bench", str(n), "as-made.sqlite")
    data = os.path.join(root, ".build", "bench", f"{n}-{kind}")
    made = os.path.join(data, "as-made.sqlite")
    if not fresh(made, maker) or os.path.getmtime(made) < os.path.getmtime(plain):
        os.makedirs(data, exist_ok=True)
        print(f"writing {what} beside {n} items…", flush=True)
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(made + ".new" + suffix):
                os.remove(made + ".new" + suffix)
        shutil.copy(plain, made + ".new")
        subprocess.run([maker, made + ".new", kind], check=True)
        checkpoint(made + ".new")
        os.rename(made + ".new", made)
    return data, made
