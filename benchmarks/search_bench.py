"""`make bench`'s search-provider rows: GNOME Shell's overview asking Shopper for items, over D-Bus,
at N items. A process started for the search alone (`shopper --gapplication-service`, as D-Bus
activation starts it) answers GetInitialResultSet, then GetResultMetas for what it found; each call
is timed from this side (the bus's round trip included), median and worst of RUNS for each of four
words: one matching a single item, one matching over half, one matching every item, one matching
none. Also: its peak memory, and that it made no window. Prints a Markdown section.

    /usr/bin/python3 benchmarks/search_bench.py SHOPPER SHOPPER_BENCH_STORE N... [--runs R] >> BENCHMARKS.md
"""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402
from run import plain_store  # noqa: E402
from options import take_runs  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATH, IFACE = "/io/github/shopperapp/Shopper/SearchProvider", "org.gnome.Shell.SearchProvider2"


def call(bus, method, args, reply):
    start = time.perf_counter()
    out = bus.call_sync(benchlib.APP_ID, PATH, IFACE, method, args, GLib.VariantType(reply),
                        Gio.DBusCallFlags.NO_AUTO_START, 10_000, None).unpack()[0]
    return (time.perf_counter() - start) * 1000, out


def wait_for_name(timeout=30):
    end = time.monotonic() + timeout
    while not benchlib.name_has_owner():
        if time.monotonic() > end:
            raise SystemExit("search_bench: the service did not take its name")
        time.sleep(0.02)


def measure(binary, data, words, runs):
    env = dict(os.environ, SHOPPER_DATA_DIR=data)
    proc = subprocess.Popen([binary, "--gapplication-service"], env=env, stderr=subprocess.DEVNULL)
    try:
        wait_for_name()
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        # The first call reads the store's lists and opens its connection: said apart.
        first, _ = call(bus, "GetInitialResultSet", GLib.Variant("(as)", ([words[0]],)), "(as)")
        rows = []
        for word in words:
            found, metas = [], []
            for _ in range(runs):
                t, ids = call(bus, "GetInitialResultSet", GLib.Variant("(as)", ([word],)), "(as)")
                found.append(t)
                t, _ = call(bus, "GetResultMetas", GLib.Variant("(as)", (ids[:5],)), "(aa{sv})")
                metas.append(t)
            rows.append((word, len(ids), statistics.median(found), max(found), statistics.median(metas)))
        windows = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(proc.pid)], capture_output=True, text=True).stdout.split()
    finally:
        proc.terminate()
        _, _, usage = os.wait4(proc.pid, 0)
    return first, rows, usage.ru_maxrss / 1024, len(windows)


def main(argv):
    runs = take_runs(argv, 5)
    binary, maker, sizes = argv[0], argv[1], [int(n) for n in argv[2:]]
    # Made first: the maker's word of it must not fall inside the table.
    stores = {n: plain_store(n, maker, ROOT) for n in sizes}
    print("\n## GNOME Shell's search (`shopper --gapplication-service`, over D-Bus)\n")
    print("Each call timed from the caller, the bus included: median and worst of "
          f"{runs}. The overview asks for the ids, then for the first five's names. Target: under 50 ms.\n")
    print("| N | words | found | ids (median) | ids (worst) | names of five | first call | peak RSS | windows made |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for n in sizes:
        made = stores[n]
        data = tempfile.mkdtemp(prefix="shopper-search-bench-")
        try:
            shutil.copyfile(made, os.path.join(data, "shopper.sqlite"))
            # One item by its whole name; "aisle 1": Aisle 1 and 10–19, over half; "item": every one.
            words = [f"item {n - 1}", "aisle 1", "item", "nothing-matches"]
            first, rows, rss, windows = measure(binary, data, words, runs)
            for word, count, median, worst, metas in rows:
                print(f"| {n:,} | “{word}” | {count} | {median:.1f} ms | {worst:.1f} ms | {metas:.1f} ms "
                      f"| {first:.1f} ms | {rss:.0f} MB | {windows} |")
        finally:
            shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
