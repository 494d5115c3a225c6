"""End-to-end: the app as a GNOME citizen. Its commands are GActions reachable over D-Bus
(org.gtk.Actions), and it is usable at a phone's 360 x 640 by keyboard alone, as at 1280 x 800."""

import os
import subprocess
import unittest

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from shopper_harness import APP_ID, ROW_ROLE_NAME, Shopper, pixel, wait_for  # noqa: E402

LABEL, CHECK = Atspi.Role.LABEL, Atspi.Role.CHECK_BOX
APP_PATH = "/" + APP_ID.replace(".", "/")


def activate(path, action, *argument):
    """org.gtk.Actions.Activate, as any D-Bus client would (gdbus)."""
    params = "[" + ", ".join(f"<'{a}'>" for a in argument) + "]"
    r = subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID, "--object-path", path,
                        "--method", "org.gtk.Actions.Activate", action, params, "{}"],
                       capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr


def resize(app, width, height):
    app.resize(width, height)


class Actions(unittest.TestCase):
    def test_actions_activated_over_dbus_do_what_they_say(self):
        with Shopper() as app:
            # app.add-line: an item from text.
            activate(APP_PATH, "add-line", "2 x Tea @ 3.10 [Drinks]")
            app.one(LABEL, name="Tea", root=app.page("All Items"))
            # win.show-list: the cart shows (its explanation is on screen).
            activate(APP_PATH + "/window/1", "show-list", "cart")
            wait_for(lambda: app.has_text("Your cart is empty", root=app.page("Cart")), 5, "the cart")
            # win.undo takes the item away again.
            activate(APP_PATH + "/window/1", "undo")
            wait_for(lambda: not app.all(LABEL, name="Tea", root=app.page("All Items")), 5, "Tea to go")
            # app.preferences opens the preferences; app.about the about window.
            activate(APP_PATH, "preferences")
            prefs = wait_for(lambda: next((f for f in app.frames() if f.get_name() == "Preferences"), None), 5, "Preferences")
            app.key("Escape", window="Preferences")
            wait_for(lambda: prefs not in app.frames(), 5, "Preferences to close")
            activate(APP_PATH, "about")
            wait_for(lambda: any(f.get_name() == "About Shopper" or "About" in (f.get_name() or "") for f in app.frames()),
                     5, "the about window")
            # app.quit ends the app.
            activate(APP_PATH, "quit")
            app.proc.wait(10)
            self.assertEqual(app.proc.returncode, 0)


class Keyboard(unittest.TestCase):
    def test_a_list_is_one_tab_stop(self):
        with Shopper() as app:
            app.add_items("Apples", "Bread")
            app.key("1", ["ctrl"])
            app.key("n", ["ctrl"])
            app.key("Tab")
            wait_for(lambda: app.focused() == [(ROW_ROLE_NAME, "Apples")], 5, "the first row to have focus, named by its text")
            # Tab leaves the list: not to the row's checkbox or Edit button, not staying put.
            app.key("Tab")
            wait_for(lambda: app.focused() and app.focused()[0][0] not in (ROW_ROLE_NAME, "check box")
                     and not (app.focused()[0][1] or "").startswith("Edit"), 5, "focus to leave the list")
            # Shift+Tab from the list goes back to the add bar.
            app.key("n", ["ctrl"])
            app.key("Tab")
            wait_for(lambda: [r for r, _ in app.focused()] == [ROW_ROLE_NAME], 5, "a row again")
            app.key("ISO_Left_Tab", ["shift"])
            wait_for(lambda: app.focused() == [("text", "Add an item")], 5, "the add bar")


