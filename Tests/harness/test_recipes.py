"""End-to-end: recipes on the real binary, by keyboard alone. A recipe pasted (Ctrl+Shift+V),
what was understood shown before it is kept (Ctrl+Enter), cooked for more (the servings), added
to the list with the preview's words and merged exactly (read back by `shopper export` from a
second process), taken back with one Undo; two meals planned, the week added, one meal taken off
and exactly its share gone. At 1000 px light in English, and at 360 px dark in German."""

import csv
import io
import json
import os
import subprocess
import time
import unittest

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from settling import OUT  # noqa: E402
from shopper_harness import ROOT, Shopper, scratch, wait_for  # noqa: E402
from test_platform import resize  # noqa: E402

BIN = os.environ.get("SHOPPER_BIN", os.path.join(ROOT, ".build", "debug", "shopper"))

PANCAKES = ["Pancakes", "Serves 2", "", "Ingredients", "250 ml milk", "2 eggs", "salt to taste", "", "Method",
            "1. Whisk everything.", "2. Fry thin pancakes."]
OMELETTE = ["Omelette", "Serves 1", "", "Ingredients", "3 eggs", "100 ml milk", "", "Method", "1. Whisk and fry."]
SALAD = ["Salad", "Serves 2", "", "Ingredients", "2 tbsp olive oil", "1 lemon", "1 cucumber", "", "Method", "1. Mix."]
CHILI = ["Chili", "Serves 6", "", "Ingredients", "1 can chopped tomatoes", "2 onions", "", "Method", "1. Simmer."]
FLUFFY = ["Fluffy Pancakes", "Serves 4", "", "Ingredients", "½ cup sugar", "3 eggs", "", "Method", "1. Fry."]
PFANNKUCHEN = ["Pfannkuchen", "Für 2 Personen", "", "Zutaten", "250 ml Milch", "2 Eier", "", "Zubereitung",
               "1. Alles verquirlen.", "2. Dünn ausbacken."]


