"""End-to-end: the installed app, the command line, single instance, opening files."""

import os
import subprocess
import unittest

from gi.repository import Atspi

from shopper_harness import ROW, Shopper, scratch, wait_for

LABEL, BUTTON = Atspi.Role.LABEL, Atspi.Role.PUSH_BUTTON
BIN = os.environ.get("SHOPPER_BIN", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "shopper"))
INSTALLED = os.environ.get("SHOPPER_INSTALLED")


def shopper(*args, data_dir, binary=BIN, timeout=30):
    env = dict(os.environ, SHOPPER_DATA_DIR=data_dir)
    return subprocess.run([binary, *args], env=env, capture_output=True, text=True, timeout=timeout)


class CommandLine(unittest.TestCase):
    def test_add_then_export_round_trips(self):
        data = scratch(self, "shopper-cli-")
        r = shopper("add", "2 kg Apples @ 1.29 [Fruit]", data_dir=data)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.strip(), "Added “Apples”.")
        self.assertEqual(shopper("export", "--format", "text", data_dir=data).stdout, "2 kg Apples @ 1.29 [Fruit]\n")
        csv = shopper("export", "--format", "csv", "--list", "shopping", data_dir=data).stdout
        # Then the stores it is only sold at (none), and what to buy of it.
        self.assertEqual(csv.splitlines()[1], "Apples,2,kg,1.29,Fruit,,1,0,,,2")
        self.assertEqual(shopper("export", "--list", "cart", data_dir=data).stdout.splitlines()[1:], [])

    def test_help_version_and_bad_arguments(self):
        data = scratch(self, "shopper-cli-")
        self.assertIn("shopper add", shopper("--help", data_dir=data).stdout)
        self.assertRegex(shopper("--version", data_dir=data).stdout, r"^Shopper \d+\.\d+\.\d+\n$")
        for args, words in ((["--nope"], "unknown option"), (["add"], "add needs an item"),
                            (["add", "0 Pears"], "Quantity must be more than zero"),
                            (["export", "--format", "xml"], "unknown format"), (["missing.csv"], "cannot read")):
            r = shopper(*args, data_dir=data)
            self.assertEqual(r.returncode, 2, args)
            self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
            self.assertIn(words, r.stderr)
        self.assertFalse(os.path.exists(os.path.join(data, "shopper.sqlite")) and
                         shopper("export", data_dir=data).stdout.count("\n") > 1, "nothing was added")


class SingleInstance(unittest.TestCase):
    def open_in_running(self, app, name, content):
        """Writes a file, runs `shopper FILE` (it hands over to the running app), returns the preview."""
        path = os.path.join(scratch(self), name)
        with open(path, "w") as f:
            f.write(content)
        self.assertEqual(shopper(path, data_dir=app.data_dir, timeout=20).returncode, 0)
        return wait_for(lambda: next((f for f in app.frames() if f.get_name() == f"Import “{name}”"), None), 10, "the preview")

    def test_second_launch_add_and_open_go_to_the_running_window(self):
        with Shopper() as app:
            # A second launch hands over to the first and exits: still one window.
            r = shopper(data_dir=app.data_dir, timeout=20)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual([f.get_name() for f in app.frames()], ["Groceries – Shopper"])

            # shopper add while it runs: the item shows in its window at once.
            r = shopper("add", "Earl Grey tea @ 3.10 [Drinks]", data_dir=app.data_dir)
            self.assertIn("running Shopper", r.stdout)
            app.one(LABEL, name="Earl Grey tea", root=app.page("All Items"))

            # shopper FILE.csv: a preview in the running window; nothing added until confirmed.
            preview = self.open_in_running(app, "week.csv",
                                           "description,quantity,unit_cost,aisle\nOat milk,2,1.45,Dairy\nRye bread,1,2.80,Bakery\n")
            app.one(LABEL, name="Oat milk · 2 × 1.45 · Dairy", root=preview)
            # Each line's cell is read by its text, not by GTK's type name.
            wait_for(lambda: "Oat milk · 2 × 1.45 · Dairy" in app.texts(ROW, root=preview), 5,
                     "the preview's lines named")
            self.assertFalse(app.all(LABEL, name="Oat milk", root=app.page("All Items")), "nothing added before confirming")
            app.screenshot("30-import-preview")
            app.press(app.one(BUTTON, name="Add 2 Items", root=preview))
            app.one(LABEL, name="Oat milk", root=app.page("All Items"))
            app.one(LABEL, name="Rye bread", root=app.page("All Items"))

            # Bad lines are named and left out; the good ones can come in.
            preview = self.open_in_running(app, "broken.txt", "Apples\n0 Pears\nBread @ -1\n")
            app.one(LABEL, contains="Line 2: Quantity must be more than zero.", root=preview)
            self.assertTrue(app.all(LABEL, contains="Line 3: Cost cannot be negative.", root=preview))
            app.screenshot("31-import-preview-bad-lines")
            app.press(app.one(BUTTON, name="Add 1 Good Item", root=preview))
            app.one(LABEL, name="Apples", root=app.page("All Items"))

            preview = self.open_in_running(app, "all-bad.txt", "0 Pears\n")
            app.one(LABEL, contains="Line 1: Quantity must be more than zero.", root=preview)
            self.assertFalse(app.all(BUTTON, contains="Add", root=preview))
            app.press(app.one(BUTTON, name="Close", root=preview))


@unittest.skipUnless(INSTALLED, "make test installs into a temporary DESTDIR and sets SHOPPER_INSTALLED")
class Installed(unittest.TestCase):
    def test_installed_binary_starts_with_its_own_files(self):
        env = {k: v for k, v in os.environ.items() if k not in ("GSETTINGS_SCHEMA_DIR", "SHOPPER_RESOURCE_DIR")}
        with Shopper(binary=INSTALLED, env_replace=env) as app:
            app.one(LABEL, contains="Nothing here yet")
            app.press(app.one(BUTTON, name="Load Sample List"))
            wait_for(lambda: app.has_text("Apples"), 5, "the installed sample list")
            self.assertNotIn("schema", app.read_log(), "the installed schema is found")
            app.screenshot("32-installed")

    def test_installed_binary_finds_its_sharing_helper_and_its_words(self):
        """`shopper share` runs PREFIX/libexec/shopper/shopper-sync, which speaks German from the
        installed catalogue: a server nobody listens on is said unreachable, in German."""
        data = scratch(self, "shopper-installed-")
        env = {k: v for k, v in os.environ.items() if k not in ("GSETTINGS_SCHEMA_DIR", "SHOPPER_RESOURCE_DIR", "SHOPPER_LOCALE_DIR")}
        env.update(SHOPPER_DATA_DIR=data, LANG="de_DE.UTF-8", LC_ALL="de_DE.UTF-8", LANGUAGE="de")
        subprocess.run([INSTALLED, "add", "Milch"], env=env, check=True, capture_output=True)
        out = subprocess.run([INSTALLED, "share", "http://127.0.0.1:9/", "anna"], env=env, input="pw\n",
                             capture_output=True, text=True, timeout=60)
        self.assertEqual(out.returncode, 1, out.stdout + out.stderr)
        self.assertIn("127.0.0.1 ist nicht erreichbar", out.stderr)
        self.assertNotIn("shopper-sync", out.stderr)