class TextFields(unittest.TestCase):
    def test_ctrl_z_in_a_text_field_undoes_the_typing_not_the_list(self):
        with Shopper() as app:
            app.press(app.one(Atspi.Role.PUSH_BUTTON, name="Load Sample List"))
            wait_for(lambda: app.has_text("Apples", root=app.page("All Items")), 5, "the sample list")
            before = len(app.all(CHECK, root=app.page("All Items")))
            app.key("n", ["ctrl"])
            app.type("Tea bags")
            app.key("z", ["ctrl"])
            # Handled, with all that followed on the app's main loop (a list undo shows its toast
            # and rows at once): nothing more is coming from that key.
            app.settle()
            self.assertEqual(len(app.all(CHECK, root=app.page("All Items"))), before, "the import was not undone")
            self.assertFalse(app.has_text("Undid"), "no list undo")

    def test_ctrl_z_after_adds_edits_the_field_in_every_text_field(self):
        """Three adds leave the list's undo enabled: Ctrl+Z typed in the add bar or the search still
        edits that field, and Shift+Ctrl+Z redoes it there; with nothing left to undo in the field,
        the list's undo still does not run. (GTK 4.8 gives AT-SPI no entry text: what the field holds
        is read from what Enter adds.)"""
        with Shopper() as app:
            app.add_items("Apples", "Bread", "Cheese")
            count = lambda: len(app.all(CHECK, root=app.page("All Items")))  # noqa: E731
            wait_for(lambda: count() == 3, 5, "three items")
            app.key("n", ["ctrl"])
            app.type("Tea bags")
            # The field's history undoes a word at a time: two steps take "Tea bags" away.
            for _ in range(2):
                app.key("z", ["ctrl"])
            app.settle()  # both keys handled, and all that followed them (see the first test)
            self.assertEqual(count(), 3, "Cheese was not undone")
            self.assertFalse(app.has_text("Undid"), "no list undo")
            app.key("Return")       # the field is empty: nothing is added
            app.settle()
            self.assertEqual(count(), 3, "the typing was undone")
            for _ in range(2):
                app.key("z", ["ctrl", "shift"])
            app.key("Return")
            wait_for(lambda: app.has_text("Tea bags", root=app.page("All Items")), 5, "the typing redone, then added")
            self.assertEqual(count(), 4)
            # Nothing left to undo in the field: still not the list's undo.
            for _ in range(3):
                app.key("z", ["ctrl"])
            app.settle()
            self.assertEqual(count(), 4, "the list is untouched")
            self.assertFalse(app.has_text("Undid"), "no list undo")
            # The search field, the same.
            app.key("f", ["ctrl"])
            app.type("Bre")
            wait_for(lambda: count() == 1, 5, "the search to show Bread")
            app.key("z", ["ctrl"])
            app.settle()
            self.assertFalse(app.has_text("Undid"), "no list undo from the search")
            app.key("Escape")
            wait_for(lambda: count() == 4, 5, "the whole list again")
            # Out of the fields, on the list, Ctrl+Z undoes the last add.
            app.key("1", ["ctrl"])
            wait_for(lambda: app.focused() and app.focused()[0][0] == ROW_ROLE_NAME, 5, "a row to have focus")
            app.key("z", ["ctrl"])
            wait_for(lambda: app.has_text("Undid"), 5, "the list's undo from the list")
            wait_for(lambda: count() == 3, 5, "Tea bags undone")


