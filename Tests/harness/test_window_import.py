"""End-to-end: a CSV longer than the import preview holds, opened in the window as a file manager
opens it (`shopper FILE`): the preview lists its first lines and counts the rest, Add streams it into
the store on a worker thread, and Ctrl+Z takes the whole import back from its record. The window's
peak RSS (VmHWM, read before it quits) stays bounded: before, the preview held every row, the write
built them all into one change, and Undo held them twice (346 MB at 100,000 lines in a release build,
1.79 GB at a million, and the window answered nothing for over ten seconds after Add and Ctrl+Z)."""

import os
import subprocess
import time
import unittest

import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi

from shopper_harness import Shopper, wait_for
from test_everyday import frame
from test_file_bounds import write_csv

LINES = 100_000
# A debug build: about 150 MB here. The window alone with an empty list is most of it.
PEAK_MB = 220


def peak_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM")) / 1024


class WindowImport(unittest.TestCase):
    def lists(self, app):
        env = dict(os.environ, SHOPPER_DATA_DIR=app.data_dir)
        return subprocess.run([app.binary, "lists"], env=env, capture_output=True, text=True, timeout=60).stdout

    def test_a_long_csv_through_the_preview_is_bounded_and_undone_whole(self):
        with Shopper() as app:
            path = os.path.join(app.data_dir, "big.csv")
            write_csv(path, LINES)
            subprocess.run([app.binary, path], env=dict(os.environ, SHOPPER_DATA_DIR=app.data_dir), check=True,
                           capture_output=True, timeout=60)
            title = "Import “big.csv”"
            preview = frame(app, title)
            add = app.one(Atspi.Role.PUSH_BUTTON, name=f"Add {LINES} Items", root=preview, timeout=300)
            self.assertTrue(app.has_text(f"{LINES} items will be added:", root=preview))
            start = time.monotonic()
            app.press(add)
            wait_for(lambda: app.has_text(f"Imported {LINES} items"), 300, "the import")
            print(f"window import of {LINES:,} lines: {time.monotonic() - start:.1f} s after Add")
            self.assertEqual(self.lists(app), f"Groceries\t{LINES}\t{LINES}\n", "every row arrived")
            app.key("z", ["ctrl"])
            wait_for(lambda: app.has_text(f"Undid importing {LINES} items"), 120, "the undo")
            self.assertEqual(self.lists(app), "Groceries\t0\t0\n", "one step takes the whole import away")
            peak = peak_mb(app.proc.pid)
            print(f"window peak RSS: {peak:.0f} MB")
            self.assertLess(peak, PEAK_MB, "the window's peak RSS through preview, import and undo")


if __name__ == "__main__":
    unittest.main()
