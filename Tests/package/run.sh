#!/usr/bin/env bash
# make package-test: the Debian package installed and run on a clean Debian bookworm without Swift.
#
# A minimal root (`debootstrap --variant=minbase bookworm`, from the Debian mirror this machine's own
# apt sources name) is made once and kept as a tarball in .build/package-test; each run unpacks it
# anew, so every run starts from the same clean system. proc, sys and /dev/shm are mounted in it, and
# a trap unmounts them (and ends what the test started in the root) on every way out.
#
# In the root, `apt-get install ./shopper_VERSION_amd64.deb` must bring every runtime dependency.
# What it brought is written to out/package/pulled.txt. Then, each a PASS or FAIL line:
#   no Swift        nothing of a Swift toolchain in the root: no /opt/swift; no usr/lib/swift,
#                   usr/lib/swift_static or usr/share/swift folder; no swift, swiftc, swift-frontend,
#                   swift-driver or swift-build program on PATH; no installed package named swift*;
#                   and every Swift runtime library file (libswift*, libFoundation*, lib_FoundationICU*,
#                   libdispatch*, libBlocksRuntime*) anywhere in the root is the package's own.
#   ldd             both binaries' libraries all resolve in the root, the Swift runtime to the
#                   package's /usr/lib/shopper, and `ldd -r` finds no undefined symbol.
#   version         `shopper --version` prints the metainfo's newest release.
#   command line    `shopper add "2 kg Apples"`, `shopper lists`, `shopper export` round trip, with
#                   SHOPPER_DATA_DIR in a folder of the test's own.
# Then the tools the rest needs and the package does not (Xvfb, xauth, D-Bus, gdbus, xwininfo, xwd)
# are installed, after the package's own pull was recorded:
#   first frame     the window under Xvfb draws its first frame (SHOPPER_BENCH=first-frame says so);
#                   then, started plainly, it is shown and out/package/first-frame.png is taken.
#   recipe import   `shopper recipe import FILE` of a page the test writes (schema.org Recipe as
#                   JSON-LD) prints the recipe and exits 0: the helper /usr/libexec/shopper/shopper-sync
#                   was found and ran.
#   search provider in a dbus-run-session under Xvfb, GetInitialResultSet(['apples']) on
#                   io.github.shopperapp.Shopper (started by D-Bus through the installed service file)
#                   returns ids, and GetResultMetas of them names "Apples".
#   purge           `apt-get purge -y shopper` leaves no file or folder of `dpkg -L shopper` (taken
#                   before) behind, but folders other installed packages also own.
# Each check's output goes to out/package/checks.log (and is shown when it fails). The last line is
# `package-test: N passed, N failed`; the exit status is 1 if any check failed.
#
# Usage: Tests/package/run.sh shopper_VERSION_amd64.deb VERSION     (as root: chroot, mount)

set -uo pipefail

DEB=$(realpath "$1")
VERSION=$2
REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$REPO/.build/package-test
ROOT=$WORK/root
OUT=$REPO/out/package
APP_ID=io.github.shopperapp.Shopper
SUITE=bookworm
PASSED=0
FAILED=0
LOG=$(mktemp)
MOUNTS=()

say() { echo "package-test: $*"; }

pass() { echo "PASS: $1"; PASSED=$((PASSED + 1)); }
fail() {
    echo "FAIL: $1"
    [ -s "$LOG" ] && tail -n 25 "$LOG" | sed 's/^/    /'
    FAILED=$((FAILED + 1))
}
# check NAME COMMAND...: PASS when COMMAND exits 0; its output (in $LOG) is shown on failure.
check() {
    local name=$1; shift
    if "$@" >"$LOG" 2>&1; then pass "$name"; else fail "$name"; fi
    { echo "== ${name}"; cat "$LOG"; echo; } >>"$OUT/checks.log"
}

