"""`make bench`'s import row: `shopper import` of a CSV of N lines (made here, about 36 bytes a
line, every row a new item in one of 40 aisles, one in ten sold only at one of five stores) into an
empty store, with no window: its wall time and the process's peak RSS (`wait4`), median of RUNS,
the worst beside it. Also whether it said its progress on standard error (it does when it takes
over a second) and that every row arrived. Then what a command that writes pays for the store's
check (`PRAGMA quick_check`, run before it writes) on the store the import made: `shopper add`'s
time, and the check's alone. Prints a Markdown section.

    /usr/bin/python3 benchmarks/import_bench.py SHOPPER N... [--runs R] >> BENCHMARKS.md
"""

import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from options import take_runs


def write_csv(path, n):
    with open(path, "w", encoding="utf-8") as f:
        f.write("description,quantity,unit,unit_cost,aisle,needed,stores\n")
        for i in range(n):
            store = f"Shop {i % 5}" if i % 10 == 0 else ""
            f.write(f"Item {i},{i % 9 + 1},kg,{i % 700 / 100:.2f},Aisle {i % 40},1,{store}\n")


def spawn(binary, args, env, folder):
    """Runs shopper; its time, peak RSS in MB from wait4 (Popen's own wait would take the child's
    rusage first) and what it said on standard error."""
    err_path = os.path.join(folder, "stderr")
    start = time.perf_counter()
    with open(err_path, "wb") as err, open(os.devnull, "wb") as out:
        pid = os.posix_spawn(binary, [binary, *args], env, file_actions=[
            (os.POSIX_SPAWN_DUP2, out.fileno(), 1), (os.POSIX_SPAWN_DUP2, err.fileno(), 2)])
        _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    said = open(err_path, encoding="utf-8", errors="replace").read()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"import_bench: shopper {args[0]} failed: {said}")
    return seconds, usage.ru_maxrss / 1024, said


def measure(binary, csv_path, n, data):
    """One import into an empty store in `data`."""
    env = dict(os.environ, SHOPPER_DATA_DIR=data, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    shutil.rmtree(data, ignore_errors=True)
    seconds, peak, said = spawn(binary, ["import", csv_path], env, os.path.dirname(data))
    counted = subprocess.run([binary, "lists"], env=env, capture_output=True, text=True).stdout.split("\t")
    return seconds, peak, "%" in said, int(counted[2]) == n


def check_cost(binary, data):
    """`shopper add` into the store, and SQLite's quick check of it alone (the page cache warm)."""
    env = dict(os.environ, SHOPPER_DATA_DIR=data, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    seconds, peak, _ = spawn(binary, ["add", "Benchmark tea"], env, os.path.dirname(data))
    db = sqlite3.connect(f"file:{os.path.join(data, 'shopper.sqlite')}?mode=ro", uri=True)
    start = time.perf_counter()
    assert db.execute("PRAGMA quick_check(1)").fetchone()[0] == "ok"
    check = time.perf_counter() - start
    db.close()
    return seconds, peak, check


def main(argv):
    runs = take_runs(argv, 3)
    binary, sizes = argv[0], [int(n) for n in argv[1:]]
    print("\n## Importing a CSV (`shopper import`, no window)\n")
    print(f"A file made for the run, into an empty store; median of {runs} (worst in brackets). "
          "Target: a 1,000,000-line file under 200 MB peak RSS.\n")
    print("| lines | file | time | peak RSS | progress said | every row arrived |")
    print("| ---: | ---: | ---: | ---: | --- | --- |")
    folder = tempfile.mkdtemp(prefix="shopper-import-csv-")
    data = os.path.join(folder, "data")
    checks = []
    try:
        for n in sizes:
            csv_path = os.path.join(folder, f"import-{n}.csv")
            write_csv(csv_path, n)
            results = [measure(binary, csv_path, n, data) for _ in range(runs)]
            times, peaks = [r[0] for r in results], [r[1] for r in results]
            print(f"| import a {n:,}-line CSV | {os.path.getsize(csv_path) / 1e6:.0f} MB "
                  f"| {statistics.median(times):.1f} s ({max(times):.1f}) | {statistics.median(peaks):.0f} MB ({max(peaks):.0f}) "
                  f"| {'yes' if all(r[2] for r in results) else 'no'} | {'yes' if all(r[3] for r in results) else '**no**'} |")
            os.remove(csv_path)
            checks.append((n, check_cost(binary, data)))
        print("\nA command that writes (`shopper add`, `import`, `recipe add` without a window) runs SQLite's quick "
              "check first; the window relies on SQLite reporting what it reads as malformed.\n")
        print("| items in the store | `shopper add` | its peak RSS | of which `PRAGMA quick_check` |")
        print("| ---: | ---: | ---: | ---: |")
        for n, (seconds, peak, check) in checks:
            print(f"| {n:,} | {seconds * 1000:.0f} ms | {peak:.0f} MB | {check * 1000:.0f} ms |")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
