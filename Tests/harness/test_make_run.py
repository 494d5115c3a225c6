"""End-to-end: the README's `make run` path, without installing. `make build` (what `make run` runs
first) must build every executable the app runs: here the sharing helper is taken away from the
debug build tree, `make build` is run, and the tree's own `shopper` then imports a recipe from a
file and shares a list with a real Radicale on 127.0.0.1, both through the helper beside it. Taken
away again, the message names what failed and what to do."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from shopper_harness import ROOT

sys.path.insert(0, os.path.join(ROOT, "Tests", "sync"))
from caldav_servers import Servers  # noqa: E402
from test_sharing import phone  # noqa: E402

TREE = os.path.join(ROOT, ".build", "debug")
SHOPPER, HELPER = os.path.join(TREE, "shopper"), os.path.join(TREE, "shopper-sync")

PAGE = """<!doctype html><html><head><title>Pancakes</title>
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Recipe", "name": "Pancakes",
"recipeYield": "4", "recipeIngredient": ["250 g flour", "2 eggs", "500 ml milk"],
"recipeInstructions": [{"@type": "HowToStep", "text": "Whisk and fry."}]}</script></head><body></body></html>"""


def shopper(*args, data, stdin=None):
    return subprocess.run([SHOPPER, *args], env=dict(os.environ, SHOPPER_DATA_DIR=data), input=stdin,
                          capture_output=True, text=True, timeout=90)


class MakeRunPath(unittest.TestCase):
    def setUp(self):
        self.data = tempfile.mkdtemp(prefix="shopper-make-run-")
        self.page = os.path.join(self.data, "pancakes.html")
        with open(self.page, "w") as f:
            f.write(PAGE)
        self.aside = HELPER + ".aside"
        os.rename(HELPER, self.aside)

    def tearDown(self):
        # Whatever happened, the tree is left with its helper.
        if not os.path.exists(HELPER) and os.path.exists(self.aside):
            os.rename(self.aside, HELPER)
        elif os.path.exists(self.aside):
            os.remove(self.aside)
        shutil.rmtree(self.data, ignore_errors=True)

    def test_make_build_builds_the_helper_that_recipes_and_sharing_need(self):
        # Without it: one sentence naming what was asked and what to do, exit 1.
        r = shopper("recipe", "import", self.page, data=self.data)
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertEqual(r.stderr, "shopper: importing a recipe needs shopper-sync, which was not built: run make build\n")
        build = subprocess.run(["make", "-s", "build"], cwd=ROOT, capture_output=True, text=True, timeout=600)
        self.assertEqual(build.returncode, 0, build.stdout[-2000:] + build.stderr[-2000:])
        self.assertTrue(os.access(HELPER, os.X_OK), "make build made the sharing helper")
        r = shopper("recipe", "import", self.page, data=self.data)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("Pancakes", r.stdout)
        self.assertIn("250 g flour", r.stdout)
        self.assertEqual(shopper("add", "Milk", data=self.data).returncode, 0)
        with Servers(["radicale"], keyring=True) as servers:
            info = servers.info()["radicale"]
            r = shopper("share", info["url"], info["user"], data=self.data, stdin=info["password"] + "\n")
            self.assertEqual(r.returncode, 0, r.stderr)
            lists = phone(info, "/", "calendars")["calendars"]
            groceries = next(c["url"] for c in lists if c.get("name") == "Groceries")
            self.assertIn("Milk", [t["summary"] for t in phone(info, groceries, "list")["items"]])


if __name__ == "__main__":
    unittest.main()
