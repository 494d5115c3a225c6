"""The Recipes rows of `make bench` (issue 39): on a copy of the store of N items with 1,000
recipes beside them (`shopper-bench-store PATH recipes`), `shopper` with SHOPPER_BENCH=recipes
opens the Recipes page (the read, the page built, its first frame), scrolls its list top to bottom,
searches once (the first search reads what search looks in), and adds the 30-line "Bench Feast"
to the list of N as Add to List's button does (each add plus its next frame, undone untimed
before the next). The baseline scrolls a list of 1,000 labels in
turns, for the scroll rows' baseline column."""

from benchlib import FRAME_MS, derived, percentile, restore, run, summary

# The add's target is the issue's: one frame at 100,000 items (and below).
LARGEST = 100000


def recipe_rows(sizes, maker, shopper, baseline, env, root, runs, rows):
    for n in [n for n in sizes if n <= LARGEST]:
        data, made = derived(n, maker, root, "recipes", "1,000 recipes")
        app_env = dict(env, SHOPPER_DATA_DIR=data, SHOPPER_BENCH="recipes")
        samples, base_scroll = {}, []
        for _ in range(runs):
            restore(made, data)
            lines, _, _ = run([shopper], app_env)
            for name, value in lines:
                if name != "first-frame":
                    samples.setdefault(name, []).append(value / 1000)
            lines, _, _ = run([baseline, "1000", "scroll"], env)
            base_scroll += [v / 1000 for name, v in lines if name == "scroll-frame"]
        add_rows(n, samples, base_scroll, rows)


def add_rows(n, samples, base_scroll, rows):
    opened = summary(samples["recipes-open"])
    rows.append(("Recipes page opened (1,000 recipes), built and first painted", n, opened, "ms", None,
                 "median ≤ 16.7 ms", opened[0] <= FRAME_MS))
    rows.append(("of which the list's read (summaries, alone)", n, summary(samples["recipes-read"]), "ms", None, "", None))
    rows.append(("Recipes search texts read, all (in idle slices before the first key)", n,
                 summary(samples["recipes-search-read"]), "ms", None, "", None))
    search = summary(samples["recipes-search-first"])
    rows.append(("Recipes search, the first key (its texts read before, when idle)", n, search, "ms", None, "median ≤ 16.7 ms",
                 search[0] <= FRAME_MS))
    scroll = samples["recipes-scroll-frame"]
    base = (percentile(base_scroll, 50), min(base_scroll), max(base_scroll))
    rows.append(("Recipes list scroll frame p50 (baseline: 1,000 labels)", n,
                 (percentile(scroll, 50), min(scroll), max(scroll)), "ms", base, "", None))
    p99, base_p99 = percentile(scroll, 99), percentile(base_scroll, 99)
    rows.append(("Recipes list scroll frame p99 (baseline: 1,000 labels)", n, (p99, min(scroll), max(scroll)), "ms",
                 (base_p99, min(base_scroll), max(base_scroll)), "≤ 16.7 ms, no frame > 33 ms",
                 p99 <= FRAME_MS and max(scroll) <= 2 * FRAME_MS))
    rows.append(("Add to List… opened: the dialog and its preview of the 30 lines", n, summary(samples["recipe-preview"]),
                 "ms", None, "", None))
    rows.append(("of which the dialog built and the preview worked out", n, summary(samples["recipe-preview-built"]),
                 "ms", None, "", None))
    rows.append(("of which the dialog's window shown (gtk_window_present)", n,
                 summary(samples["recipe-preview-shown"]), "ms", None, "", None))
    rows.append(("of which the dialog's first frame (its own frame clock)", n,
                 summary(samples["recipe-preview-frame"]), "ms", None, "", None))
    add = summary(samples["recipe-add"])
    rows.append(("a 30-ingredient recipe added to the list (the dialog's Add)", n, add, "ms", None, "median ≤ 16.7 ms",
                 add[0] <= FRAME_MS))
