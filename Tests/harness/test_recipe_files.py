"""End-to-end, the real `shopper` binary and its `shopper-sync` helper (`make build`): files that
are no recipe (a CSV, a tiny PDF, a PNG, JSON that is no Recipe, a zip, all made here) are refused
in one sentence with exit 1 and nothing kept; a page whose JSON-LD is broken as sites break it is
read; what a recipe writes, typed with `shopper add`, gives the recipe's item."""

import os
import shutil
import struct
import subprocess
import tempfile
import unittest
import zipfile
import zlib

from shopper_harness import ROOT, Shopper, wait_for
from test_platform import resize

SHOPPER = os.environ.get("SHOPPER_BIN", os.path.join(ROOT, ".build", "debug", "shopper"))


def png_1x1():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


class RecipeFiles(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="shopper-recipe-files-")
        self.data = os.path.join(self.dir, "data")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def shopper(self, *args):
        return subprocess.run([SHOPPER, *args], env=dict(os.environ, SHOPPER_DATA_DIR=self.data, LANG="en_US.UTF-8"),
                              capture_output=True, text=True, timeout=90)

    def write(self, name, data):
        path = os.path.join(self.dir, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def test_files_that_are_no_recipe_are_refused_in_one_sentence(self):
        archive = os.path.join(self.dir, "recipes.zip")
        with zipfile.ZipFile(archive, "w") as z:
            z.writestr("soup.txt", "Soup\n\n2 onions\n1 l stock\n")
        files = {
            self.write("money.csv", b"Date,Amount\n2024-01-01,5\n2024-01-02,7\n"): "is a table of values (CSV), not a recipe",
            self.write("r.pdf", b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"):
                "is a PDF document, not a recipe",
            self.write("photo.png", png_1x1()): "is an image, not a recipe",
            self.write("person.json", b'{"@context": "https://schema.org", "@type": "Person", "name": "Anna"}'):
                "is JSON without a schema.org Recipe in it",
            archive: "is an archive (such as a zip file), not a recipe",
        }
        for path, words in files.items():
            r = self.shopper("recipe", "import", path)
            self.assertEqual(r.returncode, 1, f"{path}: {r.stdout}")
            self.assertEqual(r.stdout, "", path)
            self.assertEqual(r.stderr.count("\n"), 1, f"one sentence: {r.stderr!r}")
            self.assertIn(path + " " + words, r.stderr)
        self.assertEqual(self.shopper("recipes").stdout, "", "nothing was kept")

    def test_the_windows_import_says_a_csv_is_no_recipe(self):
        """Import a Recipe… with a CSV file's path: the dialog comes back saying what the file is,
        the path still typed; nothing is kept."""
        csv = self.write("money.csv", b"Date,Amount\n2024-01-01,5\n2024-01-02,7\n")
        os.makedirs(self.data, exist_ok=True)
        with Shopper(data_dir=self.data) as app:
            resize(app, 1000, 700)
            app.hover()
            app.key("o", ["ctrl", "shift"])
            heading = "Import a Recipe"
            wait_for(lambda: any(f.get_name() == heading for f in app.frames()), 5, "the import dialog")
            app.type(csv, window=heading)
            app.key("Return", window=heading)
            said = csv + " is a table of values (CSV), not a recipe; nothing was imported"
            frame = wait_for(lambda: next((f for f in app.frames() if f.get_name() == heading and app.has_text(said, root=f)), None),
                             15, "the dialog saying the file is a table")
            app.screenshot("93-import-a-csv")
            self.assertIsNotNone(frame)
            app.key("Escape", window=heading)
        self.assertEqual(self.shopper("recipes").stdout, "", "nothing was kept")

    def test_a_page_with_broken_json_ld_is_read(self):
        page = self.write("soup.html", b"""<html><head><script type="application/ld+json">
// <![CDATA[
{"@context": "https://schema.org", "@type": "Recipe", "name": "Tomato Soup",
 "recipeIngredient": ["juice of 1 lime", "2 x 400 g tins chopped tomatoes<br>1 onion"]};
// ]]>
</script></head><body></body></html>""")
        r = self.shopper("recipe", "import", page)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("Tomato Soup", r.stdout)
        for line in ["juice of 1 lime", "2 x 400 g tins chopped tomatoes", "1 onion"]:
            self.assertIn("ingredient\t" + line + "\n", r.stdout)

    def test_the_add_command_reads_a_recipes_units(self):
        for line in ["2 cups Heavy cream", "2 EL Olivenöl", "1 Prise Muskat", "3 cloves Garlic"]:
            self.assertEqual(self.shopper("add", line).returncode, 0, line)
        exported = self.shopper("export", "--format", "text").stdout.splitlines()
        # Each in its aisle by the table of groceries (issue 54, item 3).
        self.assertEqual(sorted(exported), ["1 Prise Muskat [Spices]", "2 EL Olivenöl [Pantry]", "2 cups Heavy cream [Dairy]",
                                            "3 cloves Garlic [Fruit & Veg]"])


if __name__ == "__main__":
    unittest.main()
