# Shopper: `make run` to use it, `make test` to check it. Both install what is missing first.

SWIFT       ?= swift
SCHEMA_DIR  := .build/schemas
# Debian packages the build, the app and the headless tests need.
APT_PACKAGES := libgtk-4-dev libadwaita-1-dev libgtk-4-bin gir1.2-gtk-4.0 libsqlite3-dev libglib2.0-bin \
                xvfb xauth dbus dbus-x11 at-spi2-core python3-gi gir1.2-atspi-2.0 python3-pyatspi \
                imagemagick xdotool xclip desktop-file-utils appstream gettext locales-all \
                libsoup-3.0-dev libical-dev libsecret-1-dev libxml2-dev glib-networking \
                radicale xandikos python3-caldav gnome-keyring gir1.2-secret-1 openssl binutils patchelf iproute2 \
                python3-dbusmock
# What `make deb` and `make package-test` need besides (installed by them, only those missing).
PACKAGE_APT := debhelper lintian debootstrap
# Each headless run gets its own XDG_RUNTIME_DIR: without one, every session's accessibility bus
# shares ~/.cache/at-spi/bus, and a launcher from another session exiting removes the socket.
HEADLESS    := env XDG_RUNTIME_DIR=$$(mktemp -d) dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset"
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: shape run test check build deps schemas clean install uninstall validate screenshots bench bench-tools profile startup-order pot fresh-pot locale check-translations stage deb package-deps package-test

BENCH_SIZES ?= 1000 10000 100000 1000000
BENCH_RUNS  ?= 5
# The sync rows: a first sync of N items, and one change (its cost must not grow with N).
SYNC_BENCH_SIZES ?= 1000 10000
# GNOME Shell's search over D-Bus (`benchmarks/search_bench.py`): its target is 50 ms at 100,000.
SEARCH_BENCH_SIZES ?= 10000 100000
# `shopper import` of a CSV made for the run (`benchmarks/import_bench.py`): under 200 MB at a million lines.
IMPORT_BENCH_LINES ?= 1000000
# The Swift runtime, Dispatch and Foundation (with ICU's data) are one library that both binaries
# share, made by `make stage` from the toolchain's static archives: lib/shopper/libswiftCore.so beside
# them, not the toolchain's fourteen libraries. Linked into each binary (--static-swift-stdlib) they
# were 62 MB a binary, stripped: the package was 32.3 MB to download, 120 MB installed; now 18.0 MB
# and 67 MB. The toolchain's own libraries cost 7 ms before main, 18 ms of first frame and 12.5 MB of
# peak memory at 1k (their symbols bound at every start, their start-up code scattered); this one
# costs 1 ms before main, a first frame within the turns' noise (0-5 ms) and 1.1 MB of peak memory
# (docs/PACKAGING.md has the measures). It exports only what the two binaries import, so the rest
# is dropped as a static link drops it (--gc-sections); its start-up code is placed together by the
# same order (startup.order), and its calls to itself bound when it is linked (-Bsymbolic-functions),
# not at every start. The binaries are linked against the toolchain's
# libraries as usual; the stage takes the names of all but libswiftCore.so out of them and sets their
# RUNPATH to the library's folder, both in place (patchelf, nothing moved).
SWIFT_TOOLS  := $(dir $(realpath $(shell command -v $(SWIFT))))
SWIFT_STATIC_LIBS = $(SWIFT_TOOLS)../lib/swift_static/linux
SWIFT_SHARED_LIBS = $(SWIFT_TOOLS)../lib/swift/linux
RUNTIME_ARCHIVES = libswiftCore.a libswift_Concurrency.a libswift_StringProcessing.a libswift_RegexParser.a \
               libswiftSynchronization.a libswiftGlibc.a libswift_Builtin_float.a libBlocksRuntime.a libdispatch.a \
               libswiftDispatch.a libFoundation.a libCoreFoundation.a libFoundationEssentials.a \
               libFoundationInternationalization.a lib_FoundationICU.a lib_FoundationCShims.a lib_FoundationCollections.a \
               $(if $(filter debug,$(CONFIG)),libswiftSwiftOnoneSupport.a)
