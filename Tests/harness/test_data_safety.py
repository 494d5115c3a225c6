"""End-to-end: nothing the window said was saved is lost when another process writes the store while
it is open. SQLite's locks are POSIX locks, per process and file: a window that closed any other
descriptor of its database lost them, and the next command to close believed it was the last and
unlinked the -wal and -shm files the window still wrote to ("Added “Plates”", then gone after a
restart). Each case: the window open, a second process on the store, then a save in the window,
then a restart; no unlinked store file is ever open in the window, and every acknowledged item is
there (and, with a shared list, on the server)."""

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest

from gi.repository import Atspi

from shopper_harness import ROOT, Shopper, wait_for
from test_concurrency import shopper, stored
from test_platform import resize
from test_sharing import phone, shared_by_command

sys.path.insert(0, os.path.join(ROOT, "Tests", "sync"))
from caldav_servers import Servers  # noqa: E402

CHECK = Atspi.Role.CHECK_BOX
SHOPPER_BIN = os.environ.get("SHOPPER_BIN", os.path.join(ROOT, ".build", "debug", "shopper"))


def unlinked_store_files(pid, data_dir):
    """The store's files the process holds open that the file system no longer has."""
    found = []
    fd_dir = f"/proc/{pid}/fd"
    for fd in os.listdir(fd_dir):
        try:
            target = os.readlink(os.path.join(fd_dir, fd))
        except OSError:
            continue  # closed while we looked
        if target.startswith(os.path.join(data_dir, "shopper.sqlite")) and target.endswith("(deleted)"):
            found.append(target)
    return found


def status(app):
    return next((n.get_name() for n in app.all(name=None) if (n.get_name() or "").startswith("Sync status:")), "")


class SecondProcessWhileTheWindowIsOpen(unittest.TestCase):
    def run_command(self, data, *args, stdin=None):
        env = dict(os.environ, SHOPPER_DATA_DIR=data)
        out = subprocess.run([SHOPPER_BIN, *args], env=env, input=stdin, capture_output=True, text=True, timeout=120)
        self.assertEqual(out.returncode, 0, f"shopper {' '.join(args)}: {out.stderr}")
        return out

    def save_in_window_and_restart(self, app, data, expected, before_restart=lambda app: None):
        self.assertEqual(unlinked_store_files(app.proc.pid, data), [])
        app.add_items("Plates")
        wait_for(lambda: app.has_text("Added “Plates”"), 5, "the window to say Plates was added")
        self.assertEqual(unlinked_store_files(app.proc.pid, data), [], "the window writes to files another process removed")
        before_restart(app)
        # Whatever else runs, the next command must find it: a restart reads the file as this does.
        self.assertEqual(sorted(stored(data)), expected)

    def test_a_direct_write_beside_a_shared_list(self):
        with Servers(["radicale"], keyring=True) as servers:
            info = servers.info()["radicale"]
            data, collection = shared_by_command(info)
            with Shopper(data_dir=data) as app:
                wait_for(lambda: status(app).startswith("Sync status: Synced at"), 20, f"Synced at start, not {status(app)!r}")
                self.run_command(data, "add", "--to", "groceries", "Pepper")
                wait_for(lambda: "Pepper" in app.texts(CHECK, root=app.page("All Items")), 10, "Pepper in the window")

                def synced(app):
                    wait_for(lambda: "Plates" in [t["summary"] for t in phone(info, collection, "list")["items"]], 30,
                             "Plates on the server")
                self.save_in_window_and_restart(app, data, ["Milk", "Pepper", "Plates"], synced)
            with Shopper(data_dir=data) as app:
                wait_for(lambda: sorted(app.texts(CHECK, root=app.page("All Items"))) == ["Milk", "Pepper", "Plates"], 10,
                         "every acknowledged item after a restart")
            shutil.rmtree(data, ignore_errors=True)

    def test_each_command_beside_a_list_not_shared(self):
        data = tempfile.mkdtemp(prefix="shopper-e2e-")
        self.run_command(data, "add", "Milk")
        csv_file = os.path.join(data, "more.csv")
        with open(csv_file, "w") as f:
            f.write("Description,Quantity\nBread,1\n")
        with Shopper(data_dir=data) as app:
            self.run_command(data, "add", "--to", "groceries", "Pepper")
            self.assertEqual(unlinked_store_files(app.proc.pid, data), [])
            self.run_command(data, "import", "--to", "groceries", csv_file)
            self.assertEqual(unlinked_store_files(app.proc.pid, data), [])
            # Nothing is shared: the window answers, and says so.
            self.assertIn("No list is shared", self.run_command(data, "sync").stdout)
            wait_for(lambda: {"Pepper", "Bread"} <= set(app.texts(CHECK, root=app.page("All Items"))), 10,
                     "the other processes' items in the window")
            self.save_in_window_and_restart(app, data, ["Bread", "Milk", "Pepper", "Plates"])
        with Shopper(data_dir=data) as app:
            wait_for(lambda: sorted(app.texts(CHECK, root=app.page("All Items"))) == ["Bread", "Milk", "Pepper", "Plates"], 10,
                     "every acknowledged item after a restart")
        shutil.rmtree(data, ignore_errors=True)


