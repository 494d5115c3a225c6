"""Drives the real `shopper` binary from outside, as a screen reader or a user would: AT-SPI for
what the window shows and to press its buttons, X events for clicks and keys, ImageMagick for
screenshots. Runs under Debian's /usr/bin/python3 (it has gi and pyatspi) inside
`dbus-run-session -- xvfb-run`. No window manager: the window sits at (0, 0), so window-relative
extents are screen coordinates."""

import os
import shutil
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from settling import OUT, Settling  # noqa: E402,F401
from x_waits import pointer, wait_for, window_pattern, x_focus, xdotool  # noqa: E402,F401

APP_ID = "io.github.shopperapp.Shopper"
# A list's rows are the cells of a one-column grid view (GTK 4.8 keeps thirty of them, against two
# hundred in a list view): each takes focus as a table cell named by its row's text.
ROW, ROW_ROLE_NAME = Atspi.Role.TABLE_CELL, "table cell"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def scratch(test, prefix="shopper-"):
    """A folder for one test, removed with what is in it when the test ends, passed or failed (a
    folder given to `Shopper` is the test's to remove: the app's own is removed by `Shopper`)."""
    folder = tempfile.mkdtemp(prefix=prefix)
    test.addCleanup(shutil.rmtree, folder, True)
    return folder


