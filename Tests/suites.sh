#!/usr/bin/env bash
# `make test`'s suites, side by side: the benchmark's smoke run then XCTest in one headless session,
# the end-to-end harness in another (each its own display, session bus, keyring and servers on
# free ports). XCTest is mostly CPU and the harness mostly waiting on a window, so on two cores
# the two together take about as long as the harness alone. Each suite's output is kept whole and
# printed after both end, XCTest's first, so the run closes on the harness's summary line.
#
#   Tests/suites.sh SHOPPER BASELINE BENCH_STORE SWIFT      (from the project root; env from make)
set -u
shopper=$1 baseline=$2 maker=$3 swift=$4
# The test bundle run as `swift test --skip-build` runs it, but without SwiftPM: `swift test` holds
# the build folder's lock while the tests run, and the harness's `make build` case would wait on it.
xctest="$("$swift" build --show-bin-path)/ShopperPackageTests.xctest"
headless() { env XDG_RUNTIME_DIR="$(mktemp -d)" dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" "$@"; }
mkdir -p .build
unit_log=.build/unit-tests.log e2e_log=.build/e2e-tests.log
headless sh -c '/usr/bin/python3 benchmarks/run.py "$1" "$2" "$3" .build/bench-smoke.md 1000 --runs 1 > .build/bench-smoke.log \
  && echo "benchmark smoke run (N=1000): ok" && "$4"' \
  suites "$shopper" "$baseline" "$maker" "$xctest" > "$unit_log" 2>&1 &
unit=$!
# xvfb-run -a picks the first free display by its lock file: started together, both could pick it.
sleep 3
headless /usr/bin/python3 Tests/harness/run.py --except test_make_run > "$e2e_log" 2>&1
e2e=$?
wait "$unit"
unit_status=$?
# The `make run` case takes the debug tree's shopper-sync away while `make build` makes it again:
# alone, once XCTest and the other cases (which run that helper) are done.
headless /usr/bin/python3 Tests/harness/run.py --only test_make_run >> "$e2e_log" 2>&1 || e2e=1
cat "$unit_log"
echo
cat "$e2e_log"
[ "$unit_status" = 0 ] || echo "make test: the benchmark's smoke run or XCTest failed (status $unit_status; $unit_log)"
[ "$e2e" = 0 ] || echo "make test: the end-to-end harness failed (status $e2e; $e2e_log)"
[ "$unit_status" = 0 ] && [ "$e2e" = 0 ]