# Linked by the toolchain's lld with relative relocations packed (DT_RELR, read by glibc 2.36 on):
# the runtime's 80,000 relocations took 1.9 MB of the binary, all read at every start. SwiftPM
# links executables with --export-dynamic: GRDB's and the model's 7,700 public symbols were in the
# dynamic symbol table, whose pages the dynamic linker read at every start (0.7 MB of peak memory)
# though nothing looks a symbol of the executable up.
LINK         = -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
# Every function in a section of its own, and those start-up runs placed together at the front of
# the code (benchmarks/startup.order, `make startup-order`): scattered among the rest, the pages
# they were on, and the kernel's fault-around beside each, brought 13 MB of the 18 MB of code into
# memory before the first frame; placed together, 7 MB less. The functions with no symbol to name
# (closure contexts' destroy functions: private labels) go together before them
# (benchmarks/private-code.ld): 1.7 MB less.
ORDER        = -Xswiftc -Xfrontend -Xswiftc -function-sections \
               -Xlinker --symbol-ordering-file=$(CURDIR)/benchmarks/startup.order -Xlinker --no-warn-symbol-ordering \
               -Xlinker -T -Xlinker $(CURDIR)/benchmarks/private-code.ld
RELEASE      = -c release $(LINK) $(ORDER)
RELEASE_BIN  = $$($(SWIFT) build $(RELEASE) --show-bin-path)
# The $(CONFIG) build as installed (`make stage`): bin/shopper, libexec/shopper/shopper-sync and
# lib/shopper/libswiftCore.so. What `make bench` measures is what `make install` and the package ship.
STAGE        = .build/stage/$(CONFIG)
SHOPPER      = $(CURDIR)/.build/stage/release/bin/shopper

APP_ID      := io.github.shopperapp.Shopper
PREFIX      ?= /usr/local
DESTDIR     ?=
CONFIG      ?= release
# Every file `make install` writes, relative to $(DESTDIR)$(PREFIX); `make uninstall` removes these.
INSTALLED   = bin/shopper \
               libexec/shopper/shopper-sync \
               lib/shopper/libswiftCore.so \
               share/applications/$(APP_ID).desktop \
               share/metainfo/$(APP_ID).metainfo.xml \
               share/icons/hicolor/scalable/apps/$(APP_ID).svg \
               share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
               share/glib-2.0/schemas/$(APP_ID).gschema.xml \
               share/dbus-1/services/$(APP_ID).service \
               share/gnome-shell/search-providers/$(APP_ID).search-provider.ini \
               share/$(APP_ID)/shopper.css \
               share/$(APP_ID)/shopper-dark.css \
               share/$(APP_ID)/sample-list.csv \
               share/$(APP_ID)/groceries.txt \
               $(foreach l,$(LANGUAGES),share/$(APP_ID)/sample-list.$(l).csv) \
               $(foreach l,$(LANGUAGES),share/locale/$(l)/LC_MESSAGES/shopper.mo)

# Translations: one po/LANG.po per line of po/LINGUAS. Swift has no xgettext parser: the sources are
# read as C, so translatable text is a plain literal passed to L("…") or N("…", "…", n), with
# {named} placeholders (a test refuses interpolation in them).
LANGUAGES   := $(shell cat po/LINGUAS)
LOCALE_DIR  := .build/locale
XGETTEXT    := xgettext --from-code=UTF-8 --package-name=shopper --msgid-bugs-address=https://github.com/shopperapp/shopper/issues \
               --add-comments=TRANSLATORS:

run: build
	GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) .build/debug/shopper

# Every executable the app runs: the window and command line, and the helper that shares, syncs and
# reads recipes (found beside `shopper` in the build tree).
build: deps schemas locale
	$(SWIFT) build --product shopper
	$(SWIFT) build --product shopper-sync

# Installs only the packages that are missing (apt-get update first: a fresh machine has no lists).
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

schemas:
	@mkdir -p $(SCHEMA_DIR)
	glib-compile-schemas --strict --targetdir=$(SCHEMA_DIR) data/

# The template, from the Swift sources, the desktop file, the metainfo and the schema (ITS rules).
pot: fresh-pot
	cp .build/shopper.pot po/shopper.pot
	@echo "po/shopper.pot: $$(grep -c '^msgid ' po/shopper.pot) messages"

