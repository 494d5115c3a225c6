"""`make profile`: where the time of the two figures `make bench` still finds over their targets goes
(issue 38): Shopper's first frame against the libadwaita floor's, and a scroll frame against the C
baseline's. Every launch runs under `perf record` (a CPU-clock sample every 0.1 ms of CPU,
CLOCK_MONOTONIC timestamps); each sample is put in the group of the file its instruction was in,
so what Shopper's own code costs (the binary: its Swift, the Swift runtime and Foundation linked
into it; and SQLite) stands apart from what GTK, the libraries drawing text and shapes, the
dynamic linker and the kernel cost.

First frame: Shopper at N items and the floor, launched in turns as `make bench` launches them;
samples up to each one's first frame, cut at its first `gtk_window_present` (benchmarks/present-mark.c,
preloaded into both). Scroll: `SHOPPER_BENCH=scroll` and `baseline N scroll`, the samples from the
first of the 200 scripted scroll frames to the last, in the spans `make bench` times and between them.

Run inside dbus-run-session + xvfb-run, after `make bench-tools schemas` (the Makefile does).
Usage: cpu_profile.py SHOPPER BASELINE STORE_MAKER PRESENT_MARK.so OUT.md [--runs R] [--sizes N,N]"""

import argparse
import atexit
import bisect
import collections
import datetime
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile

from benchlib import restore, run
from run import plain_store

HZ = 10000  # a sample every 0.1 ms of CPU (`-e cpu-clock -c 100000`: a fixed period, whatever the machine)
SCROLL_FRAMES = 200  # BenchmarkRunner.scrollFrames and baseline.c's SCROLL_FRAMES
# Each shared object's group, by the start of its file name; the first that matches.
GROUPS = (
    # The Swift runtime and Foundation: lib/shopper/libswiftCore.so beside the staged binary (`make stage`).
    ("Shopper's own code (Swift, its runtime, Foundation)", ("shopper", "libswiftCore")),
    ("SQLite", ("libsqlite3",)),
    ("GTK", ("libgtk-4",)),
    ("libadwaita", ("libadwaita",)),
    ("GLib, GObject, GIO", ("libglib", "libgobject", "libgio", "libgmodule")),
    ("text: Pango, HarfBuzz, FreeType, fontconfig", ("libpango", "libharfbuzz", "libfreetype", "libfontconfig",
                                                    "libfribidi", "libexpat", "libthai", "libgraphite", "libbrotli")),
    ("drawing: cairo, pixman, graphene, images", ("libcairo", "libpixman", "libgraphene", "libpng", "libjpeg",
                                                  "libtiff", "libgdk_pixbuf", "librsvg")),
    ("X11 and GL probing (Mesa)", ("libX", "libxcb", "libGL", "libEGL", "libgbm", "libglapi", "swrast", "libgallium",
                                   "libLLVM", "libdrm", "libxshmfence", "libwayland", "libepoxy", "libz3")),
    ("C and C++ libraries", ("libc.", "libm.", "libstdc++", "libgcc_s", "libz.", "libpcre", "libffi", "libmount",
                             "libblkid", "libselinux")),
    ("dynamic linker", ("ld-linux",)),
    ("kernel: system calls, scheduling", ("[kernel",)),
)
KERNEL = GROUPS[-1][0]
FAULTS = "kernel: page faults (memory first touched)"
OTHER = "other"
OWN = {GROUPS[0][0], GROUPS[1][0]}


def group(dso):
    name = os.path.basename(dso.strip("()"))
    for label, starts in GROUPS:
        if name.startswith(starts):
            return label
    return OTHER


