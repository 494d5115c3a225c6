"""End-to-end: Shopper in the user's language and money. Under German the window speaks German over
AT-SPI, amounts are euros with a decimal comma and "4,99" is read as a price; under Hebrew the
layout mirrors (the checkbox on the right, the cost on the left)."""

import os
import shutil
import tempfile
import unittest

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from shopper_harness import Shopper, wait_for  # noqa: E402
from test_platform import resize  # noqa: E402

LABEL, CHECK, BUTTON = Atspi.Role.LABEL, Atspi.Role.CHECK_BOX, Atspi.Role.PUSH_BUTTON


def german():
    return {"LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LANGUAGE": "de"}


class German(unittest.TestCase):
    def test_a_phone_fits_and_the_bottom_switchers_labels_keep_apart(self):
        """At 360×640 in German: the window stays 360 px wide with the search bar open (its
        toggle says "Alle Listen" in words), and the bottom switcher's labels do not run into
        each other ("Alle ArtikelEinkaufsli…"), nor are cut ("Alle Arti…": German names that fit)."""
        with Shopper(env=german()) as app:
            resize(app, 360, 640)
            app.hover()
            app.key("f", ["ctrl"])
            app.one(BUTTON, name="Alle Listen")
            wait_for(lambda: app.extents(app.window())[2] <= 370, 5, f"a window no wider than a phone, not {app.extents(app.window())}")
            app.screenshot("62-phone-search-de")
            bar = sorted((app.extents(n) for n in app.all(LABEL) if n.get_name() in
                          ("Artikel", "Zu kaufen", "Wagen", "Suchen", "Einkäufe") and app.extents(n)[1] > 560 and app.extents(n)[2] > 0),
                         key=lambda e: e[0])
            self.assertEqual(len(bar), 5, bar)
            for a, b in zip(bar, bar[1:]):
                self.assertGreaterEqual(b[0] - (a[0] + a[2]), 6, f"labels at {a} and {b} run into each other")

    def test_the_window_speaks_german_and_counts_in_euros(self):
        with Shopper(env=german()) as app:
            # List titles (each list is built when first shown; its page is there from the start),
            # the empty state and its button, in German.
            for title in ("Artikel", "Zu kaufen", "Wagen"):
                self.assertIsNotNone(app.page(title), f"the page {title!r}")
            self.assertTrue(app.all(Atspi.Role.LIST, name="Artikel"), "the list on screen")
            self.assertTrue(app.has_text("Noch nichts hier."), app.texts())
            app.one(BUTTON, name="Beispielliste laden")
            # A price typed the German way.
            entry = app.one(Atspi.Role.TEXT, name="Artikel hinzufügen")
            app.focus(entry)
            app.type("2 x Kaffee @ 4,99")
            app.key("Return")
            wait_for(lambda: "9,98\u00a0€" in app.texts(LABEL, root=app.page("Artikel")), 5,
                     "9,98 € on the row")
            wait_for(lambda: app.has_text("1 Artikel · 9,98\u00a0€ noch zu kaufen · 0,00\u00a0€ im Wagen"), 5,
                     "the totals in euros")
            # Coffee is a drink by the table of groceries: the toast names the aisle it went to.
            self.assertTrue(app.has_text("„Kaffee“ zu Getränke hinzugefügt"), "the toast in German")
            app.screenshot("70-german")
            # Longer words must not widen the window past a phone's 360 px.
            resize(app, 360, 640)
            self.assertLessEqual(app.extents(app.window())[2], 372, "the German window fits a phone")
            app.screenshot("72-german-phone")


