"""`make profile`'s reading of perf's samples (benchmarks/cpu_profile.py): each sample is counted in
the group of the file its instruction was in, a kernel sample with the page-fault handler on its stack
as a page fault, and the main thread told from the others. Fed a `perf script` text of our own making:
perf itself is not needed by `make test`."""

import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
import cpu_profile  # noqa: E402

SCRIPT = """\
    4242/4242  7509.127334:
\t    55d0c0a1b2c3 $s10ShopperApp9RowWidgetC4showyyF (/build/release/shopper)
\t    7f00aa000000 g_main_context_dispatch (/usr/lib/x86_64-linux-gnu/libglib-2.0.so.0.7400.6)

    4242/4243  7509.127434:
\t    7f00bb000000 sqlite3VdbeExec (/usr/lib/x86_64-linux-gnu/libsqlite3.so.0.8.6)

    4242/4242  7509.127534:
\t ffffffff81000000 clear_page_erms ([kernel.kallsyms])
\t ffffffff81000100 handle_mm_fault ([kernel.kallsyms])
\t ffffffff81000200 asm_exc_page_fault ([kernel.kallsyms])
\t    7f00cc000000 gtk_widget_measure (/usr/lib/x86_64-linux-gnu/libgtk-4.so.1.800.3)

    4242/4242  7509.127634:
\t ffffffff81000300 finish_task_switch.isra.0 ([kernel.kallsyms])
\t ffffffff81000400 __x64_sys_poll ([kernel.kallsyms])

    4242/4242  7509.127734:
\t    7f00dd000000 [unknown] (/usr/lib/x86_64-linux-gnu/libsomething-else.so.1)

    a line perf did not write
"""


class ProfileParsingTests(unittest.TestCase):
    def test_each_sample_goes_to_its_library_s_group_and_thread(self):
        got = list(cpu_profile.parse(SCRIPT))
        self.assertEqual([g for _, _, g, _ in got], [
            "Shopper's own code (Swift, its runtime, Foundation)", "SQLite", cpu_profile.FAULTS,
            cpu_profile.KERNEL, cpu_profile.OTHER])
        self.assertEqual([main for main, _, _, _ in got], [True, False, True, True, True])
        self.assertEqual(got[0][3], "$s10ShopperApp9RowWidgetC4showyyF")
        self.assertAlmostEqual(got[1][1] - got[0][1], 100, places=3)  # µs, from perf's seconds

    def test_a_tally_counts_own_functions_and_divides_by_launches_and_frames(self):
        tally = cpu_profile.Tally(("per frame",))
        tally.launches = 2
        for _, _, grp, symbol in cpu_profile.parse(SCRIPT):
            tally.add("per frame", grp, symbol)
        sample = 1000 / cpu_profile.HZ
        self.assertAlmostEqual(tally.total("per frame"), 5 * sample / 2)
        self.assertAlmostEqual(tally.get("per frame", "SQLite", per=10), sample / 2 / 10)
        self.assertEqual(set(tally.own), {("per frame", "$s10ShopperApp9RowWidgetC4showyyF"), ("per frame", "sqlite3VdbeExec")})

    def test_a_sample_is_in_a_measured_span_only_between_its_ends(self):
        spans = sorted([(100, 200), (300, 400), (500, 500)])
        inside = [100, 150, 200, 300, 500]
        outside = [99, 201, 299, 401, 499, 501]
        self.assertEqual([cpu_profile.within(spans, at) for at in inside], [True] * len(inside))
        self.assertEqual([cpu_profile.within(spans, at) for at in outside], [False] * len(outside))
        self.assertFalse(cpu_profile.within([], 100))


if __name__ == "__main__":
    unittest.main()
