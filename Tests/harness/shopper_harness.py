"""Drives the real `shopper` binary from outside, as a screen reader or a user would: AT-SPI for
what the window shows and to press its buttons, X events for clicks and keys, ImageMagick for
screenshots. Runs under Debian's /usr/bin/python3 (it has gi and pyatspi) inside
`dbus-run-session -- xvfb-run`. No window manager: the window sits at (0, 0), so window-relative
extents are screen coordinates."""

import ctypes
import ctypes.util
import os
import select
import shutil
import subprocess
import tempfile
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

APP_ID = "io.github.shopperapp.Shopper"
# A list's rows are the cells of a one-column grid view (GTK 4.8 keeps thirty of them, against two
# hundred in a list view): each takes focus as a table cell named by its row's text.
ROW, ROW_ROLE_NAME = Atspi.Role.TABLE_CELL, "table cell"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.environ.get("SHOPPER_SCREENSHOTS", os.path.join(ROOT, "out", "screenshots"))


def wait_for(predicate, timeout=10.0, what="condition", interval=0.05):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = predicate()
        except gi.repository.GLib.Error:
            # An accessible destroyed while we looked (AT-SPI says "The application no longer
            # exists" for it): the window is changing; look again.
            value = None
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")


class Shopper:
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
                    "XDG_CONFIG_DIRS": gtk_settings_dir()})
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

    def focused(self):
        """The accessibles that have keyboard focus now (role name, name)."""
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

        walk(self.window())
        return found

    def menu_item(self, name, timeout=5.0):
        """An item of an open menu (a GMenu shown by a GtkPopoverMenu)."""
        roles = (Atspi.Role.MENU_ITEM, Atspi.Role.PUSH_BUTTON, Atspi.Role.CHECK_MENU_ITEM)
        return wait_for(lambda: next((n for n in self.all(name=name) if n.get_role() in roles), None),
                        timeout, f"menu item {name!r}")

    def context_menu_item(self, node, name):
        """Opens `node`'s context menu with a right click and returns its item `name`. A busy machine
        can lose a click while the list is still changing: try again, as a person would."""
        for attempt in range(3):
            self.right_click(node)
            try:
                return self.menu_item(name, timeout=3)
            except AssertionError:
                if attempt == 2:
                    raise
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

    def screenshot(self, name):
        """Saves the window as OUT/name.png and returns the path: once the app is idle (`settle`)
        and two captures in a row are the same picture, so no fade or slide is caught midway."""
        os.makedirs(OUT, exist_ok=True)
        self.settle()
        x, y, w, h = self.extents(self.window())
        size = f"{max(w, 1)}x{max(h, 1)}"

        def capture():
            return subprocess.run(["import", "-window", "root", "-crop", f"{size}+0+0", "+repage", "-depth", "8", "rgb:-"],
                                  check=True, capture_output=True).stdout

        last = capture()
        end = time.monotonic() + 10
        while True:
            picture = capture()
            if picture == last:
                break
            if time.monotonic() > end:
                raise AssertionError(f"the window kept changing for 10 s: no still picture for {name}")
            last = picture
            self.settle()
        path = os.path.join(OUT, name + ".png")
        subprocess.run(["convert", "-size", size, "-depth", "8", "rgb:-", path], input=picture, check=True)
        return path

    def resize(self, width, height):
        """Resizes the main window (no window manager: straight through X) and returns once the
        window's extents report the new size and the app has laid itself out at it. The extents
        are the X window's size less GTK's resize border: that border is measured first. A
        window that cannot be that small keeps the size GTK gives itself."""
        xid = self.main_xid()

        def x_size():
            out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", str(xid)],
                                 capture_output=True, text=True, check=True).stdout
            geometry = dict(line.split("=", 1) for line in out.split())
            return int(geometry["WIDTH"]), int(geometry["HEIGHT"])

        def steady_sizes():
            self.settle()
            (xw, xh), (_, _, w, h) = x_size(), self.extents(self.window())
            return (xw, xh, w, h) if x_size() == (xw, xh) else None
        xw, xh, w, h = wait_for(steady_sizes, 10, "the window's size")
        border = (xw - w, xh - h)
        subprocess.run(["xdotool", "windowsize", "--sync", str(xid), str(width), str(height)], check=False)

        def arrived():
            self.settle()
            xw, xh = x_size()
            return self.extents(self.window())[2:] == (xw - border[0], xh - border[1])
        wait_for(arrived, 10, f"the window's extents to report its new size ({width} x {height} asked)")

    # Waiting for the app

    def main_xid(self):
        """The X window of the main window (its id, for xdotool and the ping in `settle`)."""
        if getattr(self, "_xid", None) is None:
            def find():
                ids = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.proc.pid),
                                      "--name", window_pattern("Shopper")], capture_output=True, text=True).stdout.split()
                return int(ids[0]) if ids else None
            self._xid = wait_for(find, 10, "the main window's X window")
        return self._xid

    def handled(self, timeout=10.0):
        """Returns once the app has handled every X event sent to it so far (keys, clicks, a
        resize) and what followed at once on its main loop. Proven, not waited out:

        1. A ping: the _NET_WM_PING message of the EWMH (a window manager's "are you alive"),
           sent to the main window after the input. XTest input is turned into events while
           its request is handled (xdotool returns after a round trip; `pointer` syncs), the X
           server queues a client's events in order, and GDK reads them in order, answering
           the ping as it reads it: its answer proves the app has read every earlier event.
        2. Idle: the app's main thread is asleep in poll() with no frame due. GLib's main loop
           polls with a timeout of 0 while any source is ready (an event GDK has read but not
           handled, an idle callback, a D-Bus call) and GTK's frame clock asks for at most a
           frame's time (17 ms) while a frame is pending; /proc/PID/syscall shows the call and
           its timeout only while the thread sleeps in it.

        Not covered, so callers wait for the state they need: work the app puts on a timer of
        its own (a row's 250 ms leave animation before it is ticked), on a worker thread (a
        search, a sync), or that waits for another process (the clipboard's owner); and an
        animation, whose frames wait on the X server as well as on the clock (`settle`)."""
        self._ping_and_idle(time.monotonic() + timeout, timeout)

    def settle(self, timeout=10.0):
        """`handled`, and the window is still: nothing is being drawn. Between two frames of an
        animation the app may sleep in poll() with no timeout, waiting for the X server to have
        put the last one on screen, so idle alone does not prove the window still. The X
        Damage extension reports every drawing into a window; a round of ping, idle, ping with
        none reported proves it: the first ping makes the X server handle everything the app
        had sent before it (the app's answer comes after its earlier requests on its
        connection), the second everything it sent while going idle, drawing included."""
        if self.proc.poll() is not None:
            return
        x = x_connection()
        end = time.monotonic() + timeout
        self._ping_and_idle(end, timeout)
        while self.proc.poll() is None:
            x.watch_drawing()
            self._ping_and_idle(end, timeout)
            self._ping(end, timeout)
            if not x.drawn and (self.proc.poll() is not None or main_loop_idle(self.proc.pid)):
                return
            if time.monotonic() > end:
                raise AssertionError(f"the window kept changing for {timeout:.0f}s")
            self._ping_and_idle(end, timeout)

    def _ping(self, end, timeout):
        x = x_connection()
        alive = lambda: self.proc.poll() is None  # noqa: E731
        if not alive() or x.ping(self.main_xid(), max(0.1, end - time.monotonic()), alive) or not alive():
            return
        # No answer from a window that went meanwhile: find the main window again, once.
        self._xid = None
        if not x.ping(self.main_xid(), max(0.1, end - time.monotonic()), alive) and alive():
            raise AssertionError(f"no answer to a ping from the app in {timeout:.0f}s")

    def _ping_and_idle(self, end, timeout):
        self._ping(end, timeout)
        wait_for(lambda: self.proc.poll() is not None or main_loop_idle(self.proc.pid), max(0.1, end - time.monotonic()),
                 "the app's main loop to go idle", interval=0.002)