class Shopper(Settling):
    """One run of the app with its own temporary data folder."""

    def __init__(self, binary=None, data_dir=None, env=None, env_replace=None):
        self.binary = binary or os.environ.get("SHOPPER_BIN", os.path.join(ROOT, ".build", "debug", "shopper"))
        self.own_dir = data_dir is None
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="shopper-e2e-")
        self.extra_env = env or {}
        # The whole environment, when a test must leave variables out.
        self.base_env = env_replace
        self.proc = None
        self.app = None

    def __enter__(self):
        env = dict(self.base_env if self.base_env is not None else os.environ)
        env.update({"SHOPPER_DATA_DIR": self.data_dir, "GSK_RENDERER": "cairo", "GTK_A11Y": "atspi",
                    # A text cursor that does not blink: GTK 4 fades it on every frame for ten
                    # seconds after each key, so the window would never be still (`settle`,
                    # `screenshot`) while a field has the focus.
                    "XDG_CONFIG_DIRS": gtk_settings_dir(),
                    # What the app keeps in the user's cache (the money format ICU gave) stays with the run.
                    "XDG_CACHE_HOME": os.path.join(self.data_dir, "cache")})
        env.update(self.extra_env)
        self.log = open(os.path.join(self.data_dir, "app.log"), "w")
        self.proc = subprocess.Popen([self.binary], env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.app = wait_for(self._find_app, 20, "the shopper application on the accessibility bus")
        wait_for(lambda: self.window(), 20, "the main window")
        return self

    def __exit__(self, exc_type, *exc):
        died = self.proc and self.proc.poll() is not None and self.proc.returncode != 0
        if died or exc_type is not None:
            # A failure or a death: show the app's side, for whoever reads the test output.
            state = f"exited with {self.proc.returncode}" if self.proc.poll() is not None else "still running"
            print(f"\nshopper {state}; its log ends:\n{self.read_log()[-4000:]}")
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()
        wait_for(lambda: not name_has_owner(APP_ID), 10, "the app's D-Bus name to be released")
        if self.own_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def _find_app(self):
        if self.proc.poll() is not None:
            raise AssertionError(f"shopper exited with {self.proc.returncode}: {self.read_log()}")
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is not None and app.get_name() == "shopper" and app.get_process_id() == self.proc.pid:
                return app
        return None

    def read_log(self):
        with open(os.path.join(self.data_dir, "app.log")) as f:
            return f.read()

    # What the window shows

    def window(self):
        for i in range(self.app.get_child_count()):
            w = self.app.get_child_at_index(i)
            if w is not None and w.get_role() == Atspi.Role.FRAME:
                return w
        return None

    def page(self, title):
        """A list's page (GTK 4.8 exposes every stack page; scope queries to the one you mean)."""
        def read():
            return next((n for n in self.all(name=title) if n.get_role() in (Atspi.Role.PANEL, Atspi.Role.FILLER)), None)
        return self.steady(read, f"the page {title!r}")

    def all(self, role=None, name=None, contains=None, root=None):
        """Every accessible below `root` (the window) with that role and name. GTK 4.8 leaves hidden
        widgets out of the tree and sets no SHOWING state, so this does not filter on it."""
        found = []

        def walk(node, depth=0):
            if node is None or depth > 60:
                return
            try:
                if (role is None or node.get_role() == role) and \
                        (name is None or node.get_name() == name) and \
                        (contains is None or contains in (node.get_name() or "")):
                    found.append(node)
                for i in range(node.get_child_count()):
                    walk(node.get_child_at_index(i), depth + 1)
            except gi.repository.GLib.Error:
                return

        walk(root or self.window())
        return found

    def one(self, role=None, name=None, contains=None, root=None, timeout=5.0):
        what = f"{role and role.value_nick} named {name or contains!r}"
        return wait_for(lambda: (self.all(role, name, contains, root) or [None])[0], timeout, what)

    def toast_button(self, title, button="Undo", timeout=5.0):
        """The button of the toast whose title contains `title`. Asking for any "Undo" races with an
        earlier toast that the new one replaces: its button leaves the tree while being pointed at."""
        def read():
            for label in self.all(Atspi.Role.LABEL, contains=title):
                toast = label.get_parent()  # the title sits in an AdwBin inside the AdwToastWidget
                while toast is not None and toast.get_name() != "AdwToastWidget":
                    toast = toast.get_parent()
                found = toast and self.all(Atspi.Role.PUSH_BUTTON, contains=button, root=toast)
                if found:
                    return found[0]
            return None
        return wait_for(read, timeout, f"the {button!r} of the toast {title!r}")

    def focused(self, root=None):
        """The accessibles that have keyboard focus now (role name, name), in the main window or `root`."""
        found = []

        def walk(node, depth=0):
            if node is None or depth > 60:
                return
            try:
                if node.get_state_set().contains(Atspi.StateType.FOCUSED):
                    found.append((node.get_role_name(), node.get_name()))
                for i in range(node.get_child_count()):
                    walk(node.get_child_at_index(i), depth + 1)
            except gi.repository.GLib.Error:
                return

        walk(root or self.window())
        return found

    def menu_item(self, name, timeout=5.0):
        """An item of an open menu (a GMenu shown by a GtkPopoverMenu)."""
        roles = (Atspi.Role.MENU_ITEM, Atspi.Role.PUSH_BUTTON, Atspi.Role.CHECK_MENU_ITEM)
        return wait_for(lambda: next((n for n in self.all(name=name) if n.get_role() in roles), None),
                        timeout, f"menu item {name!r}")

    def context_menu_item(self, node, name):
        """Opens `node`'s context menu with a right click and returns its item `name`. A busy machine
        can lose a click while the list is still changing: try again, as a person would, and say so
        in the log (a retry that became the rule would hide a menu that opens late or not at all)."""
        for attempt in range(3):
            self.right_click(node)
            try:
                return self.menu_item(name, timeout=3)
            except AssertionError:
                if attempt == 2:
                    raise
                print(f"harness: click retried: no {name!r} in the context menu of {node.get_name()!r} "
                      f"within 3 s (attempt {attempt + 1} of 3)", file=sys.stderr, flush=True)
                self.key("Escape")

    def texts(self, role=Atspi.Role.LABEL, root=None):
        """The names of the accessibles below `root` (labels unless told)."""
        return self.steady(lambda: [n.get_name() or "" for n in self.all(role, root=root)], "the names")

    @staticmethod
    def steady(read, what, tries=20):
        """`read()` done again until no accessible it walked went away meanwhile. A list that changes
        while it is read (a search typed or undone) recycles rows: AT-SPI then says "the application
        no longer exists" of a row read after it went, and the rest of that read is out of date too."""
        for _ in range(tries):
            try:
                return read()
            except gi.repository.GLib.Error:
                time.sleep(0.05)
        raise AssertionError(f"the window kept changing while {what} were read")

    def has_text(self, contains, root=None):
        return any(contains in t for t in self.texts(root=root))

    # Acting

    def press(self, node):
        """Presses a button through its accessible action, as a screen reader would."""
        action = node.get_action_iface() if hasattr(node, "get_action_iface") else node
        for i in range(node.get_n_actions()):
            if node.get_action_name(i) in ("click", "activate", "press"):
                node.do_action(i)
                return
        self.click(node)

    def extents(self, node):
        r = node.get_extents(Atspi.CoordType.WINDOW)
        return r.x, r.y, r.width, r.height

    def point_at(self, node, dx=None, dy=None):
        """Moves the pointer over the middle of `node`, or dx, dy into it (XTest: see `pointer`)."""
        x, y, w, h = self.extents(node)
        pointer(x + (w // 2 if dx is None else dx), y + (h // 2 if dy is None else dy))

    def click(self, node, dx=None, dy=None, button=1):
        """A real pointer click at the middle of `node`, once the window is still (so `node` is
        where it stays); returns once the app has handled it."""
        self.settle()
        self.point_at(node, dx, dy)
        pointer(button=button)
        self.handled()

    def right_click(self, node):
        self.click(node, button=3)

    def focus(self, node):
        """Gives `node` keyboard focus by clicking it (GTK 4.8 does not implement AT-SPI grab_focus)."""
        self.click(node)

    def hover(self):
        """Keys go to the window under the pointer (no window manager gives focus)."""
        x, y, w, h = self.extents(self.window())
        pointer(x + w // 2, y + 12)

    def frames(self):
        return [self.app.get_child_at_index(i) for i in range(self.app.get_child_count())]

    def focus_window(self, title="Shopper"):
        """Gives the X input focus to one of the app's windows, as a window manager would: with none,
        focus can be left on no window after a click. Waits for the window to be on screen and
        the app to be still (`settle`): the first letters typed into a window just opened, while
        the app was still drawing, were lost."""
        def find():
            # Popups (completion, menus) share the pid and title but are unmapped once hidden.
            ids = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.proc.pid),
                                  "--name", window_pattern(title)], capture_output=True, text=True).stdout.split()
            return int(ids[0]) if ids else None
        xid = wait_for(find, 5, f"the window {title!r} on screen")
        if x_focus() != xid:
            subprocess.run(["xdotool", "windowfocus", "--sync", str(xid)], check=False, capture_output=True)
        self.settle()

    def key(self, keysym_name, modifiers=(), window="Shopper"):
        """Presses a key by X keysym name ("Return", "2", "comma") with modifiers ("ctrl", "shift", "alt")."""
        self.focus_window(window)
        xdotool("key", "--clearmodifiers", "+".join(list(modifiers) + [keysym_name]))
        self.handled()

    def type(self, text, window="Shopper"):
        self.focus_window(window)
        xdotool("type", "--delay", "20", "--", text)
        self.handled()

    def replace_text(self, field, text):
        """Replaces what a text field holds, as a user would: click, select all, type."""
        self.focus(field)
        self.key("a", ["ctrl"])
        self.type(text)

    def new_list(self, name, dialog="New List"):
        """Shift+Ctrl+N, a name and Enter, as a person makes a list; waits for it to be shown."""
        self.key("n", ["ctrl", "shift"])
        wait_for(lambda: next((f for f in self.frames() if f.get_name() == dialog), None), 5, f"the {dialog} dialog")
        self.type(name, window=dialog)
        self.key("Return", window=dialog)
        wait_for(lambda: (self.window().get_name() or "").startswith(name + " – "), 5, f"the new list {name} shown")

    def add_items(self, *lines):
        """Types each line into the add entry and presses Enter, as a user adds items."""
        entry = self.one(Atspi.Role.TEXT, name="Add an item")
        for line in lines:
            self.focus(entry)
            self.type(line)
            self.key("Return")

def name_has_owner(name):
    """Whether an app instance still owns its D-Bus name: a new launch would hand over to it."""
    from gi.repository import Gio, GLib
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                          GLib.Variant("(s)", (name,)), GLib.VariantType("(b)"), Gio.DBusCallFlags.NONE, 2000, None)
    return reply.unpack()[0]


