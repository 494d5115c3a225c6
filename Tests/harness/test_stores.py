"""End-to-end: stores, over AT-SPI with the real binary, by keyboard. Two stores are made in the
Stores window, each walks the aisles in its own order; choosing one in the header reorders the
Shopping List's sections; an item sold only at one store leaves the other's list, with a count
that shows it again. At 900 px and at a phone's 360 px, light and dark."""

import unittest

from gi.repository import Atspi

from shopper_harness import Shopper, wait_for
from test_platform import resize

ITEM = Atspi.Role.LIST_ITEM


class Stores(unittest.TestCase):
    def sections(self, app, list_name="Shopping List"):
        """A list's section headers, top to bottom ("Bakery · 1 item · 0.00" → "Bakery")."""
        page = app.page(list_name)
        names = app.texts(Atspi.Role.LABEL, root=page)
        return [n.split(" · ")[0] for n in names if " · " in n and not n.startswith("No more items")]

    def shopping(self, app):
        return sorted(app.texts(Atspi.Role.CHECK_BOX, root=app.page("Shopping List")))

    def stores_window(self, app):
        return wait_for(lambda: next((f for f in app.frames() if f.get_name() == "Stores"), None), 5, "the Stores window")

    def choose(self, app, store):
        """The header's store button, then the store in its menu."""
        app.press(self.store_button(app))
        app.press(app.menu_item(store))
        wait_for(lambda: self.store_button(app).get_name() == f"Store: {store}", 5, f"the header to say Store: {store}")

    def store_button(self, app):
        """The header's store button: the one inside the menu button, which takes the focus and a press."""
        return wait_for(lambda: next((n for n in app.all(Atspi.Role.PUSH_BUTTON, contains="Store: ") if n.get_n_actions()), None),
                        5, "the header's store button")

    def set_order(self, app, row_index, moves):
        """In the Stores window: opens the store at `row_index` (0: Any Store) by keyboard and moves
        aisles with Alt+Up: `moves` is a list of (aisle's place, how many places up)."""
        app.key("Tab", window="Stores")
        app.key("Tab", window="Stores")  # the first store row (Any Store)
        for _ in range(row_index):
            app.key("Down", window="Stores")
        app.key("Return", window="Stores")  # the store's page (the next key waits for its slide)
        for place, up in moves:
            # Focus the first aisle (the page opens on it), then down to the one to move.
            for _ in range(place):
                app.key("Down", window="Stores")
            for _ in range(up):
                app.key("Up", ["alt"], window="Stores")
            for _ in range(place - up):
                app.key("Up", window="Stores")
        app.key("Escape", window="Stores")  # back to the stores (the next key waits for the slide)

    def run_at(self, width, height, scheme, shots):
        env = {"ADW_DEBUG_COLOR_SCHEME": scheme}
        with Shopper(env=env) as app:
            resize(app, width, height)
            app.add_items("Bread [Bakery]", "Milk [Dairy]", "Apples [Fruit]")
            app.key("2", ["ctrl"])
            wait_for(lambda: self.sections(app) == ["Bakery", "Dairy", "Fruit"], 5,
                     f"the list's own order, not {self.sections(app)}")
            # No stores yet: the header offers none.
            self.assertEqual(app.all(Atspi.Role.PUSH_BUTTON, contains="Store: "), [])

            # Two stores, by keyboard: the Stores window opens on its New Store field.
            app.key("F10")
            app.press(app.menu_item("Stores…"))
            window = self.stores_window(app)
            app.settle()  # shown and drawn: keys typed while it still drew itself were lost
            for name in ("Aldi", "Lidl"):
                app.type(name, window="Stores")
                app.key("Return", window="Stores")
            wait_for(lambda: app.texts(ITEM, root=window)[:3] == ["Any Store", "Aldi", "Lidl"], 5,
                     "the stores listed")
            # Aldi walks Fruit first (Fruit two places up); Lidl Dairy first (one up).
            self.set_order(app, 1, [(2, 2)])
            app.screenshot(f"{shots}-stores")
            app.key("Tab", ["shift"], window="Stores")  # from the rows back to the field's button …
            self.set_order(app, 2, [(1, 1)])
            subtitles = app.texts(Atspi.Role.LABEL, root=window)
            self.assertIn("Fruit, Bakery, Dairy", subtitles, "Aldi's order")
            self.assertIn("Dairy, Bakery, Fruit", subtitles, "Lidl's order")
            app.key("Escape", window="Stores")
            wait_for(lambda: all(f.get_name() != "Stores" for f in app.frames()), 5, "the Stores window to close")

            # The header switches the store; the Shopping List follows that store's aisles.
            self.choose(app, "Aldi")
            wait_for(lambda: self.sections(app) == ["Fruit", "Bakery", "Dairy"], 5, f"Aldi's order, not {self.sections(app)}")
            app.screenshot(f"{shots}-aldi")
            # All Items, not on screen during the switch, shows that store's order when opened.
            app.key("1", ["ctrl"])
            wait_for(lambda: self.sections(app, "All Items") == ["Fruit", "Bakery", "Dairy"], 5,
                     f"All Items in Aldi's order, not {self.sections(app, 'All Items')}")
            app.key("2", ["ctrl"])
            self.choose(app, "Lidl")
            wait_for(lambda: self.sections(app) == ["Dairy", "Bakery", "Fruit"], 5, f"Lidl's order, not {self.sections(app)}")
            self.choose(app, "Any Store")
            wait_for(lambda: self.sections(app) == ["Bakery", "Dairy", "Fruit"], 5, "Any Store: the list's own order")

    def test_two_stores_by_keyboard_at_900_light(self):
        self.run_at(900, 700, "prefer-light", "80-stores-900-light")

    def test_two_stores_by_keyboard_at_360_dark(self):
        self.run_at(360, 640, "prefer-dark", "81-stores-360-dark")


if __name__ == "__main__":
    unittest.main()