def window_pattern(title):
    """xdotool's pattern for a window of that title; the main window is titled by its list
    ("Groceries – Shopper")."""
    return "(^| – )Shopper$" if title == "Shopper" else f"^{title}$"


def name_has_owner(name):
    """Whether an app instance still owns its D-Bus name: a new launch would hand over to it."""
    from gi.repository import Gio, GLib
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                          GLib.Variant("(s)", (name,)), GLib.VariantType("(b)"), Gio.DBusCallFlags.NONE, 2000, None)
    return reply.unpack()[0]


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


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

# The main thread's state, from /proc/PID/syscall: "running", or the system call it sleeps in
# with its arguments. poll(2) is call 7 on x86-64 (glibc's poll() makes it; GLib's g_poll is
# poll()); its third argument is the timeout in milliseconds, -1 for none.
POLL_SYSCALL = 7
# GDK's frame clock waits at most one frame (16.7 ms at the 60 Hz it assumes under Xvfb) before
# the next one; a longer timeout is a timer of the app's or of GTK's, not a frame.
FRAME_MS = 17


def main_loop_idle(pid):
    """Whether the main thread of `pid` sleeps in poll() with no frame due: its main loop had
    nothing ready when it went to sleep and nothing has woken it since."""
    try:
        with open(f"/proc/{pid}/syscall") as f:
            fields = f.read().split()
    except OSError:
        return False
    if len(fields) < 4 or fields[0] != str(POLL_SYSCALL):
        return False
    timeout = int(fields[3], 16) & 0xFFFFFFFF
    timeout = timeout - (1 << 32) if timeout >= 1 << 31 else timeout
    return timeout < 0 or timeout > FRAME_MS


