"""End-to-end: what a newcomer does in the first ten minutes, on the real binary. Known items are
updated rather than duplicated, prices say what they are the price of, pasted lines become items,
lists open at their top, rows can be ticked without checkboxes, a trip ends with the prices paid,
notes show on rows, and every control has a name a screen reader can say."""

import os
import subprocess
import unittest

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from shopper_harness import ROW, ROW_ROLE_NAME, Shopper, scratch, wait_for  # noqa: E402
from test_platform import resize  # noqa: E402

LABEL, CHECK, BUTTON, TEXT = Atspi.Role.LABEL, Atspi.Role.CHECK_BOX, Atspi.Role.PUSH_BUTTON, Atspi.Role.TEXT


def labels(app, page):
    return app.texts(LABEL, root=app.page(page))


def frame(app, name):
    return wait_for(lambda: next((f for f in app.frames() if f is not None and f.get_name() == name), None), 5,
                    f"the window {name!r}")


def dialog_with(app, button):
    """The dialog (a window of its own) that has a button of this name."""
    main = app.window()

    def find():
        for f in app.frames():
            if f is not None and f != main and app.all(BUTTON, name=button, root=f):
                return f
        return None
    return wait_for(find, 10, f"a dialog with {button!r}")


class KnownItemsAndPrices(unittest.TestCase):
    def test_a_known_item_is_updated_and_a_price_says_what_it_is_for(self):
        with Shopper() as app:
            app.add_items("Apples [Fruit & Veg]", "Free-range eggs [Dairy]")
            app.add_items("2 kg apples @ 1.29")
            wait_for(lambda: "2 kg × 1.29" in labels(app, "All Items"), 5, "the row to say how its cost is made")
            self.assertEqual(labels(app, "All Items").count("Apples"), 1, "no second Apples")
            self.assertTrue(app.has_text("Apples: 2 kg × 1.29, updated"), app.texts())
            self.assertTrue(app.has_text("Fruit & Veg · 1 item · 2.58"), "kept in its aisle")
            app.add_items("Eggs")
            wait_for(lambda: app.has_text("Added “Eggs” to Dairy, with “Free-range eggs”"), 5, "the aisle suggested")
            app.add_items("500 g Mince = 5.49")
            wait_for(lambda: "5.49" in labels(app, "All Items"), 5, "a price for the whole pack")
            app.add_items("500 g Beef @ €5.49")
            wait_for(lambda: app.has_text("did you mean 5.49 for all?"), 5, "the implausible total pointed out")
            app.press(app.one(BUTTON, name="For All"))
            wait_for(lambda: app.has_text("Beef: 500 g, 5.49 for all"), 5, "the price made one for all")
            app.screenshot("60-known-items-and-prices")

    def test_a_typed_item_lands_in_its_aisle(self):
        """A new item in the add bar goes to its aisle by the table of groceries, and the toast says
        which; the Shopping List shows it in that section."""
        with Shopper() as app:
            app.add_items("2 onions")
            wait_for(lambda: app.has_text("Added “onions” to Fruit & Veg"), 5, "the aisle said")
            app.add_items("Shampoo")
            wait_for(lambda: app.has_text("Added “Shampoo” to Personal Care"), 5, "a second aisle made")
            app.key("2", ["ctrl"])
            wait_for(lambda: app.has_text("Fruit & Veg · 1 item · 0.00", root=app.page("Shopping List"))
                     and app.has_text("Personal Care · 1 item · 0.00", root=app.page("Shopping List")), 5, "the sections")
            self.assertFalse(app.has_text("No Aisle", root=app.page("Shopping List")), "nothing left in No Aisle")


class ATypoNearAKnownItem(unittest.TestCase):
    def test_a_near_miss_is_pointed_out_and_fixed_in_one_step(self):
        with Shopper() as app:
            app.add_items("6 Bananas @ 0.25 [Fruit & Veg]", "Bread")
            app.key("1", ["ctrl"])
            wait_for(lambda: app.focused() and app.focused()[0][0] == ROW_ROLE_NAME, 5, "a row")
            app.key("Home")
            app.key("space")  # Bananas: not needed for now
            app.add_items("2 Bananaz")
            wait_for(lambda: app.has_text("Added “Bananaz” — did you mean Bananas?"), 5, "the near miss pointed out")
            app.screenshot("63-did-you-mean")
            app.press(app.one(BUTTON, name="Fix"))
            wait_for(lambda: "Bananaz" not in labels(app, "All Items"), 5, "Bananaz taken back")
            wait_for(lambda: app.has_text("Bananas: 2 × 0.25, back on the list"), 5, "Bananas with the line's quantity")
            self.assertEqual(labels(app, "All Items").count("Bananas"), 1)
            # One step: Undo goes back to before the add, Bananas not needed and six of them.
            app.key("1", ["ctrl"])
            app.key("z", ["ctrl"])
            wait_for(lambda: "6 × 0.25" in labels(app, "All Items"), 5, "Bananas as before the add")
            self.assertNotIn("Bananaz", labels(app, "All Items"))


