"""End-to-end: sharing a list over CalDAV from the real window, by keyboard, at a phone's width.
A real Radicale on 127.0.0.1 (Tests/sync/caldav_servers.py) and python3-caldav as the phone: the
list is shared through the dialog, the status reads "Synced", a task the phone adds shows in the
open window without a click, and `shopper sync` from a second process goes through the window."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from gi.repository import Atspi

from shopper_harness import ROOT, Shopper, wait_for
from test_platform import resize

sys.path.insert(0, os.path.join(ROOT, "Tests", "sync"))
from caldav_servers import Servers  # noqa: E402

CHECK = Atspi.Role.CHECK_BOX
SHOPPER_BIN = os.environ.get("SHOPPER_BIN", os.path.join(ROOT, ".build", "debug", "shopper"))


def shared_by_command(info, item="Milk"):
    """A new data folder with `item`, its Groceries shared by `shopper share`: the folder and the
    task list's address."""
    data = tempfile.mkdtemp(prefix="shopper-e2e-")
    env = dict(os.environ, SHOPPER_DATA_DIR=data)
    subprocess.run([SHOPPER_BIN, "add", item], env=env, check=True, capture_output=True)
    out = subprocess.run([SHOPPER_BIN, "share", info["url"], info["user"]], env=env, input=info["password"] + "\n",
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return data, next(c["url"] for c in phone(info, "/", "calendars")["calendars"] if c.get("name") == "Groceries")


def phone(server, collection, *args):
    env = dict(os.environ, PHONE_PASSWORD=server["password"])
    out = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "Tests", "sync", "phone.py"), server["url"], server["user"],
                          collection, *args], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)


# What sharing alone brings: libsoup 3 (with nghttp2 and libpsl), libical (with ICU's i18n part),
# libsecret (with libgcrypt) and Kerberos. Loaded by the `shopper-sync` helper, never by the
# window. libxml2 and ICU's common part are not among them: GTK maps those itself (the SVG loader
# draws the symbolic icons), in the libadwaita floor too.
SHARING_LIBRARIES = ("libsoup-3.0.so", "libical.so", "libicui18n.so", "libsecret-1.so", "libgcrypt.so", "libgssapi_krb5.so",
                     "libkrb5.so", "libnghttp2.so", "libpsl.so")


def mapped_sharing_libraries(pid):
    with open(f"/proc/{pid}/maps") as maps:
        return sorted({os.path.basename(line.split()[-1]) for line in maps
                       if any(lib in line for lib in SHARING_LIBRARIES)})