# The template as the sources say now, in the build tree (checking it leaves the work tree clean).
fresh-pot:
	@mkdir -p .build
	$(XGETTEXT) --language=C --keyword= --keyword=L --keyword=N:1,2 -o .build/swift.pot $$(find Sources -name '*.swift' | sort) 2>/dev/null
	$(XGETTEXT) -o .build/data.pot data/$(APP_ID).desktop data/$(APP_ID).metainfo.xml data/$(APP_ID).gschema.xml
	msgcat --use-first -o .build/shopper.pot .build/swift.pot .build/data.pot

# Message catalogues for the app, and the desktop file and metainfo with their translations merged in.
locale:
	@for l in $(LANGUAGES); do mkdir -p $(LOCALE_DIR)/$$l/LC_MESSAGES; \
	  msgfmt --check -o $(LOCALE_DIR)/$$l/LC_MESSAGES/shopper.mo po/$$l.po || exit 1; done
	msgfmt --desktop --template=data/$(APP_ID).desktop -d po -o .build/$(APP_ID).desktop
	msgfmt --xml --template=data/$(APP_ID).metainfo.xml -d po -o .build/$(APP_ID).metainfo.xml

# A fresh template must be fully translated in every language: no message missing, none fuzzy.
check-translations: fresh-pot
	@for l in $(LANGUAGES); do \
	  msgmerge --quiet --no-fuzzy-matching -o .build/$$l.check.po po/$$l.po .build/shopper.pot || exit 1; \
	  missing=$$(msgattrib --untranslated --no-obsolete .build/$$l.check.po | grep -c '^msgid ' || true); \
	  fuzzy=$$(msgattrib --only-fuzzy --no-obsolete .build/$$l.check.po | grep -c '^msgid ' || true); \
	  if [ "$$missing$$fuzzy" != "00" ]; then echo "po/$$l.po: $$missing untranslated, $$fuzzy fuzzy"; \
	    msgattrib --untranslated --no-obsolete .build/$$l.check.po | grep '^msgid ' | head -20; exit 1; fi; \
	  echo "po/$$l.po: complete"; done

# Every test: the model's, the in-process GTK ones and the end-to-end harness, all headless. The
# benchmark's operations run once too, on the release build, at 1,000 items: enough rows to scroll,
# which its list switches need to find what a test at 100 did not (GTK 4.8 aborting on a switch).
test: deps schemas validate check-translations locale
	$(SWIFT) build --build-tests
	rm -rf .build/test-install && $(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/test-install PREFIX=/usr
	$(MAKE) --no-print-directory bench-tools
	GSK_RENDERER=cairo GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) GSETTINGS_BACKEND=memory G_DEBUG=fatal-criticals \
	SHOPPER_INSTALLED=$(CURDIR)/.build/test-install/usr/bin/shopper \
	  Tests/suites.sh "$(SHOPPER)" .build/baseline "$(RELEASE_BIN)/shopper-bench-store" $(SWIFT)

# The unit and in-process tests alone, headless (no harness, no servers' end-to-end runs, no
# benchmark): the edit–test cycle. `make test` stays the whole suite. The window tests and the
# rest run side by side (Tests/check.sh): a headless session for each test module.
check: deps schemas locale
	$(SWIFT) build --build-tests
	GSK_RENDERER=cairo GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) GSETTINGS_BACKEND=memory G_DEBUG=fatal-criticals \
	  Tests/check.sh $(SWIFT)

# The sources' shape as the shape test measures it (types with all their blocks, stored properties,
# members, public and package declarations other modules refer to): markdown in .build/shape.md,
# and the declarations no other module refers to in .build/shape.md.unexposed.txt.
shape:
	$(SWIFT) build --build-tests
	SHOPPER_SHAPE_TABLE=$(CURDIR)/.build/shape.md $(SWIFT) test --skip-build --disable-swift-testing \
	  --filter ShopperModelTests.SourceShapeTests/testShapeTable
	@cat .build/shape.md

# The release build as installed (.build/stage/release), the store maker, the C baseline and the
# libadwaita floor (see benchmarks/adwaita-floor.c).
bench-tools: deps
	$(MAKE) --no-print-directory stage CONFIG=release
	$(SWIFT) build $(RELEASE) --product shopper-bench-store
	cc -O2 -o .build/baseline benchmarks/baseline.c $$(pkg-config --cflags --libs gtk4)
	cc -O2 -o .build/adwaita-floor benchmarks/adwaita-floor.c $$(pkg-config --cflags --libs libadwaita-1)