class Pasting(unittest.TestCase):
    def test_several_pasted_lines_are_previewed_one_item_per_line(self):
        with Shopper() as app:
            app.add_items("Hummus")
            text = "Peanut butter\n2 x Crisps @ 1.10 [Snacks]\nhummus\n"
            subprocess.run(["xclip", "-selection", "clipboard", "-loops", "1"], input=text, text=True, check=True)
            app.focus(app.one(TEXT, name="Add an item"))
            app.key("v", ["ctrl"])
            preview = frame(app, "Add Pasted Lines")
            app.press(app.one(BUTTON, name="Add 3 Items", root=preview))
            wait_for(lambda: len(app.all(CHECK, root=app.page("All Items"))) == 3, 5, "three items, Hummus once")
            self.assertIn("2 × 1.10", labels(app, "All Items"))


class ScrollPosition(unittest.TestCase):
    def test_lists_open_at_their_top_after_the_sample_is_loaded(self):
        with Shopper() as app:
            resize(app, 360, 640)
            app.press(app.one(BUTTON, name="Load Sample List"))
            for key, page in (("2", "Shopping List"), ("1", "All Items")):
                app.key(key, ["ctrl"])
                first = app.one(LABEL, name="Apples", root=app.page(page))
                top = app.extents(app.one(Atspi.Role.LIST, name=page))[1]
                self.assertLess(app.extents(first)[1] - top, 160, f"{page} shows its first rows")
            app.screenshot("61-sample-at-the-top")