class KeyboardOnTheLists(unittest.TestCase):
    """A list switch by shortcut lands on a row at every width; Up and Down go from item to item
    over headers and the end row; Escape closes the search from the list; Delete leaves the focus
    on the next item."""

    SAMPLE_SHOPPING = ["Apples", "Bananas", "Cherry tomatoes", "Semi-skimmed milk", "Mature cheddar",
                       "Sourdough loaf", "Chopped tomatoes", "Coffee beans"]

    def focused_row(self, app):
        rows = [name for role, name in app.focused() if role == ROW_ROLE_NAME]
        return rows[0] if rows else None

    def run_at(self, width, height, shot):
        with Shopper() as app:
            resize(app, width, height)
            app.press(app.one(Atspi.Role.PUSH_BUTTON, name="Load Sample List"))
            wait_for(lambda: app.has_text("Apples", root=app.page("All Items")), 5, "the sample list")
            app.key("2", ["ctrl"])
            wait_for(lambda: self.focused_row(app) == "Apples", 5, "the first row of the Shopping List to have focus")
            # Down through the whole list: every stop is an item, in order; the last stays.
            seen = ["Apples"]
            for _ in range(len(self.SAMPLE_SHOPPING) + 2):
                app.key("Down")     # returns with the focus moved (an idle callback grabs it)
                seen.append(self.focused_row(app))
            stops = [n for i, n in enumerate(seen) if i == 0 or n != seen[i - 1]]
            self.assertEqual(stops, self.SAMPLE_SHOPPING, "Down stops on items only")
            app.key("Up")
            wait_for(lambda: self.focused_row(app) == "Chopped tomatoes", 5, "Up back over the aisle header")
            # A click on a header does nothing: the focus stays on the item.
            header = next(n for n in app.all(Atspi.Role.LABEL, root=app.page("Shopping List"))
                          if (n.get_name() or "").startswith("Pantry ·"))
            app.click(header)
            app.settle()           # the click handled, and all that followed it
            self.assertEqual(self.focused_row(app), "Chopped tomatoes", "a header takes no focus")
            app.screenshot(shot)
            # Space ticks the focused item; it does not switch lists.
            app.key("space")
            wait_for(lambda: app.has_text("“Chopped tomatoes” is in the cart"), 5, "Space to tick the row off")
            wait_for(lambda: self.focused_row(app) == "Coffee beans", 5, "the focus on the next item")
            # Delete: the focus goes to the next item, or the one above at the end.
            app.key("Home")
            wait_for(lambda: self.focused_row(app) == "Apples", 5, "Home to the first item")
            app.key("Delete")
            wait_for(lambda: app.has_text("Deleted “Apples”"), 5, "Apples deleted")
            wait_for(lambda: self.focused_row(app) == "Bananas", 5, "the focus on the next item after Delete")
            # Escape closes the search with the focus on the list.
            app.key("f", ["ctrl"])
            app.type("milk")
            app.key("Down")
            wait_for(lambda: self.focused_row(app) == "Semi-skimmed milk", 5, "the match focused")
            app.key("Escape")
            wait_for(lambda: not app.all(Atspi.Role.TEXT, name="Search"), 5, "the search closed from the list")
            wait_for(lambda: self.focused_row(app) is not None, 5, "the focus still on the list")
            # Ctrl+1 and Ctrl+3 land on rows too.
            app.key("1", ["ctrl"])
            wait_for(lambda: self.focused_row(app) in ("Apples", "Bananas"), 5, "All Items' first row focused")
            app.key("3", ["ctrl"])
            wait_for(lambda: self.focused_row(app) == "Chopped tomatoes", 5, "the Cart's row focused")

    def test_phone_width(self):
        self.run_at(360, 640, "55-phone-keyboard")

    def test_desktop_width(self):
        self.run_at(1000, 800, "56-desktop-keyboard")


