"""End-to-end: Shopper in GNOME Shell's overview (org.gnome.Shell.SearchProvider2) on a real store.
The Shell's calls are made over D-Bus as the Shell makes them: first to a Shopper that D-Bus
starts for the search alone, through the service file `make install` writes (on a bus of the
test's own whose service folder holds it), which must answer from the store and make no window;
then to a running window, where choosing a result opens its list on the item."""

import os
import shutil
import subprocess
import tempfile
import time
import unittest

from gi.repository import Atspi, Gio, GLib

from shopper_harness import APP_ID, ROOT, Shopper, wait_for

BIN = os.environ.get("SHOPPER_BIN", os.path.join(ROOT, ".build", "debug", "shopper"))
PATH, IFACE = "/io/github/shopperapp/Shopper/SearchProvider", "org.gnome.Shell.SearchProvider2"


def shell_call(bus, method, signature, args, reply=None, timeout_ms=10_000):
    out = bus.call_sync(APP_ID, PATH, IFACE, method, GLib.Variant(signature, args),
                        GLib.VariantType(reply) if reply else None, Gio.DBusCallFlags.NONE, timeout_ms, None)
    return out.unpack()[0] if reply else None


def metas(bus, ids):
    return [{k: v for k, v in m.items()} for m in shell_call(bus, "GetResultMetas", "(as)", (ids,), "(aa{sv})")]


class PrivateBus:
    """A session bus of the test's own whose one service folder holds Shopper's D-Bus service file,
    made as `make install` makes it, pointing at the binary under test."""

    def __init__(self, env):
        self.dir = tempfile.mkdtemp(prefix="shopper-bus-")
        services = os.path.join(self.dir, "services")
        os.makedirs(services)
        with open(os.path.join(ROOT, "data", f"{APP_ID}.service.in")) as f:
            text = f.read().replace("@BINDIR@", os.path.dirname(os.path.abspath(BIN)))
        with open(os.path.join(services, f"{APP_ID}.service"), "w") as f:
            f.write(text)
        config = os.path.join(self.dir, "bus.conf")
        with open(config, "w") as f:
            f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:dir={self.dir}</listen><servicedir>{services}</servicedir>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>""")
        # What D-Bus starts inherits the bus's environment: the data folder, the display, the schemas.
        self.proc = subprocess.Popen(["dbus-daemon", "--config-file", config, "--nofork", "--print-address=1"],
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.address = self.proc.stdout.readline().strip()
        self.bus = Gio.DBusConnection.new_for_address_sync(
            self.address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)

    def owner_pid(self):
        return self.bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                  "GetConnectionUnixProcessID", GLib.Variant("(s)", (APP_ID,)), GLib.VariantType("(u)"),
                                  Gio.DBusCallFlags.NONE, 2000, None).unpack()[0]

    def close(self):
        self.bus.close_sync(None)
        self.proc.terminate()
        self.proc.wait(5)
        shutil.rmtree(self.dir, ignore_errors=True)


def run(*args, data, stdin=None):
    out = subprocess.run([BIN, *args], env=dict(os.environ, SHOPPER_DATA_DIR=data), input=stdin,
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    return out.stdout


class SearchProvider(unittest.TestCase):
    def test_a_search_alone_starts_shopper_by_d_bus_reads_the_store_and_makes_no_window(self):
        data = tempfile.mkdtemp(prefix="shopper-e2e-")
        csv = os.path.join(data, "items.csv")
        with open(csv, "w") as f:
            f.write("description,quantity,unit,unit_cost,aisle,notes,needed,in_cart,total_cost,stores\n"
                    "Milk,1,l,0.99,Dairy,,1,0,,\nOat milk,2,,,Dairy,,1,1,,\nCrème fraîche,1,,,Dairy,,0,0,,\n"
                    "Bread,1,,,Bakery,,1,0,,\n")
        run("import", csv, data=data)
        bus = PrivateBus(dict(os.environ, SHOPPER_DATA_DIR=data))
        try:
            ids = shell_call(bus.bus, "GetInitialResultSet", "(as)", (["milk"],), "(as)", timeout_ms=30_000)
            pid = bus.owner_pid()
            # To buy first, then in the cart; the name, then quantity, list and state under it.
            self.assertEqual([(m["name"], m["description"]) for m in metas(bus.bus, ids)],
                             [("Milk", "1 l · Groceries · To buy"), ("Oat milk", "2 · Groceries · In the cart")])
            # Accents and case are ignored, as in the window's search; every word must match.
            self.assertEqual([m["name"] for m in metas(bus.bus, shell_call(bus.bus, "GetInitialResultSet", "(as)",
                                                                           (["CREME"],), "(as)"))], ["Crème fraîche"])
            self.assertEqual(shell_call(bus.bus, "GetSubsearchResultSet", "(asas)", (ids, ["oat", "mil"]), "(as)"),
                             [ids[1]])
            self.assertEqual(shell_call(bus.bus, "GetInitialResultSet", "(as)", (["milk", "bakery"],), "(as)"), [])
            # From any process on the bus: many long words and ids are cut, not read whole.
            huge = ["x" * 100_000] * 100
            self.assertEqual(shell_call(bus.bus, "GetInitialResultSet", "(as)", (huge,), "(as)"), [])
            self.assertEqual(metas(bus.bus, ["0", "-1", "junk", "99999999999999999999", *["1"] * 5000])[:1],
                             [{"id": "1", "name": "Milk", "description": "1 l · Groceries · To buy"}])
            # A search alone makes no window.
            windows = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True, text=True).stdout
            self.assertEqual(windows.split(), [], "a window for a search alone")
            # Choosing a result makes the window, reading its model from the store the search opened.
            shell_call(bus.bus, "ActivateResult", "(sasu)", (ids[1], ["milk"], 0))
            shown = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                                                    capture_output=True, text=True).stdout.split(), 20, "the window")
            name = subprocess.run(["xdotool", "getwindowname", shown[0]], capture_output=True, text=True).stdout.strip()
            self.assertEqual(name, "Groceries – Shopper")
        finally:
            bus.close()
            shutil.rmtree(data, ignore_errors=True)

    def test_the_running_window_answers_and_opens_a_result_on_its_item(self):
        with Shopper() as app:
            app.add_items("1 l Milk", "Bread")
            app.hover()
            app.new_list("Party")
            app.add_items("Balloons", "Oat milk")
            app.key("1", ["alt"])
            wait_for(lambda: app.window().get_name() == "Groceries – Shopper", 5, "Groceries shown")
            bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
            found = metas(bus, shell_call(bus, "GetInitialResultSet", "(as)", (["milk"],), "(as)"))
            # Every list, in the sidebar's order.
            self.assertEqual([(m["name"], m["description"]) for m in found],
                             [("Milk", "1 l · Groceries · To buy"), ("Oat milk", "Party · To buy")])
            shell_call(bus, "ActivateResult", "(sasu)", (found[1]["id"], ["milk"], 0))
            wait_for(lambda: app.window().get_name() == "Party – Shopper", 5, "the result's list shown")
            wait_for(lambda: any(role == "table cell" and "Oat milk" in name for role, name in app.focused()), 5,
                     "the result's row focused")
            # "Search in Shopper" from the overview: every list's matches in the window.
            shell_call(bus, "LaunchSearch", "(asu)", (["balloons"], 0))
            wait_for(lambda: app.has_text("1 result in all lists"), 5, "the overview's words searched in every list")
            app.screenshot("27-search-from-the-overview")


if __name__ == "__main__":
    unittest.main()
