"""Writes benchmarks/startup.order: every function of `shopper` and of the Swift runtime library beside
it (lib/shopper/libswiftCore.so, `make stage`) that runs from the process's start to its first frame,
for the linker to place together at the front of each one's code (the release link's and the
runtime's --symbol-ordering-file, with every function in a section of its own).

Why: a function's first call maps its page and, through the kernel's fault-around, the fifteen
pages beside it. Start-up runs about 3,600 functions, some 1.1 MB of the 18 MB of code (the Swift
runtime, Foundation and GRDB are linked in), but scattered among the rest they brought 13 MB of
the code into memory; placed together, about 7 MB less (BENCHMARKS.md). The placement needs no
care while the code changes: a function missing from the list is placed after those in it, and a
name no longer in the binary is passed over. Run again (`make startup-order`) after large changes.

Valgrind's callgrind runs the release binary at 1,000 items with SHOPPER_BENCH=first-frame (it
leaves at its first frame) and names every function it entered; run inside dbus-run-session +
xvfb-run, after `make bench-tools schemas`.

Usage: startup_order.py SHOPPER STORE-MAKER OUT"""

import os
import re
import subprocess
import sys
import tempfile

from benchlib import restore
from run import plain_store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# A name given once in callgrind's output and referred to by its number after: "fn=(12) name", "fn=(12)".
NAMED = re.compile(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$")


def functions_run(profile, binaries):
    """The functions of `binaries` that ran, in the order callgrind's output first names them (the
    order among them matters little: together is what counts)."""
    objects, functions, current, ran, seen = {}, {}, None, [], set()
    with open(profile, errors="replace") as f:
        for line in f:
            m = NAMED.match(line.rstrip("\n"))
            if not m:
                continue
            kind, number, name = m.groups()
            names = objects if kind.endswith("ob") else functions
            if name:
                names[number] = name
            if kind == "ob":
                current = objects.get(number)
            elif kind == "fn" and current and os.path.realpath(current) in binaries:
                # "name'2": a second level of recursion, the same function.
                fn = re.sub(r"'\d+$", "", functions.get(number, ""))
                # Unnamed code (0x…) and valgrind's "(below main)" are no symbol of the binary.
                if fn and not fn.startswith(("0x", "(")) and fn not in seen:
                    seen.add(fn)
                    ran.append(fn)
    return ran


def main():
    shopper, maker, out = os.path.realpath(sys.argv[1]), sys.argv[2], sys.argv[3]
    made = plain_store(1000, maker, ROOT)
    data = os.path.dirname(made)
    restore(made, data)
    env = dict(os.environ, GSK_RENDERER="cairo", GSETTINGS_BACKEND="memory", SHOPPER_DATA_DIR=data,
               SHOPPER_BENCH="first-frame", GSETTINGS_SCHEMA_DIR=os.path.join(ROOT, ".build", "schemas"),
               SHOPPER_RESOURCE_DIR=os.path.join(ROOT, "data"))
    with tempfile.TemporaryDirectory() as folder:
        # A start after the first, as people start it: the money format ICU gave the first is read
        # from the cache folder (`MoneyPatternFile`), which the warm-up launch fills.
        env["XDG_CACHE_HOME"] = os.path.join(folder, "cache")
        subprocess.run([shopper], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        restore(made, data)
        profile = os.path.join(folder, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--dump-line=no",
                        f"--callgrind-out-file={profile}", shopper], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
        # The staged build's Swift runtime is a library beside it (`make stage`), linked in the same
        # order: its functions count as the binary's.
        runtime = os.path.realpath(os.path.join(os.path.dirname(shopper), "..", "lib", "shopper", "libswiftCore.so"))
        ran = functions_run(profile, {shopper, runtime})
    if len(ran) < 500:
        sys.exit(f"only {len(ran)} functions of {shopper} ran: not a start-up (was it built with symbols?)")
    with open(out, "w") as f:
        f.write("".join(name + "\n" for name in ran))
    print(f"{out}: {len(ran)} functions")


if __name__ == "__main__":
    main()
