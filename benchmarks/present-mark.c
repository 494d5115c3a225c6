/* An LD_PRELOAD for benchmarks/cpu_profile.py: prints "BENCH mark-present <monotonic µs>" when a process
 * first calls gtk_window_present, so that Shopper and the libadwaita floor (which marks nothing of
 * its own before its first frame) are cut at the same point: the window built, the frame to come.
 * One write(2), not stdio: the line must not wait in, or interleave with, the program's own buffer. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <unistd.h>

void gtk_window_present(GtkWindow *window) {
    static void (*real)(GtkWindow *);
    static gboolean marked;
    if (!real)
        real = (void (*)(GtkWindow *))dlsym(RTLD_NEXT, "gtk_window_present");
    if (!marked) {
        char line[64];
        int k = snprintf(line, sizeof line, "BENCH mark-present %" G_GINT64_FORMAT "\n", g_get_monotonic_time());
        marked = TRUE;
        if (write(STDOUT_FILENO, line, (size_t)k) != k)
            fprintf(stderr, "present-mark: could not write the mark\n");
    }
    real(window);
}