def helpers_of(pid):
    """The shopper-sync processes `pid` started and has not reaped."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name, fields = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:].split()
        if name == "shopper-sync" and int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found


def recipe_server():
    server = subprocess.Popen(["/usr/bin/python3", os.path.join(ROOT, "Tests", "recipes", "recipe_server.py"),
                               os.path.join(ROOT, "Tests", "Fixtures", "recipes")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return server, json.loads(server.stdout.readline())["url"]


def store_with(test, *lines):
    data = scratch(test, "shopper-e2e-")
    for line in lines:
        subprocess.run([BIN, "add", line], env=dict(os.environ, SHOPPER_DATA_DIR=data), check=True, capture_output=True)
    return data


def need(data, item):
    """What the list asks of `item`, as a second process reads the store: "1.25 l"."""
    out = subprocess.run([BIN, "export", "--format", "text"], env=dict(os.environ, SHOPPER_DATA_DIR=data),
                         check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        words = line.split(" [")[0].split()
        if words and words[-1] == item:
            return " ".join(words[:-1]) or "1"
    return None


def rows(data, item):
    """Every row of `item` as a second process reads the store (`shopper export`, CSV): the exact
    need with its unit, and what the list asks to buy of it: [("1.8334 can", "2")]."""
    out = subprocess.run([BIN, "export", "--format", "csv"], env=dict(os.environ, SHOPPER_DATA_DIR=data),
                         check=True, capture_output=True, text=True).stdout
    found = []
    for r in csv.DictReader(io.StringIO(out)):
        if r["description"] == item and r["needed"] == "1":
            found.append((" ".join(filter(None, [r["quantity"], r["unit"]])), r["to_buy"]))
    return found


class Recipes(unittest.TestCase):
    @staticmethod
    def frame(app, name):
        return wait_for(lambda: next((f for f in app.frames() if f.get_name() == name), None), 5, f"the window {name!r}")

    def paste(self, app, lines, dialog="Paste a Recipe"):
        app.key("v", ["ctrl", "shift"])
        wait_for(lambda: any(f.get_name() == dialog for f in app.frames()), 5, "the paste dialog")
        for line in lines:
            if line:
                app.type(line, window=dialog)
            app.key("Return", window=dialog)

    def keep(self, app, dialog="Paste a Recipe"):
        app.key("Return", ["ctrl"], window=dialog)
        try:
            wait_for(lambda: not any(f.get_name() == dialog for f in app.frames()), 5, "the paste dialog closed")
        except AssertionError:
            app.screenshot("99-paste-not-closed")
            raise

    def servings(self, app, n):
        """The recipe page opens with the keyboard on its servings: a number and Enter."""
        app.key("a", ["ctrl"])
        app.type(str(n))
        app.key("Return")

    def add_to_list(self, app, heading, words):
        """Tab, Tab to Add to List…, Enter; the preview says `words`; Enter adds."""
        app.key("Tab")
        app.key("Tab")
        app.key("Return")
        frame = wait_for(lambda: next((f for f in app.frames() if f.get_name() == heading), None), 5, f"the dialog {heading!r}")
        wait_for(lambda: any(words in t for t in app.texts(root=frame)), 5, f"{words!r} in the preview, not {app.texts(root=frame)}")
        return frame

    def test_paste_scale_add_undo_then_plan_the_week(self):
        data = store_with(self, "1 l Milk [Dairy]")
        with Shopper(data_dir=data) as app:
            resize(app, 1000, 700)
            app.hover()
            self.paste(app, PANCAKES)
            pasted = self.frame(app, "Paste a Recipe")
            wait_for(lambda: app.has_text("“Pancakes”, serves 2", root=pasted), 5, "what was understood")
            self.assertTrue(app.has_text("250 ml · milk", root=pasted))
            app.screenshot("90-recipe-pasted")
            self.keep(app)
            wait_for(lambda: app.has_text("“Pancakes” is kept with your recipes"), 5, "the recipe kept")
            self.servings(app, 6)
            wait_for(lambda: app.has_text("750 ml"), 5, "the milk for six")
            app.screenshot("91-recipe-for-six")
            self.add_to_list(app, "Add “Pancakes” to a List", "Milk 1 l → 1.75 l: 750 ml for Pancakes")
            app.screenshot("92-recipe-add-preview")
            app.key("Return", window="Add “Pancakes” to a List")
            wait_for(lambda: need(data, "Milk") == "1.75 l", 5, f"the milk merged, not {need(data, 'Milk')!r}")
            self.assertEqual(need(data, "Eggs") or need(data, "Egg"), "6")
            app.key("z", ["ctrl"])
            wait_for(lambda: need(data, "Milk") == "1 l", 5, f"one Undo takes the add back, not {need(data, 'Milk')!r}")
            self.assertIsNone(need(data, "Eggs") or need(data, "Egg"), "the new item goes with it")
            # The week: an Omelette for 1 and Pancakes for 2, planned from their pages, added once.
            self.paste(app, OMELETTE)
            self.keep(app)
            self.plan(app, "Omelette")
            self.open_recipe(app, "Pancakes")
            self.plan(app, "Pancakes")
            app.key("7", ["ctrl"])
            heading = "Add the Week to a List"
            app.key("Return")
            frame = wait_for(lambda: next((f for f in app.frames() if f.get_name() == heading), None), 5, "the week's dialog")
            wait_for(lambda: any("Milk 1.1 l → 1.35 l: 250 ml for Pancakes" in t for t in app.texts(root=frame)), 5,
                     f"the week's preview, not {app.texts(root=frame)}")
            app.screenshot("93-week-add-preview")
            app.key("Return", window=heading)
            wait_for(lambda: need(data, "Milk") == "1.35 l", 5, f"both meals' milk, not {need(data, 'Milk')!r}")
            self.assertEqual(need(data, "Eggs") or need(data, "Egg"), "5")
            # The omelette off the plan: exactly its 100 ml and 3 eggs leave the list.
            app.key("7", ["ctrl"])
            self.tab_to(app, "Take Omelette off the Plan")
            app.key("Return")
            wait_for(lambda: need(data, "Milk") == "1.25 l", 5, f"the omelette's share gone, not {need(data, 'Milk')!r}")
            self.assertEqual(need(data, "Eggs") or need(data, "Egg"), "2")
            app.screenshot("94-week-plan")
        subprocess.run(["rm", "-rf", data])

    def test_servings_six_to_five_to_six_keep_one_tomatoes_row_and_a_second_add_goes_into_the_cup_row(self):
        """Issue 54's two sequences on the real binary. A meal's servings changed in the Week's Plan
        (6 → 5 → 6) changes the one kept-apart Tomatoes row (beside fresh tomatoes) by exactly the
        difference; the list shows whole cans. The same recipe added twice by `shopper recipe add`
        (another process) puts its ¾ cup of sugar into the cup row beside 500 g, no third row."""
        data = store_with(self, "4 Tomatoes", "500 g Sugar")
        with Shopper(data_dir=data) as app:
            resize(app, 1000, 700)
            app.hover()
            for lines in (CHILI, FLUFFY):
                self.paste(app, lines)
                self.keep(app)
            for _ in range(2):
                self.open_recipe(app, "Chili")
                self.plan(app, "Chili")
            app.key("7", ["ctrl"])
            heading = "Add the Week to a List"
            app.key("Return")
            self.frame(app, heading)
            app.key("Return", window=heading)
            wait_for(lambda: rows(data, "Tomatoes") == [("4", "4"), ("2 can", "2")], 5, f"the week added, not {rows(data, 'Tomatoes')}")
            count = len(rows(data, "Onions"))
            for n, want in ((5, ("1.8334 can", "2")), (6, ("2 can", "2"))):
                app.key("7", ["ctrl"])
                self.tab_to(app, "Servings of Chili")
                self.servings(app, n)
                wait_for(lambda: rows(data, "Tomatoes") == [("4", "4"), want], 5, f"Chili for {n}: {rows(data, 'Tomatoes')}")
            self.assertEqual(len(rows(data, "Onions")), count)
            app.screenshot("95-servings-changed-one-row")
        env = dict(os.environ, SHOPPER_DATA_DIR=data)
        for want in ([("500 g", "500"), ("0.75 cup", "0.75")], [("500 g", "500"), ("1.5 cup", "1.5")]):
            subprocess.run([BIN, "recipe", "add", "--servings", "6", "Fluffy Pancakes"], env=env, check=True, capture_output=True)
            self.assertEqual(rows(data, "Sugar"), want)
        self.assertEqual(rows(data, "Eggs"), [("9", "9")])
        subprocess.run(["rm", "-rf", data])

    def open_recipe(self, app, title):
        """Ctrl+6, Ctrl+F, the title, Enter: the first recipe found opens, the keyboard on its servings."""
        app.key("6", ["ctrl"])
        app.key("f", ["ctrl"])
        app.type(title)
        app.key("Return")
        wait_for(lambda: any(role == "spin button" for role, _ in app.focused()), 5,
                 f"{title} open, the keyboard on its servings, not {app.focused()}")

    @staticmethod
    def tab_to(app, name, most=30, window="Shopper", root=None):
        """Tab until the control named `name` has the keyboard, as a person tabs to a button. The
        accessibility bus hears of each move a moment after it: each Tab waits for the focus to
        leave where it was before the next, so none is read late and tabbed past."""
        trail = []
        for _ in range(most):
            focused = app.focused(root=root)
            trail.append(focused)
            if any(n == name for _, n in focused):
                return
            app.key("Tab", window=window)
            try:
                wait_for(lambda: app.focused(root=root) not in ([], focused), 1, "the focus moved")
            except AssertionError:
                pass
        app.screenshot("99-tab-to-failed")
        raise AssertionError(f"no control named {name!r} along {most} tabs: {trail}")

    def plan(self, app, title):
        """From the recipe page's servings: Tab to Plan…, Enter; Enter plans it for today."""
        app.key("Tab")
        app.key("Return")
        heading = f"Plan “{title}”"
        wait_for(lambda: any(f.get_name() == heading for f in app.frames()), 5, f"the dialog {heading!r}")
        app.key("Return", window=heading)
        wait_for(lambda: app.has_text(f"“{title}” is planned for"), 5, f"{title} planned")

    def test_from_a_recipe_pages_address_to_a_merged_list_by_keyboard(self):
        """The issue's whole path: a recipe page's address typed into Import a Recipe…, the recipe
        checked and kept, Add to List… and its preview, the merged shopping list; one Undo back."""
        server = subprocess.Popen(["/usr/bin/python3", os.path.join(ROOT, "Tests", "recipes", "recipe_server.py"),
                                   os.path.join(ROOT, "Tests", "Fixtures", "recipes")],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            url = json.loads(server.stdout.readline())["url"] + "page/graph-howtosection.html"
            data = store_with(self, "1 l Milk [Dairy]")
            with Shopper(data_dir=data) as app:
                resize(app, 1000, 700)
                app.hover()
                app.key("o", ["ctrl", "shift"])
                heading = "Import a Recipe"
                self.frame(app, heading)
                app.type(url, window=heading)
                app.key("Return", window=heading)
                checked = self.frame(app, "Import “Easy Lasagne”")
                wait_for(lambda: app.has_text("“Easy Lasagne”, serves 6", root=checked), 10, "the page's recipe read")
                self.assertTrue(app.has_text("600 ml · milk", root=checked))
                app.screenshot("97-recipe-imported")
                self.keep(app, dialog="Import “Easy Lasagne”")
                self.add_to_list(app, "Add “Easy Lasagne” to a List", "Milk 1 l → 1.6 l: 600 ml for Easy Lasagne")
                app.key("Return", window="Add “Easy Lasagne” to a List")
                wait_for(lambda: need(data, "Milk") == "1.6 l", 5, f"the milk merged, not {need(data, 'Milk')!r}")
                app.screenshot("98-imported-recipe-on-the-list")
                app.key("z", ["ctrl"])
                wait_for(lambda: need(data, "Milk") == "1 l", 5, "one Undo takes the add back")
            subprocess.run(["rm", "-rf", data])
        finally:
            server.stdin.close()
            server.wait(10)

    def test_an_import_says_it_is_reading_and_cancel_ends_it_in_german_at_phone_width(self):
        """A page that never finishes: the import dialog says what it reads, with Abbrechen; pressed,
        the helper is gone at once and nothing else opens. At 360 px in German."""
        server, url = recipe_server()
        try:
            data = store_with(self, "1 l Milch [Kühlregal]")
            german = {"LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LANGUAGE": "de"}
            with Shopper(data_dir=data, env=german) as app:
                resize(app, 360, 640)
                app.hover()
                app.key("o", ["ctrl", "shift"])
                heading = "Rezept importieren"
                self.frame(app, heading)
                app.type(url + "slow", window=heading)
                app.key("Return", window=heading)
                reading = wait_for(lambda: next((f for f in app.frames() if f.get_name() == heading
                                                 and app.has_text("wird gelesen", root=f)), None), 10, "the reading dialog")
                helpers = wait_for(lambda: helpers_of(app.proc.pid), 10, "the helper running")
                self.assertEqual(len(helpers), 1)
                # The wheel turns: no still picture to wait for, so the screen is taken as it is.
                time.sleep(0.5)
                os.makedirs(OUT, exist_ok=True)
                x, y, w, h = app.extents(app.window())
                subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+0+0", "+repage",
                                os.path.join(OUT, "94-rezept-wird-gelesen-phone.png")], check=True)
                cancel = app.one(Atspi.Role.PUSH_BUTTON, name="Abbrechen", root=reading)
                pressed = time.monotonic()
                app.press(cancel)
                wait_for(lambda: not helpers_of(app.proc.pid), 5, "the helper ended")
                self.assertLess(time.monotonic() - pressed, 2, "Abbrechen ends the helper at once")
                wait_for(lambda: not any(f.get_name() == heading for f in app.frames()), 5, "the dialog gone")
                time.sleep(1)
                self.assertEqual([f.get_name() for f in app.frames() if not f.get_name().endswith("Shopper")], [], "nothing opens after it")
            subprocess.run(["rm", "-rf", data])
        finally:
            server.stdin.close()
            server.wait(10)

    def test_what_is_always_at_home_stays_off_the_list(self):
        """Always at Home… from the recipes' menu (F10), by keyboard: a staple typed and kept, one
        taken off with its row's button; the next add leaves the first off the list and puts the
        second on it."""
        data = store_with(self, "1 l Milk [Dairy]")
        with Shopper(data_dir=data) as app:
            resize(app, 1000, 700)
            app.hover()
            self.paste(app, SALAD)
            self.keep(app)
            app.key("F10")
            app.key("Down")
            app.key("Down")
            app.key("Return")
            heading = "Always at Home"
            staples = self.frame(app, heading)
            wait_for(lambda: app.has_text("olive oil", root=staples), 5, "the default staples")
            app.type("lemon", window=heading)
            app.key("Return", window=heading)
            wait_for(lambda: "lemon" in app.texts(root=staples), 5, "the staple typed, kept")
            self.tab_to(app, "Remove “olive oil”", most=40, window=heading, root=staples)
            app.key("Return", window=heading)
            # Its row gone (the toast still names it, with Undo).
            wait_for(lambda: "olive oil" not in app.texts(root=staples), 5, "olive oil no longer at home")
            self.assertTrue(app.has_text("“olive oil” goes on the list again", root=staples))
            app.screenshot("99-always-at-home")
            # libadwaita's first Escape takes the toast away while one shows; the next closes.
            for _ in range(2):
                app.key("Escape", window=heading)
                try:
                    wait_for(lambda: not any(f.get_name() == heading for f in app.frames()), 2, "the window closed")
                    break
                except AssertionError:
                    continue
            self.assertFalse(any(f.get_name() == heading for f in app.frames()), "Escape closes Always at Home")
            self.open_recipe(app, "Salad")
            self.add_to_list(app, "Add “Salad” to a List", "lemon: always at home, not added")
            app.key("Return", window="Add “Salad” to a List")
            # The text export writes the recipe's spoons as the add bar reads them: "2 tbsp Olive oil".
            wait_for(lambda: need(data, "oil") == "2 tbsp Olive", 5, f"the olive oil on the list, not {need(data, 'oil')!r}")
            self.assertIsNone(need(data, "Lemon") or need(data, "lemon"), "the lemon is at home")
        subprocess.run(["rm", "-rf", data])

    def test_in_german_at_phone_width_in_the_dark(self):
        data = store_with(self, "1 l Milch [Kühlregal]")
        german = {"LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LANGUAGE": "de", "ADW_DEBUG_COLOR_SCHEME": "prefer-dark"}
        with Shopper(data_dir=data, env=german) as app:
            resize(app, 360, 640)
            app.hover()
            self.paste(app, PFANNKUCHEN, dialog="Rezept einfügen")
            pasted = self.frame(app, "Rezept einfügen")
            wait_for(lambda: app.has_text("„Pfannkuchen“, für 2 Personen", root=pasted), 5,
                     f"what was understood, in German, not {app.texts(root=pasted)}")
            app.screenshot("95-rezept-eingefuegt-phone-dark")
            self.keep(app, dialog="Rezept einfügen")
            self.servings(app, 4)
            wait_for(lambda: app.has_text("500 ml"), 5, "the milk for four")
            heading = "„Pfannkuchen“ auf eine Liste setzen"
            self.add_to_list(app, heading, "Milch 1 l → 1,5 l: 500 ml für Pfannkuchen")
            app.screenshot("96-rezept-vorschau-phone-dark")
            app.key("Return", window=heading)
            wait_for(lambda: need(data, "Milch") in ("1.5 l", "1,5 l"), 5, f"the milk merged, not {need(data, 'Milch')!r}")
            app.key("z", ["ctrl"])
            wait_for(lambda: need(data, "Milch") == "1 l", 5, "one Undo takes it back")
        subprocess.run(["rm", "-rf", data])