# Measures Shopper against the C baseline at each size and writes BENCHMARKS.md. With its GSettings
# schema, as installed: without it Shopper keeps preferences in memory and skips loading settings.
# Then sync, GNOME Shell's search, and the worst recipe page the helper is given (its time and memory).
bench: bench-tools schemas
	GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) $(HEADLESS) /usr/bin/python3 benchmarks/run.py "$(SHOPPER)" .build/baseline \
	  "$(RELEASE_BIN)/shopper-bench-store" BENCHMARKS.md $(BENCH_SIZES) --runs $(BENCH_RUNS)
	$(HEADLESS) /usr/bin/python3 benchmarks/sync_bench.py "$(SHOPPER)" $(SYNC_BENCH_SIZES) --runs $(BENCH_RUNS) >> BENCHMARKS.md
	GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) $(HEADLESS) /usr/bin/python3 benchmarks/search_bench.py "$(SHOPPER)" \
	  "$(RELEASE_BIN)/shopper-bench-store" $(SEARCH_BENCH_SIZES) --runs $(BENCH_RUNS) >> BENCHMARKS.md
	/usr/bin/python3 benchmarks/recipe_bench.py "$(CURDIR)/.build/stage/release/libexec/shopper/shopper-sync" \
	  --runs $(BENCH_RUNS) >> BENCHMARKS.md
	/usr/bin/python3 benchmarks/import_bench.py "$(SHOPPER)" $(IMPORT_BENCH_LINES) --runs 3 >> BENCHMARKS.md

# Where the first frame's and a scroll frame's CPU time goes, Shopper against the libadwaita floor and
# the C baseline, by library (benchmarks/cpu_profile.py): writes PROFILE.md. Needs perf (installed here).
profile: bench-tools schemas
	@command -v perf >/dev/null || { $(SUDO) apt-get update -qq \
	  && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq linux-perf; }
	cc -O2 -shared -fPIC -o .build/present-mark.so benchmarks/present-mark.c $$(pkg-config --cflags --libs gtk4)
	GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) $(HEADLESS) /usr/bin/python3 benchmarks/cpu_profile.py "$(SHOPPER)" \
	  .build/baseline "$(RELEASE_BIN)/shopper-bench-store" .build/present-mark.so PROFILE.md

# The functions start-up runs, for the release link's order (needs valgrind: apt install valgrind).
startup-order: bench-tools schemas
	$(HEADLESS) /usr/bin/python3 benchmarks/startup_order.py "$(SHOPPER)" \
	  "$(RELEASE_BIN)/shopper-bench-store" benchmarks/startup.order
	@# The linker does not know the order as an input: the next release build links anew.
	rm -f "$(RELEASE_BIN)/shopper" "$(RELEASE_BIN)/shopper-sync"

