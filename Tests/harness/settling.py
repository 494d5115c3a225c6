"""The harness's waits on the window itself: until the app has handled its input (`handled`), is
still (`settle`), has taken a new size (`resize`), and a screenshot of a still window. A mixin of
`shopper_harness.Shopper`, which gives it `proc`, `window()` and `extents()`."""

import os
import subprocess
import time

from x_waits import main_loop_idle, wait_for, window_pattern, x_connection, xdotool

OUT = os.environ.get("SHOPPER_SCREENSHOTS", os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "out", "screenshots"))


class Settling:
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