# A command in the root, with a plain environment.
inroot() {
    chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

# Every process whose root is the test's root, ended (by its id); then the mounts, innermost first.
cleanup() {
    local pids p
    if [ -d "$ROOT" ]; then
        for _ in 1 2 3; do
            pids=""
            for p in /proc/[0-9]*; do
                [ "$(readlink "$p/root" 2>/dev/null)" = "$ROOT" ] && pids="$pids ${p#/proc/}"
            done
            [ -z "$pids" ] && break
            kill $pids 2>/dev/null
            sleep 1
            kill -9 $pids 2>/dev/null
        done
    fi
    local i
    for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
        umount "${MOUNTS[$i]}" 2>/dev/null || umount -l "${MOUNTS[$i]}" 2>/dev/null
    done
    MOUNTS=()
    rm -f "$LOG"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mount_in_root() {  # TYPE SOURCE TARGET [OPTIONS]
    mkdir -p "$ROOT$3"
    mount -t "$1" ${4:+-o "$4"} "$2" "$ROOT$3" && MOUNTS+=("$ROOT$3")
}

# Nothing may be mounted under a root about to be deleted (a run killed before its trap).
unmount_leftovers() {
    local m
    for m in $(awk -v r="$ROOT" 'index($2, r "/") == 1 { print $2 }' /proc/mounts | sort -r); do
        umount "$m" 2>/dev/null || umount -l "$m"
    done
    if awk -v r="$ROOT" 'index($2, r "/") == 1 { found = 1 } END { exit !found }' /proc/mounts; then
        say "something is still mounted under $ROOT; not deleting it"; exit 1
    fi
}

# The Debian mirror and bookworm suites of this machine's apt sources (deb822 .sources files and
# one-line .list files): "URI SUITE" lines, the plain bookworm suite's first. Main component only.
apt_sources() {
    /usr/bin/python3 - "$SUITE" <<'PY'
import glob, re, sys
suite = sys.argv[1]
found = []
for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
    for stanza in re.split(r"\n\s*\n", open(path).read()):
        fields, key = {}, None
        for line in stanza.splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if line[0] in " \t" and key:
                fields[key] += " " + line.strip()
                continue
            key, _, value = line.partition(":")
            key = key.strip().lower()
            fields[key] = value.strip()
        if fields.get("enabled", "yes").lower() == "no" or "deb" not in fields.get("types", "").split():
            continue
        for uri in fields.get("uris", "").split():
            for s in fields.get("suites", "").split():
                found.append((uri, s, fields.get("components", "").split()))
for path in ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*.list")):
    try:
        lines = open(path).read().splitlines()
    except OSError:
        continue
    for line in lines:
        line = re.sub(r"\[[^]]*\]", " ", line.split("#", 1)[0]).split()
        if len(line) >= 3 and line[0] == "deb":
            found.append((line[1], line[2], line[3:]))
debian = [(u, s) for u, s, c in found if "main" in c and (s == suite or s.startswith(suite + "-"))]
debian.sort(key=lambda e: e[1] != suite)
for uri, s in debian:
    print(uri, s)
PY
}

mkdir -p "$WORK" "$OUT"
rm -f "$OUT/first-frame.png" "$OUT/checks.log"
SOURCES=$(apt_sources)
MIRROR=$(echo "$SOURCES" | awk -v s="$SUITE" '$2 == s { print $1; exit }')
if [ -z "$MIRROR" ]; then
    say "no Debian $SUITE source with the main component in /etc/apt/sources.list{,.d/}"; exit 1
fi
say "mirror $MIRROR (from this machine's apt sources)"

# The clean root: made once per mirror, kept as a tarball, unpacked anew each run.
CACHE=$WORK/$SUITE-minbase-$(echo "$MIRROR" | sha1sum | cut -c1-10).tar
unmount_leftovers
rm -rf "$ROOT"
if [ ! -s "$CACHE" ]; then
    say "debootstrap --variant=minbase $SUITE (once; kept in $CACHE)"
    rm -rf "$WORK/fresh"
    if ! debootstrap --variant=minbase "$SUITE" "$WORK/fresh" "$MIRROR" >"$WORK/debootstrap.log" 2>&1; then
        tail -n 20 "$WORK/debootstrap.log"; say "debootstrap failed (log: $WORK/debootstrap.log)"; exit 1
    fi
    tar -C "$WORK/fresh" -cf "$CACHE.part" . && mv "$CACHE.part" "$CACHE"
    rm -rf "$WORK/fresh"
fi
mkdir -p "$ROOT"
tar -C "$ROOT" -xf "$CACHE"
echo "$SOURCES" | awk '{ print "deb " $1 " " $2 " main" }' >"$ROOT/etc/apt/sources.list"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
# No service starts in the root (dbus's would try).
printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"
chmod 755 "$ROOT/usr/sbin/policy-rc.d"
mount_in_root proc proc /proc
mount_in_root sysfs sysfs /sys ro
mount_in_root tmpfs tmpfs /dev/shm mode=1777
# Downloaded packages are kept between runs (they change nothing installed).
mkdir -p "$WORK/apt-archives/partial"
mount --bind "$WORK/apt-archives" "$ROOT/var/cache/apt/archives" && MOUNTS+=("$ROOT/var/cache/apt/archives")
inroot rm -f /etc/apt/apt.conf.d/docker-clean

say "apt-get update"
if ! inroot apt-get update -qq >"$LOG" 2>&1; then cat "$LOG"; say "apt-get update failed in the root"; exit 1; fi

# The package, as a user installs it.
inroot dpkg-query -W -f '${Package}\n' | sort >"$WORK/before.txt"
cp "$DEB" "$ROOT/tmp/"
NAME=$(basename "$DEB")
say "apt-get install ./$NAME"
if inroot sh -c "cd /tmp && apt-get install -y -q ./$NAME" >"$WORK/install.log" 2>&1; then
    pass "apt-get install ./$NAME in a clean $SUITE root"
else
    cp "$WORK/install.log" "$LOG"; fail "apt-get install ./$NAME in a clean $SUITE root"
    say "$PASSED passed, $FAILED failed"; echo "package-test: $PASSED passed, $FAILED failed"; exit 1
fi
inroot dpkg-query -W -f '${Package}\n' | sort >"$WORK/after.txt"
comm -13 "$WORK/before.txt" "$WORK/after.txt" >"$OUT/pulled.txt"
say "the package brought $(grep -vcx shopper "$OUT/pulled.txt") packages with it (out/package/pulled.txt)"
inroot dpkg -L shopper >"$WORK/shopper-files.txt"

no_swift() {
    local bad=0 f
    [ -e "$ROOT/opt/swift" ] && { echo "/opt/swift exists"; bad=1; }
    for f in usr/lib/swift usr/lib/swift_static usr/share/swift usr/local/lib/swift; do
        [ -e "$ROOT/$f" ] && { echo "/$f exists"; bad=1; }
    done
    for f in swift swiftc swift-frontend swift-driver swift-build; do
        inroot sh -c "command -v $f" && { echo "$f is on PATH"; bad=1; }
    done
    if inroot dpkg-query -W -f '${Package}\n' | grep -i '^swift\|swiftlang'; then echo "Swift packages installed"; bad=1; fi
    local own
    own=$(sed -n 's|^\(/usr/lib/shopper/.*\)|\1|p' "$WORK/shopper-files.txt")
    while IFS= read -r f; do
        f=${f#"$ROOT"}
        if ! grep -qxF "$f" <<<"$own"; then echo "$f: a Swift runtime file not of the package"; bad=1; fi
    done < <(find "$ROOT" -xdev \( -path "$ROOT/proc" -o -path "$ROOT/sys" \) -prune -o \
        \( -name 'libswift*' -o -name 'libFoundation*' -o -name 'lib_FoundationICU*' -o -name 'libdispatch*' \
           -o -name 'libBlocksRuntime*' \) -print)
    echo "Swift runtime files in the root: $(find "$ROOT/usr/lib/shopper" -type f | sed "s|$ROOT||" | tr '\n' ' ')"
    return $bad
}
check "no Swift toolchain in the root (no /opt/swift, no swift* package or program, the only Swift runtime is /usr/lib/shopper's)" no_swift

ldd_resolves() {
    local bad=0 b out
    for b in /usr/bin/shopper /usr/libexec/shopper/shopper-sync; do
        out=$(inroot ldd -r "$b" 2>&1)
        echo "$b:"; echo "$out" | sed 's/^/  /'
        if echo "$out" | grep -E 'not found|undefined symbol'; then bad=1; fi
        local rt
        rt=$(echo "$out" | sed -n 's/^[[:space:]]*libswiftCore\.so => \([^ ]*\) .*/\1/p')
        [ -n "$rt" ] && [ "$(inroot readlink -f "$rt")" = /usr/lib/shopper/libswiftCore.so ] \
            || { echo "$b: the Swift runtime is not /usr/lib/shopper/libswiftCore.so but '$rt'"; bad=1; }
    done
    return $bad
}
check "ldd -r of shopper and shopper-sync resolves every library and symbol inside the root" ldd_resolves

check_version() {
    local out
    out=$(inroot shopper --version 2>&1); echo "shopper --version: $out"
    [ "$out" = "Shopper $VERSION" ]
}
check "shopper --version prints the metainfo's version ($VERSION)" check_version

DATA=/tmp/shopper-data
mkdir -p "$ROOT$DATA"
cli() { inroot env SHOPPER_DATA_DIR=$DATA GSETTINGS_BACKEND=memory shopper "$@"; }
round_trip() {
    cli add "2 kg Apples" || return 1
    local lists export
    lists=$(cli lists) || return 1
    export=$(cli export) || return 1
    echo "shopper lists:"; echo "$lists"; echo "shopper export:"; echo "$export"
    [ "$(echo "$lists" | wc -l)" -ge 1 ] && echo "$lists" | awk -F'\t' '$2 == 1 && $3 == 1 { ok = 1 } END { exit !ok }' \
        && echo "$export" | grep -q 'Apples' && echo "$export" | grep 'Apples' | grep -q '2'
}
check "shopper add \"2 kg Apples\", lists, export round trip (SHOPPER_DATA_DIR)" round_trip

# Test-only tools, after the package's own pull was recorded.
say "installing the test's own tools in the root (Xvfb, xauth, D-Bus, gdbus, xwininfo, xwd)"
if ! inroot apt-get install -y -q --no-install-recommends xvfb xauth dbus-daemon dbus-bin libglib2.0-bin x11-utils x11-apps \
        >"$WORK/tools.log" 2>&1; then
    tail -n 20 "$WORK/tools.log"; say "could not install the test tools"
fi
inroot dpkg-query -W -f '${Package}\n' | sort >"$WORK/with-tools.txt"

GUI_ENV=(SHOPPER_DATA_DIR=$DATA GSETTINGS_BACKEND=memory XDG_RUNTIME_DIR=/tmp/runtime GTK_A11Y=none NO_AT_BRIDGE=1)
inroot sh -c 'mkdir -p -m 700 /tmp/runtime'

first_frame() {
    inroot env "${GUI_ENV[@]}" SHOPPER_BENCH=first-frame timeout 60 \
        xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" dbus-run-session -- shopper >"$WORK/first-frame.out" 2>&1
    local rc=$?
    cat "$WORK/first-frame.out"
    [ $rc -eq 0 ] && grep -q '^BENCH first-frame ' "$WORK/first-frame.out" || return 1
    # Started plainly: shown, then a screenshot of the screen.
    cat >"$ROOT/tmp/shot.sh" <<'EOF'
shopper & app=$!
for i in $(seq 1 100); do
    xwininfo -root -children 2>/dev/null | grep -q '"shopper"' && break
    sleep 0.2
done
xwininfo -root -children | grep '"shopper"' || { kill $app; exit 1; }
sleep 2
xwd -root -silent >/tmp/first-frame.xwd
kill $app; wait $app
exit 0
EOF
    inroot env "${GUI_ENV[@]}" timeout 90 xvfb-run -a -s "-screen 0 1024x768x24 -nolisten tcp" \
        dbus-run-session -- sh /tmp/shot.sh || return 1
    convert "xwd:$ROOT/tmp/first-frame.xwd" -trim +repage "$OUT/first-frame.png" && echo "saved out/package/first-frame.png"
}
check "the window under Xvfb reaches its first frame (screenshot out/package/first-frame.png)" first_frame

recipe_import() {
    cat >"$ROOT/tmp/pancakes.html" <<'EOF'
<!doctype html><html><head><title>Pancakes</title>
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Recipe", "name": "Pancakes",
"recipeYield": "4", "recipeIngredient": ["250 g flour", "2 eggs", "500 ml milk"],
"recipeInstructions": [{"@type": "HowToStep", "text": "Whisk and fry."}]}</script></head><body></body></html>
EOF
    local out rc
    out=$(cli recipe import /tmp/pancakes.html 2>&1); rc=$?
    echo "exit $rc:"; echo "$out"
    [ $rc -eq 0 ] && echo "$out" | grep -q Pancakes && echo "$out" | grep -q '250 g flour'
}
check "shopper recipe import FILE runs /usr/libexec/shopper/shopper-sync and prints the recipe" recipe_import

search_provider() {
    cat >"$ROOT/tmp/search.sh" <<'EOF'
set -e
call() {
    gdbus call --session --timeout 30 --dest io.github.shopperapp.Shopper \
        --object-path /io/github/shopperapp/Shopper/SearchProvider --method "org.gnome.Shell.SearchProvider2.$@"
}
ids=$(call GetInitialResultSet "['apples']")
echo "GetInitialResultSet(['apples']) = $ids"
list=$(echo "$ids" | sed -n 's/^(\(\[.*\]\),)$/\1/p')
[ -n "$list" ] && [ "$list" != "[]" ] && [ "$list" != "@as []" ] || { echo "no result"; exit 1; }
metas=$(call GetResultMetas "$list")
echo "GetResultMetas($list) = $metas"
echo "$metas" | grep -q "'name': <'[^']*Apples"
EOF
    inroot env "${GUI_ENV[@]}" timeout 90 xvfb-run -a -s "-screen 0 1024x768x24 -nolisten tcp" \
        dbus-run-session -- sh /tmp/search.sh
}
check "search provider over D-Bus: GetInitialResultSet(['apples']) starts Shopper from its service file, GetResultMetas names Apples" search_provider

purge() {
    inroot apt-get purge -y -q shopper || return 1
    local bad=0 f
    while IFS= read -r f; do
        [ -z "$f" ] || [ "$f" = "/." ] && continue
        [ -e "$ROOT$f" ] || [ -L "$ROOT$f" ] || continue
        if [ -d "$ROOT$f" ] && [ ! -L "$ROOT$f" ] && inroot dpkg-query -S "$f" >/dev/null 2>&1; then continue; fi
        echo "left behind: $f"; bad=1
    done <"$WORK/shopper-files.txt"
    echo "$(wc -l <"$WORK/shopper-files.txt") paths of dpkg -L shopper checked"
    return $bad
}
check "apt-get purge -y shopper leaves no file of the package behind" purge

echo "package-test: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