def recorded(cmd, env, data, preload=None):
    """One launch under perf; returns (its BENCH lines as a dict of first values, launch µs, the
    sorted spans its timed figures counted: `measured-from` and `measured-to` pairs). `preload`
    goes to the program alone, through env(1): preloaded into perf, it would slow perf's start."""
    if preload:
        cmd = ["env", f"LD_PRELOAD={preload}"] + cmd
    period = str(1_000_000_000 // HZ)  # ns of CPU
    lines, start, _ = run(["perf", "record", "-q", "-g", "-k", "mono", "-e", "cpu-clock", "-c", period, "-o", data, "--"]
                          + cmd, env)
    marks = {}
    for name, value in lines:
        marks.setdefault(name, value)
    froms = [v for name, v in lines if name == "measured-from"]
    tos = [v for name, v in lines if name == "measured-to"]
    return marks, start, sorted(zip(froms, tos))


def within(spans, at):
    """Whether `at` falls in one of the sorted, disjoint `spans`."""
    k = bisect.bisect_right(spans, (at, float("inf"))) - 1
    return k >= 0 and spans[k][0] <= at <= spans[k][1]


def samples(data):
    """Every sample of the recorded launch, as `parse` gives them."""
    return parse(subprocess.run(["perf", "script", "-i", data, "-F", "pid,tid,time,ip,sym,dso"], capture_output=True,
                                text=True, check=True).stdout)


def parse(script):
    """(tid == pid, µs, group, symbol) of each sample in `perf script`'s text (a head line, then the
    stack, leaf first). A sample in the kernel is a page fault when the fault handler is on its stack
    (the kernel's part of a stack is always whole)."""
    for block in script.split("\n\n"):
        lines = block.strip().splitlines()
        head = lines[0].split() if lines else []
        if len(lines) < 2 or len(head) < 2 or "/" not in head[0] or not head[1].endswith(":"):
            continue
        pid, tid = head[0].split("/")
        leaf = lines[1].split()
        grp, symbol = group(leaf[-1]), " ".join(leaf[1:-1]) or leaf[0]
        if grp == KERNEL:
            grp = FAULTS if any("exc_page_fault" in line for line in lines[1:]) else KERNEL
        yield pid == tid, float(head[1][:-1]) * 1e6, grp, symbol


class Tally:
    """Milliseconds of CPU per group and part, summed over launches; `per` divides at the end."""

    def __init__(self, parts):
        self.parts, self.ms, self.own, self.launches = parts, collections.Counter(), collections.Counter(), 0

    def add(self, part, grp, symbol):
        self.ms[(part, grp)] += 1000 / HZ
        if grp in OWN:
            self.own[(part, symbol)] += 1000 / HZ

    def get(self, part, grp, per=1):
        return self.ms[(part, grp)] / max(1, self.launches) / per

    def total(self, part, per=1):
        return sum(v for (p, _), v in self.ms.items() if p == part) / max(1, self.launches) / per


def first_frame(shopper, floor, env, mark, made, data, runs, work):
    """Shopper and the floor in turns; each sample up to the launch's first frame, by thread and part."""
    parts = ("main thread, to present", "main thread, present to first frame", "other threads")
    tallies = {"Shopper": Tally(parts), "floor": Tally(parts)}
    walls = {"Shopper": [], "floor": []}
    for _ in range(runs):
        for name, cmd, cmd_env in (("Shopper", [shopper], dict(env, SHOPPER_BENCH="first-frame", SHOPPER_DATA_DIR=data)),
                                   ("floor", [floor, "1000"], env)):
            restore(made, data)
            path = os.path.join(work, "perf.data")
            marks, start, _ = recorded(cmd, cmd_env, path, preload=mark)
            present, first = marks["mark-present"], marks["first-frame"]
            walls[name].append(((present - start) / 1000, (first - start) / 1000))
            tally = tallies[name]
            tally.launches += 1
            for main, at, grp, symbol in samples(path):
                if at > first:
                    continue
                part = parts[2] if not main else parts[0] if at <= present else parts[1]
                tally.add(part, grp, symbol)
    return parts, tallies, walls


SCROLL_PARTS = ("in the measured frames", "between them")


def scroll(shopper, baseline, env, n, made, data, runs, work):
    """Each sample from the first span the scroll figures counted to the last, in those spans or
    between them."""
    tallies = {"Shopper": Tally(SCROLL_PARTS), "C baseline": Tally(SCROLL_PARTS)}
    for _ in range(runs):
        for name, cmd, cmd_env in (("Shopper", [shopper], dict(env, SHOPPER_BENCH="scroll", SHOPPER_DATA_DIR=data)),
                                   ("C baseline", [baseline, str(n), "scroll"], env)):
            restore(made, data)
            path = os.path.join(work, "perf.data")
            marks, _, spans = recorded(cmd, cmd_env, path)
            if len(spans) != 2 * SCROLL_FRAMES:
                raise RuntimeError(f"{cmd[0]} printed {len(spans)} measured spans, not {2 * SCROLL_FRAMES}")
            tally = tallies[name]
            tally.launches += 1
            # From the first timed span to the last: the start, the page shown before the scroll,
            # and the quitting after it are no frame's.
            for _, at, grp, symbol in samples(path):
                if spans[0][0] <= at <= spans[-1][1]:
                    tally.add(SCROLL_PARTS[0] if within(spans, at) else SCROLL_PARTS[1], grp, symbol)
    return tallies


def demangled(symbols):
    """Swift's mangled names made readable, when the toolchain is on PATH; else as they are."""
    if not shutil.which("swift-demangle") and not shutil.which("swift"):
        return symbols
    cmd = ["swift-demangle", "--simplified"] if shutil.which("swift-demangle") else ["swift", "demangle", "--simplified"]
    done = subprocess.run(cmd, input="\n".join(symbols), capture_output=True, text=True)
    lines = done.stdout.splitlines()
    return lines if done.returncode == 0 and len(lines) == len(symbols) else symbols


def shorten(text, width=110):
    text = text.replace("|", "\\|")
    return text if len(text) <= width else text[:width - 1] + "…"


def group_table(columns, per=1, difference=None):
    """Markdown rows: a group per row, a (title, tally, part) per column, ms of CPU each; with
    `difference` (title, [column indices]), a last column of the first tally's parts less the second's."""
    labels = [label for label, _ in GROUPS] + [FAULTS, OTHER]
    head = [t for t, _, _ in columns] + ([difference[0]] if difference else [])
    out = ["| where | " + " | ".join(head) + " |", "| --- |" + " ---: |" * len(head)]

    def values(get):
        got = [get(tally, part) for _, tally, part in columns]
        if difference:
            got.append(sum(got[i] for i in difference[1]) - sum(got[i + 1] for i in difference[1]))
        return got

    for label in labels:
        row = values(lambda tally, part: tally.get(part, label, per))
        if max(abs(v) for v in row) >= 0.05:
            out.append(f"| {label} | " + " | ".join(f"{v:.2f}" for v in row) + " |")
    row = values(lambda tally, part: tally.total(part, per))
    out.append("| **all** | " + " | ".join(f"**{v:.2f}**" for v in row) + " |")
    return out


def own_functions(tally, per=1, count=12, scale=1, part=None):
    """The most costly of Shopper's own functions in `part` (None: in all); ms (scale 1000: µs) per
    launch, or per frame."""
    summed = collections.Counter()
    for (p, symbol), ms in tally.own.items():
        if part is None or p == part:
            summed[symbol] += ms
    top = summed.most_common(count)
    names = demangled([s for s, _ in top])
    return [f"| {shorten(name)} | {ms * scale / max(1, tally.launches) / per:.{0 if scale > 1 else 2}f} |"
            for name, (_, ms) in zip(names, top)]


def report(n_first, first, scrolls, runs, scroll_runs):
    parts, tallies, walls = first
    out = ["# Where the time goes", "",
           "Written by `make profile` (benchmarks/cpu_profile.py): the CPU time of the two figures `make bench` still",
           "finds over their targets (BENCHMARKS.md), put where it was spent. Each sample is counted in the group",
           "of the file its instruction was in: Shopper's own code is its binary (its Swift, and the Swift runtime",
           "and Foundation linked into it) and SQLite; the rest is the libraries and the kernel working for it.",
           "Figures are milliseconds of CPU, the mean of the launches; launches under perf run slower than in",
           "`make bench`, so compare the columns here, and the wall-clock figures there.", "",
           f"- Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores; "
           f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; commit {commit()}",
           f"- Command: `make profile` ({runs} launches of each for the first frame, {scroll_runs} for each scroll, "
           f"in turns; a CPU-clock sample every {1000 / HZ:g} ms of CPU)", "",
           f"### First frame, {n_first:,} items: Shopper against the libadwaita floor", ""]
    for name in ("Shopper", "floor"):
        present = statistics.median(w[0] for w in walls[name])
        frame = statistics.median(w[1] for w in walls[name])
        out.append(f"- {name}, under perf (slower than without it): `gtk_window_present` at {present:.1f} ms, "
                   f"first frame at {frame:.1f} ms (medians)")
    out += ["", "Milliseconds of CPU per launch, up to the first frame:", ""]
    columns = [(f"{name}: {part}", tallies[name], part) for part in parts for name in ("Shopper", "floor")]
    out += group_table(columns, difference=("main thread, Shopper − floor", [0, 2]))
    out += ["", "Shopper's own functions up to the first frame (every thread), ms per launch:", "",
            "| function | ms |", "| --- | ---: |"]
    out += own_functions(tallies["Shopper"])
    for n, tally in scrolls:
        out += ["", f"### Scroll, {n:,} items: Shopper against the C baseline", "",
                f"Milliseconds of CPU per scroll frame, every thread, over {SCROLL_FRAMES} frames ({scroll_runs} launches "
                "of each): in the spans `make bench`'s scroll figure counts (setting the position, and that frame's "
                "before-paint to after-paint), and between them, from the first span to the last:", ""]
        out += group_table([(f"{name}: {part}", tally[name], part) for part in SCROLL_PARTS
                            for name in ("Shopper", "C baseline")], SCROLL_FRAMES)
        for part in SCROLL_PARTS:
            out += ["", f"Shopper's own functions {part}, µs per scroll frame:", "", "| function | µs |", "| --- | ---: |"]
            out += own_functions(tally["Shopper"], SCROLL_FRAMES, 8, scale=1000, part=part)
    return out


def permitted():
    """Stops with what to do when perf may not sample this user's processes (Debian's default,
    3, allows no one but root), and says when the kernel's rows will be empty or unnamed."""
    if os.getuid() == 0:
        return
    with open("/proc/sys/kernel/perf_event_paranoid") as f:
        paranoid = int(f.read())
    if paranoid > 2:
        sys.exit("cpu_profile.py: perf may not sample (kernel.perf_event_paranoid is "
                 f"{paranoid}): run `sudo sysctl kernel.perf_event_paranoid=1`, or make profile as root")
    with open("/proc/sys/kernel/kptr_restrict") as f:
        if paranoid > 1 or int(f.read()) != 0:
            print("cpu_profile.py: the kernel's samples cannot be told apart (perf_event_paranoid > 1 or "
                  "kptr_restrict set): its page faults count as system calls", flush=True)


def commit():
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def main():
    parser = argparse.ArgumentParser(description="Where the first frame's and a scroll frame's time goes.")
    for name in ("shopper", "baseline", "maker", "mark", "out"):
        parser.add_argument(name)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--sizes", default="1000,100000")
    a = parser.parse_args()
    shopper, baseline, maker, mark, out, runs = a.shopper, a.baseline, a.maker, a.mark, a.out, a.runs
    sizes = [int(s) for s in a.sizes.split(",")]
    floor = os.path.join(os.path.dirname(baseline), "adwaita-floor")
    if not shutil.which("perf"):
        sys.exit("cpu_profile.py: perf is not installed (Debian: linux-perf; `make profile` installs it)")
    permitted()
    work = tempfile.mkdtemp(prefix="shopper-profile-")
    atexit.register(shutil.rmtree, work, True)
    env = dict(os.environ, GSK_RENDERER="cairo", GSETTINGS_BACKEND="memory", XDG_CACHE_HOME=work)
    root = os.getcwd()
    stores = {n: plain_store(n, maker, root) for n in sizes}
    data = os.path.join(work, "data")
    os.makedirs(data)
    restore(stores[sizes[0]], data)
    run([shopper], dict(env, SHOPPER_BENCH="first-frame", SHOPPER_DATA_DIR=data))  # the warm-up, as make bench's
    first = first_frame(shopper, floor, env, os.path.abspath(mark), stores[sizes[0]], data, runs, work)
    print("first frame profiled", flush=True)
    scroll_runs = max(2, runs // 4)
    scrolls = [(n, scroll(shopper, baseline, env, n, stores[n], data, scroll_runs, work)) for n in sizes]
    with open(out, "w") as f:
        f.write("\n".join(report(sizes[0], first, scrolls, runs, scroll_runs)) + "\n")
    print(f"written to {out}", flush=True)


if __name__ == "__main__":
    main()
