"""`make bench`'s sync rows: the first sync of a list of N items, and the sync after one change,
against a real Radicale on 127.0.0.1 (Tests/sync/caldav_servers.py), through the release binary's
command line. Prints a Markdown section: time (median of RUNS for the one change) and HTTP requests.

    /usr/bin/python3 benchmarks/sync_bench.py SHOPPER_BINARY N... [--runs R] >> BENCHMARKS.md
"""

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "sync"))
from caldav_servers import Servers  # noqa: E402
from options import take_runs  # noqa: E402


def run(binary, data, *args, stdin=None):
    env = dict(os.environ, SHOPPER_DATA_DIR=data, SHOPPER_SYNC_REQUESTS="1")
    start = time.perf_counter()
    out = subprocess.run([binary, *args], env=env, input=stdin, capture_output=True, text=True, timeout=3600)
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"shopper {' '.join(args)}: {out.stderr.strip()}")
    requests = re.search(r"(\d+) requests", out.stdout)
    return elapsed, int(requests.group(1)) if requests else None


def main(argv):
    runs = take_runs(argv, 5)
    binary, sizes = argv[0], [int(n) for n in argv[1:]]
    rows = []
    for n in sizes:
        # A new server each size: a list shared with a collection of its name joins what is there.
        with Servers(["radicale"], keyring=True) as servers:
            info = servers.info()["radicale"]
            data = tempfile.mkdtemp(prefix="shopper-sync-bench-")
            items = os.path.join(data, "items.txt")
            with open(items, "w") as f:
                f.writelines(f"Item {i} [Aisle {i % 20}]\n" for i in range(n))
            run(binary, data, "import", items)
            first, first_requests = run(binary, data, "share", "--list", "Groceries", info["url"], info["user"],
                                        stdin=info["password"] + "\n")
            times, requests = [], []
            for r in range(runs):
                run(binary, data, "add", f"Change {r}")
                t, q = run(binary, data, "sync")
                times.append(t)
                requests.append(q)
            rows.append((n, first, first_requests, statistics.median(times), max(requests)))
    print("\n## Sync (Radicale on 127.0.0.1, through `shopper share` and `shopper sync`)\n")
    print("Whole commands, start-up included. One change must cost the same requests at every size.\n")
    print("| N | first sync | its requests | sync after one change (median) | its requests |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for n, first, fq, one, oq in rows:
        print(f"| {n:,} | {first:.2f} s | {fq} | {one * 1000:.0f} ms | {oq} |")


if __name__ == "__main__":
    main(sys.argv[1:])