class Sharing(unittest.TestCase):
    def test_the_window_never_maps_the_sharing_libraries(self):
        """A window whose lists are not shared loads none of sharing's libraries; nor does one whose
        list is shared and synced (the sync ran in the helper, which does load them)."""
        helper = os.path.join(os.path.dirname(SHOPPER_BIN), "shopper-sync")
        linked = subprocess.run(["ldd", helper], capture_output=True, text=True, check=True).stdout
        self.assertIn("libsoup-3.0.so", linked, "the helper is what links them")
        with Shopper() as app:
            app.add_items("Milk")
            wait_for(lambda: self.items(app) == ["Milk"], 5, "Milk to be added")
            self.assertEqual(mapped_sharing_libraries(app.proc.pid), [])
        with Servers(["radicale"], keyring=True) as servers:
            info = servers.info()["radicale"]
            data, collection = shared_by_command(info)
            phone(info, collection, "add", "Bread")
            with Shopper(data_dir=data) as app:
                wait_for(lambda: self.items(app) == ["Bread", "Milk"], 20, f"the phone's Bread synced in, not {self.items(app)}")
                wait_for(lambda: self.status(app).startswith("Sync status: Synced at"), 20, f"Synced, not {self.status(app)!r}")
                self.assertEqual(mapped_sharing_libraries(app.proc.pid), [])
            shutil.rmtree(data, ignore_errors=True)

    def items(self, app):
        return sorted(app.texts(CHECK, root=app.page("All Items")))

    def status(self, app):
        return next((n.get_name() for n in app.all(name=None) if n.get_name().startswith(("Sync status:", "Synchronisierungsstatus:"))), "")

    def test_share_by_keyboard_and_see_a_phone_edit(self):
        with Servers(["radicale"], keyring=True) as servers:
            info = servers.info()["radicale"]
            with Shopper() as app:
                resize(app, 360, 640)
                app.add_items("Milk [Dairy]")
                wait_for(lambda: self.items(app) == ["Milk"], 5, "Milk to be added")

                # The main menu by keyboard: F10, then Share List….
                app.key("F10")
                app.press(app.menu_item("Share List…"))
                dialog = "Share “Groceries”"
                wait_for(lambda: next((f for f in app.frames() if f.get_name() == dialog), None), 5, "the Share dialog")
                app.type(info["url"], window=dialog)
                app.key("Tab", window=dialog)
                app.type(info["user"], window=dialog)
                app.key("Tab", window=dialog)
                app.type(info["password"], window=dialog)
                app.screenshot("70-share-dialog-phone")
                app.key("Return", window=dialog)
                chooser = "Choose a Task List"
                wait_for(lambda: next((f for f in app.frames() if f.get_name() == chooser), None), 15, "the task lists found")
                app.screenshot("71-choose-task-list-phone")
                app.key("Return", window=chooser)
                wait_for(lambda: self.status(app).startswith("Sync status: Synced at"), 20, f"the status to read Synced, not {self.status(app)!r}")
                app.screenshot("72-shared-phone")

                # The password is in the keyring only: not in the data folder (nor the cache folder
                # within it), nor the process list.
                for folder, _, names in os.walk(app.data_dir):
                    for name in names:
                        with open(os.path.join(folder, name), "rb") as f:
                            self.assertNotIn(info["password"].encode(), f.read(), name)
                ps = subprocess.run(["ps", "axww", "-o", "args"], capture_output=True, text=True).stdout
                self.assertNotIn(info["password"], ps)

                # The phone sees the list, and adds to it: the open window shows it, no click.
                calendars = phone(info, "/", "calendars")["calendars"]
                collection = next(c["url"] for c in calendars if c.get("name") == "Groceries")
                self.assertIn("Milk", [t["summary"] for t in phone(info, collection, "list")["items"]])
                phone(info, collection, "add", "2 kg Apples @ 1.29 [Fruit]")
                milk = next(t for t in phone(info, collection, "list")["items"] if t["summary"] == "Milk")
                phone(info, collection, "edit", milk["uid"], "--summary", "Oat milk")
                app.focus_window()
                wait_for(lambda: self.items(app) == ["Apples", "Oat milk"], 40,
                         f"the phone's new task and its edit in the window, not {self.items(app)}")

                # `shopper sync` from a second process syncs through the window and says how it went.
                phone(info, collection, "add", "Bread")
                env = dict(os.environ, SHOPPER_DATA_DIR=app.data_dir)
                out = subprocess.run([app.binary, "sync"], env=env, capture_output=True, text=True, timeout=120)
                self.assertEqual(out.returncode, 0, out.stderr)
                self.assertIn("Groceries: synced (1 received", out.stdout)
                wait_for(lambda: self.items(app) == ["Apples", "Bread", "Oat milk"], 10, f"Bread in the window, not {self.items(app)}")
                wait_for(lambda: self.status(app).startswith("Sync status: Synced at"), 10, f"Synced again, not {self.status(app)!r}")

    def test_window_killed_offline_with_edits_sends_them_at_next_start(self):
        with Servers(["radicale"], keyring=True) as servers:
            info = servers.info()["radicale"]
            data, collection = shared_by_command(info)
            with Shopper(data_dir=data) as app:
                wait_for(lambda: self.status(app).startswith("Sync status: Synced at"), 20, f"Synced at start, not {self.status(app)!r}")
                servers.stop("radicale")
                app.add_items("Eggs")
                # The sync 2 s after the change finds the server gone: offline, the change waiting.
                wait_for(lambda: "Offline" in self.status(app) and "1 change waiting" in self.status(app), 20,
                         f"offline with the change waiting, not {self.status(app)!r}")
                app.screenshot("73-offline-change-waiting")
                app.proc.kill()
                app.proc.wait()
            servers.start("radicale")
            with Shopper(data_dir=data) as app:
                wait_for(lambda: self.status(app).startswith("Sync status: Synced at") and "waiting" not in self.status(app), 30,
                         f"the queue sent at start, not {self.status(app)!r}")
            self.assertEqual(sorted(t["summary"] for t in phone(info, collection, "list")["items"]), ["Eggs", "Milk"])
            shutil.rmtree(data, ignore_errors=True)

    def test_a_keyring_restarted_is_used_again_at_the_next_sync(self):
        """gnome-keyring restarted under a running window: every sync said "the keyring could not be
        used (The name :1.0 was not provided…)" until Shopper itself was restarted."""
        with Servers(["radicale"], keyring=True) as servers:
            info = servers.info()["radicale"]
            data, collection = shared_by_command(info)
            with Shopper(data_dir=data) as app:
                wait_for(lambda: self.status(app).startswith("Sync status: Synced at"), 20, f"Synced at start, not {self.status(app)!r}")
                self.assertTrue(servers.keyring.restart(), servers.keyring.error)
                phone(info, collection, "add", "Bread")
                app.hover()
                app.key("r", ["ctrl"])  # Sync Now
                wait_for(lambda: self.items(app) == ["Bread", "Milk"], 20,
                         f"the phone's task after Sync Now, not {self.items(app)} ({self.status(app)!r})")
                self.assertNotIn("keyring", self.status(app))
            shutil.rmtree(data, ignore_errors=True)

    def dialog(self, app, name, timeout=15):
        return wait_for(lambda: next((f for f in app.frames() if f.get_name() == name), None), timeout, f"the dialog {name!r}")

    def test_a_second_list_by_keyboard_in_german_at_phone_width(self):
        """Sharing a second list: the account in use is offered (its password from the keyring);
        an address without https:// to a plain-HTTP server is named so in German, with what was
        typed kept; the task list the first list uses is not offered; the chooser fits 360 px."""
        with Servers(["radicale"], keyring=True) as servers:
            info = servers.info()["radicale"]
            data, _ = shared_by_command(info)
            german = {"LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LANGUAGE": "de"}
            with Shopper(data_dir=data, env=german) as app:
                resize(app, 360, 640)
                app.hover()
                app.new_list("Werkzeug", dialog="Neue Liste")
                # The account in use is offered, its password from the keyring: Enter alone connects.
                share = "„Werkzeug“ teilen"
                app.key("F10")
                app.press(app.menu_item("Liste teilen …"))
                self.dialog(app, share)
                app.screenshot("74-share-second-list-phone-de")
                app.key("Return", window=share)
                chooser = self.dialog(app, "Aufgabenliste wählen")
                # Before anything is shared, it says what is not: the recipes stay here.
                wait_for(lambda: app.has_text("Rezepte und der Wochenplan bleiben auf diesem Computer", root=chooser), 5,
                         "the words that recipes stay on this computer")
                app.screenshot("74-share-chooser-phone-de")
                app.key("Escape", window="Aufgabenliste wählen")
                wait_for(lambda: not any(f.get_name() == "Aufgabenliste wählen" for f in app.frames()), 5, "the chooser closed")
                app.hover()
                app.key("F10")
                app.press(app.menu_item("Liste teilen …"))
                self.dialog(app, share)
                # Typed without a scheme: https:// to a server that speaks plain HTTP.
                host_port = info["url"].split("://")[1].rstrip("/")
                # Keyboard alone: the password row has the focus; the server's is two rows up.
                app.key("Tab", ["shift"], window=share)
                app.key("Tab", ["shift"], window=share)
                app.key("a", ["ctrl"], window=share)
                app.type(host_port, window=share)
                app.key("Return", window=share)
                plain = f"http://{host_port}"
                said = f"spricht kein HTTPS; verwenden Sie auf diesem Computer {plain}"

                def problem_dialog():
                    return next((f for f in app.frames() if f.get_name() == share and any(said in t for t in app.texts(root=f))), None)
                dialog = wait_for(problem_dialog, 15, "the problem in German")
                app.screenshot("75-share-not-https-phone-de")
                # What was typed is kept, the password too: the right address and Enter are enough.
                app.key("Tab", ["shift"], window=share)
                app.key("Tab", ["shift"], window=share)
                app.key("a", ["ctrl"], window=share)
                app.type(info["url"], window=share)
                app.key("Return", window=share)
                chooser = self.dialog(app, "Aufgabenliste wählen")
                wait_for(lambda: any("nicht angeboten: „Groceries“ (für „Groceries“)" in t for t in app.texts(root=chooser)), 5,
                         f"the task list in use named and left out, not {app.texts(root=chooser)}")
                app.screenshot("76-choose-task-list-phone-de")
                row = app.one(name="Aufgabenliste", root=chooser)
                self.assertGreater(app.extents(row)[2], 200, "the row's title has room at 360 px")
                app.key("Return", window="Aufgabenliste wählen")
                wait_for(lambda: self.status(app).startswith("Synchronisierungsstatus: Synchronisiert um"), 20, f"Werkzeug shared, not {self.status(app)!r}")
            names = [c.get("name") for c in phone(info, "/", "calendars")["calendars"]]
            self.assertIn("Werkzeug", names)
            shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
