"""End-to-end: Share Recipes and Plan… from the real window, by keyboard, at a phone's width. No
server is needed here (sharing the kitchen itself is tested on real servers with the sync engine):
the dialog opens from the main menu, takes the account by typing and Tab, answers Enter, and when
the share fails (nothing listens on this computer's discard port) comes back with the problem in
one sentence and what was typed. With a kitchen binding in the store it says where the recipes
and plan are shared instead, with how the window's own sync of them went (no list is shared),
and Enter closes it, stopping nothing."""

import os
import sqlite3
import subprocess
import tempfile
import shutil
import unittest

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from shopper_harness import ROOT, Shopper, wait_for  # noqa: E402
from test_platform import resize  # noqa: E402

SERVER = "http://127.0.0.1:9/"


def dialog(app, name, timeout=15):
    return wait_for(lambda: next((f for f in app.frames() if f.get_name() == name), None), timeout, f"the dialog {name!r}")


def texts(app, name):
    """The labels of every dialog called `name` (the account step comes back as a new one)."""
    return [t for f in app.frames() if f.get_name() == name for t in app.texts(root=f)]


def names(app, name):
    """The accessible names in those dialogs (a status line is named "Sync status: …")."""
    return [n.get_name() or "" for f in app.frames() if f.get_name() == name for n in app.all(root=f)]


def gone(app, name):
    return not any(f.get_name() == name for f in app.frames())


class KitchenSharing(unittest.TestCase):
    def test_share_recipes_and_plan_by_keyboard_and_see_the_problem(self):
        with Shopper() as app:
            resize(app, 360, 640)
            app.key("F10")
            app.press(app.menu_item("Share Recipes and Plan…"))
            name = "Share Recipes and Plan"
            dialog(app, name)
            self.assertTrue(any("“Meals” calendar" in t for t in texts(app, name)), "where the meals go")
            app.type(SERVER, window=name)
            app.key("Tab", window=name)
            app.type("alice", window=name)
            app.key("Tab", window=name)
            app.type("secret", window=name)
            app.screenshot("80-share-kitchen-phone")
            app.key("Return", window=name)
            wait_for(lambda: any(t.startswith("Could not share:") for t in texts(app, name)), 60,
                     "the problem, in the account step again")
            problem = next(t for t in texts(app, name) if t.startswith("Could not share:"))
            self.assertTrue(problem.endswith(".") and not problem.endswith(".."), problem)
            self.assertEqual(problem.count("\n"), 0, f"one sentence: {problem!r}")
            app.screenshot("81-share-kitchen-problem-phone")
            # What was typed is kept, the password too: Connect can answer again (it cannot with a row empty).
            connect = [n for f in app.frames() if f.get_name() == name for n in app.all(name="Connect", root=f)]
            states = [(n.get_role_name(), n.get_state_set().contains(Atspi.StateType.SENSITIVE)) for n in connect]
            self.assertIn(("push button", True), states, "Connect can answer: the rows were kept")
            app.key("Escape", window=name)
            wait_for(lambda: gone(app, name), 5, "the dialog closed")

    def test_shared_it_says_where_and_enter_closes_it(self):
        data = tempfile.mkdtemp(prefix="shopper-e2e-")
        self.addCleanup(shutil.rmtree, data, True)
        env = dict(os.environ, SHOPPER_DATA_DIR=data)
        binary = os.environ.get("SHOPPER_BIN", os.path.join(ROOT, ".build", "debug", "shopper"))
        subprocess.run([binary, "add", "Milk"], env=env, check=True, capture_output=True)
        store = os.path.join(data, "shopper.sqlite")
        with sqlite3.connect(store) as db:
            db.execute("INSERT INTO kitchen (id, server, user, meals_url, meals_name, recipes_url, recipes_name, uid_prefix)"
                       " VALUES (1, ?, 'alice', ?, 'Meals', ?, 'Recipes', 'test')",
                       (SERVER, SERVER + "alice/meals/", SERVER + "alice/recipes/"))
        with Shopper(data_dir=data) as app:
            resize(app, 360, 640)
            app.key("F10")
            app.press(app.menu_item("Share Recipes and Plan…"))
            name = "Recipes and Plan Shared"
            dialog(app, name)
            self.assertTrue(any("The meals are in the calendar “Meals” and the recipes in “Recipes”" in t
                                for t in texts(app, name)), texts(app, name))
            # The window synced the recipes and plan at its start, with no list shared: with no
            # password in the keyring that sync fails, and the open dialog's status says so.
            wait_for(lambda: any(n.startswith(("Sync status: Not synced: ", "Sync status: Offline: "))
                                 for n in names(app, name)), 30, f"the start's sync in the status, not {names(app, name)}")
            app.screenshot("82-kitchen-shared-phone")
            app.key("Return", window=name)
            wait_for(lambda: gone(app, name), 5, "Enter closes it")
        with sqlite3.connect(store) as db:
            self.assertEqual(db.execute("SELECT count(*) FROM kitchen").fetchone()[0], 1, "closing stops nothing")



if __name__ == "__main__":
    unittest.main()
