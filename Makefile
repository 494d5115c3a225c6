# Shopper: `make run` to use it, `make test` to check it. Both install what is missing first.

SWIFT       ?= swift
SCHEMA_DIR  := .build/schemas
# Debian packages the build, the app and the headless tests need.
APT_PACKAGES := libgtk-4-dev libgtk-4-bin gir1.2-gtk-4.0 libsqlite3-dev libglib2.0-bin \
                xvfb xauth dbus dbus-x11 at-spi2-core python3-gi gir1.2-atspi-2.0 python3-pyatspi \
                imagemagick xdotool desktop-file-utils appstream
HEADLESS    := dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset"
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build deps schemas clean

run: build
	GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) .build/debug/shopper

build: deps schemas
	$(SWIFT) build --product shopper

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

# Every test: the model's, the in-process GTK ones and the end-to-end harness, all headless.
test: deps schemas
	$(SWIFT) build --build-tests
	GSK_RENDERER=cairo GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) GSETTINGS_BACKEND=memory NO_AT_BRIDGE=0 \
	  $(HEADLESS) sh -c '$(SWIFT) test --skip-build --disable-swift-testing && /usr/bin/python3 Tests/harness/run.py'

clean:
	rm -rf .build out
