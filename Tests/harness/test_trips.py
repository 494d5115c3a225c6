"""End-to-end: trips, over AT-SPI with the real binary, by keyboard alone. Finish Shopping in the
Cart records a trip; the Trips page (Ctrl+5) lists it with its total, the plot's text for screen
readers names its week's amount, Left and Right pick weeks, Enter opens the trip. Eight earlier
weeks of trips are written into the store first, so the plot has bars to look at; screenshots at
900 and 360 px, light and dark."""

import os
import sqlite3
import subprocess
import time
import unittest

from gi.repository import Atspi

from shopper_harness import ROW, Shopper, scratch, wait_for
from test_platform import resize

WEEK_MS = 7 * 86400 * 1000


def seed(data_dir, binary):
    """A store made by the binary itself (schema and all), then eight weekly trips in it."""
    subprocess.run([binary, "add", "Seed"], env=dict(os.environ, SHOPPER_DATA_DIR=data_dir), check=True, capture_output=True)
    db = sqlite3.connect(os.path.join(data_dir, "shopper.sqlite"))
    db.execute("UPDATE item SET needed = 0")  # kept in All Items, off the shopping list
    now = int(time.time() * 1000)
    for n in range(8):
        total = f"{12 + n * 3}.50"
        db.execute("INSERT INTO trip (id, list_id, shop_id, shop_name, date, total, line_count) VALUES (?, 1, 0, '', ?, ?, 1)",
                   (n + 1, now - (9 - n) * WEEK_MS, total))
        db.execute("INSERT INTO trip_line (trip_id, position, description, quantity, cost) VALUES (?, 0, 'Groceries', '1', ?)",
                   (n + 1, total))
    db.commit()
    db.close()


class Trips(unittest.TestCase):
    def tick_first(self, app):
        """From the add bar to the Shopping List's first row, and Space ticks it off."""
        app.key("n", ["ctrl"])
        app.key("Tab")
        wait_for(lambda: app.focused() and app.focused()[0][0] == "table cell", 5, "a row to have focus")
        rows = lambda: len(app.all(Atspi.Role.CHECK_BOX, root=app.page("Shopping List")))  # noqa: E731
        before = rows()
        app.key("space")
        # Ticked once the row has slid out (a 250 ms animation): one row fewer.
        wait_for(lambda: rows() == before - 1, 5, "the row ticked off")

    def run_at(self, width, height, scheme, shots):
        data_dir = scratch(self, "shopper-trips-")
        binary = os.environ.get("SHOPPER_BIN") or Shopper().binary
        seed(data_dir, binary)
        with Shopper(data_dir=data_dir, env={"ADW_DEBUG_COLOR_SCHEME": scheme}) as app:
            resize(app, width, height)
            app.add_items("Apples @ 1.29", "Milk @ 1.09")
            app.key("2", ["ctrl"])
            self.tick_first(app)
            self.tick_first(app)
            app.key("3", ["ctrl"])
            wait_for(lambda: len(app.all(Atspi.Role.CHECK_BOX, root=app.page("Cart"))) == 2, 5, "two items in the cart")
            app.key("Return", ["ctrl"])
            wait_for(lambda: any(f.get_name() == "Finish Shopping" for f in app.frames()), 5, "the prices to confirm")
            app.key("Return", window="Finish Shopping")
            wait_for(lambda: not app.all(Atspi.Role.CHECK_BOX, root=app.page("Cart")), 5, "an empty cart")

            # The Trips page: the trip at the top with its total; the plot says its week's amount.
            app.key("5", ["ctrl"])
            page = app.page("Trips")
            top = wait_for(lambda: next((c for c in app.all(ROW, root=page) if "2.38" in c.get_name()), None), 5,
                           "the trip just finished, with its total")
            self.assertIn("Any Store", top.get_name())
            plot = app.one(name="Spending per week", root=page)
            self.assertEqual(plot.get_role(), Atspi.Role.IMAGE)
            description = plot.get_description()
            self.assertTrue(description.startswith("Week of "), description)
            self.assertIn(": 2.38 (1 trip)", description.split("; ")[0], "this week's bar first")
            self.assertIn(": 33.50 (1 trip)", description, "an earlier week's")
            # Ctrl+5 left the keyboard on the plot, on this week; Left picks the week before.
            wait_for(lambda: app.has_text(": 2.38 (1 trip)", root=page), 5, "the caption on this week")
            app.key("Left")
            wait_for(lambda: app.has_text(": 0.00 (0 trips)", root=page) or app.has_text(": 33.50 (1 trip)", root=page), 5,
                     "Left to pick the week before")
            app.key("Right")
            app.screenshot(f"{shots}-trips")
            # Tab to the trips, Enter opens the newest: what was bought and the total.
            app.key("Tab")
            wait_for(lambda: app.focused() and app.focused()[0][0] == "table cell", 5, "the trips list to have focus")
            app.key("Return")
            wait_for(lambda: app.has_text("Total 2.38", root=page), 5, "the trip's total")
            self.assertTrue(app.all(name="Apples", root=page), "what was bought")
            app.screenshot(f"{shots}-trip")
            app.key("Escape")
            wait_for(lambda: ("table cell", top.get_name()) in app.focused(), 5, "back on the trip in the list")

    def test_a_trip_by_keyboard_at_900_light(self):
        self.run_at(900, 700, "prefer-light", "85-trips-900-light")

    def test_a_trip_by_keyboard_at_360_dark(self):
        self.run_at(360, 640, "prefer-dark", "86-trips-360-dark")


if __name__ == "__main__":
    unittest.main()