class MoneyKeptBetweenStarts(unittest.TestCase):
    def test_a_second_start_writes_money_as_the_first_learned_it(self):
        """The first start asks ICU how German writes euros and keeps the answer in the cache
        folder; the second reads it there. Changed in the file, the second start's rows show the
        change: the window took it from the file, not from ICU."""
        data = tempfile.mkdtemp(prefix="shopper-e2e-")
        try:
            env = dict(german(), XDG_CACHE_HOME=os.path.join(data, "cache"))
            with Shopper(env=env, data_dir=data) as app:
                entry = app.one(Atspi.Role.TEXT, name="Artikel hinzufügen")
                app.focus(entry)
                app.type("2 x Kaffee @ 4,99")
                app.key("Return")
                wait_for(lambda: "9,98\u00a0€" in app.texts(LABEL, root=app.page("Artikel")), 5, "9,98 € on the row")
            kept = os.path.join(data, "cache", "io.github.shopperapp.Shopper", "money-patterns")
            with open(kept, encoding="utf-8") as f:
                lines = f.read().splitlines()
            german_line = [l for l in lines if "\tde_DE\t" in l]
            self.assertEqual(len(german_line), 1, lines)
            self.assertIn("\tEUR\t", german_line[0])
            with open(kept, "w", encoding="utf-8") as f:
                f.write("\n".join(l.replace("\u00a0€", "\u00a0EUR") for l in lines) + "\n")
            with Shopper(env=env, data_dir=data) as app:
                wait_for(lambda: "9,98\u00a0EUR" in app.texts(LABEL, root=app.page("Artikel")), 5,
                         "the row in the format the file gave")
        finally:
            shutil.rmtree(data, ignore_errors=True)


class GermanSample(unittest.TestCase):
    def test_the_sample_is_german_and_the_add_bars_example_keeps_its_aisle(self):
        with Shopper(env=german()) as app:
            app.press(app.one(BUTTON, name="Beispielliste laden"))
            page = lambda: app.page("Artikel")  # noqa: E731
            wait_for(lambda: app.has_text("Äpfel", root=page()), 5, "the German sample")
            self.assertTrue(app.has_text("Obst & Gemüse · 4 Artikel · 7,07\u00a0€", root=page()), app.texts(root=page()))
            self.assertFalse(app.has_text("Apples", root=page()), "no English item")
            # The placeholder's own example, typed as it reads: Äpfel stay in the sample's aisle.
            entry = app.one(Atspi.Role.TEXT, name="Artikel hinzufügen")
            app.focus(entry)
            app.type("2 kg Äpfel @ 1,29 [Obst & Gemüse]")
            app.key("Return")
            # Taken as the known item (the sample's own line: nothing to change), said in the same
            # step as a new aisle would have been made.
            wait_for(lambda: app.has_text("„Äpfel“ ist schon auf Ihrer Einkaufsliste"), 5, "Äpfel known")
            app.settle()
            self.assertFalse(any(t.startswith("Obst ·") for t in app.texts(root=page())), "no new aisle")
            self.assertTrue(app.has_text("Obst & Gemüse · 4 Artikel", root=page()))


class RightToLeft(unittest.TestCase):
    def test_hebrew_mirrors_the_row(self):
        env = {"LANG": "he_IL.UTF-8", "LC_ALL": "he_IL.UTF-8", "LANGUAGE": "he"}
        with Shopper(env=env) as app:
            app.focus(app.one(Atspi.Role.TEXT, name="הוספת פריט"))
            app.type("Tea @ 2")
            app.key("Return")
            page = app.page("כל הפריטים")
            self.assertIsNotNone(page, "the list titles are Hebrew")
            check = app.one(CHECK, root=page)
            name = app.one(LABEL, name="Tea", root=page)
            cost = wait_for(lambda: next((n for n in app.all(LABEL, root=page) if "2.00" in n.get_name()), None), 5,
                            "the cost label")
            cx, nx, kx = app.extents(check)[0], app.extents(name)[0], app.extents(cost)[0]
            self.assertGreater(cx, nx, "the checkbox is right of the description")
            self.assertLess(kx, nx, "the cost is left of the description")
            app.screenshot("71-hebrew-mirrored")


if __name__ == "__main__":
    unittest.main()