class PhoneWidth(unittest.TestCase):
    def test_every_list_the_editor_and_preferences_by_keyboard_at_360(self):
        with Shopper() as app:
            resize(app, 1280, 800)
            app.screenshot("50-desktop-1280")
            resize(app, 360, 640)
            # The lists are switched at the bottom now: its buttons sit at the window's foot.
            tabs = [n for n in app.all(Atspi.Role.PAGE_TAB, name="Cart") if app.extents(n)[1] > 500]
            self.assertTrue(tabs, "the bottom switcher shows at phone width")
            # Keyboard alone: add two items, tick one off, open it in the cart, edit it, back.
            app.key("n", ["ctrl"])
            app.type("2 kg Apples @ 1.29 [Fruit]")
            app.key("Return")
            app.type("Milk")
            app.key("Return")
            app.key("2", ["ctrl"])
            wait_for(lambda: len(app.all(CHECK, root=app.page("Shopping List"))) == 2, 5, "two items")
            app.screenshot("51-phone-shopping-list")
            app.key("n", ["ctrl"])
            app.key("Tab")          # from the add entry into the list
            app.key("space")        # tick the first row off
            wait_for(lambda: len(app.all(CHECK, root=app.page("Shopping List"))) == 1, 5, "one item ticked off")
            app.key("3", ["ctrl"])
            wait_for(lambda: len(app.all(CHECK, root=app.page("Cart"))) == 1, 5, "the item in the cart")
            app.key("n", ["ctrl"])
            app.key("Tab")
            app.key("F2")           # the editor slides over the list
            field = app.one(Atspi.Role.TEXT, name="Description", timeout=5)
            app.screenshot("52-phone-editor")
            self.assertTrue(app.extents(field)[2] <= 360)
            app.key("Escape")
            wait_for(lambda: len(app.all(CHECK, root=app.page("Cart"))) == 1, 5, "back to the cart")
            app.key("comma", ["ctrl"])
            wait_for(lambda: any(f.get_name() == "Preferences" for f in app.frames()), 5, "Preferences")
            app.screenshot("53-phone-preferences")
            app.key("Escape", window="Preferences")
            wait_for(lambda: all(f.get_name() != "Preferences" for f in app.frames()), 5, "Preferences to close")
            # Search at phone width: Ctrl+F, type, the list narrows; Escape clears it.
            app.key("1", ["ctrl"])
            app.key("f", ["ctrl"])
            app.type("milk")
            wait_for(lambda: len(app.all(CHECK, root=app.page("All Items"))) == 1, 5, "one match")
            app.screenshot("55-phone-search")
            app.key("Escape")
            wait_for(lambda: len(app.all(CHECK, root=app.page("All Items"))) == 2, 5, "the whole list again")
            # The pointer at phone width: the bottom switcher's tabs switch the lists.
            def bottom_tab(name):
                return [n for n in app.all(Atspi.Role.PAGE_TAB, name=name) if app.extents(n)[1] > 500][0]

            def chosen(tab):
                states = tab.get_state_set()
                return states.contains(Atspi.StateType.CHECKED) or states.contains(Atspi.StateType.SELECTED)
            for name in ("Shopping List", "All Items"):
                app.click(bottom_tab(name))
                wait_for(lambda: chosen(bottom_tab(name)), 5, f"{name} chosen by a click")
            # The Cart ends the trip with a button of its own, there only while the cart has something.
            app.click(bottom_tab("Cart"))
            wait_for(lambda: chosen(bottom_tab("Cart")), 5, "the Cart chosen by a click")
            finish = app.one(Atspi.Role.PUSH_BUTTON, name="Finish Shopping", root=app.page("Cart"))
            sensitive = lambda: finish.get_state_set().contains(Atspi.StateType.SENSITIVE)
            self.assertTrue(sensitive())
            app.press(finish)
            # The prices paid, filled in: Enter takes them as they are.
            wait_for(lambda: any(f.get_name() == "Finish Shopping" for f in app.frames()), 5, "the prices to confirm")
            app.key("Return", window="Finish Shopping")
            wait_for(lambda: not app.all(CHECK, root=app.page("Cart")), 5, "an empty cart")
            wait_for(lambda: not sensitive(), 5, "the button to be disabled")


class ColourScheme(unittest.TestCase):
    def test_the_window_follows_the_desktops_light_or_dark(self):
        # libadwaita reads ADW_DEBUG_COLOR_SCHEME instead of the desktop's setting (no portal here).
        for scheme, dark in (("prefer-dark", True), ("prefer-light", False)):
            with Shopper(env={"ADW_DEBUG_COLOR_SCHEME": scheme, "ADW_DISABLE_PORTAL": "1"}) as app:
                app.add_items("Apples")
                shot = app.screenshot(f"54-{scheme}")
                x, y, w, h = app.extents(app.one(Atspi.Role.LIST, name="All Items"))
                # Below the rows (header, item, end row), above where the toast shows.
                below = pixel(shot, x + w // 2, y + min(h // 2, 260))
                header = pixel(shot, x + w // 2, 4)
                if dark:
                    self.assertLess(sum(below), 200, f"dark list: {below}")
                    self.assertLess(sum(header), 300, f"dark header: {header}")
                else:
                    self.assertGreater(sum(below), 500, f"light list: {below}")
                    self.assertGreater(sum(header), 450, f"light header: {header}")


if __name__ == "__main__":
    unittest.main()