class NoCheckboxes(unittest.TestCase):
    def test_with_checkboxes_off_the_row_menu_ticks_and_unticks(self):
        config = scratch(self, "shopper-config-")
        os.makedirs(os.path.join(config, "glib-2.0", "settings"))
        with open(os.path.join(config, "glib-2.0", "settings", "keyfile"), "w") as f:
            f.write("[io/github/shopperapp/Shopper]\nshow-checkboxes=false\n")
        with Shopper(env={"GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config}) as app:
            app.add_items("Tea")
            app.key("2", ["ctrl"])
            row = app.one(LABEL, name="Tea", root=app.page("Shopping List"))
            self.assertFalse(app.all(CHECK, root=app.page("Shopping List")), "no checkboxes")
            app.press(app.context_menu_item(row, "Put in Cart"))
            app.key("3", ["ctrl"])
            row = app.one(LABEL, name="Tea", root=app.page("Cart"))
            app.press(app.context_menu_item(row, "Back to List"))
            app.key("2", ["ctrl"])
            app.one(LABEL, name="Tea", root=app.page("Shopping List"))


class TapToTick(unittest.TestCase):
    def test_a_tap_on_a_shopping_list_row_ticks_it_and_the_preference_turns_it_off(self):
        with Shopper() as app:
            app.add_items("Milk", "Bread")
            app.key("2", ["ctrl"])
            # Anywhere on the row's text, as in the store.
            app.click(app.one(LABEL, name="Milk", root=app.page("Shopping List")))
            wait_for(lambda: app.has_text("“Milk” is in the cart"), 5, "a tap on the row to tick it off")
            wait_for(lambda: not app.all(LABEL, name="Milk", root=app.page("Shopping List")), 5, "Milk to leave the list")
            # The editor is still a click away, on the row's Edit button.
            app.press(app.one(BUTTON, name="Edit Bread", root=app.page("Shopping List")))
            app.one(TEXT, name="Description", timeout=5)
            app.key("Escape")
            wait_for(lambda: (ROW_ROLE_NAME, "Bread") in app.focused(), 5, "the editor to close, back on Bread")
            # Turned off in Preferences, a tap opens the editor again.
            app.key("comma", ["ctrl"])
            prefs = frame(app, "Preferences")
            switch = wait_for(lambda: next((n for n in app.all(name="Tap a row to tick it off", root=prefs)
                                            if n.get_role() != Atspi.Role.LIST_ITEM), None), 5, "the switch")
            app.click(switch)  # handled on return: the preference is written
            app.key("Escape", window="Preferences")
            wait_for(lambda: not any(f is not None and f.get_name() == "Preferences" for f in app.frames()), 5,
                     "Preferences to close")
            app.click(app.one(LABEL, name="Bread", root=app.page("Shopping List")))
            wait_for(lambda: ("text", "Description") in app.focused(), 5, "a tap to open the editor")
            self.assertTrue(app.all(LABEL, name="Bread", root=app.page("Shopping List")), "Bread still on the list")


class FinishingATrip(unittest.TestCase):
    def test_finish_shopping_takes_the_prices_paid(self):
        with Shopper() as app:
            app.add_items("Apples @ 1.29")
            app.key("2", ["ctrl"])
            app.key("n", ["ctrl"])
            app.key("Tab")
            app.key("space")
            app.key("3", ["ctrl"])
            app.one(LABEL, name="Apples", root=app.page("Cart"))
            app.press(app.one(BUTTON, name="Finish Shopping", root=app.page("Cart")))
            dialog = dialog_with(app, "Cancel")
            price = app.one(TEXT, name="Price of Apples, each", root=dialog)
            app.focus(price)
            app.key("a", ["ctrl"], window="Finish Shopping")
            app.type("1.49", window="Finish Shopping")
            app.screenshot("62-finish-shopping")
            app.press(app.one(BUTTON, name="Finish Shopping", root=dialog))
            wait_for(lambda: not app.all(LABEL, name="Apples", root=app.page("Cart")), 5, "an empty cart")
            app.key("1", ["ctrl"])
            wait_for(lambda: "1.49" in labels(app, "All Items"), 5, "the price paid kept")


class SmallThings(unittest.TestCase):
    def test_notes_show_and_every_control_has_a_name(self):
        with Shopper() as app:
            app.press(app.one(BUTTON, name="Load Sample List"))
            wait_for(lambda: "Braeburn or Gala" in labels(app, "All Items"), 5, "the first line of the notes")
            app.key("f", ["ctrl"])
            app.type("app")
            app.add_items("Tea")  # a toast, with its buttons
            app.toast_button("Tea")  # shown, its buttons named in the same step
            app.settle()
            # A list's rows too: each is read by its text, not by GTK's type name.
            self.assert_named(app, app.window(), "the main window")
            app.key("q", ["ctrl"])
            wait_for(lambda: app.proc.poll() is not None, 5, "Ctrl+Q to quit")

    def test_every_window_and_dialog_names_its_controls(self):
        """Preferences, the editor (and the main window around it, its sidebar of lists too), the
        import preview, the finish dialog, the New List dialog and the shortcuts window."""
        with Shopper() as app:
            app.press(app.one(BUTTON, name="Load Sample List"))
            wait_for(lambda: "Braeburn or Gala" in labels(app, "All Items"), 5, "the sample list")
            self.assert_window_named(app, ("comma", ["ctrl"]), "Preferences")
            # The editor, over the list.
            app.key("1", ["ctrl"])
            wait_for(lambda: app.focused() and app.focused()[0][0] == ROW_ROLE_NAME, 5, "a row to have focus")
            app.key("F2")
            app.one(TEXT, name="Description", timeout=5)
            self.assert_named(app, app.window(), "the editor")
            app.key("Escape")
            # The finish dialog: something in the cart first.
            app.key("2", ["ctrl"])
            wait_for(lambda: app.focused() and app.focused()[0][0] == ROW_ROLE_NAME, 5, "a row of the shopping list")
            app.key("space")
            wait_for(lambda: app.has_text("is in the cart"), 5, "an item in the cart")
            app.key("Return", ["ctrl"])
            dialog = dialog_with(app, "Cancel")
            self.assert_named(app, dialog, "the finish dialog")
            app.press(app.one(BUTTON, name="Cancel", root=dialog))
            # The import preview, opened from the command line as a file manager would.
            path = os.path.join(app.data_dir, "week.csv")
            with open(path, "w") as f:
                f.write("description,quantity,unit,unit_cost,aisle,notes,needed,in_cart\nTea,1,,2.00,Drinks,green,1,0\n")
            subprocess.run([app.binary, path], env=dict(os.environ, SHOPPER_DATA_DIR=app.data_dir), check=True,
                           capture_output=True, timeout=20)
            preview = frame(app, "Import “week.csv”")
            # Read, its line shown: the button that adds it appears last.
            app.one(BUTTON, name="Add 1 Item", root=preview)
            app.settle()
            self.assert_named(app, preview, "the import preview")
            app.press(app.one(BUTTON, name="Cancel", root=preview))
            wait_for(lambda: not any(f is not None and f.get_name() == "Import “week.csv”" for f in app.frames()), 5,
                     "the preview to close")
            # The New List dialog.
            self.assert_window_named(app, ("n", ["ctrl", "shift"]), "New List")
            # The shortcuts window.
            app.key("question", ["ctrl", "shift"])
            shortcuts = frame(app, "Keyboard Shortcuts")
            app.settle()  # built before it was shown; laid out and drawn now
            self.assert_named(app, shortcuts, "the shortcuts window")

    def assert_window_named(self, app, keys, title):
        """Opens a window by its keys, checks its controls' names, and closes it with Escape."""
        app.key(*keys)
        window = frame(app, title)
        app.settle()  # built before it was shown; laid out and drawn now
        self.assert_named(app, window, title)
        app.key("Escape", window=title)
        wait_for(lambda: not any(f is not None and f.get_name() == title for f in app.frames()), 5, f"{title} to close")

    def assert_named(self, app, root, where):
        roles = (BUTTON, Atspi.Role.TOGGLE_BUTTON, Atspi.Role.CHECK_BOX, TEXT, Atspi.Role.COMBO_BOX, ROW,
                 Atspi.Role.PASSWORD_TEXT, Atspi.Role.SPIN_BUTTON, Atspi.Role.RADIO_BUTTON, Atspi.Role.SLIDER,
                 Atspi.Role.MENU_ITEM, Atspi.Role.LIST_ITEM, Atspi.Role.PAGE_TAB)
        controls = [c for r in roles for c in map(role_and_name, app.all(r, root=root)) if c]
        self.assertTrue(controls, f"controls found in {where}")
        unnamed = [c for c in controls if not c[1] or c[1].startswith(("Gtk", "Adw"))]
        self.assertEqual(unnamed, [], f"every control in {where} is named for a screen reader")
        doubled = [name for role, name in controls if said_twice(name)]
        self.assertEqual(doubled, [], f"no name in {where} is read twice")


def role_and_name(node):
    """A control's role and name; None for one that left the tree since it was found (a row's
    widgets go back to the pool as the list settles)."""
    try:
        return node.get_role_name(), node.get_name()
    except gi.repository.GLib.Error:
        return None


def said_twice(name):
    words = (name or "").split()
    half = len(words) // 2
    return len(words) >= 2 and len(words) % 2 == 0 and words[:half] == words[half:]


if __name__ == "__main__":
    unittest.main()


class KeyboardOnly(unittest.TestCase):
    """No pointer at all: menus by F10 and Shift+F10, the editor, and files through the chooser."""

    def test_menus_editor_and_files_by_keyboard_alone(self):
        folder = scratch(self, "shopper-files-")
        with Shopper() as app:
            app.key("n", ["ctrl"])
            for line in ("Apples", "Bread @ 2"):
                app.type(line)
                app.key("Return")
            wait_for(lambda: len(app.all(CHECK, root=app.page("All Items"))) == 2, 5, "two items")
            # F10: the main menu, with the file commands.
            app.key("F10")
            app.menu_item("Import…")
            app.menu_item("Export…")
            app.key("Escape")
            # Into the list, and its row menu by Shift+F10.
            app.key("n", ["ctrl"])
            app.key("Tab")
            wait_for(lambda: [r for r, _ in app.focused()] == [ROW_ROLE_NAME], 5, "a row to have focus")
            app.key("F10", ["shift"])
            app.menu_item("Edit…")
            app.key("Escape")
            # The editor: lists cannot be switched under it; leaving keeps the change.
            app.key("F2")
            field = app.one(TEXT, name="Description")
            app.key("a", ["ctrl"])
            app.type("Green apples")
            app.key("2", ["ctrl"])
            self.assertTrue(app.all(TEXT, name="Description"), "still editing after Ctrl+2")
            app.key("Escape")
            wait_for(lambda: "Green apples" in labels(app, "All Items"), 5, "the change kept on leaving")
            # Export… to a file typed into the chooser, then Import… it back.
            path = os.path.join(folder, "week.csv")
            app.key("e", ["ctrl"])
            frame(app, "Export Items")
            app.key("a", ["ctrl"], window="Export Items")
            app.type(path, window="Export Items")
            app.key("Return", window="Export Items")
            wait_for(lambda: os.path.exists(path), 10, "the exported file")
            with open(path) as f:
                self.assertIn("Green apples", f.read())
            app.key("o", ["ctrl"])
            frame(app, "Import Items")
            app.type(path, window="Import Items")
            app.key("Return", window="Import Items")
            preview = frame(app, "Import “week.csv”")
            app.one(BUTTON, name="Add 2 Items", root=preview)
            app.key("Return", window="Import “week.csv”")
            wait_for(lambda: app.has_text("Imported 2 items"), 10, "the file imported")
            # Its items are the known ones: updated, not added twice (as the add bar does).
            self.assertEqual(labels(app, "All Items").count("Green apples"), 1)
