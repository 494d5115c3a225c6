#!/usr/bin/env bash
# `make check`'s XCTest as three runs side by side, one per test module, each in a headless
# session of its own (display, session bus): the window tests (mostly waiting for frames), the
# sync tests (mostly waiting for their servers) and the model's (mostly CPU) took about two
# minutes each here, six one after another. Each run's output is kept whole and printed after
# all end, in that order, the window tests' last.
#
#   Tests/check.sh SWIFT      (from the project root; env from make)
set -u
swift=$1
# The test bundle run as `swift test --skip-build` runs it, but without SwiftPM: `swift test`
# holds the build folder's lock while its tests run, so a second could not run beside it.
xctest="$("$swift" build --show-bin-path)/ShopperPackageTests.xctest"
headless() { env XDG_RUNTIME_DIR="$(mktemp -d)" dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" "$@"; }
# XCTest on Linux takes test names, not modules: the bundle's own list, split by module.
names=$("$xctest" --list-tests | grep -E '^Shopper[A-Za-z]+Tests\.')
modules="ShopperModelTests ShopperSyncTests ShopperAppTests"
mkdir -p .build
pids=""
for module in $modules; do
    grep "^$module\." <<< "$names" | paste -sd, - > ".build/check-$module.list"
    headless "$xctest" "$(cat ".build/check-$module.list")" > ".build/check-$module.log" 2>&1 &
    pids="$pids $!"
    # xvfb-run -a picks the first free display by its lock file: started together, two could pick it.
    sleep 3
done
failed=""
set -- $modules
for pid in $pids; do
    wait "$pid" || failed="$failed $1"
    shift
done
for module in $modules; do cat ".build/check-$module.log"; echo; done
for module in $modules; do
    echo "make check: $module: $(grep -c "^$module\." <<< "$names") tests, $(grep -h 'Executed [0-9]* tests' ".build/check-$module.log" | tail -n 1)"
done
[ -z "$failed" ] || echo "make check: failed:$failed (.build/check-MODULE.log)"
[ -z "$failed" ]