class ALargeListAfterARestart(unittest.TestCase):
    """A list of thousands is kept as a checkpoint when the window quits (`EntryCheckpoint`), and
    the next start reads it back with what was written since: what commands added between the
    two starts is in the window, counted."""

    def count(self, app):
        """The number the totals give for the page shown ("5,001 items"), whatever the grouping."""
        for text in app.texts():
            m = re.match(r"^([0-9][0-9,. \u202f]*) items?\b", text or "")
            if m:
                return int(re.sub(r"[^0-9]", "", m.group(1)))
        return None

    def checkpoint(self, data):
        """The list's checkpoint: (its entries, its generation), None without one."""
        db = sqlite3.connect(f"file:{os.path.join(data, 'shopper.sqlite')}?mode=ro", uri=True)
        try:
            return db.execute("SELECT entries, generation FROM entry_checkpoint WHERE list_id = 1").fetchone()
        finally:
            db.close()

    def test_what_commands_add_between_two_starts_shows_in_a_list_read_from_its_checkpoint(self):
        data = tempfile.mkdtemp(prefix="shopper-e2e-")
        csv_file = os.path.join(data, "big.csv")
        with open(csv_file, "w") as f:
            f.write("description,quantity,aisle\n" + "".join(f"Item {n},1,Aisle {n % 9}\n" for n in range(5000)))
        self.assertEqual(shopper("import", csv_file, data_dir=data).returncode, 0)
        self.assertIsNone(self.checkpoint(data), "none before a window read the list")
        with Shopper(data_dir=data) as app:
            wait_for(lambda: self.count(app) == 5000, 10, "the list's 5,000 items")
            app.key("q", ["ctrl"])
            app.proc.wait(30)
            self.assertEqual(app.proc.returncode, 0)
        kept = self.checkpoint(data)
        self.assertEqual(kept[0], 5000, "kept as the window quit")
        for line in ("Bread", "Milk"):
            self.assertEqual(shopper("add", line, data_dir=data).returncode, 0)
        with Shopper(data_dir=data) as app:
            wait_for(lambda: self.count(app) == 5002, 10, f"the two added since, not {self.count(app)}")
            app.key("q", ["ctrl"])
            app.proc.wait(30)
        # Read whole, the list would have been kept again as the window quit: read from its
        # checkpoint with two items of news, it is not worth writing again.
        self.assertEqual(self.checkpoint(data), kept, "the second start read the checkpoint")
        self.assertEqual(stored(data).count("Bread"), 1)
        shutil.rmtree(data, ignore_errors=True)


class DeletedListsAfterARestart(unittest.TestCase):
    """Delete List as the first thing after a restart: Ctrl+Z did nothing while the toast offered
    Undo, Shift+Ctrl+Z never redid, and once the toast went the list was purged at the next start.
    The keys now do what the toast's buttons do, and a deleted list waits a week in Recently Deleted."""

    def title(self, app):
        return app.window().get_name()

    def test_keys_and_recently_deleted_at_phone_width_in_the_dark(self):
        data = tempfile.mkdtemp(prefix="shopper-e2e-")
        env = dict(os.environ, SHOPPER_DATA_DIR=data)
        dark = {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark", "ADW_DISABLE_PORTAL": "1"}
        subprocess.run([SHOPPER_BIN, "add", "Milk"], env=env, check=True, capture_output=True)
        with Shopper(data_dir=data, env=dark) as app:
            app.new_list("Party")
            app.add_items("Cake", "3 Balloons")
        with Shopper(data_dir=data, env=dark) as app:
            resize(app, 360, 640)
            # Preferences live in memory here: the list shown last is not kept. Alt+2 shows Party.
            app.hover()
            app.key("2", ["alt"])
            wait_for(lambda: self.title(app) == "Party – Shopper", 5, "Party shown")
            app.key("F10")
            app.press(app.menu_item("Delete List"))
            wait_for(lambda: self.title(app) == "Groceries – Shopper", 5, "Party deleted")
            app.hover()
            app.key("z", ["ctrl"])
            wait_for(lambda: self.title(app) == "Party – Shopper", 5, "Ctrl+Z to bring Party back, as the toast's Undo does")
            app.key("z", ["ctrl", "shift"])
            wait_for(lambda: self.title(app) == "Groceries – Shopper", 5, "Shift+Ctrl+Z to delete it again")
            app.screenshot("80-list-deleted-phone-dark")
        # The toast long gone, the window started again: the list waits in Recently Deleted.
        with Shopper(data_dir=data, env=dark) as app:
            resize(app, 360, 640)
            app.hover()
            app.key("F10")
            app.press(app.menu_item("Recently Deleted…"))
            dialog = wait_for(lambda: next((f for f in app.frames() if f.get_name() == "Recently Deleted"), None), 5, "Recently Deleted")
            wait_for(lambda: any(t.startswith("2 items · deleted ") for t in app.texts(root=dialog)), 5, "Party's row")
            app.screenshot("81-recently-deleted-phone-dark")
            # Its Restore button has the focus: Enter brings the list back, shown, with its items.
            app.key("Return", window="Recently Deleted")
            wait_for(lambda: self.title(app) == "Party – Shopper", 5, "Party restored")
            wait_for(lambda: sorted(app.texts(CHECK, root=app.page("All Items"))) == ["Balloons", "Cake"], 5, "its items")
            app.hover()
            app.key("z", ["ctrl"])
            wait_for(lambda: self.title(app) == "Groceries – Shopper", 5, "Ctrl+Z to take the restore back")
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