# The $(CONFIG) build as installed, in $(STAGE): both binaries and the runtime they share (see
# SWIFT_STATIC_LIBS above). Fails if either binary needs a symbol the runtime does not export.
stage:
	$(SWIFT) build -c $(CONFIG) $(LINK) $(ORDER) --product shopper
	$(SWIFT) build -c $(CONFIG) $(LINK) $(ORDER) --product shopper-sync
	@set -e; bin="$$($(SWIFT) build -c $(CONFIG) $(LINK) $(ORDER) --show-bin-path)"; s="$(STAGE).new"; \
	rm -rf "$$s"; mkdir -p "$$s/bin" "$$s/libexec/shopper" "$$s/lib/shopper"; \
	cp "$$bin/shopper" "$$s/bin/shopper"; cp "$$bin/shopper-sync" "$$s/libexec/shopper/shopper-sync"; \
	nm -D --undefined-only "$$s/bin/shopper" "$$s/libexec/shopper/shopper-sync" \
	  | awk 'NF == 2 { sub(/@.*/, "", $$2); print "  \"" $$2 "\";" }' | sort -u \
	  | { echo "{ global:"; cat; echo "local: *; };"; } > "$$s/runtime-exports.map"; \
	$(SWIFT_TOOLS)clang -shared -fuse-ld=lld -o "$$s/lib/shopper/libswiftCore.so" -Wl,-soname,libswiftCore.so \
	  $(SWIFT_STATIC_LIBS)/x86_64/swiftrt.o -Wl,--whole-archive $(addprefix $(SWIFT_STATIC_LIBS)/,$(RUNTIME_ARCHIVES)) \
	  -Wl,--no-whole-archive -lstdc++ -lm -ldl -lpthread -Wl,--allow-multiple-definition \
	  -Wl,--version-script="$$s/runtime-exports.map" -Wl,--undefined-version -Wl,--gc-sections -Wl,-Bsymbolic-functions \
	  -Wl,-z,relro -Wl,-z,pack-relative-relocs -Wl,--build-id \
	  -Wl,--symbol-ordering-file=$(CURDIR)/benchmarks/startup.order -Wl,--no-warn-symbol-ordering \
	  -Wl,-T,$(CURDIR)/benchmarks/private-code.ld; \
	for f in bin/shopper libexec/shopper/shopper-sync; do \
	  case $$f in bin/*) up='..';; *) up='../..';; esac; \
	  patchelf --set-rpath "\$$ORIGIN/$$up/lib/shopper" $$(readelf -d "$$s/$$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' \
	    | while read n; do [ "$$n" = libswiftCore.so ] || [ ! -e "$(SWIFT_SHARED_LIBS)/$$n" ] || echo "--remove-needed $$n"; done) "$$s/$$f"; \
	  if ldd -r "$$s/$$f" 2>&1 | grep -E 'not found|undefined symbol'; then \
	    echo "$$s/$$f: the runtime lacks what is listed above (RUNTIME_ARCHIVES in the Makefile)"; exit 1; fi; \
	done; \
	rm -rf "$(STAGE)"; mv "$$s" "$(STAGE)"; echo "Staged the $(CONFIG) build in $(STAGE): $$(du -sh "$(STAGE)" | cut -f1)"

# Installs the $(CONFIG) build (`make stage`) and the files it reads; PREFIX and DESTDIR as usual.
# NO_DEPS=1 skips the package installs, and NO_BUILD=1 takes the STAGE given as it is: debian/rules
# sets both.
install: $(if $(NO_DEPS),,deps) locale $(if $(NO_BUILD),,stage)
	@root="$(DESTDIR)$(PREFIX)"; s="$(STAGE)"; \
	install -Dm755 "$$s/bin/shopper" "$$root/bin/shopper"; \
	install -Dm755 "$$s/libexec/shopper/shopper-sync" "$$root/libexec/shopper/shopper-sync"; \
	install -Dm644 "$$s/lib/shopper/libswiftCore.so" "$$root/lib/shopper/libswiftCore.so"; \
	install -Dm644 .build/$(APP_ID).desktop "$$root/share/applications/$(APP_ID).desktop"; \
	install -Dm644 .build/$(APP_ID).metainfo.xml "$$root/share/metainfo/$(APP_ID).metainfo.xml"; \
	for l in $(LANGUAGES); do install -Dm644 $(LOCALE_DIR)/$$l/LC_MESSAGES/shopper.mo "$$root/share/locale/$$l/LC_MESSAGES/shopper.mo"; done; \
	install -Dm644 data/icons/$(APP_ID).svg "$$root/share/icons/hicolor/scalable/apps/$(APP_ID).svg"; \
	install -Dm644 data/icons/$(APP_ID)-symbolic.svg "$$root/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg"; \
	install -Dm644 data/$(APP_ID).gschema.xml "$$root/share/glib-2.0/schemas/$(APP_ID).gschema.xml"; \
	install -d "$$root/share/dbus-1/services"; \
	sed 's|@BINDIR@|$(PREFIX)/bin|' data/$(APP_ID).service.in > "$$root/share/dbus-1/services/$(APP_ID).service"; \
	install -Dm644 data/$(APP_ID).search-provider.ini "$$root/share/gnome-shell/search-providers/$(APP_ID).search-provider.ini"; \
	for f in shopper.css shopper-dark.css sample-list.csv groceries.txt $(foreach l,$(LANGUAGES),sample-list.$(l).csv); do install -Dm644 "data/$$f" "$$root/share/$(APP_ID)/$$f"; done; \
	glib-compile-schemas "$$root/share/glib-2.0/schemas"; \
	echo "Installed Shopper in $$root"

# Removes exactly what install wrote (and the compiled schema cache, rebuilt for what remains).
uninstall:
	@root="$(DESTDIR)$(PREFIX)"; \
	for f in $(INSTALLED); do rm -f "$$root/$$f"; done; \
	rmdir "$$root/share/$(APP_ID)" "$$root/lib/shopper" "$$root/libexec/shopper" 2>/dev/null || true; \
	for l in $(LANGUAGES); do rmdir "$$root/share/locale/$$l/LC_MESSAGES" "$$root/share/locale/$$l" 2>/dev/null || true; done; \
	if ls "$$root"/share/glib-2.0/schemas/*.gschema.xml >/dev/null 2>&1; then glib-compile-schemas "$$root/share/glib-2.0/schemas"; \
	else rm -f "$$root/share/glib-2.0/schemas/gschemas.compiled"; fi; \
	echo "Removed Shopper from $$root"

# The Debian package, shopper_VERSION_amd64.deb in this folder (docs/PACKAGING.md): debian/ built by
# Debian's own tools (dpkg-buildpackage, debhelper) in a copy of the tree in .build/deb, around the
# release stage (Swift is no Debian package: -d). The version is the metainfo's newest release, and
# debian/changelog must begin with it. lintian must find no error and no warning.
SHOPPER_VERSION = $(shell /usr/bin/python3 -c 'import sys, xml.etree.ElementTree as E; \
                    print("\n".join(r.get("version", "") for r in E.parse(sys.argv[1]).iter("release")))' \
                    data/$(APP_ID).metainfo.xml | sort -V | tail -n 1)
DEB         = shopper_$(SHOPPER_VERSION)_amd64.deb

deb: deps package-deps
	@v="$(SHOPPER_VERSION)"; c="$$(dpkg-parsechangelog -l debian/changelog -S Version)"; \
	if [ -z "$$v" ]; then echo "make deb: data/$(APP_ID).metainfo.xml has no <release version=...>"; exit 1; fi; \
	if [ "$$c" != "$$v" ]; then echo "make deb: debian/changelog begins with $$c but the metainfo's newest release is $$v:" \
	  "add a changelog entry for $$v (dch -v $$v), or a release to the metainfo"; exit 1; fi
	$(MAKE) --no-print-directory stage CONFIG=release
	rm -rf .build/deb && mkdir -p .build/deb/shopper-$(SHOPPER_VERSION)
	tar --exclude='./.build*' --exclude=./out --exclude=./.git --exclude='./*.deb' -cf - . | tar -xf - -C .build/deb/shopper-$(SHOPPER_VERSION)
	cd .build/deb/shopper-$(SHOPPER_VERSION) && SHOPPER_STAGE=$(CURDIR)/.build/stage/release dpkg-buildpackage -b -us -uc -d
	mv .build/deb/$(DEB) $(DEB)
	lintian --fail-on error,warning $(DEB)
	@echo "$(DEB): $$(stat -c %s $(DEB)) bytes to download, $$(dpkg-deb -f $(DEB) Installed-Size) KiB installed; lintian: no error, no warning"

# debhelper, lintian and debootstrap, if missing.
package-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(PACKAGE_APT)"

# The package installed and run in a clean Debian bookworm root without Swift (debootstrap, from this
# machine's apt source, cached in .build/package-test): Tests/package/run.sh says what it checks.
package-test: deb
	Tests/package/run.sh $(DEB) $(SHOPPER_VERSION)

# The desktop files as software centres and GNOME read them.
validate: locale
	desktop-file-validate data/$(APP_ID).desktop .build/$(APP_ID).desktop
	appstreamcli validate --no-net data/$(APP_ID).metainfo.xml .build/$(APP_ID).metainfo.xml
	glib-compile-schemas --strict --dry-run data/

# Refreshes the metainfo screenshots from the harness's last run.
screenshots:
	cp out/screenshots/10-three-items-on-the-shopping-list.png data/screenshots/shopping-list.png
	cp out/screenshots/21-search-highlight.png data/screenshots/search.png
	cp out/screenshots/51-phone-shopping-list.png data/screenshots/phone.png

clean:
	rm -rf .build out
