"""End-to-end: the three lists, one row widget, check-off with undo, preferences, deleting, over AT-SPI."""

import time
import unittest

from gi.repository import Atspi

from shopper_harness import ROW, Shopper, pixel, wait_for

LABEL, CHECK = Atspi.Role.LABEL, Atspi.Role.CHECK_BOX


class MainWindow(unittest.TestCase):
    def items_on(self, app, page):
        """Descriptions of the item rows a list shows (each item's checkbox is named after it)."""
        return sorted(app.texts(CHECK, root=app.page(page)))

    def wait_items(self, app, page, expected):
        """Switches to the page first: GTK builds rows only for lists on screen."""
        app.key(str(["All Items", "Shopping List", "Cart"].index(page) + 1), ["ctrl"])
        try:
            wait_for(lambda: self.items_on(app, page) == sorted(expected), 5, f"{page} to show {sorted(expected)}")
        except AssertionError:
            app.screenshot("failed-" + page.replace(" ", "-"))
            raise AssertionError(f"{page} shows {self.items_on(app, page)}, not {sorted(expected)}")

    def control(self, app, window, title):
        """A preference's control: named like its row's title, but not the title label itself."""
        return wait_for(lambda: next((n for n in app.all(name=title, root=window) if n.get_role() != LABEL), None),
                        5, f"the {title!r} control")

    def test_the_whole_trip(self):
        with Shopper() as app:
            # Add three items: each lands on the shopping list at once.
            app.add_items("2 kg Apples @ 1.29 [Fruit]", "Milk @ 0.99 [Dairy]", "Bread [Bakery]")
            app.key("2", ["ctrl"])
            self.wait_items(app, "Shopping List", ["Apples", "Bread", "Milk"])
            app.screenshot("10-three-items-on-the-shopping-list")
            # Two tones: the rows' colour, and another below the last row.
            shot = app.screenshot("11-two-tones")
            rows_end = max(app.extents(n)[1] + app.extents(n)[3] for n in app.all(LABEL, root=app.page("Shopping List")))
            x, y, w, h = app.extents(app.one(Atspi.Role.LIST, name="Shopping List"))
            row_colour = pixel(shot, x + w // 2, app.extents(app.one(CHECK, name="Apples"))[1] + 2)
            below_colour = pixel(shot, x + w // 2, min(y + h - 5, rows_end + 40))
            self.assertNotEqual(row_colour, below_colour)

            # Un-pick Milk in All Items: a click on the row toggles "needed"; it leaves the shopping list.
            app.key("1", ["ctrl"])
            milk = app.one(LABEL, name="Milk", root=app.page("All Items"))
            app.click(milk)
            self.wait_items(app, "Shopping List", ["Apples", "Bread"])
            app.screenshot("12-milk-left-the-shopping-list")

            # Tick Apples off: it slides out to the cart; Undo brings it back.
            app.key("2", ["ctrl"])
            app.click(app.one(CHECK, name="Apples", root=app.page("Shopping List")))
            ticked = time.monotonic()
            # A person reaches for Undo at once: under the pointer the toast waits past its 5 s.
            # libadwaita 1.2 names a toast's button by its label twice ("Undo Undo").
            undo = app.toast_button("is in the cart")
            app.point_at(undo)
            self.wait_items(app, "Shopping List", ["Bread"])
            self.wait_items(app, "Cart", ["Apples"])
            app.screenshot("13-apples-in-the-cart")
            time.sleep(max(0.0, ticked + 6 - time.monotonic()))
            app.press(undo)
            self.wait_items(app, "Cart", [])
            self.wait_items(app, "Shopping List", ["Apples", "Bread"])
            app.key("3", ["ctrl"])
            wait_for(lambda: app.has_text("Your cart is empty", root=app.page("Cart")), 5, "the cart's explanation")

            # Each display preference, live: the row's detail labels appear and disappear.
            app.key("2", ["ctrl"])
            shopping = app.page("Shopping List")
            app.hover()
            app.key("comma", ["ctrl"])
            prefs = wait_for(lambda: next((f for f in app.frames() if f.get_name() == "Preferences"), None), 5, "Preferences")
            for title, shown in (("Show quantity", "2 kg × 1.29"), ("Show cost", "2.58")):
                switch = self.control(app, prefs, title)
                detail = lambda: app.all(LABEL, name=shown, root=shopping)  # the row's own detail label
                self.assertTrue(detail())
                app.click(switch)
                wait_for(lambda: not detail(), 5, f"{shown} to disappear")
                app.screenshot(f"14-without-{title.split()[-1]}")
                app.click(switch)
                wait_for(detail, 5, f"{shown} to come back")
            boxes = self.control(app, prefs, "Show checkboxes")
            app.click(boxes)
            wait_for(lambda: not app.all(CHECK, root=shopping), 5, "checkboxes to go")
            self.assertTrue(app.has_text("Apples", root=shopping))
            app.screenshot("15-without-checkboxes")
            app.click(boxes)
            wait_for(lambda: len(app.all(CHECK, root=shopping)) == 2, 5, "checkboxes to come back")
            app.key("Escape")
            wait_for(lambda: all(f.get_name() != "Preferences" for f in app.frames()), 5, "Preferences to close")

            # Delete every item from its context menu; the explanation comes back.
            app.key("1", ["ctrl"])
            for name in ("Apples", "Bread", "Milk"):
                app.press(app.context_menu_item(app.one(LABEL, name=name, root=app.page("All Items")), "Delete"))
                wait_for(lambda: not app.all(CHECK, name=name, root=app.page("All Items")), 5, f"{name} to go")
            wait_for(lambda: app.has_text("Nothing here yet", root=app.page("All Items")), 5, "the explanation")
            app.screenshot("16-everything-deleted")

    def test_editor_validates_inline_and_saves_only_valid_input(self):
        with Shopper() as app:
            app.add_items("Tea @ 2.50")
            app.key("2", ["ctrl"])
            # The row's Edit button opens the editor (a tap on the row ticks it off).
            app.press(app.one(Atspi.Role.PUSH_BUTTON, name="Edit Tea", root=app.page("Shopping List")))
            wait_for(lambda: ("text", "Description") in app.focused(), 5, "the editor, slid in")
            app.settle()  # the slide's last frame drawn: the fields are where they stay
            app.replace_text(app.one(Atspi.Role.TEXT, name="Quantity"), "-3")
            wait_for(lambda: app.has_text("Quantity must be more than zero."), 5, "the inline message")
            app.screenshot("17-editor-inline-error")
            app.key("Return")  # refused: still editing
            self.assertTrue(app.all(Atspi.Role.TEXT, name="Quantity"))
            app.key("a", ["ctrl"])
            app.type("3")
            wait_for(lambda: not app.has_text("Quantity must be more than zero."), 5, "the message to go")
            app.press(app.one(Atspi.Role.PUSH_BUTTON, name="Save"))
            wait_for(lambda: app.has_text("3", root=app.page("Shopping List")), 5, "the new quantity")
            self.assertTrue(app.has_text("7.50", root=app.page("Shopping List")))


if __name__ == "__main__":
    unittest.main()


class Reorder(unittest.TestCase):
    def order(self, app):
        rows = app.all(CHECK, root=app.page("All Items"))
        return [n.get_name() for n in sorted(rows, key=lambda n: app.extents(n)[1])]

    def focused(self, app):
        for row in app.all(ROW, root=app.page("All Items")):
            if row.get_state_set().contains(Atspi.StateType.FOCUSED):
                return [c.get_name() for c in app.all(CHECK, root=row)]
        return None

    def select(self, app, name):
        """As a keyboard user: Tab from the add entry into the list, Home, then Down to the row."""
        app.focus(app.one(Atspi.Role.TEXT, name="Add an item"))
        app.key("Tab")
        app.key("Home")
        for _ in range(10):
            if self.focused(app) == [name]:
                return
            app.key("Down")
        app.screenshot("failed-select")
        self.fail(f"could not reach {name} with the keyboard (focus on {self.focused(app)})")

    def test_alt_arrows_drag_and_delete_key(self):
        with Shopper() as app:
            app.add_items("Alpha [Aisle]", "Beta [Aisle]", "Gamma [Aisle]")
            wait_for(lambda: self.order(app) == ["Alpha", "Beta", "Gamma"], 5, "three rows")

            self.select(app, "Alpha")
            app.key("Down", ["alt"])
            wait_for(lambda: self.order(app) == ["Beta", "Alpha", "Gamma"], 5, f"Alt+Down (order {self.order(app)})")
            app.key("Up", ["alt"])
            wait_for(lambda: self.order(app) == ["Alpha", "Beta", "Gamma"], 5, f"Alt+Up (order {self.order(app)})")

            # A list, though a one-column grid view draws it: Left and Right leave the focus on its row.
            self.select(app, "Beta")
            for key in ("Right", "Left", "Left"):
                app.key(key)
                app.settle()  # the key handled, and all that followed it: a focus move would show
                self.assertEqual(self.focused(app), ["Beta"], f"{key} moved the focus")

            # Delete key on the selected row, then Ctrl+Z restores it in place.
            self.select(app, "Alpha")
            app.key("Delete")
            wait_for(lambda: self.order(app) == ["Beta", "Gamma"], 5, "Alpha to be deleted")
            app.key("z", ["ctrl"])
            wait_for(lambda: self.order(app) == ["Alpha", "Beta", "Gamma"], 5, "undo to restore Alpha in place")

            # A real pointer drag: Gamma onto the top half of Alpha.
            gx, gy, gw, gh = app.extents(app.one(LABEL, name="Gamma", root=app.page("All Items")))
            ax, ay, aw, ah = app.extents(app.one(CHECK, name="Alpha", root=app.page("All Items")))
            from shopper_harness import xdotool
            xdotool("mousemove", str(gx + 5), str(gy + gh // 2), "mousedown", "1")
            for step in range(1, 11):
                xdotool("mousemove", str(gx + 5), str(gy + gh // 2 + (ay - 8 - gy - gh // 2) * step // 10))
                time.sleep(0.03)
            xdotool("mouseup", "1")
            wait_for(lambda: self.order(app) == ["Gamma", "Alpha", "Beta"], 5, f"the drop (order {self.order(app)})")
            app.screenshot("18-reordered-by-drag")

            # Space on a focused row: in All Items it unpicks the item, so it leaves the shopping list.
            self.select(app, "Beta")
            app.key("space")
            app.key("2", ["ctrl"])
            wait_for(lambda: sorted(app.texts(CHECK, root=app.page("Shopping List"))) == ["Alpha", "Gamma"],
                     5, "Space to unpick Beta")
