"""Release binaries of Shopper launched in turns at N items (SHOPPER_BENCH=first-frame, as run.py
launches them, each on a fresh copy of the same store), with the libadwaita floor in every turn:
the way to compare two builds on a machine whose speed changes (another build beside it).
Prints, per binary, the median (min–max) of each timeline mark, of the steps between them, the
ratio of the first frame to the floor's, and the median peak RSS. Run inside dbus-run-session +
xvfb-run, after `make bench-tools schemas` (the store maker and the floor come from there).

Usage: turns.py RUNS N SHOPPER [SHOPPER ...]    (FLOOR=path: another floor binary)"""

import atexit
import os
import shutil
import statistics
import sys
import tempfile

from benchlib import restore, run
from run import plain_store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STEPS = (("mark-app-startup", "mark-window-built"), ("mark-window-built", "first-frame"),
         ("mark-app-startup", "first-frame"))


def launch(cmd, env):
    lines, start, mb = run(cmd, env)
    # A mark printed twice (a frame clock's signal) counts at its first time.
    return {name: (v - start) / 1000 for name, v in reversed(lines)}, mb


def report(name, launches, floor_first):
    print(name)
    marks = launches[0][0].keys()
    for mark in marks:
        values = [m[mark] for m, _ in launches if mark in m]
        print(f"  {mark:26} median {statistics.median(values):7.1f}  ({min(values):.1f}–{max(values):.1f})")
    for a, b in STEPS:
        if a in marks and b in marks:
            d = [m[b] - m[a] for m, _ in launches]
            print(f"  {b} − {a:18} median {statistics.median(d):7.1f}  ({min(d):.1f}–{max(d):.1f})")
    first = statistics.median(m["first-frame"] for m, _ in launches)
    print(f"  first frame / floor {first / floor_first:.3f}   peak RSS median "
          f"{statistics.median(mb for _, mb in launches):.1f} MB   n={len(launches)}")


def main():
    runs, n, binaries = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
    release = os.path.join(ROOT, ".build", "x86_64-unknown-linux-gnu", "release")
    made = plain_store(n, os.path.join(release, "shopper-bench-store"), ROOT)
    data = os.path.dirname(made)
    # The money format ICU gave kept in a folder of the run's own (`MoneyPatternFile`), filled by one
    # launch of each binary before the measured ones, as by any start after the first.
    cache = tempfile.mkdtemp(prefix="shopper-turns-cache-")
    atexit.register(shutil.rmtree, cache, True)
    env = dict(os.environ, GSK_RENDERER="cairo", GSETTINGS_BACKEND="memory", XDG_CACHE_HOME=cache,
               GSETTINGS_SCHEMA_DIR=os.path.join(ROOT, ".build", "schemas"),
               SHOPPER_RESOURCE_DIR=os.path.join(ROOT, "data"))
    floor = os.environ.get("FLOOR", os.path.join(ROOT, ".build", "adwaita-floor"))
    results = {b: [] for b in binaries + ["floor"]}
    for b in binaries:
        restore(made, data)
        launch([b], dict(env, SHOPPER_DATA_DIR=data, SHOPPER_BENCH="first-frame"))
    for _ in range(runs):
        for b in binaries:
            restore(made, data)
            results[b].append(launch([b], dict(env, SHOPPER_DATA_DIR=data, SHOPPER_BENCH="first-frame")))
        results["floor"].append(launch([floor, str(n)], env))
    floor_first = statistics.median(m["first-frame"] for m, _ in results["floor"])
    for name, launches in results.items():
        report(name, launches, floor_first)


if __name__ == "__main__":
    main()
