"""End-to-end: the real app's window, read over AT-SPI, with screenshots."""

import os
import subprocess
import tempfile
import unittest

from gi.repository import Atspi

from shopper_harness import Shopper, pixel, scratch, wait_for


class Foundation(unittest.TestCase):
    def test_first_run_explains_the_empty_list_and_loads_the_sample(self):
        with Shopper() as app:
            label = app.one(Atspi.Role.LABEL, contains="Nothing here yet")
            self.assertIn("Add the things you buy", label.get_name())
            shot = app.screenshot("01-first-run-empty")
            # The gradient header: darkest at the top, lighter halfway, and at its foot the list's colour.
            list_x, list_top = app.extents(app.one(Atspi.Role.LIST, name="All Items"))[:2]
            # Over the list, right of the sidebar of lists.
            top, middle, foot, list_area = (pixel(shot, list_x + 8, y) for y in (8, list_top // 2, list_top - 1, list_top + 200))
            self.assertLess(sum(top) + 30, sum(middle))
            self.assertLess(sum(middle) + 30, sum(foot))
            self.assertLessEqual(max(abs(a - b) for a, b in zip(foot, list_area)), 3, "the header blends into the list")

            app.press(app.one(Atspi.Role.PUSH_BUTTON, name="Load Sample List"))
            wait_for(lambda: not app.has_text("Nothing here yet"), 5, "the explanation to go")
            wait_for(lambda: app.has_text("Apples"), 5, "the sample items")
            self.assertTrue(app.has_text("Fruit & Veg"), "aisle section header")
            app.screenshot("02-sample-loaded")

    def test_data_survives_a_restart(self):
        data = scratch(self, "shopper-e2e-")
        with Shopper(data_dir=data) as app:
            app.press(app.one(Atspi.Role.PUSH_BUTTON, name="Load Sample List"))
            wait_for(lambda: app.has_text("Apples"), 5, "the sample items")
        with Shopper(data_dir=data) as app:
            wait_for(lambda: app.has_text("Apples"), 5, "the items after a restart")
            self.assertFalse(app.has_text("Nothing here yet"))


class BadStart(unittest.TestCase):
    """Bad start-up conditions: one clear message, a non-zero exit, no crash trace, nothing lost."""

    binary = os.environ.get("SHOPPER_BIN", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "shopper"))

    def run_app(self, env):
        full = dict(os.environ)
        full.update(env)
        return subprocess.run([self.binary], env=full, capture_output=True, text=True, timeout=30)

    def assertOneClearMessage(self, result, words):
        self.assertNotEqual(result.returncode, 0)
        lines = [l for l in result.stderr.splitlines() if l.startswith("shopper:")]
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertIn(words, lines[0])
        for crash in ("Backtrac", "Fatal error", "Program crashed", "Segmentation"):
            self.assertNotIn(crash, result.stderr)

    def test_no_display(self):
        r = self.run_app({"DISPLAY": "", "WAYLAND_DISPLAY": ""})
        self.assertOneClearMessage(r, "needs a graphical display")

    def test_data_folder_that_cannot_be_created(self):
        with tempfile.NamedTemporaryFile() as f:
            r = self.run_app({"SHOPPER_DATA_DIR": f.name + "/data"})
            self.assertOneClearMessage(r, "Cannot use the data folder")

    def test_store_that_is_not_a_database_is_left_untouched(self):
        data = scratch(self, "shopper-e2e-")
        path = os.path.join(data, "shopper.sqlite")
        with open(path, "w") as f:
            f.write("my notes\n")
        r = self.run_app({"SHOPPER_DATA_DIR": data})
        self.assertOneClearMessage(r, "not a Shopper data file")
        with open(path) as f:
            self.assertEqual(f.read(), "my notes\n")
