"""End-to-end: search as you type, save a search, and manage saved searches, over AT-SPI."""

import time
import unittest

import gi

from gi.repository import Atspi

from shopper_harness import Shopper, wait_for

LABEL, CHECK, BUTTON = Atspi.Role.LABEL, Atspi.Role.CHECK_BOX, Atspi.Role.PUSH_BUTTON


class Search(unittest.TestCase):
    def shown(self, app):
        return sorted(app.texts(CHECK, root=app.page("All Items")))

    def saved(self, app):
        # A row deleted while we read it is reported as "The application no longer exists": read again.
        for attempt in range(5):
            try:
                return self._saved(app)
            except gi.repository.GLib.Error:
                time.sleep(0.1)
        return self._saved(app)

    def _saved(self, app):
        page = app.page("Searches")
        rows = [n for n in app.all(Atspi.Role.LIST_ITEM, root=page)]
        names = []
        for row in sorted(rows, key=lambda r: app.extents(r)[1]):
            texts = [n for n in app.all(root=row) if n.get_role() in (LABEL, Atspi.Role.TEXT)]
            if texts:
                # In edit mode the name is an entry, announced as “Name of “…””.
                name = texts[0].get_name()
                names.append(name[len("Name of “"):-1] if name.startswith("Name of “") else name)
        return names

    def save_search(self, app, name):
        """Save Search… and a name, by keyboard: the popover puts the focus in its name field
        (AT-SPI reports a popover's fields at the wrong place, so no click)."""
        app.press(app.one(BUTTON, name="Save Search…"))
        wait_for(lambda: ("text", "Search name") in app.focused(), 5, "the name field focused")
        app.key("a", ["ctrl"])
        app.type(name)
        app.key("Return")

    def test_search_save_rename_reorder_delete(self):
        with Shopper() as app:
            app.add_items("Apples [Fruit]", "Milk @ 0.99 [Dairy]", "Cheddar @ 6.20 [Dairy]", "Crème fraîche [Dairy]")
            app.key("1", ["ctrl"])
            wait_for(lambda: len(self.shown(app)) == 4, 5, "four items")

            # Search as you type: only matching rows, matches highlighted, a count in the header.
            app.key("f", ["ctrl"])
            app.type("aisle:dairy")
            wait_for(lambda: self.shown(app) == ["Cheddar", "Crème fraîche", "Milk"], 5, f"dairy only ({self.shown(app)})")
            wait_for(lambda: app.has_text("3 results"), 5, "the result count")
            app.screenshot("20-search-aisle-dairy")
            self.save_search(app, "Dairy")

            search = app.one(Atspi.Role.ENTRY, name="Search")
            app.replace_text(search, "creme")
            wait_for(lambda: self.shown(app) == ["Crème fraîche"], 5, "accent-insensitive match")
            app.screenshot("21-search-highlight")
            app.key("a", ["ctrl"])
            app.type("cost>5")
            wait_for(lambda: self.shown(app) == ["Cheddar"], 5, "a cost filter")
            self.save_search(app, "Dear")
            app.replace_text(app.one(Atspi.Role.ENTRY, name="Search"), "nothing like it")
            wait_for(lambda: app.has_text("No items match", root=app.page("All Items")), 5, "the no-match explanation")
            app.screenshot("22-search-no-match")
            app.key("Escape")
            wait_for(lambda: len(self.shown(app)) == 4, 5, "Escape to clear the search")

            # Saved searches: listed, run, renamed, reordered, deleted.
            app.key("4", ["ctrl"])
            wait_for(lambda: self.saved(app) == ["Dairy", "Dear"], 5, f"two saved searches ({self.saved(app)})")
            app.screenshot("23-saved-searches")
            app.click(app.one(LABEL, name="Dear", root=app.page("Searches")))
            wait_for(lambda: self.shown(app) == ["Cheddar"], 5, "running a saved search")
            app.key("Escape")
            app.key("4", ["ctrl"])

            app.press(app.one(BUTTON, name="Edit", root=app.page("Searches")))
            app.replace_text(app.one(Atspi.Role.TEXT, name="Name of “Dairy”"), "Dairy aisle")
            app.key("Return")
            wait_for(lambda: self.saved(app) == ["Dairy aisle", "Dear"], 5, f"the rename ({self.saved(app)})")
            app.click(app.one(Atspi.Role.LIST_ITEM, root=app.page("Searches")), dx=4)
            app.key("Down", ["alt"])
            wait_for(lambda: self.saved(app) == ["Dear", "Dairy aisle"], 5, f"Alt+Down ({self.saved(app)})")
            app.screenshot("24-saved-searches-editing")
            for n in ("Dear", "Dairy aisle"):
                app.press(app.one(BUTTON, name=f"Delete “{n}”", root=app.page("Searches")))
                wait_for(lambda: n not in self.saved(app), 5, f"{n} to be deleted ({self.saved(app)})")
            app.press(app.one(BUTTON, name="Done", root=app.page("Searches")))
            label = app.one(LABEL, contains="Search for items", root=app.page("Searches"), timeout=5)
            self.assertIn("Searches you save will be listed here", label.get_name())
            app.screenshot("25-saved-searches-empty")


class SearchAllLists(unittest.TestCase):
    """Search All Lists by keyboard: the header counts the results shown (it said "0 results"
    above one), the toggle says what it does, and Down then Return opens the result."""

    def test_by_keyboard(self):
        with Shopper() as app:
            app.add_items("Glue sticks [Crafts]")
            app.hover()
            app.new_list("Hardware")
            app.add_items("Wood glue [Glue]", "Nails")
            app.key("1", ["alt"])
            wait_for(lambda: app.window().get_name() == "Groceries – Shopper", 5, "Groceries shown")
            app.key("f", ["ctrl"])
            app.type("wood")
            toggle = app.one(Atspi.Role.PUSH_BUTTON, name="All Lists")
            app.press(toggle)
            wait_for(lambda: app.has_text("1 result in all lists"), 5, "the count of every list's results")
            app.screenshot("22-search-all-lists")
            app.key("f", ["ctrl"])  # back in the field, as a person would be
            app.key("Down")
            app.key("Return")
            wait_for(lambda: app.window().get_name() == "Hardware – Shopper", 5, "Down then Return to open the result")
            wait_for(lambda: "Wood glue" in app.texts(CHECK, root=app.page("All Items")), 5, "the item among the rows")


if __name__ == "__main__":
    unittest.main()