class _XClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("l", ctypes.c_long * 5)]


class _XEvent(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("xclient", _XClientMessage), ("pad", ctypes.c_long * 24)]


CLIENT_MESSAGE, SUBSTRUCTURE_NOTIFY_MASK = 33, 1 << 19
DAMAGE_REPORT_NON_EMPTY = 3


class _XConnection:
    """The harness's own Xlib connection: XTest input, pings, and the Damage extension's word
    on what the app draws. It listens on the root window for answers to pings
    (SubstructureNotify only: SubstructureRedirect would make it the window manager)."""

    def __init__(self):
        def load(name):
            return ctypes.CDLL(ctypes.util.find_library(name))
        x, self.xtst, self.xdamage = load("X11"), load("Xtst"), load("Xdamage")
        P, UL, I = ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int  # noqa: N806
        x.XOpenDisplay.restype = P
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = UL
        x.XDefaultRootWindow.argtypes = [P]
        x.XInternAtom.restype = UL
        x.XInternAtom.argtypes = [P, ctypes.c_char_p, I]
        x.XSelectInput.argtypes = [P, UL, ctypes.c_long]
        x.XSendEvent.argtypes = [P, UL, I, ctypes.c_long, ctypes.POINTER(_XEvent)]
        x.XFlush.argtypes = [P]
        x.XSync.argtypes = [P, I]
        x.XPending.argtypes = [P]
        x.XNextEvent.argtypes = [P, ctypes.POINTER(_XEvent)]
        x.XConnectionNumber.argtypes = [P]
        x.XGetInputFocus.argtypes = [P, ctypes.POINTER(UL), ctypes.POINTER(I)]
        x.XQueryTree.argtypes = [P, UL, ctypes.POINTER(UL), ctypes.POINTER(UL), ctypes.POINTER(ctypes.POINTER(UL)),
                                 ctypes.POINTER(ctypes.c_uint)]
        x.XFree.argtypes = [P]
        self.xtst.XTestFakeMotionEvent.argtypes = [P, I, I, I, UL]
        self.xtst.XTestFakeButtonEvent.argtypes = [P, ctypes.c_uint, I, UL]
        self.xdamage.XDamageQueryExtension.argtypes = [P, ctypes.POINTER(I), ctypes.POINTER(I)]
        self.xdamage.XDamageQueryVersion.argtypes = [P, ctypes.POINTER(I), ctypes.POINTER(I)]
        self.xdamage.XDamageCreate.restype = UL
        self.xdamage.XDamageCreate.argtypes = [P, UL, I]
        self.xdamage.XDamageSubtract.argtypes = [P, UL, UL, UL]
        self.x = x
        # A window gone meanwhile (a ping to a window that closed, damage of a destroyed one) is
        # no reason to exit, which is what Xlib's own error handler does.
        self._on_error = ctypes.CFUNCTYPE(I, P, P)(lambda display, error: 0)
        x.XSetErrorHandler(self._on_error)
        self.display = x.XOpenDisplay(None)
        if not self.display:
            raise AssertionError("cannot open the X display")
        self.root = x.XDefaultRootWindow(self.display)
        x.XSelectInput(self.display, self.root, SUBSTRUCTURE_NOTIFY_MASK)
        self.wm_protocols = x.XInternAtom(self.display, b"WM_PROTOCOLS", 0)
        self.net_wm_ping = x.XInternAtom(self.display, b"_NET_WM_PING", 0)
        event_base, error_base, major, minor = I(), I(), I(1), I(1)
        if not self.xdamage.XDamageQueryExtension(self.display, ctypes.byref(event_base), ctypes.byref(error_base)):
            raise AssertionError("the X server has no Damage extension")
        self.xdamage.XDamageQueryVersion(self.display, ctypes.byref(major), ctypes.byref(minor))
        self.damage_notify = event_base.value  # XDamageNotify is the extension's first event
        self.damages = {}      # window -> Damage
        self.drawn = False     # a DamageNotify came since `watch_drawing`
        self.answered = set()  # ping tokens answered
        self.token = 0

    def pump(self):
        """Reads the events that have come: answers to pings, word of drawing."""
        event = _XEvent()
        while self.x.XPending(self.display):
            self.x.XNextEvent(self.display, ctypes.byref(event))
            c = event.xclient
            if event.type == self.damage_notify:
                self.drawn = True
            elif event.type == CLIENT_MESSAGE and c.window == self.root and c.message_type == self.wm_protocols \
                    and c.l[0] == self.net_wm_ping:
                self.answered.add(c.l[1])

    def ping(self, xid, timeout, alive):
        """Sends _NET_WM_PING to the window `xid` and waits for GDK's answer (the same message,
        sent back to the root window). True when it came; False when it did not in `timeout` or
        the app is no longer `alive()`."""
        self.token = self.token % (1 << 30) + 1
        token = self.token
        event = _XEvent()
        event.xclient.type = CLIENT_MESSAGE
        event.xclient.window = xid
        event.xclient.message_type = self.wm_protocols
        event.xclient.format = 32
        event.xclient.l[:] = [self.net_wm_ping, token, xid, 0, 0]
        self.x.XSendEvent(self.display, xid, 0, 0, ctypes.byref(event))
        self.x.XFlush(self.display)
        end = time.monotonic() + timeout
        while True:
            self.pump()
            if token in self.answered:
                self.answered.discard(token)
                return True
            left = end - time.monotonic()
            if left <= 0 or not alive():
                return False
            select.select([self.x.XConnectionNumber(self.display)], [], [], min(left, 0.1))

    def watch_drawing(self):
        """From now on, `drawn` says whether anything was drawn into a top-level window (the
        app's windows, dialogs and popups: no other client has windows here)."""
        root, parent, children, count = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
        windows = set()
        if self.x.XQueryTree(self.display, self.root, ctypes.byref(root), ctypes.byref(parent), ctypes.byref(children),
                             ctypes.byref(count)):
            windows = {children[i] for i in range(count.value)}
            if children:
                self.x.XFree(children)
        # A Damage goes with its window; forget those of windows gone.
        self.damages = {w: d for w, d in self.damages.items() if w in windows}
        for w in windows - self.damages.keys():
            self.damages[w] = self.xdamage.XDamageCreate(self.display, w, DAMAGE_REPORT_NON_EMPTY)
        self.pump()
        for d in self.damages.values():
            self.xdamage.XDamageSubtract(self.display, d, 0, 0)  # empty again: the next drawing is reported
        self.x.XSync(self.display, 0)
        self.pump()
        self.drawn = False

    def focus(self):
        """The X window that has the input focus."""
        focus, revert = ctypes.c_ulong(), ctypes.c_int()
        self.x.XGetInputFocus(self.display, ctypes.byref(focus), ctypes.byref(revert))
        return focus.value

    def pointer(self, x=None, y=None, button=None):
        if x is not None:
            # GTK 4 sends a press to the widget the last motion was over, not the one under the
            # press: if the pointer is already there (the previous test clicked the same spot
            # and the window appeared under it, or the layout changed under it), a motion from
            # a pixel away makes GTK look again.
            self.xtst.XTestFakeMotionEvent(self.display, -1, int(x) + 1, int(y), 0)
            self.xtst.XTestFakeMotionEvent(self.display, -1, int(x), int(y), 0)
        if button is not None:
            self.xtst.XTestFakeButtonEvent(self.display, button, 1, 0)
            self.xtst.XTestFakeButtonEvent(self.display, button, 0, 0)
        self.x.XSync(self.display, 0)


_X = None


def x_connection():
    global _X
    if _X is None:
        _X = _XConnection()
    return _X


def pointer(x=None, y=None, button=None):
    """Moves the pointer to x, y and/or clicks `button`, through XTest on the harness's own X
    connection. Not `xdotool mousemove`: it warps the pointer (XWarpPointer), and the X server
    delivers a warp's motion after XTest events sent later, so a click that followed it went
    to the widget under the old position (a quarter of first clicks after a resize, here).
    XTest motion and buttons are delivered as their requests are handled, in order, and before
    a later ping (`settle`)."""
    x_connection().pointer(x, y, button)


def x_focus():
    """The X window that has the input focus."""
    return x_connection().focus()
