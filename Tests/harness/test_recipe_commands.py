"""End-to-end: issue 54's command line through the running window, as `shopper add` goes. A recipe
imported and kept, planned for today, the week added to the list, the meal taken off, the recipe
deleted: each printed by the command, shown at once in the window with Undo, and read back by a
second process. A recipe imported again is refused (one sentence, exit 1, nothing kept)."""

import os
import subprocess
import unittest

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from shopper_harness import Shopper, scratch, wait_for  # noqa: E402

BIN = os.environ.get("SHOPPER_BIN", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "shopper"))
CHILI = "Chili\nServes 6\n\nIngredients\n1 can tomatoes\n2 onions\n\nMethod\n1. Cook.\n"


def shopper(*args, data_dir, bus=True):
    env = dict(os.environ, SHOPPER_DATA_DIR=data_dir, LANG="C.UTF-8", LC_ALL="C.UTF-8", LANGUAGE="en")
    if not bus:
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
    return subprocess.run([BIN, *args], env=env, capture_output=True, text=True, timeout=150)


class RecipeCommandsThroughTheWindow(unittest.TestCase):
    def test_import_plan_add_remove_and_delete_go_through_the_window_with_undo(self):
        data = scratch(self, "shopper-e2e-")
        self.assertEqual(shopper("add", "Milk", data_dir=data, bus=False).returncode, 0)
        recipe = os.path.join(data, "chili.txt")
        with open(recipe, "w") as f:
            f.write(CHILI)
        with Shopper(data_dir=data) as app:
            kept = shopper("recipe", "import", recipe, data_dir=data)
            self.assertEqual(kept.returncode, 0, kept.stderr)
            self.assertTrue(kept.stdout.startswith("Kept “Chili” with your recipes.\ntitle\tChili\n"), kept.stdout)
            app.toast_button("Kept “Chili” with your recipes")
            again = shopper("recipe", "import", recipe, data_dir=data)
            self.assertEqual(again.returncode, 1)
            self.assertEqual(len(again.stderr.strip().splitlines()), 1, again.stderr)
            self.assertIn("is with your recipes already", again.stderr)
            self.assertEqual(shopper("recipes", data_dir=data).stdout.count("\n"), 1, "kept once")

            planned = shopper("plan", "add", "today", "chili", "--servings", "3", data_dir=data)
            self.assertEqual(planned.returncode, 0, planned.stderr)
            app.toast_button("“Chili” is planned for")
            app.key("7", ["ctrl"])
            wait_for(lambda: app.all(Atspi.Role.LABEL, name="Chili"), 5, "the meal on the Week's Plan")
            app.screenshot("54-plan-from-the-command-line")

            added = shopper("plan", "add-to-list", data_dir=data)
            self.assertEqual(added.returncode, 0, added.stderr)
            self.assertTrue(added.stdout.startswith("Added 1 meal to “Groceries”:\n"), added.stdout)
            app.toast_button("Added 1 meal to “Groceries”")
            wait_for(lambda: app.has_text("On the list"), 5, "the meal marked as on the list")
            listed = shopper("export", "--format", "text", data_dir=data).stdout
            self.assertIn("Tomatoes", listed)

            removed = shopper("plan", "remove", "today", "Chili", data_dir=data)
            self.assertEqual(removed.returncode, 0, removed.stderr)
            self.assertIn("Its ingredients came off “Groceries”.", removed.stdout)
            self.assertEqual(shopper("export", "--format", "text", data_dir=data).stdout, "Milk [Dairy]\n")
            # The window's Undo takes the command's step back: the meal and its share return.
            app.press(app.toast_button("“Chili” is off the plan"))
            wait_for(lambda: "Tomatoes" in shopper("export", "--format", "text", data_dir=data).stdout, 5, "the share back")

            deleted = shopper("recipe", "delete", "chili", data_dir=data)
            self.assertEqual(deleted.stdout, "Deleted “Chili”.\n", deleted.stderr)
            app.press(app.toast_button("Deleted “Chili”"))
            wait_for(lambda: shopper("recipes", data_dir=data).stdout.startswith("Chili\t6\t"), 5, "the recipe back")

            unknown = shopper("plan", "add", "someday", "Chili", data_dir=data)
            self.assertEqual(unknown.returncode, 1)
            self.assertEqual(unknown.stderr.count("\n"), 1, unknown.stderr)


if __name__ == "__main__":
    unittest.main()
