"""Runs every end-to-end case and ends with the plain summary line 'N passed, N failed'."""

import os
import sys
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
# `make test` runs the `make run` case (test_make_run, which takes the debug tree's shopper-sync
# away while `make build` makes it again) on its own, after XCTest, which runs that helper too:
# `--except test_make_run` beside XCTest, then `--only test_make_run`.
args = sys.argv[1:]
only = args[1] if args[:1] == ["--only"] else None
left_out = args[1] if args[:1] == ["--except"] else None
suite = unittest.TestSuite()
for module in unittest.defaultTestLoader.discover(here, pattern="test_*.py"):
    names = {t.id().split(".")[0] for group in module for t in getattr(group, "_tests", [group])}
    if (only and only not in names) or (left_out and left_out in names):
        continue
    suite.addTest(module)
result = unittest.TextTestRunner(verbosity=2).run(suite)
failed = len(result.failures) + len(result.errors)
skipped = len(result.skipped)
print(f"end-to-end: {result.testsRun - failed - skipped} passed, {failed} failed, {skipped} skipped")
sys.exit(0 if failed == 0 and result.testsRun > 0 else 1)
