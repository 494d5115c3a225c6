"""Runs a program and measures it as the kernel counts: its wall time and peak RSS (wait4).

    /usr/bin/python3 Tests/recipes/measure_helper.py SECONDS PROGRAM ARG...

The program (shopper-sync, told this process started it) has this one's standard output; on
standard error: "pid N" once it runs, then one JSON line {"seconds": …, "peak_mb": …, "status": …,
"killed": …}. Past SECONDS it is killed. benchmarks/recipe_bench.py calls `measure` itself.

Why a process between: a process started by posix_spawn (vfork) from a large one, such as the
test runner, starts with that one's peak RSS as its own (Linux keeps the larger across exec), so
the helper is started here, small, by a real fork.
"""

import json
import os
import signal
import sys
import time


def measure(program, limit, output=1, started=None):
    """Runs `program` with its standard output on `output`; its measures as a dict."""
    begun = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            if output != 1:
                os.dup2(output, 1)
            # shopper-sync runs only for the process that started it.
            os.execve(program[0], program, dict(os.environ, SHOPPER_SYNC_PARENT=str(os.getppid())))
        finally:
            os._exit(127)
    if started:
        started(pid)
    killed = False
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done == pid:
            break
        if not killed and time.monotonic() - begun > limit:
            os.kill(pid, signal.SIGKILL)
            killed = True
        time.sleep(0.01)
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
    return {"seconds": time.monotonic() - begun, "peak_mb": usage.ru_maxrss / 1024, "status": code, "killed": killed}


def main(argv):
    said = measure(argv[1:], float(argv[0]), started=lambda pid: print(f"pid {pid}", file=sys.stderr, flush=True))
    print(json.dumps(said), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
