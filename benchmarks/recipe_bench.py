"""`make bench`'s "worst recipe page" row (issue 53): the release helper (`shopper-sync` as
installed) imports each hostile page of Tests/recipes/hostile_pages.py, served by
Tests/recipes/recipe_server.py on 127.0.0.1, as the window and `shopper recipe import` run it:
download and reading, measured from outside (wall time, wait4's peak RSS). Prints a Markdown
section: every page's median of RUNS, and the worst page's row against the bounds (30 s, 256 MB).

    /usr/bin/python3 benchmarks/recipe_bench.py SHOPPER_SYNC [--runs R] >> BENCHMARKS.md
"""

import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "recipes"))
from hostile_pages import PAGES  # noqa: E402
from measure_helper import measure  # noqa: E402
from options import take_runs  # noqa: E402

SECONDS, MEGABYTES = 30, 256


def server():
    s = subprocess.Popen(["/usr/bin/python3", os.path.join(ROOT, "Tests", "recipes", "recipe_server.py"),
                          os.path.join(ROOT, "Tests", "Fixtures", "recipes")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return s, json.loads(s.stdout.readline())["url"]


def once(helper, address):
    r, w = os.pipe()
    said = measure([helper, "recipes", address], 60, output=w)
    os.close(w)
    with os.fdopen(r) as f:
        reply = json.loads(f.readline() or "{}")
    words = reply.get("error") or ("recipe: " + ", ".join(d["title"] for d in reply["recipes"]) if "recipes" in reply else "no answer")
    return said, words.replace(address, "…")


def main(argv):
    runs = take_runs(argv, 5)
    helper = argv[0]
    s, url = server()
    rows = []
    try:
        for name in PAGES:
            samples = [once(helper, url + "hostile/" + name) for _ in range(runs)]
            seconds = statistics.median(m["seconds"] for m, _ in samples)
            peak = statistics.median(m["peak_mb"] for m, _ in samples)
            worst = max(max(m["seconds"] for m, _ in samples) / SECONDS, max(m["peak_mb"] for m, _ in samples) / MEGABYTES)
            rows.append((name, seconds, peak, worst, samples[0][1]))
    finally:
        s.stdin.close()
        s.wait(10)
    print("\n## Worst recipe page (issue 53: `benchmarks/recipe_bench.py`, the release helper)\n")
    print("Each hostile page of `Tests/recipes/hostile_pages.py` imported by `shopper-sync` from 127.0.0.1 (download and")
    print(f"reading), measured from outside: wall time and peak RSS (wait4), median of {runs}; a page is met when every")
    print("run of it was within both bounds.\n")
    print("| metric | page | time | peak RSS | target | met |")
    print("| --- | --- | ---: | ---: | --- | --- |")
    for what, key in (("the longest", lambda r: r[1]), ("the largest", lambda r: r[2])):
        name, seconds, peak, worst, _ = max(rows, key=key)
        print(f"| worst recipe page: {what} | {name} | {seconds:.2f} s | {peak:.0f} MB | < {SECONDS} s, < {MEGABYTES} MB | "
              f"{'yes' if worst < 1 else '**no**'} |")
    print("\n| page | time | peak RSS | what it said |")
    print("| --- | ---: | ---: | --- |")
    for name, seconds, peak, _, words in rows:
        print(f"| {name} | {seconds:.2f} s | {peak:.0f} MB | {words[:110]} |")


if __name__ == "__main__":
    main(sys.argv[1:])
