"""Runs every end-to-end case and ends with the plain summary line 'N passed, N failed'."""

import os
import sys
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
suite = unittest.defaultTestLoader.discover(here, pattern="test_*.py")
result = unittest.TextTestRunner(verbosity=2).run(suite)
failed = len(result.failures) + len(result.errors)
skipped = len(result.skipped)
print(f"end-to-end: {result.testsRun - failed - skipped} passed, {failed} failed, {skipped} skipped")
sys.exit(0 if failed == 0 and result.testsRun > 0 else 1)
