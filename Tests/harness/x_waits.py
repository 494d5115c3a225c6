"""Proof that the app under test has handled what was sent to it, from below the toolkit: its main
loop asleep with nothing due (/proc/PID/syscall), an X ping answered after the input, no drawing
reported by the X Damage extension; and XTest pointer input, ordered with the pings. Used by
`settling.Settling` (`handled`, `settle`); with the plain helpers every harness module uses
(`wait_for`, `xdotool`, `window_pattern`)."""

import ctypes
import ctypes.util
import select
import subprocess
import time

from gi.repository import GLib


def wait_for(predicate, timeout=10.0, what="condition", interval=0.05):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = predicate()
        except GLib.Error:
            # An accessible destroyed while we looked (AT-SPI says "The application no longer
            # exists" for it): the window is changing; look again.
            value = None
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")


def window_pattern(title):
    """xdotool's pattern for a window of that title; the main window is titled by its list
    ("Groceries – Shopper")."""
    return "(^| – )Shopper$" if title == "Shopper" else f"^{title}$"


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


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
