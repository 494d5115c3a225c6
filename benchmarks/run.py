"""`make bench`: measures Shopper against a plain C GTK 4 list on the same machine, same renderer
(GSK_RENDERER=cairo, Xvfb), and writes BENCHMARKS.md. Every figure is the median of several runs
or samples, with min and max. Run inside dbus-run-session + xvfb-run (the Makefile does).

Also measured, as a reference: the same list in a bare libadwaita window (ADWAITA_FLOOR, beside
BASELINE): what any libadwaita app pays over the baseline before any Shopper code runs.

Usage: run.py SHOPPER BASELINE STORE_MAKER OUT.md [N ...] [--runs R] [--only recipes]"""

import atexit
import datetime
import os
import platform
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile

from benchlib import FRAME_MS, LAST_LIBRARIES, checkpoint, derived, fresh, percentile, restore, run, summary
from recipe_rows import recipe_rows

# What only sharing over CalDAV needs (issue 38: a window with no list shared should load none).
SHARING_LIBRARIES = ("libsoup", "libical", "libsecret", "libxml2", "libkrb5", "libgssapi", "libk5crypto",
                     "libkrb5support", "libcom_err", "libicu", "libpsl", "libnghttp2", "libbrotli")


def fmt(stat, unit):
    if stat is None:
        return "–"
    med, lo, hi = stat
    if unit == "×":
        return f"{med:.1f}×"
    return f"{med:.1f} {unit} ({lo:.1f}–{hi:.1f})" if unit != "MB" else f"{med:.0f} MB ({lo:.0f}–{hi:.0f})"


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    if "--runs" in sys.argv:
        args.remove(str(runs))
    # `--only recipes`: the Recipes rows alone.
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    if only:
        args.remove(only)
    shopper, baseline, maker, out = args[:4]
    floor = os.path.join(os.path.dirname(baseline), "adwaita-floor")
    sizes = [int(n) for n in args[4:]] or [1000, 10000, 100000, 1000000]
    root = os.getcwd()
    # What Shopper keeps in the user's cache (the money format ICU gave, `MoneyPatternFile`) in a
    # folder of the run's own, filled by the warm-up launch below as by any start after the first.
    cache = tempfile.mkdtemp(prefix="shopper-bench-cache-")
    atexit.register(shutil.rmtree, cache, True)
    env = dict(os.environ, GSK_RENDERER="cairo", GSETTINGS_BACKEND="memory", XDG_CACHE_HOME=cache)
    rows = []  # (metric, N, shopper stat, unit, baseline stat, target text, met or None)
    growth = {}  # N → (Shopper's first frame, the baseline's), medians in ms
    timelines = {}  # N → ([{step: ms since the launch}], [the floor's first frames])
    libraries, floor_libraries = [], []

    if only == "recipes":
        # The Recipes rows alone (issue 39), written to OUT.md: nothing else is measured.
        for n in sizes:
            plain_store(n, maker, root)
        recipe_rows(sizes, maker, shopper, baseline, env, root, runs, rows)
        return write(out, rows, runs, [])

    for n in sizes:
        made = plain_store(n, maker, root)
        data = os.path.dirname(made)
        app_env = dict(env, SHOPPER_DATA_DIR=data)
        restore(made, data)

        # A list under 4,096 items keeps no checkpoint (`ShoppingModel.checkpointFrom`).
        cold = without_checkpoints(made) if n >= 10000 else None
        first, rss, base_first, base_rss, floor_first, floor_rss, cold_first = [], [], [], [], [], [], []
        if n == sizes[0]:
            run([shopper], dict(app_env, SHOPPER_BENCH="first-frame"))  # the warm-up, not measured
        for _ in range(runs):
            restore(made, data)
            lines, start, mb = run([shopper], dict(app_env, SHOPPER_BENCH="first-frame"))
            first.append((lines[0][1] - start) / 1000)
            rss.append(mb)
            timelines.setdefault(n, ([], floor_first))[0].append({name: (v - start) / 1000 for name, v in lines})
            libraries = libraries or list(LAST_LIBRARIES)
            # The first start after an upgrade (or after the checkpoint was passed over): the list
            # read whole. It writes one as it quits, so its store is put back every launch.
            if cold:
                restore(cold, data)
                lines, start, _ = run([shopper], dict(app_env, SHOPPER_BENCH="first-frame"))
                cold_first.append((lines[0][1] - start) / 1000)
            lines, start, mb = run([baseline, str(n), "first-frame"], env)
            base_first.append((lines[0][1] - start) / 1000)
            base_rss.append(mb)
            lines, start, mb = run([floor, str(n)], env)
            floor_first.append((lines[0][1] - start) / 1000)
            floor_libraries = floor_libraries or list(LAST_LIBRARIES)
            floor_rss.append(mb)
        print(f"N={n}: first frame {statistics.median(first):.0f} ms, baseline {statistics.median(base_first):.0f} ms", flush=True)

        # Taken in turns, as the launches above: a busy spell of the machine then falls on both
        # sides rather than on whichever ran during it.
        samples, base_scroll = {}, []
        for _ in range(max(1, runs // 2)):
            restore(made, data)
            lines, _, _ = run([shopper], dict(app_env, SHOPPER_BENCH="ops"))
            for name, value in lines:
                if name != "first-frame":
                    samples.setdefault(name, []).append(value / 1000)
            lines, _, _ = run([baseline, str(n), "scroll"], env)
            base_scroll += [v / 1000 for name, v in lines if name == "scroll-frame"]

        # The targets of the scale issue: first frame and memory near the C baseline, search inside
        # a frame, nothing stalling a frame.
        ff, bf = summary(first), summary(base_first)
        growth[n] = (ff[0], bf[0])
        limit = 1.5 if n >= 1000000 else 1.3
        rows.append(("first frame", n, ff, "ms", bf, f"≤ {limit}× baseline", ff[0] <= limit * bf[0]))
        rss_stat, base_rss_stat = summary(rss), summary(base_rss)
        rows.append(("peak RSS", n, rss_stat, "MB", base_rss_stat, "≤ 1.3× baseline", rss_stat[0] <= 1.3 * base_rss_stat[0]))
        if cold_first:
            rows.append(("first frame, list read whole (no checkpoint)", n, summary(cold_first), "ms", bf, "reference", None))
        rows.append(("libadwaita floor: first frame", n, summary(floor_first), "ms", bf, "reference", None))
        rows.append(("libadwaita floor: peak RSS", n, summary(floor_rss), "MB", base_rss_stat, "reference", None))
        for name, label in (("preference-toggle", "preference toggle"), ("check-off", "check-off"),
                            ("undo", "undo (of a check-off)"), ("move-to-list", "move to another list"),
                            ("search-keystroke", "search keystroke"), ("list-switch", "list switch (from a 1k list)"),
                            ("list-read", "of which the list's read"), ("store-switch", "store switch (Shopping List)"),
                            ("sync-arrival", "100 synced changes arriving")):
            stat = summary(samples[name])
            target, met = "", None
            if name == "list-switch":
                # Several lists: a list of N items shown within a 60 Hz frame of the key press.
                if n <= 100000:
                    target, met = "median ≤ 16.7 ms", stat[0] <= FRAME_MS
            elif name == "search-keystroke" and n == 100000:
                target, met = "median ≤ 16.7 ms, max ≤ 33 ms", stat[0] <= FRAME_MS and stat[2] <= 2 * FRAME_MS
            elif name == "search-keystroke" and n == 1000000:
                target, met = "median ≤ 50 ms", stat[0] <= 50
            elif name in ("store-switch", "sync-arrival", "undo", "move-to-list") and n <= 100000:
                target, met = "median ≤ 16.7 ms", stat[0] <= FRAME_MS
            elif name == "list-read":
                pass  # a part of the list switch, for the reader: no target of its own
            elif n == 1000000:
                target, met = "max ≤ 16.7 ms", stat[2] <= FRAME_MS
            rows.append((label, n, stat, "ms", None, target, met))
        scroll = samples["scroll-frame"]
        rows.append(("scroll frame p50", n, (percentile(scroll, 50), min(scroll), max(scroll)), "ms",
                     (percentile(base_scroll, 50), min(base_scroll), max(base_scroll)), "", None))
        p99, base_p99 = percentile(scroll, 99), percentile(base_scroll, 99)
        rows.append(("scroll frame p99", n, (p99, min(scroll), max(scroll)), "ms",
                     (base_p99, min(base_scroll), max(base_scroll)), "≤ 1.5× baseline, no frame > 33 ms",
                     p99 <= 1.5 * base_p99 and max(scroll) <= 2 * FRAME_MS))

    trips_rows(sizes[0], maker, shopper, env, root, runs, rows)
    recipe_rows(sizes, maker, shopper, baseline, env, root, runs, rows)

    if 10000 in growth and 1000000 in growth:
        # How cost grows with N: the first frame at 1M over the first frame at 10k.
        (s10, b10), (s1m, b1m) = growth[10000], growth[1000000]
        rows.append(("first frame growth 10k→1M", 1000000, (s1m / s10,) * 3, "×", (b1m / b10,) * 3, "", None))
    write(out, rows, runs, timeline_lines(timelines, libraries, floor_libraries, linker_statistics(shopper, dict(env, SHOPPER_DATA_DIR=os.path.join(root, ".build", "bench", str(sizes[0]))))))


def without_checkpoints(made):
    """A copy of the store as made with its lists' checkpoints taken out (`EntryCheckpoint`), made
    again when older than the store."""
    cold = made.replace(".sqlite", "-no-checkpoint.sqlite")
    if not fresh(cold, made):
        shutil.copyfile(made, cold + ".new")
        db = sqlite3.connect(cold + ".new")
        db.execute("DELETE FROM entry_checkpoint")
        db.execute("DELETE FROM entry_checkpoint_part")
        db.commit()
        db.execute("VACUUM")
        db.close()
        os.rename(cold + ".new", cold)
    return cold


def plain_store(n, maker, root):
    """The store of N items as the maker writes it, made when missing or older than the maker."""
    data = os.path.join(root, ".build", "bench", str(n))
    made = os.path.join(data, "as-made.sqlite")
    if not fresh(made, maker):
        os.makedirs(data, exist_ok=True)
        print(f"writing a store of {n} items…", flush=True)
        # What an interrupted run left would be added to.
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(made + ".new" + suffix):
                os.remove(made + ".new" + suffix)
        subprocess.run([maker, made + ".new", str(n)], check=True)
        checkpoint(made + ".new")
        os.rename(made + ".new", made)
    return made


STEPS = (("mark-main", "main() entered (the process's exec, the dynamic linker, Swift's runtime)"),
         ("mark-toolkit-started", "GTK initialised (the display connected)"),
         ("mark-app-startup", "GApplication registered on the bus (`startup`)"),
         ("mark-store-open", "the store opened, on its own thread (in parallel with the two above)"),
         ("mark-model-read", "the list's model read, on that thread"),
         ("mark-window-built", "the window built (the model joined first)"),
         ("first-frame", "the first frame drawn"))


def timeline_lines(timelines, libraries, floor_libraries, linker):
    """The start-up timeline: the median time since the launch at which each step was reached, and
    what the dynamic linker loaded and cost (issue 38: measure first, then cut)."""
    out = ["", "## Start-up timeline", "",
           "Median milliseconds from the launch (the benchmark's clock before it spawned the process) to each",
           "step, from the same first-frame launches as the table above; `shopper` marks each step with",
           "CLOCK_MONOTONIC (`StartupTimeline`). The floor is the libadwaita floor's first frame in the same run.", "",
           "| step | " + " | ".join(f"N = {n:,}" for n in timelines) + " |",
           "| --- |" + " ---: |" * len(timelines)]
    for key, label in STEPS:
        cells = [statistics.median(t[key] for t in runs) if all(key in t for t in runs) else None for runs, _ in timelines.values()]
        out.append(f"| {label} | " + " | ".join("–" if c is None else f"{c:.1f} ms" for c in cells) + " |")
    out.append("| libadwaita floor: first frame | " + " | ".join(f"{statistics.median(f):.1f} ms" for _, f in timelines.values()) + " |")
    # Shopper's own: not mapped by the libadwaita floor (GTK itself brings brotli, and librsvg
    # libxml2 and ICU once it draws a symbolic icon).
    own = [l for l in libraries if l not in set(floor_libraries)]
    sharing = [l for l in own if os.path.basename(l).startswith(SHARING_LIBRARIES)]
    size = lambda paths: sum(os.path.getsize(p) for p in paths if os.path.exists(p)) / 1e6
    out += ["", f"At the first frame `shopper` had {len(libraries)} shared objects mapped ({size(libraries):.1f} MB of files), "
            f"the libadwaita floor {len(floor_libraries)}; of the {len(own)} only Shopper maps, {len(sharing)} ({size(sharing):.1f} MB) "
            "serve only sharing over CalDAV, loaded though no list is shared: "
            + (", ".join(sorted(os.path.basename(l) for l in sharing)) or "none") + "."]
    if linker:
        out += ["", "The dynamic linker at that start (`LD_DEBUG=statistics`): " + "; ".join(f"{k}: {v}" for k, v in linker) + "."]
    return out


def linker_statistics(shopper, env):
    """glibc's own account of the linker's start-up work, from one first-frame launch."""
    folder = tempfile.mkdtemp()
    try:
        run([shopper], dict(env, SHOPPER_BENCH="first-frame", LD_DEBUG="statistics", LD_DEBUG_OUTPUT=os.path.join(folder, "ld")))
        # A file per process ("ld.PID"); any helper the app started has its own: the app's is the first.
        names = sorted(os.listdir(folder), key=lambda f: int(f.rsplit(".", 1)[1]))
        text = open(os.path.join(folder, names[0])).read() if names else ""
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    mhz = next((float(l.split(":")[1]) for l in open("/proc/cpuinfo") if l.startswith("cpu MHz")), 0)
    found = []
    for line in text.splitlines():
        # "  PID:\t  total startup time in dynamic loader: 347913 cycles"
        key, _, value = line.partition(":")[2].partition(":")
        key, value = key.strip(), value.strip()
        if not value or not key or key.startswith("final"):
            continue
        if "cycles" in value and mhz:
            value += f" (about {int(value.split()[0]) / mhz / 1000:.1f} ms at {mhz:.0f} MHz)"
        found.append((key, value))
    return found


def trips_rows(n, maker, shopper, env, root, runs, rows):
    """The Trips page over five years of weekly trips (260, 20,000 lines), in the store of the
    first N: the trips' read, then the page built and painted (target: one 60 Hz frame); and the
    app's first frame with those trips in the store against without, launched in turns (the
    first frame must not read trips)."""
    plain = os.path.join(root, ".build", "bench", str(n))
    data, made = derived(n, maker, root, "trips", "260 weekly trips")
    with_trips, without, read, paint = [], [], [], []
    for _ in range(runs):
        restore(made, data)
        lines, start, _ = run([shopper], dict(env, SHOPPER_DATA_DIR=data, SHOPPER_BENCH="first-frame"))
        with_trips.append((lines[0][1] - start) / 1000)
        restore(os.path.join(plain, "as-made.sqlite"), plain)
        lines, start, _ = run([shopper], dict(env, SHOPPER_DATA_DIR=plain, SHOPPER_BENCH="first-frame"))
        without.append((lines[0][1] - start) / 1000)
        restore(made, data)
        lines, _, _ = run([shopper], dict(env, SHOPPER_DATA_DIR=data, SHOPPER_BENCH="trips"))
        values = dict(lines)
        read.append(values["trips-read"] / 1000)
        paint.append(values["trips-first-paint"] / 1000)
    ff, base = summary(with_trips), summary(without)
    rows.append(("first frame, 260 trips stored (baseline column: none)", n, ff, "ms", base, "≤ 1.1× without", ff[0] <= 1.1 * base[0]))
    rows.append(("Trips page: read 260 trips", n, summary(read), "ms", None, "", None))
    stat = summary(paint)
    rows.append(("Trips page: built and first painted after the read", n, stat, "ms", None, "median ≤ 16.7 ms", stat[0] <= FRAME_MS))


def write(out, rows, runs, extra):
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    # The table itself does not count as a change to what was measured.
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", f":!{os.path.basename(out)}"],
                           capture_output=True, text=True).stdout.strip()
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.machine())
    mem = next((int(l.split()[1]) // 1024 // 1024 for l in open("/proc/meminfo") if l.startswith("MemTotal")), 0)
    lines = [
        "# Benchmarks",
        "",
        "Written by `make bench`; every figure below came from that command. Shopper against a plain C",
        "GTK 4 program (`benchmarks/baseline.c`: a GtkListView over a GtkStringList of N labels) in the",
        "same run, same renderer (`GSK_RENDERER=cairo`) under Xvfb, same 600×720 window, launched in turns.",
        f"Figures: median (min–max) of {runs} launches for first frame (process start to first frame drawn) and",
        f"peak RSS; of every sample of {max(1, runs // 2)} launches for the operations, each the call itself plus the",
        "next frame's own work (before-paint to after-paint; the wait for the 60 Hz frame clock is not counted);",
        "scroll percentiles over all their frames, 200 scripted scroll frames a launch.",
        "The libadwaita floor rows (in the Shopper column) are `benchmarks/adwaita-floor.c`: the baseline's",
        "list in a bare AdwApplication window with a header bar, what any libadwaita app pays before its own code.",
        "",
        f"- Machine: {cpu}, {os.cpu_count()} cores, {mem} GiB, {platform.system()} {platform.release()}",
        f"- Date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}",
        f"- Commit: {commit}{' (with uncommitted changes)' if dirty else ''}",
        "",
        "| metric | N | Shopper | baseline | ratio | target | met |",
        "| --- | ---: | --- | --- | ---: | --- | --- |",
    ]
    for metric, n, stat, unit, base, target, met in rows:
        ratio = f"{stat[0] / base[0]:.2f}×" if base and base[0] > 0 else "–"
        lines.append(f"| {metric} | {n:,} | {fmt(stat, unit)} | {fmt(base, unit)} | {ratio} | {target} | "
                     f"{'' if met is None else ('yes' if met else '**no**')} |")
    missed = [f"{m} at {n:,}" for m, n, _, _, _, t, met in rows if met is False]
    lines += ["", "Targets missed: " + (", ".join(missed) if missed else "none") + "."] + extra + [""]
    with open(out, "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