def pixel(path, x, y):
    """The (r, g, b) of one pixel of a PNG, through ImageMagick."""
    out = subprocess.run(["convert", path, "-format", f"%[fx:int(255*p{{{x},{y}}}.r)],%[fx:int(255*p{{{x},{y}}}.g)],%[fx:int(255*p{{{x},{y}}}.b)]", "info:"],
                         check=True, capture_output=True, text=True).stdout
    return tuple(int(v) for v in out.strip().split(","))


def gtk_settings_dir():
    """A configuration folder (for XDG_CONFIG_DIRS) whose gtk-4.0/settings.ini turns the text
    cursor's blinking off; the app's own settings stay where XDG_CONFIG_HOME says."""
    global _GTK_SETTINGS_DIR
    if _GTK_SETTINGS_DIR is None:
        _GTK_SETTINGS_DIR = tempfile.mkdtemp(prefix="shopper-gtk-settings-")
        os.makedirs(os.path.join(_GTK_SETTINGS_DIR, "gtk-4.0"))
        with open(os.path.join(_GTK_SETTINGS_DIR, "gtk-4.0", "settings.ini"), "w") as f:
            f.write("[Settings]\ngtk-cursor-blink = false\n")
    return _GTK_SETTINGS_DIR


_GTK_SETTINGS_DIR = None
